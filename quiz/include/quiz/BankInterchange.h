// Question banks in and out of the formats teachers already use: GIFT and Moodle XML (Moodle and
// the many tools that read them), Anki's plain-text notes export (`#separator`, `#html`,
// `#deck column`, `#tags column`, `#guid column` headers) and Anki's shared-deck packages
// (.apkg, AnkiPackageFormat.h), besides the project's own JSON.
// docs/question-bank-interchange.md says what each format keeps and loses.
//
// Import: an untrusted file. Regular files only, at most kMaxFileBytes (checked before reading),
// UTF-8 (an .apkg: at most AnkiPackageFormat::kMaxPackageBytes, read as AnkiPackageFormat.h says);
// every problem names the file, the line and the question (its title or number). The
// imported questions are completed where the format has no place for a field the project's
// bank requires (why learners pick an option, when it would be right, ...: a sentence saying the
// file did not give it) and then validated by BankLoader exactly like a JSON bank, so an
// imported bank is always a valid bank.
// Export: written atomically (writeOutputFile); never a half-written file, never over a device.
#pragma once

#include "quiz/BankFormat.h"
#include "quiz/BankLoader.h"
#include "quiz/QuestionBank.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QIODevice>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

namespace precisionlab::quiz {

struct BankImportResult {
  std::optional<QuestionBank> bank;  // set only when problems is empty
  // The first BankInterchange::kMaxProblems problems and, when `unlisted` is not 0, a last line
  // counting the rest ("... and 4950 more problems").
  QVector<ImportProblem> problems;
  qsizetype unlisted = 0;
  QStringList notes;  // what the import filled in or dropped, in plain words
  bool ok() const { return bank.has_value() && problems.isEmpty(); }
  // Every problem found, listed or counted (a summary's "5000 problems").
  qsizetype problemCount() const { return problems.size() - (unlisted > 0 ? 1 : 0) + unlisted; }
};

class BankInterchange {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::quiz::BankInterchange)

 public:
  static constexpr qint64 kMaxFileBytes = 8LL * 1024 * 1024;
  static constexpr int kMaxQuestions = 5000;  // checked by each reader while it reads
  static constexpr int kMaxOptions = 26;      // option ids run from a to z
  // Problems listed at most; the rest are counted in one last line ("... and 9812 more
  // problems"), as BankLoader does for a JSON bank.
  static constexpr int kMaxProblems = BankLoader::kMaxProblems;

  // "a" for 0 ... "z" for 25 (readers refuse more than kMaxOptions options).
  static QString optionId(qsizetype index);

  // A row's name or alias (BankFormat.h: "json", "gift", "moodle-xml" or "xml", "anki" or
  // "anki-text", "apkg" or "anki-package"), any case; nullopt otherwise.
  static std::optional<BankFormat> formatFromName(const QString& name);
  static QString formatName(BankFormat format) { return format.spec().name; }
  static QString fileSuffix(BankFormat format);  // the first suffix: "json", "gift", "xml", ...
  static bool isBinary(BankFormat format) { return format.spec().encoding == BankEncoding::Binary; }
  // The row whose sniff is surest from the extension and the first bytes (.txt may be GIFT or
  // Anki; a zip is a package).
  static BankFormat detect(const QString& path, const QByteArray& head);

  // The open dialog's filters: every suffix, then each format's, then all files (translated).
  static QString openDialogFilter();
  static QString saveFilter(BankFormat format);  // translated, "GIFT for Moodle (*.gift)"

  static BankImportResult importFile(const QString& path,
                                     std::optional<BankFormat> format = std::nullopt);
  static BankImportResult importData(const QByteArray& data, BankFormat format,
                                     const QString& fileName);

  static QByteArray exportData(const QuestionBank& bank, BankFormat format);
  // Empty on success, else the reason in plain words.
  static QString exportFile(const QuestionBank& bank, BankFormat format, const QString& path);

  // What a round trip through `format` loses (docs and the app's export dialog).
  static QString losses(BankFormat format);

  // Placeholders for fields a format has no place for (one sentence each, recognisable on export).
  static QString notGiven();

 private:
  static BankImportResult importUnbounded(const QByteArray& data, BankFormat format,
                                          const QString& fileName);
  static BankImportResult readWith(const BankFormatSpec& row, const BankFormatInput& input);
  // What every reader's questions go through: ids, placeholders, validation as a JSON bank.
  static BankImportResult complete(QVector<ImportedQuestion> imported, const QString& title,
                                   const QString& text, const QString& fileName,
                                   BankImportResult result);
  static BankImportResult capped(BankImportResult result, const QString& fileName);
};

}  // namespace precisionlab::quiz
