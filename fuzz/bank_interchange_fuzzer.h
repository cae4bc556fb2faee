// The check shared by the GIFT, Moodle XML and Anki text fuzz targets: any input gives a bank or
// a bounded list of problems, never both, never neither, and never a crash, a hang or a
// sanitizer report (quiz/BankInterchange::importData, QtCore).
#pragma once

#include <QByteArray>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "quiz/BankInterchange.h"

inline int fuzzBankInterchange(const uint8_t* data, size_t size,
                               precisionlab::quiz::BankFormat format) {
  using precisionlab::quiz::BankInterchange;
  const auto result = BankInterchange::importData(
      QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)), format,
      QStringLiteral("fuzz.txt"));
  if (result.bank.has_value() == !result.problems.isEmpty()) std::abort();
  if (result.problems.size() > BankInterchange::kMaxProblems + 1) std::abort();
  if (result.bank && result.bank->questions.size() > BankInterchange::kMaxQuestions) std::abort();
  return 0;
}
