#include "core/TrainConfig.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <thread>

#include "core/BertConfig.h"
#include "core/EngineError.h"
#include "core/PretrainedModels.h"
#include "engine/HfModelDirectory.h"
#include "platform/DeviceInfo.h"
#include "platform/TorchCompat.h"

namespace precisionlab {

const char* cpuFp16Name(CpuFp16 m) {
  switch (m) {
    case CpuFp16::Auto:
      return "auto";
    case CpuFp16::Emulate:
      return "emulate";
    case CpuFp16::Real:
      return "real";
  }
  return "unknown";
}

bool parseCpuFp16(const std::string& s, CpuFp16* out) {
  for (CpuFp16 m : {CpuFp16::Auto, CpuFp16::Emulate, CpuFp16::Real}) {
    if (s == cpuFp16Name(m)) {
      *out = m;
      return true;
    }
  }
  return false;
}

bool cpuFp16KernelsAvailable() { return compat::kCpuFp16Kernels; }

void checkTrainConfig(const TrainConfig& c, const std::string& who) {
  const std::string prefix = who.empty() ? std::string() : who + ": ";
  auto fail = [&](const std::string& what) { throw InputError(prefix + what); };
  if (c.steps < 1 || c.steps > kMaxSteps)
    fail("steps (--steps) must be between 1 and " + std::to_string(kMaxSteps) + " (got " +
         std::to_string(c.steps) + ")");
  if (c.batchSize < 1 || c.batchSize > kMaxBatchSize)
    fail("batch size (--batch-size) must be between 1 and " + std::to_string(kMaxBatchSize) +
         " examples (got " + std::to_string(c.batchSize) + ")");
  if (c.seqLen < 2 || c.seqLen > kMaxSeqLen)
    fail("sequence length (--seq-len) must be between 2 and " + std::to_string(kMaxSeqLen) +
         " tokens (got " + std::to_string(c.seqLen) + ")");
  if (!(c.learningRate > 0) || !std::isfinite(c.learningRate))
    fail("learning rate (--lr) must be a positive number, such as 5e-4");
  if (c.evalEvery < 0)
    fail("--eval-every must be 0 (validate at the end only) or a positive step count");
  if (c.threads < 0 || c.threads > kMaxThreads)
    fail("--threads must be between 0 (all cores) and " + std::to_string(kMaxThreads));
  // More threads than cores only makes each step slower (they wait for each other); a user who
  // knows better says so with --oversubscribe.
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (c.threads > cores && !c.oversubscribe)
    fail("--threads " + std::to_string(c.threads) + " is more than the " + std::to_string(cores) +
         " cores of this machine, which slows every step; use at most " + std::to_string(cores) +
         ", or add --oversubscribe to insist");
  if (c.cpuFp16 == CpuFp16::Real && !compat::kCpuFp16Kernels)
    fail(std::string("real fp16 kernels on a CPU (--cpu-fp16 real) need LibTorch 2.3 or newer; "
                     "this build has LibTorch ") +
         compat::torchVersion() +
         ": use the LibTorch 2.x build (bash packaging/setup.sh run --torch2) or --cpu-fp16 "
         "emulate");
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
      fail(c.modelDir +
           ": not a directory (--model); give a Hugging Face model directory holding "
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
