#include "engine/ExceptionText.h"

#include <c10/util/Exception.h>

#include <exception>
#include <new>

#include "core/EngineError.h"
#include "core/TerminalText.h"

namespace precisionlab {

std::string describeCurrentException() {
  std::string text;
  try {
    throw;
  } catch (const InputError& e) {
    text = e.what();
  } catch (const std::bad_alloc&) {
    text =
        "out of memory: the input asks for more memory than this machine can give (a model, "
        "batch, sequence or file that large); choose smaller sizes";
  } catch (const c10::Error& e) {
    text = std::string("LibTorch error: ") + e.what_without_backtrace();
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
