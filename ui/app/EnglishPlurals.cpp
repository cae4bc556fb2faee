#include "ui/app/EnglishPlurals.h"

#include <cstring>

namespace precisionlab {

QString EnglishPlurals::form(const QString& source, int n) {
  if (n < 0) return source;
  QString text = source;
  return text.replace(QStringLiteral("(s)"), n == 1 ? QString() : QStringLiteral("s"));
}

QString EnglishPlurals::translate(const char*, const char* sourceText, const char*, int n) const {
  if (n < 0 || !sourceText || !std::strstr(sourceText, "(s)")) return QString();
  return form(QString::fromUtf8(sourceText), n);
}

}  // namespace precisionlab
