// libFuzzer target for question banks (quiz/BankLoader::loadJson, QtCore): any input gives a
// bank or a list of problems, never both, never neither. Built with QtCore (pkg-config), no
// torch: see packaging/fuzz.sh.
#include <QByteArray>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "quiz/BankLoader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto result = precisionlab::quiz::BankLoader::loadJson(
      QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
  if (result.bank.has_value() == !result.problems.isEmpty()) std::abort();
  return 0;
}
