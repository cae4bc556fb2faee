// Small text helpers the CLI's reports share: printf-style numbers, padded table columns, and
// text made valid UTF-8 for JSON. Records and summaries are encoded by core's one JSON encoding
// (core/RecordJson.h, recordLine), verdicts.json by core's one writer (core/VerdictJson.h);
// jsonNumber is that encoding's number spelling, for the CLI's text lines.
#pragma once

#include <cstddef>
#include <string>

namespace precisionlab::cli {

// One double through a printf format, e.g. formatNumber("%.3f", x).
std::string formatNumber(const char* format, double v);
// `s` padded with spaces to `width` bytes (a table column; longer text is left as it is).
std::string pad(std::string s, size_t width);
// A JSON number as core's record encoding writes it: NaN and infinities as the strings "NaN",
// "Infinity" and "-Infinity" (docs/run-file-format.md, "Numbers").
std::string jsonNumber(double v);
// `s` with each ill-formed UTF-8 sequence replaced by U+FFFD: JSON text must be UTF-8, and a
// message or device name may carry bytes of another encoding (a file name in Latin-1).
std::string textForJson(const std::string& s);

}  // namespace precisionlab::cli
