// libFuzzer target for vocab.txt and the WordPiece tokenizer: the input is read as a vocabulary
// (accepted or refused with InputError), and an accepted one tokenizes the input itself, which
// must give at most max-length ids, each inside the vocabulary. Torch-free.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/EngineError.h"
#include "core/WordPieceTokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const bool lowercase = size > 0 && (data[0] & 1);
  try {
    const auto tok = precisionlab::WordPieceTokenizer::fromVocabText(text, lowercase, "vocab.txt");
    for (const int64_t maxLength : {2, 16, 512}) {
      const std::vector<int64_t> ids = tok.encode(text, maxLength);
      if (ids.size() < 2 || static_cast<int64_t>(ids.size()) > maxLength) std::abort();
      for (const int64_t id : ids)
        if (id < 0 || id >= tok.vocabSize()) std::abort();
    }
  } catch (const precisionlab::InputError&) {
  }
  return 0;
}
