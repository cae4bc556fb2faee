#include "core/NumberText.h"

#include <charconv>
#include <cmath>

namespace precisionlab {

std::string numberText(double value, int precision, char style) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[400];  // fixed notation of the largest double needs 309 digits
  const auto r = std::to_chars(buf, buf + sizeof buf, value,
                               style == 'g' ? std::chars_format::general : std::chars_format::fixed,
                               precision);
  return std::string(buf, r.ptr);
}

}  // namespace precisionlab
