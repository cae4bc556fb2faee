// Loads and validates a question bank file (docs/question-bank-format.md). Either the whole bank
// or the full list of problems, each with its JSON path; a bank with any problem is not returned.
#pragma once

#include "quiz/QuestionBank.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QVector>
#include <optional>

namespace precisionlab::quiz {

struct BankProblem {
  QString path;     // "$.questions[3].options[1].correct", or "$" for file-level problems
  QString message;  // "expected a boolean"
  // "$.questions[3].stem: expected a string"; a file-level problem is its message alone (a
  // bare "$: " in front of it meant nothing to a teacher).
  QString toString() const {
    return path == QLatin1String("$") ? message : path + QStringLiteral(": ") + message;
  }
};

struct BankLoadResult {
  std::optional<QuestionBank> bank;  // set only when problems is empty
  // The first BankLoader::kMaxProblems problems and, when `unlisted` is not 0, a last line
  // counting the rest ("... and 9950 more problems").
  QVector<BankProblem> problems;
  qsizetype unlisted = 0;
  bool ok() const { return bank.has_value() && problems.isEmpty(); }
  // Every problem found, listed or counted (a summary's "10000 problems").
  qsizetype problemCount() const { return problems.size() - (unlisted > 0 ? 1 : 0) + unlisted; }
};

class BankLoader {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::BankLoader)

 public:
  // The newest schema this build understands. Schema 2 adds the optional sub-objective tags
  // (bank.objectives, questions[].objectives); schema 1 files load unchanged.
  static constexpr int kSchemaVersion = 2;
  // Problems listed at most; the rest are counted (BankLoadResult::unlisted).
  static constexpr int kMaxProblems = 50;

  // Reads and validates a file (":/..." resource paths work too). An unreadable file is one
  // problem at "$" naming the file.
  static BankLoadResult loadFile(const QString& path);
  // Validates bank JSON text, parsed once by core's JSON parser (core/Json.h). Syntax errors are
  // reported with line and column.
  static BankLoadResult loadJson(const QByteArray& json);
  // How many JSON texts loadJson has parsed in this process (tests: a bank is parsed once).
  static int parseCount();
};

}  // namespace precisionlab::quiz
