#include "quiz/MoodleXmlFormat.h"

#include "quiz/BankExtras.h"
#include "quiz/HtmlText.h"

#include "core/Utf8.h"

#include <QRegularExpression>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

namespace precisionlab::quiz {
namespace {

// Elements nested deeper than this inside one <text> (or in the whole file) make the file
// refused: Moodle writes three levels, HTML in a CDATA section none.
constexpr int kMaxDepth = 256;

// The XML reader quotes the offending character in its message, a NUL byte too: every control
// character is written \xNN, so the message shows it ("Unexpected '\x00'") instead of cutting it
// out ("Unexpected ''").
QString controlsEscaped(const QString& text) {
  QString out;
  out.reserve(text.size());
  for (const QChar c : text) {
    if (c.unicode() < 0x20 || c.unicode() == 0x7f)
      out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QChar('0'));
    else
      out += c;
  }
  return out;
}

// The text of the current element and of every element inside it, read in a loop: Qt's
// readElementText(IncludeChildElements) recurses once per level, so 60,000 nested elements
// (420 KB) overflowed the stack. Deeper than kMaxDepth raises an error on the reader.
QString elementText(QXmlStreamReader& r) {
  QString text;
  int depth = 1;
  while (depth > 0 && !r.atEnd()) {
    switch (r.readNext()) {
      case QXmlStreamReader::StartElement:
        if (++depth > kMaxDepth)
          r.raiseError(MoodleXmlFormat::tr("elements nested deeper than %1 levels").arg(kMaxDepth));
        break;
      case QXmlStreamReader::EndElement:
        --depth;
        break;
      case QXmlStreamReader::Characters:
      case QXmlStreamReader::EntityReference:
        text += r.text();
        break;
      default:
        break;
    }
  }
  return text;
}

// Bytes meant as UTF-8 (no UTF-16/32 byte order mark, no other encoding declared) that are not:
// the offset of the first bad byte, else -1. Qt's reader stops at it with "incorrectly encoded
// content" and no place; before the root it read as "the root element must be <quiz>".
qsizetype invalidUtf8(const QXmlStreamReader& r, const QByteArray& xml) {
  const QString declared = r.documentEncoding().toString();
  if (!declared.isEmpty() && declared.compare(QLatin1String("UTF-8"), Qt::CaseInsensitive) != 0)
    return -1;
  if (xml.startsWith("\xFF\xFE") || xml.startsWith("\xFE\xFF") ||
      xml.startsWith(QByteArray("\0\0\xFE\xFF", 4)))
    return -1;
  const size_t at = utf8::firstInvalid(std::string_view(xml.constData(), size_t(xml.size())));
  return at == std::string_view::npos ? -1 : qsizetype(at);
}

// The reader's error as a problem on its line: bytes that are not UTF-8 by their line and offset,
// else the reader's message with control characters escaped.
template <typename Problem>
void readerProblem(const QXmlStreamReader& r, const QByteArray& xml, const Problem& problem) {
  if (const qsizetype bad = invalidUtf8(r, xml); bad >= 0) {
    problem(int(xml.left(bad).count('\n')) + 1, QString(),
            MoodleXmlFormat::tr("not UTF-8 text: the byte \\x%1 at offset %2 is not valid UTF-8; "
                                "save the file as UTF-8, or name its encoding in the XML "
                                "declaration (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>)")
                .arg(uchar(xml.at(bad)), 2, 16, QChar('0'))
                .arg(bad));
    return;
  }
  QString detail = controlsEscaped(r.errorString());
  // The reader quotes a NUL byte as nothing ("Unexpected ''"): the byte is named here when the
  // error is on the line of the first control character XML does not allow.
  for (qsizetype i = 0, line = 1; i < xml.size(); ++i) {
    const auto c = static_cast<unsigned char>(xml.at(i));
    if (c == '\n') ++line;
    if (c >= 0x20 || c == '\n' || c == '\r' || c == '\t') continue;
    if (line == r.lineNumber())
      detail += MoodleXmlFormat::tr(" (the byte \\x%1, a control character XML does not allow)")
                    .arg(c, 2, 16, QChar('0'));
    break;
  }
  problem(static_cast<int>(r.lineNumber()), {},
          MoodleXmlFormat::tr("XML error at column %1: %2").arg(r.columnNumber()).arg(detail));
}

void textElement(QXmlStreamWriter& w, const QString& name, const QString& text, bool html = true) {
  w.writeStartElement(name);
  if (html) w.writeAttribute(QStringLiteral("format"), QStringLiteral("html"));
  w.writeTextElement(QStringLiteral("text"), html ? HtmlText::fromText(text) : text);
  w.writeEndElement();
}

}  // namespace

QByteArray MoodleXmlFormat::write(const QuestionBank& bank) {
  QByteArray out;
  QXmlStreamWriter w(&out);
  w.setAutoFormatting(true);
  w.setAutoFormattingIndent(2);
  w.writeStartDocument();
  w.writeComment(QStringLiteral(" %1 (%2 %3), exported by PrecisionLab as Moodle XML ")
                     .arg(bank.title, bank.id, bank.version)
                     .replace(QStringLiteral("--"), QStringLiteral("- -")));
  w.writeStartElement(QStringLiteral("quiz"));
  w.writeComment(QLatin1String(" ") + QLatin1String(BankExtras::kBankMarker) +
                 BankExtras::encodeBank(bank) + QLatin1String(" "));
  QString category;
  for (const Question& q : bank.questions) {
    if (q.domain != category) {
      category = q.domain;
      w.writeStartElement(QStringLiteral("question"));
      w.writeAttribute(QStringLiteral("type"), QStringLiteral("category"));
      w.writeStartElement(QStringLiteral("category"));
      w.writeTextElement(QStringLiteral("text"),
                         QStringLiteral("$course$/top/") + BankExtras::categoryName(category));
      w.writeEndElement();
      w.writeEndElement();
    }
    w.writeStartElement(QStringLiteral("question"));
    w.writeAttribute(QStringLiteral("type"), QStringLiteral("multichoice"));
    w.writeComment(QLatin1String(" ") + QLatin1String(BankExtras::kMarker) + BankExtras::encode(q) +
                   QLatin1String(" "));
    textElement(w, QStringLiteral("name"), q.id, false);
    textElement(w, QStringLiteral("questiontext"), q.stem);
    textElement(w, QStringLiteral("generalfeedback"), q.explanation);
    w.writeTextElement(QStringLiteral("defaultgrade"), QStringLiteral("1"));
    w.writeTextElement(QStringLiteral("penalty"), QStringLiteral("0"));
    w.writeTextElement(QStringLiteral("hidden"), QStringLiteral("0"));
    w.writeTextElement(QStringLiteral("single"), q.answer == AnswerKind::Single
                                                     ? QStringLiteral("true")
                                                     : QStringLiteral("false"));
    w.writeTextElement(QStringLiteral("shuffleanswers"), QStringLiteral("true"));
    w.writeTextElement(QStringLiteral("answernumbering"), QStringLiteral("ABCD"));
    const int correct = static_cast<int>(q.correctOptionIds().size());
    for (const Option& o : q.options) {
      // Moodle fractions: the right options share 100; for multiple answers a wrong one
      // costs 100, so only the exact set scores (PrecisionLab's all-or-nothing).
      double fraction =
          o.correct ? 100.0 / correct : (q.answer == AnswerKind::Multiple ? -100.0 : 0.0);
      w.writeStartElement(QStringLiteral("answer"));
      w.writeAttribute(QStringLiteral("fraction"), QString::number(fraction, 'g', 7));
      w.writeAttribute(QStringLiteral("format"), QStringLiteral("html"));
      w.writeTextElement(QStringLiteral("text"), HtmlText::fromText(o.text));
      textElement(w, QStringLiteral("feedback"), o.analysis);
      w.writeEndElement();
    }
    w.writeEndElement();
  }
  w.writeEndElement();
  w.writeEndDocument();
  return out;
}

QVector<ImportedQuestion> MoodleXmlFormat::read(const QByteArray& xml, const QString& file,
                                                QVector<ImportProblem>* problems) {
  QVector<ImportedQuestion> out;
  QXmlStreamReader r(xml);
  QString category;
  int number = 0;
  const auto problem = [&](int line, const QString& label, const QString& message) {
    problems->push_back({file, line, label, message});
  };
  // <text> inside the current element, converted from its format.
  const auto readText = [&r](const QString& format) {
    QString text;
    while (r.readNextStartElement()) {
      if (r.name() == QLatin1String("text"))
        text = elementText(r);
      else
        r.skipCurrentElement();
    }
    return format == QLatin1String("plain_text") || format == QLatin1String("markdown") ||
                   format.isEmpty()
               ? text.trimmed()
               : HtmlText::toText(text);
  };

  // Moodle XML needs no DTD; one could declare entities that expand a few KB into GBs (the
  // "billion laughs"). Refused before the first element, whatever the entities.
  while (!r.atEnd() && r.readNext() != QXmlStreamReader::StartElement) {
    if (r.tokenType() == QXmlStreamReader::DTD) {
      problem(static_cast<int>(r.lineNumber()), {},
              MoodleXmlFormat::tr("a <!DOCTYPE> declaration (DTD, entity declarations) is not "
                                  "allowed in Moodle XML; remove it"));
      return out;
    }
  }
  if (r.hasError()) {  // before the root: a bad byte, not a wrong root, stopped the reader
    readerProblem(r, xml, problem);
    return out;
  }
  if (r.tokenType() != QXmlStreamReader::StartElement || r.name() != QLatin1String("quiz")) {
    problem(static_cast<int>(r.lineNumber()), {},
            MoodleXmlFormat::tr("not Moodle XML: the root element must be <quiz>"));
    return out;
  }
  while (r.readNextStartElement()) {
    if (r.name() != QLatin1String("question")) {
      r.skipCurrentElement();
      continue;
    }
    const int line = static_cast<int>(r.lineNumber());
    const QString type = r.attributes().value(QStringLiteral("type")).toString();
    if (type == QLatin1String("category")) {
      while (r.readNextStartElement()) {
        if (r.name() == QLatin1String("category"))
          category = BankExtras::domainOfCategoryPath(readText(QStringLiteral("plain_text")));
        else
          r.skipCurrentElement();
      }
      continue;
    }
    if (++number > BankInterchange::kMaxQuestions) {
      problem(line, {},
              MoodleXmlFormat::tr("more than %1 questions; split the file")
                  .arg(BankInterchange::kMaxQuestions));
      return out;
    }
    Question q;
    q.domain = category;
    QString extras;
    QString label = QStringLiteral("question %1").arg(number);
    const bool supported =
        type == QLatin1String("multichoice") || type == QLatin1String("truefalse");
    while (!r.atEnd()) {
      const auto token = r.readNext();
      if (token == QXmlStreamReader::EndElement && r.name() == QLatin1String("question")) break;
      if (token == QXmlStreamReader::Comment) {
        const QString c = r.text().toString().trimmed();
        if (c.startsWith(QLatin1String(BankExtras::kMarker)))
          extras = c.mid(int(qstrlen(BankExtras::kMarker)));
        continue;
      }
      if (token != QXmlStreamReader::StartElement) continue;
      const QString format = r.attributes().value(QStringLiteral("format")).toString();
      const auto name = r.name();
      if (name == QLatin1String("name")) {
        q.id = readText(QStringLiteral("plain_text"));
        if (!q.id.isEmpty()) label = q.id;
      } else if (name == QLatin1String("questiontext")) {
        q.stem = readText(format);
      } else if (name == QLatin1String("generalfeedback")) {
        q.explanation = readText(format);
      } else if (name == QLatin1String("answer")) {
        const double fraction = r.attributes().value(QStringLiteral("fraction")).toDouble();
        Option o;
        while (r.readNextStartElement()) {
          const QString f = r.attributes().value(QStringLiteral("format")).toString();
          if (r.name() == QLatin1String("text"))
            o.text = format == QLatin1String("plain_text") ? r.readElementText().trimmed()
                                                           : HtmlText::toText(r.readElementText());
          else if (r.name() == QLatin1String("feedback"))
            o.analysis = readText(f);
          else
            r.skipCurrentElement();
        }
        o.correct = fraction > 0;
        o.id = BankInterchange::optionId(q.options.size());
        q.options.push_back(o);
      } else {
        r.skipCurrentElement();
      }
    }
    if (r.hasError()) break;
    if (q.options.size() > BankInterchange::kMaxOptions) {
      problem(line, label,
              MoodleXmlFormat::tr("%1 answers is more than the %2 a question may have")
                  .arg(q.options.size())
                  .arg(BankInterchange::kMaxOptions));
      continue;
    }
    if (!supported) {
      problem(
          line, label,
          MoodleXmlFormat::tr("\"%1\" questions are not supported (only multichoice and truefalse)")
              .arg(type));
      continue;
    }
    if (type == QLatin1String("truefalse")) {
      for (Option& o : q.options)
        o.id = o.text.toLower() == QLatin1String("false") ? QStringLiteral("false")
                                                          : QStringLiteral("true");
    }
    int correct = 0;
    for (const Option& o : q.options) correct += o.correct ? 1 : 0;
    // The fractions decide, not <single>: false with one right option is one answer here.
    q.answer = correct > 1 ? AnswerKind::Multiple : AnswerKind::Single;
    if (!extras.isEmpty()) {
      const QString error = BankExtras::apply(extras, &q);
      if (!error.isEmpty()) {
        problem(line, label, error);
        continue;
      }
    }
    out.push_back({q, line, label});
  }
  if (r.hasError()) readerProblem(r, xml, problem);
  return out;
}

BankFormatSpec MoodleXmlFormat::spec() {
  BankFormatSpec f;
  f.name = QStringLiteral("moodle-xml");
  f.aliases = {QStringLiteral("xml"), QStringLiteral("moodle")};
  f.suffixes = {QStringLiteral("xml")};
  f.openFilter = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "Moodle XML (*.xml)");
  f.saveFilter = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "Moodle XML (*.xml)");
  f.losses = QT_TRANSLATE_NOOP(
      "precisionlab::quiz::BankInterchange",
      "Moodle shows the stem, the options, the answer key (fractions), each option's analysis "
      "(feedback), the explanation (general feedback), the id (question name) and the domain "
      "(category). The other fields travel in an XML comment that Moodle ignores and "
      "PrecisionLab reads back.");
  f.description = QStringLiteral("Moodle XML");
  f.encoding = BankEncoding::OwnEncoding;
  f.maxBytes = BankInterchange::kMaxFileBytes;
  f.tooBig = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange",
                               "%1 bytes is over the %2 MiB limit for a question bank");
  f.sniff = [](const QString& suffix, const QByteArray& head) {
    if (suffix == QLatin1String("xml")) return 100;
    return head.trimmed().startsWith('<') ? 50 : 0;
  };
  f.read = [](const BankFormatInput& in, QVector<ImportProblem>* problems) {
    BankFormatRead r;
    r.questions = read(in.bytes, in.fileName, problems);
    return r;
  };
  f.write = [](const QuestionBank& bank, QString*) { return write(bank); };
  f.places = {"~`<!-- precisionlab-bank {...} -->` comment",
              "~`<!-- precisionlab-bank {...} -->` comment",
              "`<name>`",
              "`<questiontext>`",
              "`<answer>`",
              "answer `fraction`s",
              "answer `<feedback>`",
              "`<generalfeedback>`",
              "category `$course$/top/<domain>` (`/` as `//`)",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment",
              "~`<!-- precisionlab {...} -->` comment"};
  return f;
}

}  // namespace precisionlab::quiz
