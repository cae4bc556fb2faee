// libFuzzer target for dataset files: the first byte picks CSV, TSV or JSONL, the rest is the
// file. Any input parses into records or is refused with InputError naming a line; records come
// in line order. Torch-free.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/CsvReader.h"
#include "core/EngineError.h"
#include "core/JsonlReader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    if (data[0] % 3 == 2) {
      size_t previous = 0;
      for (const auto& r : precisionlab::JsonlReader::parse(text, "text", "label", "d.jsonl")) {
        if (r.line <= previous) std::abort();
        previous = r.line;
      }
    } else {
      size_t previous = 0;
      for (const auto& r :
           precisionlab::CsvReader::parse(text, data[0] % 3 ? '\t' : ',', "d.csv")) {
        if (r.line <= previous || r.fields.empty()) std::abort();
        previous = r.line;
      }
    }
  } catch (const precisionlab::InputError&) {
  }
  return 0;
}
