#include "quiz/HtmlText.h"

#include <QRegularExpression>

namespace precisionlab::quiz {

QString HtmlText::fromText(const QString& text) {
  return text.toHtmlEscaped()
      .replace('\n', QStringLiteral("<br>"))
      .replace('\t', QStringLiteral("&#9;"));
}

QString HtmlText::toText(QString s) {
  static const QRegularExpression br(
      QStringLiteral("<br\\s*/?>|</p>\\s*<p[^>]*>|</div>\\s*<div[^>]*>"),
      QRegularExpression::CaseInsensitiveOption);
  static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
  static const QRegularExpression numeric(QStringLiteral("&#(x?)([0-9a-fA-F]{1,6});"));
  s.replace(br, QStringLiteral("\n"));
  s.remove(tag);
  QString out;
  qsizetype last = 0;
  for (auto it = numeric.globalMatch(s); it.hasNext();) {
    const auto m = it.next();
    out += s.mid(last, m.capturedStart() - last);
    bool ok = false;
    const uint code = m.captured(2).toUInt(&ok, m.captured(1).isEmpty() ? 10 : 16);
    if (ok && code > 0 && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF))
      out += QString::fromUcs4(reinterpret_cast<const char32_t*>(&code), 1);
    last = m.capturedEnd();
  }
  out += s.mid(last);
  out.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
      .replace(QStringLiteral("&gt;"), QStringLiteral(">"));
  out.replace(QStringLiteral("&quot;"), QStringLiteral("\""))
      .replace(QStringLiteral("&apos;"), QStringLiteral("'"));
  out.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "))
      .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
  return out.trimmed();
}

}  // namespace precisionlab::quiz
