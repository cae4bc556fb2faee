// core/ConfigValidator.h: one table of fields with their names and ranges, and the checks that
// are not ranges (names, paths, device, build support). Torch-free, Qt-free.
#include "core/ConfigValidator.h"

#include "core/AtomicFileWriter.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>

#include "core/BertConfig.h"
#include "core/NumberText.h"
#include "core/PretrainedModels.h"

namespace precisionlab {

namespace {

namespace fs = std::filesystem;

constexpr double kInf = std::numeric_limits<double>::infinity();

struct FieldInfo {
  ConfigField field;
  const char* name;
  const char* title;
  std::optional<ConfigRange> range;
  const char* unit;  // after the upper bound: "... between 1 and 4096 examples"
  const char* zero;  // what 0 means, where it is special: "all cores"
};

// One row per field, in ConfigField order.
const FieldInfo kFields[] = {
    {ConfigField::Preset, "preset", "model preset", std::nullopt, "", ""},
    {ConfigField::ModelDir, "modelDir", "model directory", std::nullopt, "", ""},
    {ConfigField::Layers, "layers", "pretrained layers used", ConfigRange{0, 1000}, "",
     "all of the checkpoint's layers"},
    {ConfigField::SaveDir, "saveDir", "save directory", std::nullopt, "", ""},
    {ConfigField::DataPath, "dataPath", "dataset file", std::nullopt, "", ""},
    {ConfigField::Steps, "steps", "steps", ConfigRange{1, double(kMaxSteps)}, "", ""},
    {ConfigField::BatchSize, "batchSize", "batch size", ConfigRange{1, double(kMaxBatchSize)},
     " examples", ""},
    {ConfigField::SeqLen, "seqLen", "sequence length", ConfigRange{2, double(kMaxSeqLen)},
     " tokens", ""},
    {ConfigField::LearningRate, "learningRate", "learning rate", ConfigRange{0, kInf, true, true},
     "", ""},
    {ConfigField::EvalEvery, "evalEvery", "evaluation interval", ConfigRange{0, double(kMaxSteps)},
     " steps", "validate at the end only"},
    {ConfigField::ValidationFraction, "validationFraction", "validation fraction",
     ConfigRange{0, 1, true, true}, "", ""},
    {ConfigField::Threads, "threads", "threads", ConfigRange{0, double(kMaxThreads)}, "",
     "all cores"},
    {ConfigField::Oversubscribe, "oversubscribe", "more threads than cores", std::nullopt, "", ""},
    {ConfigField::Device, "device", "device", std::nullopt, "", ""},
    {ConfigField::CpuFp16, "cpuFp16", "fp16 on a CPU", std::nullopt, "", ""},
    // The scale is a float32 in the GradScaler: above FLT_MAX it reached LibTorch as infinity.
    {ConfigField::InitScale, "initScale", "initial loss scale",
     ConfigRange{0, double(std::numeric_limits<float>::max()), true, false}, "", ""},
    {ConfigField::GrowthInterval, "growthInterval", "loss scale growth interval",
     ConfigRange{1, 1e9}, " steps", ""},
    {ConfigField::StopAfterNonFinite, "stopAfterNonFinite", "stop after non-finite steps",
     ConfigRange{0, double(kMaxSteps)}, " steps", "never stop early"},
    {ConfigField::AccumulationSteps, "accumulationSteps", "gradient accumulation steps",
     ConfigRange{1, double(kMaxBatchSize)}, " micro-batches", ""},
    {ConfigField::CheckpointActivations, "checkpointActivations", "activation checkpointing",
     std::nullopt, "", ""},
    // 2^64 times a value of 10 is 1.8e20, far inside bf16's and fp32's 3.4e38.
    {ConfigField::OutlierScaleLog2, "outlierScaleLog2", "outlier feature scale (power of two)",
     ConfigRange{0, 64}, "", "no outlier feature"},
    {ConfigField::CheckpointEvery, "checkpointEvery", "checkpoint interval",
     ConfigRange{0, double(kMaxSteps)}, " steps", "no checkpoints"},
    {ConfigField::CheckpointKeep, "checkpointKeep", "checkpoints kept", ConfigRange{1, 1000}, "",
     ""},
    {ConfigField::ResumeFrom, "resumeFrom", "checkpoint to resume from", std::nullopt, "", ""},
    {ConfigField::LoraRank, "loraRank", "LoRA rank", ConfigRange{0, 1024}, "", "full fine-tuning"},
    {ConfigField::LoraAlpha, "loraAlpha", "LoRA alpha", ConfigRange{0, 1e6, true, false}, "", ""},
};

const FieldInfo& info(ConfigField f) {
  for (const FieldInfo& i : kFields)
    if (i.field == f) return i;
  return kFields[0];  // unreachable: every enumerator has a row (tst_configvalidator checks)
}

// Integers as integers ("4096", not "4096.000000"); others as %g ("0.0005").
std::string number(double v) {
  const bool integer = std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15;
  return integer ? numberText(v, 0, 'f') : numberText(v, 6, 'g');
}

ConfigIssue issue(ConfigField field, std::string message) {
  ConfigIssue i;
  i.field = field;
  i.message = std::move(message);
  return i;
}

std::string withoutTrailingSlashes(std::string dir) {
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return dir;
}

std::optional<ConfigIssue> checkPreset(const TrainConfig& c) {
  if (!c.modelDir.empty()) return std::nullopt;  // a checkpoint fixes the architecture
  if (c.preset == PretrainedModels::kMiniLm) {
    std::vector<std::string> searched;
    if (!PretrainedModels::findMiniLm(&searched).empty()) return std::nullopt;
    return issue(ConfigField::Preset, PretrainedModels::miniLmMissingMessage(searched));
  }
  std::string names;
  for (const auto& n : BertConfig::presetNames()) {
    if (n == c.preset) return std::nullopt;
    names += (names.empty() ? "" : ", ") + n;
  }
  return issue(ConfigField::Preset, "unknown model preset '" + c.preset + "': use one of " + names +
                                        " or " + PretrainedModels::kMiniLm + " (pretrained)");
}

}  // namespace

const std::vector<ConfigField>& allConfigFields() {
  static const std::vector<ConfigField> all = [] {
    std::vector<ConfigField> v;
    for (const auto& f : kFields) v.push_back(f.field);
    return v;
  }();
  return all;
}

const char* configFieldName(ConfigField field) { return info(field).name; }
const char* configFieldTitle(ConfigField field) { return info(field).title; }
std::optional<ConfigRange> configRange(ConfigField field) { return info(field).range; }

std::optional<ConfigIssue> checkRange(ConfigField field, double value) {
  const FieldInfo& f = info(field);
  if (!f.range) return std::nullopt;
  const ConfigRange& r = *f.range;
  const bool low = r.minOpen ? !(value > r.min) : !(value >= r.min);
  const bool high = r.maxOpen ? !(value < r.max) : !(value <= r.max);
  if (!low && !high && std::isfinite(value)) return std::nullopt;
  std::string what;
  if (std::isinf(r.max) && r.minOpen && r.min == 0)
    what = "must be a positive number";
  else if (r.minOpen && r.min == 0 && !r.maxOpen)
    what = "must be a positive number of at most " + number(r.max);
  else if (r.minOpen && r.maxOpen)
    what = "must be between " + number(r.min) + " and " + number(r.max) + ", both excluded";
  else
    what = "must be between " + number(r.min) + (*f.zero ? " (" + std::string(f.zero) + ")" : "") +
           " and " + number(r.max) + f.unit;
  ConfigIssue i = issue(field, std::string(f.title) + " " + what + " (got " + number(value) + ")");
  i.range = r;
  return i;
}

std::optional<ConfigIssue> checkDevice(const std::string& spec,
                                       const std::function<int()>& cudaDeviceCount) {
  if (spec == "cpu") return std::nullopt;
  int index = 0;
  if (spec != "cuda") {
    const std::string prefix = "cuda:";
    const std::string digits = spec.rfind(prefix, 0) == 0 ? spec.substr(prefix.size()) : "";
    if (digits.empty() || digits.size() > 3 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return issue(ConfigField::Device,
                   "device '" + spec + "' is not valid: use cpu, cuda or cuda:N");
    index = std::stoi(digits);
  }
  if (!cudaDeviceCount) return std::nullopt;
  const int count = cudaDeviceCount();
  if (count <= 0)
    return issue(ConfigField::Device,
                 "device '" + spec +
                     "' was asked for, but this LibTorch build or machine has no CUDA device: "
                     "use the cpu device, or build against a CUDA LibTorch");
  if (index >= count)
    return issue(ConfigField::Device,
                 "device '" + spec + "' does not exist: this machine has " + std::to_string(count) +
                     " CUDA device(s), cuda:0 to cuda:" + std::to_string(count - 1));
  return std::nullopt;
}

std::string saveDirectoryProblem(const std::string& dirArg) {
  const std::string dir = withoutTrailingSlashes(dirArg);
  if (dir.empty()) return "the save directory needs a name";
  std::error_code ec;
  const fs::path target(dir);
  if (fs::exists(target, ec)) {
    if (!fs::is_directory(target, ec))
      return dir + ": exists and is not a directory; choose another place to save";
    bool empty = true, hasConfig = false;
    for (const auto& entry : fs::directory_iterator(target, ec)) {
      empty = false;
      if (entry.is_directory())
        return dir + ": exists and contains the folder " + entry.path().filename().string() +
               "; PrecisionLab replaces only plain model directories. Choose a new one.";
      if (entry.path().filename() == "config.json") hasConfig = true;
    }
    if (!empty && !hasConfig)
      return dir +
             ": exists and is not a model directory (no config.json); choose a new or empty "
             "directory so nothing else is overwritten";
  }
  // The save goes through a sibling temporary directory, so the parent must take new entries.
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, ec))
    return dir + ": the folder " + parent.string() +
           " does not exist; create it first or save somewhere else";
  if (::access(parent.c_str(), W_OK | X_OK) != 0)
    return dir + ": cannot write in " + parent.string() + " (" + AtomicFileWriter::reason(errno) +
           "); save somewhere else";
  return {};
}

std::vector<ConfigIssue> validate(const TrainConfig& c, const ConfigEnvironment& env) {
  std::vector<ConfigIssue> out;
  auto add = [&](std::optional<ConfigIssue> i) {
    if (i) out.push_back(std::move(*i));
  };
  add(checkPreset(c));
  std::error_code ec;
  if (!c.modelDir.empty() && !fs::is_directory(c.modelDir, ec))
    add(issue(ConfigField::ModelDir, c.modelDir +
                                         ": not a directory; give a Hugging Face model directory "
                                         "holding config.json, vocab.txt and model.safetensors"));
  add(checkRange(ConfigField::Layers, double(c.layers)));
  if (!c.saveDir.empty()) {
    const std::string problem = saveDirectoryProblem(c.saveDir);
    if (!problem.empty()) add(issue(ConfigField::SaveDir, problem));
  }
  if (!c.dataPath.empty()) {
    if (!fs::exists(c.dataPath, ec))
      add(issue(ConfigField::DataPath, c.dataPath + ": no such dataset file"));
    else if (fs::is_directory(c.dataPath, ec))
      add(issue(ConfigField::DataPath,
                c.dataPath + ": is a folder; the dataset is a .csv, .tsv or .jsonl file"));
  }
  add(checkRange(ConfigField::Steps, double(c.steps)));
  add(checkRange(ConfigField::BatchSize, double(c.batchSize)));
  add(checkRange(ConfigField::SeqLen, double(c.seqLen)));
  add(checkRange(ConfigField::LearningRate, c.learningRate));
  add(checkRange(ConfigField::EvalEvery, double(c.evalEvery)));
  add(checkRange(ConfigField::ValidationFraction, c.validationFraction));
  if (auto threads = checkRange(ConfigField::Threads, double(c.threads))) {
    add(std::move(threads));
  } else if (c.threads > env.cores && !c.oversubscribe) {
    // More threads than cores only makes each step slower (they wait for each other); a user
    // who knows better allows it (Oversubscribe).
    ConfigIssue i = issue(ConfigField::Threads,
                          "threads (" + std::to_string(c.threads) + ") is more than the " +
                              std::to_string(env.cores) +
                              " cores of this machine, which slows every step; use at most " +
                              std::to_string(env.cores));
    i.range = ConfigRange{0, double(env.cores)};
    i.allowedBy = ConfigField::Oversubscribe;
    add(std::move(i));
  } else if (c.threads > kMaxOversubscription * std::max(1, env.cores)) {
    // Even allowed, 1024 threads on 2 cores spin-waited on each other: the run hung.
    const int most = kMaxOversubscription * std::max(1, env.cores);
    ConfigIssue i =
        issue(ConfigField::Threads,
              "threads (" + std::to_string(c.threads) + ") is more than " +
                  std::to_string(kMaxOversubscription) + " per core (" + std::to_string(env.cores) +
                  " cores here), even with oversubscribe: the threads would only "
                  "wait on each other; use at most " +
                  std::to_string(most));
    i.range = ConfigRange{0, double(most)};
    add(std::move(i));
  }
  add(checkDevice(c.device, env.cudaDeviceCount));
  if (c.cpuFp16 == CpuFp16::Real && !env.cpuFp16Kernels)
    add(issue(ConfigField::CpuFp16,
              "real fp16 kernels on a CPU need LibTorch 2.3 or newer; this build has LibTorch " +
                  env.torchVersion +
                  ": use the LibTorch 2.x build (bash packaging/setup.sh run --torch2) or "
                  "emulated fp16"));
  add(checkRange(ConfigField::InitScale, c.initScale));
  add(checkRange(ConfigField::GrowthInterval, double(c.growthInterval)));
  add(checkRange(ConfigField::StopAfterNonFinite, double(c.stopAfterNonFinite)));
  add(checkRange(ConfigField::OutlierScaleLog2, double(c.outlierScaleLog2)));
  add(checkRange(ConfigField::LoraRank, double(c.loraRank)));
  add(checkRange(ConfigField::LoraAlpha, c.loraAlpha));
  if (auto accumulation = checkRange(ConfigField::AccumulationSteps, double(c.accumulationSteps))) {
    add(std::move(accumulation));
  } else if (c.batchSize % c.accumulationSteps != 0) {
    // Micro-batches of equal size, so the accumulated mean is the one-batch mean.
    add(issue(ConfigField::AccumulationSteps,
              "gradient accumulation steps (" + std::to_string(c.accumulationSteps) +
                  ") must divide the batch size (" + std::to_string(c.batchSize) +
                  ") into equal micro-batches"));
  }
  add(checkRange(ConfigField::CheckpointEvery, double(c.checkpointEvery)));
  add(checkRange(ConfigField::CheckpointKeep, double(c.checkpointKeep)));
  if (c.checkpointEvery > 0 && c.checkpointDir.empty())
    add(issue(ConfigField::CheckpointEvery,
              "periodic checkpoints need an output folder to write checkpoint-<step>/ into"));
  if (c.resumeFrom == "latest" && c.checkpointDir.empty())
    add(issue(ConfigField::ResumeFrom,
              "resuming from \"latest\" needs the output folder that holds the checkpoints"));
  return out;
}

}  // namespace precisionlab
