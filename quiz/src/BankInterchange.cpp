#include "quiz/BankInterchange.h"

#include "quiz/AnkiPackageFormat.h"
#include "quiz/AnkiTextFormat.h"

#include "core/TerminalText.h"
#include "quiz/BankExtras.h"
#include "quiz/BankJsonWriter.h"
#include "quiz/BankLoader.h"
#include "quiz/GiftFormat.h"
#include "quiz/MoodleXmlFormat.h"
#include "quiz/OutputFile.h"

#include <algorithm>

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>

#include <algorithm>

namespace precisionlab::quiz {
namespace {

QString slug(const QString& text) {
  QString s = text.toLower();
  s.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
  s = s.mid(0, 48);
  while (s.startsWith('-')) s.remove(0, 1);
  while (s.endsWith('-')) s.chop(1);
  return s;
}

bool validId(const QString& id) {
  static const QRegularExpression re(QStringLiteral("^[a-z0-9-]+$"));
  return re.match(id).hasMatch();
}

void fill(QString* field, const QString& value, bool* filled) {
  if (field->trimmed().isEmpty()) {
    *field = value;
    *filled = true;
  }
}

}  // namespace

QString ImportProblem::toString() const {
  QString where = file;
  if (line > 0) where += QStringLiteral(":%1").arg(line);
  if (!question.isEmpty()) where += BankInterchange::tr(": question \"%1\"").arg(question);
  // Names and messages quote the file: its control characters (an escape sequence, a NUL) are
  // shown escaped, never sent to the terminal or the dialog as they are.
  return QString::fromStdString(
      escapeForTerminal((where + QStringLiteral(": ") + message).toStdString()));
}

QString BankInterchange::optionId(qsizetype index) {
  return QString(QChar(static_cast<char16_t>(u'a' + std::clamp<qsizetype>(index, 0, 25))));
}

QString BankInterchange::notGiven() { return QStringLiteral("Not given in the imported file."); }

std::optional<BankFormat> BankInterchange::formatFromName(const QString& name) {
  const QString n = name.trimmed().toLower();
  if (n == QLatin1String("json")) return BankFormat::Json;
  if (n == QLatin1String("gift")) return BankFormat::Gift;
  if (n == QLatin1String("moodle-xml") || n == QLatin1String("xml") || n == QLatin1String("moodle"))
    return BankFormat::MoodleXml;
  if (n == QLatin1String("anki") || n == QLatin1String("anki-text")) return BankFormat::AnkiText;
  if (n == QLatin1String("apkg") || n == QLatin1String("anki-package"))
    return BankFormat::AnkiPackage;
  return std::nullopt;
}

QString BankInterchange::formatName(BankFormat format) {
  switch (format) {
    case BankFormat::Json:
      return QStringLiteral("json");
    case BankFormat::Gift:
      return QStringLiteral("gift");
    case BankFormat::MoodleXml:
      return QStringLiteral("moodle-xml");
    case BankFormat::AnkiText:
      return QStringLiteral("anki");
    case BankFormat::AnkiPackage:
      return QStringLiteral("apkg");
  }
  return {};
}

QString BankInterchange::fileSuffix(BankFormat format) {
  switch (format) {
    case BankFormat::Json:
      return QStringLiteral("json");
    case BankFormat::Gift:
      return QStringLiteral("gift");
    case BankFormat::MoodleXml:
      return QStringLiteral("xml");
    case BankFormat::AnkiText:
      return QStringLiteral("txt");
    case BankFormat::AnkiPackage:
      return QStringLiteral("apkg");
  }
  return {};
}

BankFormat BankInterchange::detect(const QString& path, const QByteArray& head) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("json")) return BankFormat::Json;
  if (suffix == QLatin1String("gift")) return BankFormat::Gift;
  if (suffix == QLatin1String("xml")) return BankFormat::MoodleXml;
  if (suffix == QLatin1String("apkg") || head.startsWith(QByteArrayLiteral("PK\x03\x04")))
    return BankFormat::AnkiPackage;
  const QByteArray start = head.trimmed();
  if (start.startsWith('{')) return BankFormat::Json;
  if (start.startsWith('<')) return BankFormat::MoodleXml;
  static const QRegularExpression ankiHeader(
      QStringLiteral("^#(separator|html|tags|columns|notetype|deck|guid|if matches)[^:\\n]*:"),
      QRegularExpression::MultilineOption);
  if (ankiHeader.match(QString::fromUtf8(head)).hasMatch()) return BankFormat::AnkiText;
  if (suffix == QLatin1String("tsv") || suffix == QLatin1String("csv")) return BankFormat::AnkiText;
  // GIFT has { } answer blocks after each question; plain two-column text does not.
  return head.contains('{') ? BankFormat::Gift : BankFormat::AnkiText;
}

BankImportResult BankInterchange::importFile(const QString& path,
                                             std::optional<BankFormat> format) {
  BankImportResult result;
  const QFileInfo info(path);
  const auto fail = [&](const QString& message) {
    result.problems.push_back({path, 0, {}, message});
    return result;
  };
  if (!info.exists()) return fail(BankInterchange::tr("no such file"));
  if (!info.isFile())
    return fail(
        BankInterchange::tr("not a regular file (a folder, device or pipe); choose a bank file"));
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return fail(BankInterchange::tr("cannot read it: %1").arg(file.errorString()));
  const BankFormat kind = format.value_or(detect(path, file.peek(4096)));
  if (kind == BankFormat::AnkiPackage) {
    // A package may carry media, never read: only its directory and collection are.
    if (info.size() > AnkiPackageFormat::kMaxPackageBytes)
      return fail(BankInterchange::tr("%1 bytes is over the %2 MiB limit for an Anki package")
                      .arg(info.size())
                      .arg(AnkiPackageFormat::kMaxPackageBytes / (1024 * 1024)));
    return capped(importPackage(&file, path), path);
  }
  if (info.size() > kMaxFileBytes)
    return fail(BankInterchange::tr("%1 bytes is over the %2 MiB limit for a question bank")
                    .arg(info.size())
                    .arg(kMaxFileBytes / (1024 * 1024)));
  const QByteArray data = file.read(kMaxFileBytes + 1);  // the file may have grown since the check
  if (data.size() > kMaxFileBytes)
    return fail(BankInterchange::tr("the file grew over the size limit while it was read"));
  return importData(data, kind, path);
}

BankImportResult BankInterchange::importData(const QByteArray& data, BankFormat format,
                                             const QString& fileName) {
  return capped(importUnbounded(data, format, fileName), fileName);
}

BankImportResult BankInterchange::capped(BankImportResult result, const QString& fileName) {
  // One malformed file could list a problem per line (99,976 of them): the first ones, then a
  // count of the rest.
  if (result.problems.size() > kMaxProblems) {
    const qsizetype more = result.problems.size() - kMaxProblems;
    result.problems.resize(kMaxProblems);
    result.problems.push_back(
        {fileName, 0, {}, BankInterchange::tr("... and %1 more problems").arg(more)});
  }
  return result;
}

BankImportResult BankInterchange::importUnbounded(const QByteArray& data, BankFormat format,
                                                  const QString& fileName) {
  BankImportResult result;
  if (format == BankFormat::AnkiPackage) {
    QBuffer buffer;
    buffer.setData(data);
    buffer.open(QIODevice::ReadOnly);
    return importPackage(&buffer, fileName);
  }
  if (format == BankFormat::Json) {
    BankLoadResult loaded = BankLoader::loadJson(data);
    for (const BankProblem& p : loaded.problems)
      result.problems.push_back({fileName, 0, {}, p.toString()});
    if (result.problems.isEmpty()) result.bank = loaded.bank;
    return result;
  }
  QStringDecoder utf8(QStringDecoder::Utf8);
  QString text = utf8.decode(data);
  if (format == BankFormat::MoodleXml) {
    // XML names its own encoding (a BOM, <?xml encoding="ISO-8859-1"?>): the XML reader decodes
    // it. The text here only serves to find PrecisionLab's own bank line, always UTF-8.
    if (utf8.hasError()) text.clear();
  } else if (utf8.hasError()) {
    result.problems.push_back(
        {fileName, 0, {}, BankInterchange::tr("not UTF-8 text; save it as UTF-8 and try again")});
    return result;
  }
  if (text.startsWith(QChar(0xFEFF))) text.remove(0, 1);
  text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));

  QVector<ImportedQuestion> imported;
  QString title;
  switch (format) {
    case BankFormat::Gift:
      imported = GiftFormat::read(text, fileName, &result.problems);
      break;
    case BankFormat::MoodleXml:
      imported = MoodleXmlFormat::read(data, fileName, &result.problems);
      break;
    case BankFormat::AnkiText:
      imported = AnkiTextFormat::read(text, fileName, &result.problems, &title);
      break;
    case BankFormat::Json:
    case BankFormat::AnkiPackage:
      break;
  }
  return complete(imported, title, text, fileName, result);
}

BankImportResult BankInterchange::importPackage(QIODevice* device, const QString& fileName) {
  BankImportResult result;
  QString title;
  QVector<ImportedQuestion> imported =
      AnkiPackageFormat::read(device, fileName, &result.problems, &title, &result.notes);
  return complete(imported, title, {}, fileName, result);
}

BankImportResult BankInterchange::complete(QVector<ImportedQuestion> imported, const QString& title,
                                           const QString& text, const QString& fileName,
                                           BankImportResult result) {
  if (!result.problems.isEmpty()) return result;
  if (imported.isEmpty()) {
    result.problems.push_back({fileName, 0, {}, BankInterchange::tr("no questions found")});
    return result;
  }
  if (imported.size() > kMaxQuestions) {
    result.problems.push_back({fileName,
                               0,
                               {},
                               BankInterchange::tr("%1 questions is over the limit of %2")
                                   .arg(imported.size())
                                   .arg(kMaxQuestions)});
    return result;
  }

  // Bank metadata from the file name (and the Anki deck).
  QuestionBank bank;
  const QString base = QFileInfo(fileName).completeBaseName();
  bank.id = slug(base).isEmpty() ? QStringLiteral("imported") : slug(base);
  bank.version = QStringLiteral("1.0.0");
  bank.title = title.isEmpty() ? base : title;
  if (bank.title.trimmed().isEmpty()) bank.title = QStringLiteral("Imported questions");
  bank.exam = QStringLiteral("Imported from %1").arg(QFileInfo(fileName).fileName());

  // A bank written by PrecisionLab names itself (BankExtras::encodeBank): keep its id.
  static const QRegularExpression bankLine(QStringLiteral("precisionlab-bank (\\{[^\\n]*\\})"));
  const auto meta = bankLine.match(text.left(4096));
  if (meta.hasMatch()) BankExtras::applyBank(meta.captured(1), &bank);

  // Complete what the format has no place for; ids unique and valid.
  QSet<QString> ids;
  bool filledReasons = false, filledMeta = false, renamed = false;
  for (int i = 0; i < imported.size(); ++i) {
    Question& q = imported[i].question;
    QString id = validId(q.id) ? q.id : slug(q.id);
    if (id.isEmpty() || ids.contains(id)) {
      id = QStringLiteral("%1-%2").arg(bank.id).arg(i + 1, 3, 10, QChar('0'));
      renamed |= !q.id.isEmpty();
    }
    ids.insert(id);
    q.id = id;
    fill(&q.exam, bank.exam, &filledMeta);
    fill(&q.domain, bank.title, &filledMeta);
    fill(&q.topic, q.domain, &filledMeta);
    fill(&q.explanation, notGiven(), &filledReasons);
    if (q.source != QLatin1String("seed")) q.source = QStringLiteral("original");
    for (Option& o : q.options) {
      fill(&o.analysis, notGiven(), &filledReasons);
      fill(&o.whyLearnersPick, notGiven(), &filledReasons);
      fill(&o.whenRight, notGiven(), &filledReasons);
    }
    bank.questions.push_back(q);
  }
  // Sub-objective tags (carried by the precisionlab comments) are schema 2.
  bool tagged = !bank.objectives.isEmpty();
  for (const Question& q : bank.questions) tagged |= !q.objectives.isEmpty();
  if (tagged) bank.schema = std::max(bank.schema, 2);
  if (filledReasons)
    result.notes << BankInterchange::tr(
                        "Explanations the file does not give (why learners pick an option, when it "
                        "would be right, feedback) read \"%1\"")
                        .arg(notGiven());
  if (filledMeta)
    result.notes << BankInterchange::tr(
        "Questions without a category or topic use the bank title.");
  if (renamed)
    result.notes << BankInterchange::tr("Question titles that are not valid ids were renumbered.");

  // The same validation as a JSON bank: every problem maps back to its question and line.
  BankLoadResult loaded = BankLoader::loadJson(BankJsonWriter::write(bank));
  static const QRegularExpression index(QStringLiteral("^\\$\\.questions\\[(\\d+)\\](.*)$"));
  for (const BankProblem& p : loaded.problems) {
    const auto m = index.match(p.path);
    if (m.hasMatch() && m.captured(1).toInt() < imported.size()) {
      const ImportedQuestion& iq = imported.at(m.captured(1).toInt());
      result.problems.push_back({fileName, iq.line, iq.label,
                                 QStringLiteral("%1: %2").arg(m.captured(2).mid(1), p.message)});
    } else {
      result.problems.push_back({fileName, 0, {}, p.toString()});
    }
  }
  if (result.problems.isEmpty()) result.bank = loaded.bank;
  return result;
}

QByteArray BankInterchange::exportData(const QuestionBank& bank, BankFormat format) {
  switch (format) {
    case BankFormat::Json:
      return BankJsonWriter::write(bank);
    case BankFormat::Gift:
      return GiftFormat::write(bank).toUtf8();
    case BankFormat::MoodleXml:
      return MoodleXmlFormat::write(bank);
    case BankFormat::AnkiText:
      return AnkiTextFormat::write(bank).toUtf8();
    case BankFormat::AnkiPackage:
      return AnkiPackageFormat::write(bank);
  }
  return {};
}

QString BankInterchange::exportFile(const QuestionBank& bank, BankFormat format,
                                    const QString& path) {
  if (format == BankFormat::AnkiPackage) {
    QString error;
    const QByteArray package = AnkiPackageFormat::write(bank, &error);
    if (package.isEmpty())
      return BankInterchange::tr("the Anki package could not be built: %1").arg(error);
    return writeOutputFile(path, package);
  }
  return writeOutputFile(path, exportData(bank, format));
}

QString BankInterchange::losses(BankFormat format) {
  switch (format) {
    case BankFormat::Json:
      return BankInterchange::tr("Nothing: this is PrecisionLab's own format.");
    case BankFormat::Gift:
      return BankInterchange::tr(
          "Moodle shows the stem, the options, the answer key, each option's analysis (as its "
          "feedback), the explanation (general feedback) and the domain (category). Ids, topic, "
          "why learners pick an option, when it would be right, the exam trap, references and lab "
          "scenarios travel in a comment that Moodle ignores and PrecisionLab reads back.");
    case BankFormat::MoodleXml:
      return BankInterchange::tr(
          "Moodle shows the stem, the options, the answer key (fractions), each option's analysis "
          "(feedback), the explanation (general feedback), the id (question name) and the domain "
          "(category). The other fields travel in an XML comment that Moodle ignores and "
          "PrecisionLab reads back.");
    case BankFormat::AnkiText:
      return BankInterchange::tr(
          "Anki shows one Basic note per question: the stem and lettered options on the front, the "
          "answer, the explanation and each option's analysis on the back; the id is the note's "
          "guid, the domain a subdeck, the topic a tag. Why learners pick an option, when it "
          "would be right, the exam trap, references and lab scenarios are not exported.");
    case BankFormat::AnkiPackage:
      return BankInterchange::tr(
          "An Anki deck package (a double click opens it in Anki): the same notes as the Anki "
          "text export, one \"PrecisionLab Basic\" note per question with the stem and lettered "
          "options on the front, the answer, the explanation and each option's analysis on the "
          "back; the id is the note's guid, the domain a subdeck, the topic a tag. Why learners "
          "pick an option, when it would be right, the exam trap, references and lab scenarios "
          "are not exported.");
  }
  return {};
}

}  // namespace precisionlab::quiz
