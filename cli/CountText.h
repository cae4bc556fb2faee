// "1 domain", "3 domains": a count with its noun in the right number, for the CLI's English
// output (the window's texts use Qt's %n plural forms and their translations).
#pragma once

#include <string>

namespace precisionlab::cli {

inline std::string countText(long long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace precisionlab::cli
