// A number as text for what core writes (verdict wording, run labels, messages): std::to_chars,
// so the text never depends on the C locale (the app runs under the user's, where snprintf
// writes "0,625"), and one spelling for non-finite values on every front end ("NaN", "inf",
// "-inf", never the C library's "-nan").
#pragma once

#include <string>

namespace precisionlab {

// style 'f': `precision` digits after the point; 'g': `precision` significant digits, as
// printf's "%.*f" / "%.*g" in the C locale.
std::string numberText(double value, int precision, char style);

}  // namespace precisionlab
