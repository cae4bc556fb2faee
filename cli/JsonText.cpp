#include "cli/JsonText.h"

#include <cmath>
#include <cstdio>

namespace precisionlab::cli {

std::string formatNumber(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// Shortest round-trip text, with '.' whatever the locale.
std::string jsonNumber(double v) {
  return std::isfinite(v) ? fieldText(FieldKind::Real, v) : "null";
}

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace precisionlab::cli
