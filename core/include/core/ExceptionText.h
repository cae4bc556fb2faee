// The one message a front end shows for an exception it did not expect, for the exceptions that
// need no LibTorch to name: InputError as is, std::bad_alloc as "out of memory" naming the
// settings to lower, any other std::exception by its what(), anything else as an unknown error;
// control characters escaped. The engine's describeCurrentException (engine/ExceptionText.h)
// adds LibTorch's c10::Error and calls this for the rest; the light CLI front (no LibTorch)
// calls this one.
#pragma once

#include <string>

namespace precisionlab {

// Call only inside a catch block: describes the exception being handled.
std::string describeStandardException();

// "choose a smaller batch size (--batch-size), ...": what an out-of-memory message asks for.
const char* smallerSettingsText();

}  // namespace precisionlab
