// Errors the engine raises. InputError is for bad user input (a file, a line, a field, an
// option): its message names where the problem is and what to do about it, ready to show as is.
#pragma once

#include <stdexcept>
#include <string>

namespace precisionlab {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace precisionlab
