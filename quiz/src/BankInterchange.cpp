#include "quiz/BankInterchange.h"

#include "core/TerminalText.h"
#include "core/Utf8.h"
#include "quiz/BankExtras.h"
#include "quiz/BankJsonWriter.h"
#include "quiz/BankLoader.h"
#include "quiz/OutputFile.h"

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
  for (const BankFormat& f : BankFormats::all())
    if (f.spec().name == n || f.spec().aliases.contains(n)) return f;
  return std::nullopt;
}

QString BankInterchange::fileSuffix(BankFormat format) {
  const QStringList& suffixes = format.spec().suffixes;
  return suffixes.isEmpty() ? QString() : suffixes.first();
}

BankFormat BankInterchange::detect(const QString& path, const QByteArray& head) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  BankFormat best = BankFormats::all().first();
  int bestScore = 0;
  for (const BankFormat& f : BankFormats::all()) {
    const int score = f.spec().sniff(suffix, head);
    if (score > bestScore) {
      best = f;
      bestScore = score;
    }
  }
  return best;
}

QString BankInterchange::openDialogFilter() {
  QStringList patterns, filters;
  for (const BankFormat& f : BankFormats::all()) {
    for (const QString& suffix : f.spec().suffixes)
      if (!patterns.contains(QStringLiteral("*.") + suffix))
        patterns << QStringLiteral("*.") + suffix;
    if (f.spec().openFilter) filters << BankInterchange::tr(f.spec().openFilter);
  }
  filters.prepend(BankInterchange::tr("Question banks (%1)").arg(patterns.join(QLatin1Char(' '))));
  filters << BankInterchange::tr("All files (*)");
  return filters.join(QStringLiteral(";;"));
}

QString BankInterchange::saveFilter(BankFormat format) {
  const char* filter = format.spec().saveFilter;
  return filter ? BankInterchange::tr(filter)
                : QStringLiteral("%1 (*.%2)").arg(format.name(), fileSuffix(format));
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
  const BankFormatSpec& row = kind.spec();
  if (info.size() > row.maxBytes)
    return fail(BankInterchange::tr(row.tooBig).arg(info.size()).arg(row.maxBytes / (1024 * 1024)));
  // A package may carry media, never read: its reader takes the file, not its bytes.
  if (row.encoding == BankEncoding::Binary)
    return capped(readWith(row, {&file, {}, {}, path}), path);
  const QByteArray data = file.read(row.maxBytes + 1);  // the file may have grown since the check
  if (data.size() > row.maxBytes)
    return fail(BankInterchange::tr("the file grew over the size limit while it was read"));
  return importData(data, kind, path);
}

BankImportResult BankInterchange::importData(const QByteArray& data, BankFormat format,
                                             const QString& fileName) {
  return capped(importUnbounded(data, format, fileName), fileName);
}

BankImportResult BankInterchange::capped(BankImportResult result, const QString& fileName) {
  // One malformed file could list a problem per line (99,976 of them): the first ones, then a
  // count of the rest, with those the validation (BankLoader) counted without listing them.
  const qsizetype over = std::max<qsizetype>(0, result.problems.size() - kMaxProblems);
  if (over == 0 && result.unlisted == 0) return result;
  result.problems.resize(result.problems.size() - over);
  result.unlisted += over;
  result.problems.push_back(
      {fileName, 0, {}, BankInterchange::tr("... and %1 more problems").arg(result.unlisted)});
  return result;
}

BankImportResult BankInterchange::importUnbounded(const QByteArray& data, BankFormat format,
                                                  const QString& fileName) {
  const BankFormatSpec& row = format.spec();
  BankFormatInput input{nullptr, {}, {}, fileName};
  QBuffer buffer;
  if (row.encoding == BankEncoding::Binary) {
    buffer.setData(data);
    buffer.open(QIODevice::ReadOnly);
    input.device = &buffer;
    return readWith(row, input);
  }
  input.bytes = data;
  if (row.encoding == BankEncoding::Bytes) return readWith(row, input);
  QStringDecoder utf8(QStringDecoder::Utf8);
  QString text = utf8.decode(data);
  if (row.encoding == BankEncoding::OwnEncoding) {
    // XML names its own encoding (a BOM, <?xml encoding="ISO-8859-1"?>): the XML reader decodes
    // it. The text here only serves to find PrecisionLab's own bank line, always UTF-8.
    if (utf8.hasError()) text.clear();
  } else if (utf8.hasError()) {
    // Where: the line, and the byte with its offset (an editor that shows no such line can jump
    // to the offset).
    const size_t at =
        precisionlab::utf8::firstInvalid(std::string_view(data.constData(), size_t(data.size())));
    const qsizetype offset = at == std::string_view::npos ? 0 : qsizetype(at);
    BankImportResult result;
    result.problems.push_back(
        {fileName,
         int(data.left(offset).count('\n')) + 1,
         {},
         BankInterchange::tr("not UTF-8 text: the byte \\x%1 at offset %2 is not valid UTF-8; save "
                             "the file as UTF-8 and try again")
             .arg(uchar(data.at(offset)), 2, 16, QChar('0'))
             .arg(offset)});
    return result;
  }
  if (text.startsWith(QChar(0xFEFF))) text.remove(0, 1);
  text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
  input.text = text;
  return readWith(row, input);
}

BankImportResult BankInterchange::readWith(const BankFormatSpec& row,
                                           const BankFormatInput& input) {
  BankImportResult result;
  BankFormatRead read = row.read(input, &result.problems);
  result.notes = read.notes;
  result.unlisted = read.unlistedProblems;
  if (read.bank) {  // a whole bank, validated by its reader
    if (result.problems.isEmpty()) result.bank = std::move(read.bank);
    return result;
  }
  return complete(std::move(read.questions), read.title, input.text, input.fileName,
                  std::move(result));
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
  // The listed problems; the count of the rest travels on, for capped()'s last line.
  result.unlisted += loaded.unlisted;
  const qsizetype listed = loaded.problems.size() - (loaded.unlisted > 0 ? 1 : 0);
  for (const BankProblem& p : loaded.problems.mid(0, listed)) {
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
  const BankFormatSpec& row = format.spec();
  QString error;
  return row.write ? row.write(bank, &error) : QByteArray();
}

QString BankInterchange::exportFile(const QuestionBank& bank, BankFormat format,
                                    const QString& path) {
  const BankFormatSpec& row = format.spec();
  if (!row.write) return BankInterchange::tr("%1 files can only be read").arg(row.name);
  QString error;
  const QByteArray bytes = row.write(bank, &error);
  if (!error.isEmpty()) return error;
  return writeOutputFile(path, bytes);
}

QString BankInterchange::losses(BankFormat format) {
  const char* losses = format.spec().losses;
  return losses ? BankInterchange::tr(losses) : QString();
}

}  // namespace precisionlab::quiz
