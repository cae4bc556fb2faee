// libFuzzer target for config.json (parseHfConfig): any input is accepted as a BERT config with
// every size inside its bound, or refused with InputError. A crash, a sanitizer report, a huge
// allocation (-rss_limit_mb) or a broken invariant is a bug. Torch-free: see fuzz/CMakeLists.txt.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/EngineError.h"
#include "core/HfConfig.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  precisionlab::BertConfig c;
  try {
    c = precisionlab::parseHfConfig(text, "config.json");
  } catch (const precisionlab::InputError&) {
    return 0;
  }
  if (c.vocabSize <= 0 || c.vocabSize > (1 << 20) || c.hiddenSize <= 0 || c.hiddenSize > 8192 ||
      c.numLayers <= 0 || c.numLayers > 256 || c.labels.empty() ||
      c.labels.size() > precisionlab::kMaxLabels || c.hiddenSize % c.numHeads != 0)
    std::abort();
  // What we write reads back to the same configuration.
  const precisionlab::BertConfig again =
      precisionlab::parseHfConfig(precisionlab::hfConfigJson(c, 0), "written");
  if (again.labels != c.labels || again.vocabSize != c.vocabSize) std::abort();
  return 0;
}
