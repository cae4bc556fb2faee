// Helpers shared by the bank interchange tests (tst_bankinterchange, tst_hostilequiz): the
// built-in bank, an import's problems as text, an import of bytes in memory.
#pragma once

#include "quiz/BankInterchange.h"
#include "quiz/BankLoader.h"

#include <QStringList>

namespace bank_import_helpers {

inline precisionlab::quiz::QuestionBank builtIn() {
  const precisionlab::quiz::BankLoadResult r = precisionlab::quiz::BankLoader::loadFile(
      QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/banks/pmle-scaling.json"));
  return r.bank.value_or(precisionlab::quiz::QuestionBank{});
}

inline QString problems(const precisionlab::quiz::BankImportResult& r) {
  QStringList out;
  for (const precisionlab::quiz::ImportProblem& p : r.problems) out << p.toString();
  return out.join('\n');
}

inline precisionlab::quiz::BankImportResult importText(const QByteArray& text,
                                                       precisionlab::quiz::BankFormat format,
                                                       const QString& name = "quiz.txt") {
  return precisionlab::quiz::BankInterchange::importData(text, format, name);
}

}  // namespace bank_import_helpers
