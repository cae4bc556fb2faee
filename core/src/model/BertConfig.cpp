// Model size presets (DESIGN.md). Everything not listed keeps BertConfig's Hugging Face defaults.
#include "core/BertConfig.h"

#include "core/EngineError.h"

namespace precisionlab {

namespace {
struct Preset {
  const char* name;
  int64_t layers;
  int64_t hidden;
  int64_t heads;
};
constexpr Preset kPresets[] = {
    {"tiny", 2, 128, 2},
    {"mini", 4, 256, 4},
    {"small", 4, 512, 8},
    {"medium", 8, 512, 8},
    {"base", 12, 768, 12},
    // bert-large-uncased's shape: for GPU benchmarks (bench/gpu-record.sh); far too slow for a
    // CPU lab, which the validator does not forbid but nothing defaults to.
    {"large", 24, 1024, 16},
};
}  // namespace

BertConfig BertConfig::preset(const std::string& name, int64_t vocabSize,
                              std::vector<std::string> labels) {
  for (const auto& p : kPresets) {
    if (name != p.name) continue;
    BertConfig c;
    c.vocabSize = vocabSize;
    c.numLayers = p.layers;
    c.hiddenSize = p.hidden;
    c.numHeads = p.heads;
    c.intermediateSize = 4 * p.hidden;
    c.labels = std::move(labels);
    return c;
  }
  std::string valid;
  for (const auto& p : kPresets) valid += std::string(valid.empty() ? "" : ", ") + p.name;
  throw InputError("unknown model preset '" + name + "': use one of " + valid);
}

std::vector<std::string> BertConfig::presetNames() {
  std::vector<std::string> names;
  for (const auto& p : kPresets) names.emplace_back(p.name);
  return names;
}

}  // namespace precisionlab
