// The one CSV writer (RFC 4180): a field holding a comma, a double quote, CR or LF is quoted,
// with inner quotes doubled; records end with CRLF. Every CSV the project writes (attempts,
// run metrics, lab reports, the kill-and-resume experiment's preemption.csv) goes through it;
// CsvReader reads the same dialect back.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace precisionlab::csv {

std::string field(std::string_view value);
std::string record(const std::vector<std::string>& fields);  // with the trailing CRLF

}  // namespace precisionlab::csv
