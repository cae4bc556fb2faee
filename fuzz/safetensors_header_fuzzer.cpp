// libFuzzer target for the untrusted-input parsers: the safetensors header validator and the
// strict JSON parser it uses. Any input must either parse or throw InputError / ParseError;
// crashes, sanitizer reports and broken invariants (checked below) are bugs. Built without the
// engine target (no torch): see fuzz/CMakeLists.txt and packaging/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/EngineError.h"
#include "core/Json.h"
#include "core/Safetensors.h"
#include "core/Utf8.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

void fuzzJson(std::string_view text) {
  precisionlab::json::Value v;
  try {
    v = precisionlab::json::parse(text);
  } catch (const precisionlab::json::ParseError& e) {
    check(e.offset() <= text.size() && e.line() >= 1 && e.column() >= 1);
    return;
  }
  // Accepted input is valid UTF-8, and what we write reads back to the same text.
  check(precisionlab::utf8::firstInvalid(text) == std::string_view::npos);
  const std::string once = precisionlab::json::serialize(v);
  check(precisionlab::json::serialize(precisionlab::json::parse(once)) == once);
}

void fuzzHeader(const uint8_t* data, size_t size) {
  precisionlab::SafetensorsHeader h;
  try {
    h = precisionlab::parseSafetensorsHeader(data, size, "fuzz");
  } catch (const precisionlab::InputError&) {
    return;
  }
  // An accepted file: tensors tile the data section exactly, from 0 to the end of the file.
  uint64_t expected = 0;
  for (const auto& t : h.tensors) {
    check(t.begin == expected && t.end >= t.begin);
    expected = t.end;
  }
  check(h.dataStart() + expected == size);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzzHeader(data, size);
  fuzzJson(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
