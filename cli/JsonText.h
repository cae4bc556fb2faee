// Small text helpers the CLI's reports share: printf-style numbers and JSON values for the
// JSON Lines it writes (records are flat, so no JSON library is needed on this side).
#pragma once

#include <string>

namespace precisionlab::cli {

// One double through a printf format, e.g. formatNumber("%.3f", x).
std::string formatNumber(const char* format, double v);
// A JSON number; JSON has no inf/NaN, so those are written as null.
std::string jsonNumber(double v);
// A JSON string literal with quotes, backslashes and control characters escaped.
std::string jsonString(const std::string& s);

}  // namespace precisionlab::cli
