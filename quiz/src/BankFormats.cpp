#include "quiz/BankFormat.h"

#include "quiz/AnkiPackageFormat.h"
#include "quiz/AnkiTextFormat.h"
#include "quiz/BankInterchange.h"
#include "quiz/BankJsonWriter.h"
#include "quiz/BankLoader.h"
#include "quiz/GiftFormat.h"
#include "quiz/MoodleXmlFormat.h"

#include <deque>

namespace precisionlab::quiz {
namespace {

// PrecisionLab's own format: the bank as BankLoader validates it.
BankFormatSpec jsonFormat() {
  BankFormatSpec f;
  f.name = QStringLiteral("json");
  f.suffixes = {QStringLiteral("json")};
  f.openFilter =
      QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "PrecisionLab bank (*.json)");
  f.saveFilter =
      QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange", "PrecisionLab bank (*.json)");
  f.losses = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange",
                               "Nothing: this is PrecisionLab's own format.");
  f.description = QStringLiteral("PrecisionLab bank (JSON)");
  f.encoding = BankEncoding::Bytes;
  f.maxBytes = BankInterchange::kMaxFileBytes;
  f.tooBig = QT_TRANSLATE_NOOP("precisionlab::quiz::BankInterchange",
                               "%1 bytes is over the %2 MiB limit for a question bank");
  f.sniff = [](const QString& suffix, const QByteArray& head) {
    if (suffix == QLatin1String("json")) return 100;
    return head.trimmed().startsWith('{') ? 50 : 0;
  };
  f.read = [](const BankFormatInput& in, QVector<ImportProblem>* problems) {
    BankFormatRead r;
    BankLoadResult loaded = BankLoader::loadJson(in.bytes);
    // The listed problems; BankInterchange counts the rest again in its own last line.
    const qsizetype listed = loaded.problems.size() - (loaded.unlisted > 0 ? 1 : 0);
    for (qsizetype i = 0; i < listed; ++i)
      problems->push_back({in.fileName, 0, {}, loaded.problems[i].toString()});
    r.unlistedProblems = loaded.unlisted;
    if (loaded.problems.isEmpty()) r.bank = std::move(loaded.bank);
    return r;
  };
  f.write = [](const QuestionBank& bank, QString*) { return BankJsonWriter::write(bank); };
  f.native = true;
  return f;
}

// The table: one line per format. Order matters only for ties of sniff and for listings.
std::deque<BankFormatSpec>& table() {
  static std::deque<BankFormatSpec> rows = {
      jsonFormat(),           GiftFormat::spec(),        MoodleXmlFormat::spec(),
      AnkiTextFormat::spec(), AnkiPackageFormat::spec(),
  };
  return rows;
}

bool taken(const QString& name) {
  for (const BankFormatSpec& row : table())
    if (row.name == name || row.aliases.contains(name)) return true;
  return false;
}

}  // namespace

const BankFormatSpec& BankFormat::spec() const {
  const BankFormatSpec* row = BankFormats::find(name_);
  return row ? *row : table().front();
}

QVector<BankFormat> BankFormats::all() {
  QVector<BankFormat> out;
  for (const BankFormatSpec& row : table()) out.push_back(BankFormat(row.name));
  return out;
}

QVector<BankFormat> BankFormats::writable() {
  QVector<BankFormat> foreign, own;
  for (const BankFormatSpec& row : table())
    if (row.write) (row.native ? own : foreign).push_back(BankFormat(row.name));
  return foreign + own;
}

const BankFormatSpec* BankFormats::find(const QString& name) {
  for (const BankFormatSpec& row : table())
    if (row.name == name) return &row;
  return nullptr;
}

bool BankFormats::add(BankFormatSpec spec) {
  if (spec.name.isEmpty() || !spec.read || !spec.sniff || taken(spec.name)) return false;
  for (const QString& alias : spec.aliases)
    if (taken(alias)) return false;
  table().push_back(std::move(spec));
  return true;
}

}  // namespace precisionlab::quiz
