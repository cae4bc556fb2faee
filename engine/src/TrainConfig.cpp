#include "engine/TrainConfig.h"

#include <cmath>
#include <filesystem>

#include "engine/BertConfig.h"
#include "engine/EngineError.h"
#include "engine/HfModelDirectory.h"
#include "engine/PretrainedModels.h"
#include "engine/src/DeviceInfo.h"

namespace precisionlab {

namespace {
struct PrecisionNameEntry {
  Precision precision;
  const char* name;
};
constexpr PrecisionNameEntry kPrecisionNames[] = {
    {Precision::Fp32, "fp32"},
    {Precision::Fp16Amp, "fp16-amp"},
    {Precision::Bf16Amp, "bf16-amp"},
    {Precision::HalfModel, "half-model"},
    {Precision::Fp16AmpNoScaler, "fp16-amp-noscale"},
};
}  // namespace

const char* precisionName(Precision p) {
  for (const auto& e : kPrecisionNames)
    if (e.precision == p) return e.name;
  return "unknown";
}

bool parsePrecision(const std::string& s, Precision* out) {
  for (const auto& e : kPrecisionNames) {
    if (s == e.name) {
      *out = e.precision;
      return true;
    }
  }
  return false;
}

void checkTrainConfig(const TrainConfig& c, const std::string& who) {
  const std::string prefix = who.empty() ? std::string() : who + ": ";
  auto fail = [&](const std::string& what) { throw InputError(prefix + what); };
  if (c.steps < 1) fail("steps (--steps) must be at least 1 (got " + std::to_string(c.steps) + ")");
  if (c.batchSize < 1)
    fail("batch size (--batch-size) must be at least 1 (got " + std::to_string(c.batchSize) + ")");
  if (c.seqLen < 2 || c.seqLen > 512)
    fail("sequence length (--seq-len) must be between 2 and 512 tokens (got " +
         std::to_string(c.seqLen) + ")");
  if (!(c.learningRate > 0) || !std::isfinite(c.learningRate))
    fail("learning rate (--lr) must be a positive number, such as 5e-4");
  if (c.evalEvery < 0)
    fail("--eval-every must be 0 (validate at the end only) or a positive step count");
  if (c.threads < 0 || c.threads > 1024) fail("--threads must be between 0 (all cores) and 1024");
  if (c.layers < 0 || c.layers > 1000)
    fail("--layers must be between 0 (all of the checkpoint's layers) and 1000");
  if (c.modelDir.empty() && c.preset == PretrainedModels::kMiniLm) {
    std::vector<std::string> searched;
    if (PretrainedModels::findMiniLm(&searched).empty())
      fail(PretrainedModels::miniLmMissingMessage(searched));
  } else if (c.modelDir.empty()) {
    bool known = false;
    std::string names;
    for (const auto& n : BertConfig::presetNames()) {
      known = known || n == c.preset;
      names += (names.empty() ? "" : ", ") + n;
    }
    if (!known)
      fail("unknown model preset '" + c.preset + "' (--preset): use one of " + names + " or " +
           PretrainedModels::kMiniLm + " (pretrained)");
  } else {
    std::error_code ec;
    if (!std::filesystem::is_directory(c.modelDir, ec))
      fail(c.modelDir + ": not a directory (--model); give a Hugging Face model directory holding "
                        "config.json, vocab.txt and model.safetensors");
  }
  if (!c.dataPath.empty()) {
    std::error_code ec;
    if (!std::filesystem::exists(c.dataPath, ec))
      fail(c.dataPath + ": no such dataset file (--data)");
    if (std::filesystem::is_directory(c.dataPath, ec))
      fail(c.dataPath + ": is a folder; --data takes a .csv, .tsv or .jsonl file");
  }
  try {
    parseDevice(c.device);
    if (!c.saveDir.empty()) checkSaveDirectory(c.saveDir);
  } catch (const InputError& e) {
    fail(e.what());
  }
}

}  // namespace precisionlab
