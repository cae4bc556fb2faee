#include "engine/ExceptionText.h"

#include <c10/util/Exception.h>

#include <exception>
#include <new>
#include <string>

#include "core/EngineError.h"
#include "core/TerminalText.h"

namespace precisionlab {
namespace {

// What to change, by the settings' names (the CLI's options and the app's fields alike).
constexpr const char* kSmaller =
    "choose a smaller batch size (--batch-size), sequence length (--seq-len) or model "
    "(--preset, --layers), or fewer threads (--threads)";

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
  } catch (const InputError& e) {
    text = e.what();
  } catch (const std::bad_alloc&) {
    text = std::string("out of memory: the input asks for more memory than this machine can ") +
           "give (a model, batch, sequence or file that large); " + kSmaller;
  } catch (const c10::Error& e) {
    const std::string what = e.what_without_backtrace();
    // LibTorch's allocators report a failed allocation as a c10::Error (CPU: "can't allocate
    // memory", CUDA: "out of memory"): the same message as a bad_alloc, with LibTorch's words.
    if (isAllocationFailure(what))
      text = "out of memory: LibTorch could not allocate the tensors this run needs (" +
             firstLine(what) + "); " + kSmaller;
    else
      text = "LibTorch error: " + what;
  } catch (const std::exception& e) {
    text = std::string("internal error: ") + e.what();
  } catch (...) {
    text = "internal error: an exception of unknown type";
  }
  return escapeForTerminal(text, NewlinePolicy::Keep);
}

bool currentExceptionIsInputError() {
  try {
    throw;
  } catch (const InputError&) {
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace precisionlab
