// The question-bank formats, one row each (BankFormatSpec): its name and aliases (`--format`),
// file suffixes, file-dialog filters, how its first bytes are recognised, its reader and writer,
// and what a round trip through it loses. BankInterchange (import and export), the CLI's
// `bank import/export` (help, `--format`) and the window's open and export dialogs all read this
// table, so a new format is one file (its reader, writer and spec()) plus one line in
// BankFormats.cpp's table. docs/question-bank-interchange.md says what each format keeps.
//
// Rows are added at start-up (the built-in ones) or by BankFormats::add (a test's fixture
// format); the table is not guarded for concurrent additions: add rows before reading files.
#pragma once

#include "quiz/QuestionBank.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>
#include <QStringList>
#include <QVector>
#include <functional>
#include <optional>
#include <vector>

namespace precisionlab::quiz {

struct ImportProblem {
  QString file;
  int line = 0;      // 1-based; 0 = the whole file
  QString question;  // the question's title or "question N"; empty for file-level problems
  QString message;
  QString toString() const;  // "file:12: question \"q3\": message"
};

// A question as a reader found it, with the line it starts on (for problems found later).
struct ImportedQuestion {
  Question question;
  int line = 0;
  QString label;  // title or "question N", for messages
};

// How a format's bytes reach its reader.
enum class BankEncoding {
  Utf8Text,     // UTF-8 text (refused otherwise), BOM dropped, CRLF as LF: BankFormatInput::text
  OwnEncoding,  // the reader decodes the bytes (XML names its encoding); text: the bytes as UTF-8
                // where they are valid, else empty (only PrecisionLab's bank line is looked for)
  Bytes,        // the reader takes the bytes as they are (PrecisionLab JSON); no text
  Binary,       // the reader takes a random-access device (a file or a buffer); never read whole
};

struct BankFormatInput {
  QIODevice* device = nullptr;  // Binary formats: open, at the start
  QByteArray bytes;             // the other formats: the whole file
  QString text;                 // Utf8Text and OwnEncoding formats (see BankEncoding)
  QString fileName;             // for messages
};

// What a reader found. Questions are completed (ids, placeholders for fields the format has no
// place for) and validated as a JSON bank by BankInterchange; a format that is a whole bank
// (PrecisionLab JSON) sets `bank` instead, already validated.
struct BankFormatRead {
  QVector<ImportedQuestion> questions;
  QString title;      // the bank title the file names (an Anki deck), if any
  QStringList notes;  // what the reader dropped, in plain words
  std::optional<QuestionBank> bank;
  qsizetype unlistedProblems = 0;  // found beyond those the reader listed (counted, not shown)
};

struct BankFormatSpec {
  QString name;          // "moodle-xml": `--format`, messages, docs tables
  QStringList aliases;   // also accepted by `--format`: "xml", "moodle"
  QStringList suffixes;  // without the dot; the first is written on export; all are in the open
                         // dialog's "Question banks" filter
  // Translatable (context precisionlab::quiz::BankInterchange, QT_TRANSLATE_NOOP):
  const char* openFilter = nullptr;  // "GIFT (*.gift *.txt)"
  const char* saveFilter = nullptr;  // "GIFT for Moodle (*.gift)"; unused without `write`
  const char* losses = nullptr;      // what a round trip loses, in words (export dialog, CLI)
  // English, for `bank --help` ("Anki package (.apkg)").
  QString description;
  BankEncoding encoding = BankEncoding::Utf8Text;
  qint64 maxBytes = 8LL * 1024 * 1024;  // checked before anything is read
  const char* tooBig = nullptr;         // "%1 bytes is over the %2 MiB limit for ..." (tr)
  // How sure the format is that a file is its own, from the file's suffix (lower case, no dot)
  // and first bytes (at most 4 KiB): 0 = not, 100 = by its own suffix or magic bytes. The highest
  // wins; on a tie the earlier row.
  std::function<int(const QString& suffix, const QByteArray& head)> sniff;
  std::function<BankFormatRead(const BankFormatInput& in, QVector<ImportProblem>* problems)> read;
  // The file's bytes; empty with `error` set when it could not be built. Empty function: the
  // format is read only.
  std::function<QByteArray(const QuestionBank& bank, QString* error)> write;
  // Where the format keeps each field of a bank (BankFormatFields' order; "" = lost, a leading
  // '~' = in a comment only PrecisionLab reads). Empty: every field is its own (PrecisionLab's).
  std::vector<const char*> places;
  bool native = false;  // PrecisionLab's own format: listed after the other tools' formats
};

// A registered format, by name (the row's `name`).
class BankFormat {
 public:
  BankFormat() = default;
  explicit BankFormat(QString name) : name_(std::move(name)) {}
  const QString& name() const { return name_; }
  // The row; the first row for a name that is not registered (never so for names that
  // BankInterchange::formatFromName or detect returned).
  const BankFormatSpec& spec() const;
  bool operator==(const BankFormat& other) const { return name_ == other.name_; }
  bool operator!=(const BankFormat& other) const { return name_ != other.name_; }

  // The built-in formats, for code that names one (a new format needs no constant).
  static const BankFormat Json, Gift, MoodleXml, AnkiText, AnkiPackage;

 private:
  QString name_;
};

inline const BankFormat BankFormat::Json{QStringLiteral("json")};
inline const BankFormat BankFormat::Gift{QStringLiteral("gift")};
inline const BankFormat BankFormat::MoodleXml{QStringLiteral("moodle-xml")};
inline const BankFormat BankFormat::AnkiText{QStringLiteral("anki")};
inline const BankFormat BankFormat::AnkiPackage{QStringLiteral("apkg")};

class BankFormats {
 public:
  // Every format in table order (the built-in ones first).
  static QVector<BankFormat> all();
  // The formats a bank can be written as: the other tools' first, PrecisionLab's own last.
  static QVector<BankFormat> writable();
  static const BankFormatSpec* find(const QString& name);  // name only, not aliases
  // Registers a format; false (and nothing added) when its name or an alias is taken or it has
  // no reader or sniff.
  static bool add(BankFormatSpec spec);
};

}  // namespace precisionlab::quiz
