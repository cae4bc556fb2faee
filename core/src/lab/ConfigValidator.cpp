// core/ConfigValidator.h: the ranges of the one field table (core/ConfigFields.h), and the checks
// that are not ranges (names, paths, device, build support, one field against another).
// Torch-free, Qt-free.
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
#include "core/OutputFolder.h"
#include "core/PretrainedModels.h"
#include "core/TextDataset.h"

namespace precisionlab {

namespace {

namespace fs = std::filesystem;

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

// A dataset too large to read and tokenize whole before the first step (kMaxTrainingDatasetBytes):
// its size, the cap, and how to train on a sample instead.
std::optional<ConfigIssue> datasetSizeIssue(const std::string& path) {
  std::error_code ec;
  const uintmax_t bytes = fs::file_size(path, ec);
  if (ec || bytes <= kMaxTrainingDatasetBytes) return std::nullopt;  // the reader names the rest
  const std::string ext = fs::path(path).extension().string();
  const std::string sample =
      ext == ".jsonl" || ext == ".ndjson"
          ? "shuf -n 50000 " + path + " > sample" + ext
          : "(head -n 1 " + path + "; tail -n +2 " + path + " | shuf -n 50000) > sample" + ext +
                " (the header line first; rows with line breaks inside quotes need a CSV tool)";
  return issue(ConfigField::DataPath,
               path + ": the dataset is " + numberText(double(bytes) / (1 << 20), 1, 'f') +
                   " MiB, over the " + std::to_string(kMaxTrainingDatasetBytes >> 20) +
                   " MiB a training run takes: it reads and tokenizes every example before "
                   "its first step (a 150 MB file took 3 minutes of CPU and 2.2 GB). Train on a "
                   "sample, "
                   "e.g. " +
                   sample);
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

std::optional<ConfigIssue> checkThreads(const TrainConfig& c, const ConfigEnvironment& env) {
  if (c.threads > env.cores && !c.oversubscribe) {
    // More threads than cores only makes each step slower (they wait for each other); a user
    // who knows better allows it (Oversubscribe).
    ConfigIssue i = issue(ConfigField::Threads,
                          "threads (" + std::to_string(c.threads) + ") is more than the " +
                              std::to_string(env.cores) +
                              " cores of this machine, which slows every step; use at most " +
                              std::to_string(env.cores));
    i.range = ConfigRange{0, double(env.cores)};
    i.allowedBy = ConfigField::Oversubscribe;
    return i;
  }
  if (c.threads > kMaxOversubscription * std::max(1, env.cores)) {
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
    return i;
  }
  return std::nullopt;
}

// The checks of one field that are not its range: names, paths, the machine, other fields.
std::optional<ConfigIssue> checkBeyondRange(ConfigField field, const TrainConfig& c,
                                            const ConfigEnvironment& env) {
  std::error_code ec;
  switch (field) {
    case ConfigField::Preset:
      return checkPreset(c);
    case ConfigField::ModelDir:
      if (!c.modelDir.empty() && !fs::is_directory(c.modelDir, ec))
        return issue(field, c.modelDir +
                                ": not a directory; give a Hugging Face model directory "
                                "holding config.json, vocab.txt and model.safetensors");
      return std::nullopt;
    case ConfigField::SaveDir:
      if (!c.saveDir.empty()) {
        const std::string problem = saveDirectoryProblem(c.saveDir);
        if (!problem.empty()) return issue(field, problem);
      }
      return std::nullopt;
    case ConfigField::DataPath:
      if (c.dataPath.empty()) return std::nullopt;
      if (!fs::exists(c.dataPath, ec)) return issue(field, c.dataPath + ": no such dataset file");
      if (fs::is_directory(c.dataPath, ec))
        return issue(field,
                     c.dataPath + ": is a folder; the dataset is a .csv, .tsv or .jsonl file");
      return datasetSizeIssue(c.dataPath);
    case ConfigField::Threads:
      return checkThreads(c, env);
    case ConfigField::Device:
      return checkDevice(c.device, env.cudaDeviceCount);
    case ConfigField::CpuFp16:
      if (c.cpuFp16 == CpuFp16::Real && !env.cpuFp16Kernels)
        return issue(field,
                     "real fp16 kernels on a CPU need LibTorch 2.3 or newer; this build has "
                     "LibTorch " +
                         env.torchVersion +
                         ": use the LibTorch 2.x build (bash packaging/setup.sh run --torch2) or "
                         "emulated fp16");
      return std::nullopt;
    case ConfigField::AccumulationSteps:
      // Micro-batches of equal size, so the accumulated mean is the one-batch mean.
      if (c.batchSize % c.accumulationSteps != 0)
        return issue(field, "gradient accumulation steps (" + std::to_string(c.accumulationSteps) +
                                ") must divide the batch size (" + std::to_string(c.batchSize) +
                                ") into equal micro-batches");
      return std::nullopt;
    case ConfigField::CheckpointEvery:
      if (c.checkpointEvery > 0 && c.checkpointDir.empty())
        return issue(field,
                     "periodic checkpoints need an output folder to write checkpoint-<step>/ into");
      return std::nullopt;
    case ConfigField::CheckpointDir:
      // Said before the run, naming what is there: a FIFO was found only when the first
      // checkpoint was due (train --checkpoint-every 1000 lost 999 steps to a typo).
      if (!c.checkpointDir.empty() && (c.checkpointEvery > 0 || c.resumeFrom == "latest")) {
        const std::string problem = outputFolderProblem(c.checkpointDir);
        if (!problem.empty()) return issue(field, problem);
      }
      return std::nullopt;
    case ConfigField::ResumeFrom:
      if (c.resumeFrom == "latest" && c.checkpointDir.empty())
        return issue(field,
                     "resuming from \"latest\" needs the output folder that holds the checkpoints");
      return std::nullopt;
    default:
      return std::nullopt;  // its range is its only check
  }
}

}  // namespace

std::optional<ConfigIssue> checkRange(ConfigField field, double value) {
  const ConfigFieldRow& f = configField(field);
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
  if (const std::string kind = pathKindText(dir); kind.find("symbolic link") != std::string::npos)
    return dir + ": " + kind + "; choose another place to save";
  if (fs::exists(target, ec)) {
    if (!fs::is_directory(target, ec))
      return dir + ": " + pathKindText(dir) + ", not a folder; choose another place to save";
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
  for (const ConfigFieldRow& row : configFields()) {
    // A field out of its range gets that issue alone: its other checks assume the range.
    std::optional<ConfigIssue> i = row.range ? checkRange(row.field, row.number(c)) : std::nullopt;
    if (!i) i = checkBeyondRange(row.field, c, env);
    if (i) out.push_back(std::move(*i));
  }
  return out;
}

}  // namespace precisionlab
