// The one message a front end shows for an exception it did not expect, whatever its type:
// InputError as is, std::bad_alloc and a LibTorch allocation failure (a c10::Error saying
// "can't allocate memory" or "out of memory") as "out of memory" naming the settings to lower,
// any other c10::Error without its C++ backtrace, any other std::exception by its what(), anything
// else as an unknown error. Control characters are escaped, so the text is safe on a terminal, in a
// log and in a dialog. The CLI dispatcher, the app's event loop and the worker threads all call it,
// so no exception ends the process with an abort.
#pragma once

#include <string>

namespace precisionlab {

// Call only inside a catch block: describes the exception being handled.
std::string describeCurrentException();

}  // namespace precisionlab
