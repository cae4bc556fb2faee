// The CLI's text helpers (cli/JsonText.h).
#include "cli/JsonText.h"

#include <cstdio>

#include "core/Json.h"
#include "core/RecordJson.h"
#include "core/Utf8.h"

namespace precisionlab::cli {

std::string formatNumber(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s += std::string(width - s.size(), ' ');
  return s;
}

std::string jsonNumber(double v) { return json::serialize(numberToJson(v)); }

std::string textForJson(const std::string& s) { return utf8::replaceInvalid(s); }

}  // namespace precisionlab::cli
