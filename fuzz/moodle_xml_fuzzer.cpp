// libFuzzer target for Moodle XML (quiz/MoodleXmlFormat), through BankInterchange::importData: a
// bank or a bounded list of problems (bank_interchange_fuzzer.h). Built with QtCore: see
// packaging/fuzz.sh.
#include "bank_interchange_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzzBankInterchange(data, size, precisionlab::quiz::BankFormat::MoodleXml);
}
