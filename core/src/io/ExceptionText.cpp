#include "core/ExceptionText.h"

#include <exception>
#include <new>

#include "core/EngineError.h"
#include "core/TerminalText.h"

namespace precisionlab {

const char* smallerSettingsText() {
  return "choose a smaller batch size (--batch-size), sequence length (--seq-len) or model "
         "(--preset, --layers), or fewer threads (--threads)";
}

std::string describeStandardException() {
  std::string text;
  try {
    throw;
  } catch (const InputError& e) {
    text = e.what();
  } catch (const std::bad_alloc&) {
    text = std::string("out of memory: the input asks for more memory than this machine can ") +
           "give (a model, batch, sequence or file that large); " + smallerSettingsText();
  } catch (const std::exception& e) {
    text = std::string("internal error: ") + e.what();
  } catch (...) {
    text = "internal error: an exception of unknown type";
  }
  return escapeForTerminal(text, NewlinePolicy::Keep);
}

}  // namespace precisionlab
