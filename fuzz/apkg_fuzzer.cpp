// libFuzzer target for Anki packages (.apkg: quiz/ZipArchive + quiz/AnkiPackageFormat), through
// BankInterchange::importData: a bank or a bounded list of problems (bank_interchange_fuzzer.h).
// Built with QtCore, sqlite3 and zlib: see packaging/fuzz.sh.
#include "bank_interchange_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzzBankInterchange(data, size, precisionlab::quiz::BankFormat::AnkiPackage);
}
