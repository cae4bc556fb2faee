// Small text helpers the CLI's reports share: printf-style numbers and JSON values for the
// reports it writes by hand (verdicts.json). Records and summaries are encoded by core's one
// JSON encoding (core/RecordJson.h), whose number spelling jsonNumber shares.
#pragma once

#include <string>

namespace precisionlab::cli {

// One double through a printf format, e.g. formatNumber("%.3f", x).
std::string formatNumber(const char* format, double v);
// A JSON number as core's record encoding writes it: NaN and infinities as the strings "NaN",
// "Infinity" and "-Infinity" (docs/run-file-format.md, "Numbers").
std::string jsonNumber(double v);
// A JSON string literal (json::quote) of `s` made valid UTF-8 (textForJson).
std::string jsonString(const std::string& s);
// `s` with each ill-formed UTF-8 sequence replaced by U+FFFD: JSON text must be UTF-8, and a
// message or device name may carry bytes of another encoding (a file name in Latin-1).
std::string textForJson(const std::string& s);

}  // namespace precisionlab::cli
