#include "ui/base/LocalizedText.h"

#include <cmath>

#include <QCoreApplication>
#include <QLocale>

namespace precisionlab {

QString localizedText(const VerdictText& text) {
  QString out = QCoreApplication::translate("Verdict", text.text.c_str());
  for (const VerdictText::Arg& a : text.args) {
    if (a.precision < 0)
      out = out.arg(QString::fromStdString(a.text));
    else if (!std::isfinite(a.value))  // one spelling everywhere: "NaN", "inf"
      out = out.arg(std::isnan(a.value) ? QStringLiteral("NaN")
                                        : QString::fromLatin1(a.value > 0 ? "inf" : "-inf"));
    else
      out = out.arg(QLocale().toString(a.value, a.style, a.precision));
  }
  return out;
}

QString localizedSummary(const Verdict& verdict) {
  QString out;
  for (const VerdictText& part : verdict.summaryParts) out += localizedText(part);
  return out;
}

}  // namespace precisionlab
