#include "core/CsvWriter.h"

namespace precisionlab::csv {

std::string field(std::string_view value) {
  if (value.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(value);
  std::string out = "\"";
  out.reserve(value.size() + 2);
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string record(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    out += field(fields[i]);
  }
  return out + "\r\n";
}

}  // namespace precisionlab::csv
