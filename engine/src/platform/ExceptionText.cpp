#include "engine/ExceptionText.h"

#include <c10/util/Exception.h>

#include <exception>
#include <new>
#include <string>

#include "core/EngineError.h"
#include "core/ExceptionText.h"
#include "core/TerminalText.h"

namespace precisionlab {
namespace {

bool isAllocationFailure(const std::string& what) {
  for (const char* words : {"can't allocate memory", "out of memory", "Out of memory",
                            "OutOfMemory", "Cannot allocate memory"})
    if (what.find(words) != std::string::npos) return true;
  return false;
}

std::string firstLine(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.size() > 300 ? line.substr(0, 300) + "..." : line;
}

}  // namespace

std::string describeCurrentException() {
  std::string text;
  try {
    throw;
  } catch (const c10::Error& e) {
    const std::string what = e.what_without_backtrace();
    // LibTorch's allocators report a failed allocation as a c10::Error (CPU: "can't allocate
    // memory", CUDA: "out of memory"): the same message as a bad_alloc, with LibTorch's words.
    if (isAllocationFailure(what))
      text = "out of memory: LibTorch could not allocate the tensors this run needs (" +
             firstLine(what) + "); " + smallerSettingsText();
    else
      text = "LibTorch error: " + what;
  } catch (...) {
    return describeStandardException();  // InputError, bad_alloc, std::exception, the rest
  }
  return escapeForTerminal(text, NewlinePolicy::Keep);
}

}  // namespace precisionlab
