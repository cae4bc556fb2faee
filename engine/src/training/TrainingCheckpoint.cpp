// Training checkpoints for preemption and resume (Trainer.h, docs/preemption-experiment.md): the
// Hugging Face Trainer's checkpoint-<step>/ layout where it fits, with safetensors and JSON in
// place of its pickled optimizer.pt, scheduler.pt and rng_state.pth (nothing is ever unpickled).
#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <locale>
#include <mutex>
#include <sstream>

#include "core/AtomicFileWriter.h"
#include "core/CheckpointFolders.h"
#include "core/ConfigFields.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/OutputFolder.h"
#include "core/SafeFileReader.h"
#include "core/TerminalText.h"
#include "model/SafetensorsFile.h"
#include "model/SafetensorsWriter.h"
#include "training/Trainer.h"

namespace precisionlab {

namespace {

namespace fs = std::filesystem;

constexpr const char* kModelFile = "model.safetensors";
constexpr const char* kOptimizerFile = "optimizer.safetensors";
constexpr const char* kSchedulerFile = "scheduler.json";
constexpr const char* kRngFile = "rng_state.json";
constexpr const char* kStateFile = "trainer_state.json";
// 2: the settings a resume must share are the config table's (ConfigFieldRow::resumeMustMatch),
// by run-file name under precisionlab.settings; 1 held five of them by hand.
constexpr const char* kFormat = "precisionlab-training-checkpoint-2";
// The JSON files are small (the data order is one index per training example): a cap before
// anything is read.
constexpr FileKind kCheckpointJson{"training checkpoint file", 256u << 20};

std::string hex(const uint8_t* p, size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string s(n * 2, '0');
  for (size_t i = 0; i < n; ++i) {
    s[2 * i] = digits[p[i] >> 4];
    s[2 * i + 1] = digits[p[i] & 15];
  }
  return s;
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// Reads a checkpoint's JSON file: a regular file under the cap, valid JSON, an object.
json::Value readJson(const std::string& dir, const char* name) {
  const std::string path = (fs::path(dir) / name).string();
  const std::string text = SafeFileReader::readFile(path, kCheckpointJson);
  json::Value v;
  try {
    v = json::parse(text);
  } catch (const std::exception& e) {
    throw InputError(path + ": not a valid checkpoint file (truncated or corrupt?): " + e.what());
  }
  if (!v.isObject()) throw InputError(path + ": must hold a JSON object");
  return v;
}

// Field access that names the file and the field in every refusal.
struct Fields {
  std::string path;
  const json::Value& root;
  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw InputError(path + ": field \"" + field + "\" " + what);
  }
  const json::Value& get(const json::Value& o, const std::string& field) const {
    const json::Value* v = o.find(field);
    if (!v) fail(field, "is missing (truncated or corrupt checkpoint?)");
    return *v;
  }
  int64_t integer(const json::Value& o, const std::string& field, int64_t lo, int64_t hi) const {
    const json::Value& v = get(o, field);
    const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
    if (!v.isNumber() || !v.isInteger())
      fail(field, "must be an integer in " + range + ", not " +
                      (v.isNumber() ? json::serialize(v) : json::typeName(v.type())));
    int64_t n = 0;
    try {
      n = v.asInt64();
    } catch (const json::TypeError&) {
      fail(field, "is " + json::serialize(v) + ", outside the accepted " + range);
    }
    if (n < lo || n > hi)
      fail(field, "is " + std::to_string(n) + ", outside the accepted " + range);
    return n;
  }
  double number(const json::Value& o, const std::string& field) const {
    try {
      return get(o, field).asDouble();
    } catch (const json::TypeError&) {
      fail(field, "must be a number");
    }
  }
  const std::string& text(const json::Value& o, const std::string& field) const {
    try {
      return get(o, field).asString();
    } catch (const json::TypeError&) {
      fail(field, "must be a string");
    }
  }
  const json::Value::Array& array(const json::Value& o, const std::string& field) const {
    try {
      return get(o, field).asArray();
    } catch (const json::TypeError&) {
      fail(field, "must be an array");
    }
  }
};

void removeQuietly(const fs::path& p) {
  std::error_code ec;
  fs::remove_all(p, ec);
}

// Removes a checkpoint folder by renaming it out of the checkpoint-<step> names first, then
// deleting it: a kill during the deletion leaves ".checkpoint-<step>.discarded" (no checkpoint,
// removed by the next discard), never a valid name with part of its files (a SIGKILL during
// pruning left checkpoint-15/ holding only trainer_state.json).
void discardCheckpoint(const fs::path& folder) {
  const fs::path gone = folder.parent_path() / ("." + folder.filename().string() + ".discarded");
  removeQuietly(gone);  // an earlier discard that was killed
  if (std::rename(folder.c_str(), gone.c_str()) == 0) {
    AtomicFileWriter::syncDirectory(folder.parent_path().string());
    removeQuietly(gone);
  } else if (errno != ENOENT) {
    removeQuietly(folder);  // cannot rename (e.g. a mount point): delete in place
  }
}

// Removes all but the newest `keep` checkpoint-<step> folders of `dir`.
void pruneCheckpoints(const fs::path& dir, int64_t keep) {
  const std::vector<CheckpointFolder> all = listCheckpointFolders(dir.string());
  for (size_t i = 0; i + size_t(keep) < all.size(); ++i) discardCheckpoint(all[i].path);
}

// precisionlab.settings: every config field a resume must share, by its run-file name, as the
// table writes it (reals in the shortest text that reads back, so equal text is equal value).
json::Value resumeSettings(const TrainConfig& c) {
  json::Value o = json::Value::object();
  for (const ConfigFieldRow& row : configFields())
    if (row.resumeMustMatch) o.set(row.name, row.text(c));
  return o;
}

// Refuses a checkpoint written with other settings than the run's, one field of the config table
// at a time, saying both values and the flag that sets it.
void checkResumeSettings(const Fields& f, const json::Value& pl, const TrainConfig& config) {
  const json::Value& settings = f.get(pl, "settings");
  if (!settings.isObject()) f.fail("precisionlab.settings", "must be an object");
  const auto words = [](const ConfigFieldRow& row, const std::string& value) {
    return value + (value == "0" && *row.zero ? " (" + std::string(row.zero) + ")" : "");
  };
  for (const ConfigFieldRow& row : configFields()) {
    if (!row.resumeMustMatch) continue;
    const std::string key = std::string("precisionlab.settings.") + row.name;
    const json::Value* v = settings.find(row.name);
    if (!v) f.fail(key, "is missing (truncated or corrupt checkpoint?)");
    if (!v->isString()) f.fail(key, "must be a string");
    const std::string theirs = v->asString(), ours = row.text(config);
    if (theirs == ours) continue;
    const std::string flag =
        row.flag ? " (--" + std::string(row.flag) + " " + elideForMessage(theirs) + ")" : "";
    f.fail(key, "differs: this checkpoint is of a run with " + std::string(row.title) + " " +
                    words(row, elideForMessage(theirs)) + ", this run has " + words(row, ours) +
                    ": resume with the settings it was written with" + flag);
  }
}

}  // namespace

CheckpointChoice Trainer::latestCheckpoint(const std::string& outputDir) {
  return latestCompleteCheckpoint(
      outputDir, {kModelFile, kOptimizerFile, kSchedulerFile, kRngFile, kStateFile});
}

std::string Trainer::saveTrainingCheckpoint() {
  TORCH_CHECK(prepared(), "Trainer::saveTrainingCheckpoint() called before prepare()");
  const fs::path out(config_.checkpointDir);
  // prepare() made and probed it; said in the same words if it was replaced since.
  if (const std::string problem = outputFolderProblem(out.string()); !problem.empty())
    throw InputError(problem);
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec)
    throw InputError(out.string() + ": cannot create the checkpoint folder: " +
                     AtomicFileWriter::reason(ec.value()));
  const std::string name = checkpointFolderName(step_);
  const fs::path final = out / name;
  const fs::path temp = out / ("." + name + ".partial");
  removeQuietly(temp);
  if (!fs::create_directory(temp, ec) || ec)
    throw InputError(temp.string() + ": cannot create: " + ec.message());
  try {
    SafetensorsWriter model, optimizer;
    json::Value steps = json::Value::array();
    for (size_t i = 0; i < parameters_.size(); ++i) {
      const std::string& pname = optimizer_->params()[i].name;
      model.add(pname, parameters_[i].detach());
      const AdamW::State& st = optimizer_->state()[i];
      steps.push(st.step);
      if (st.expAvg.defined()) {
        optimizer.add("exp_avg." + pname, st.expAvg);
        optimizer.add("exp_avg_sq." + pname, st.expAvgSq);
      }
    }
    model.setMetadata("format", "pt");
    model.write((temp / kModelFile).string());
    optimizer.write((temp / kOptimizerFile).string());

    json::Value scheduler = json::Value::object();
    scheduler.set("kind", "linear-warmup-decay");  // get_linear_schedule_with_warmup
    scheduler.set("last_epoch", step_);            // the schedule's position: the step done
    AtomicFileWriter::writeFile((temp / kSchedulerFile).string(), json::serialize(scheduler, 1));

    json::Value rng = json::Value::object();
    if (device_.is_cpu()) {
      torch::Tensor state;
      {
        std::lock_guard<std::mutex> lock(cpuGenerator_.mutex());
        state = cpuGenerator_.get_state();
      }
      rng.set("cpu_generator", hex(state.data_ptr<uint8_t>(), size_t(state.numel())));
    } else {
      const torch::Tensor state = rngState_.cpu();
      rng.set("device_generator", hex(state.data_ptr<uint8_t>(), size_t(state.numel())));
    }
    std::ostringstream shuffleText;
    shuffleText.imbue(std::locale::classic());
    shuffleText << shuffleRng_;
    rng.set("shuffle_mt19937_64", shuffleText.str());
    AtomicFileWriter::writeFile((temp / kRngFile).string(), json::serialize(rng));

    json::Value order = json::Value::array();
    for (size_t i : order_) order.push(uint64_t(i));
    json::Value pl = json::Value::object();
    pl.set("format", kFormat);
    pl.set("settings", resumeSettings(config_));
    pl.set("train_examples", uint64_t(trainIds_.size()));
    pl.set("data_order", std::move(order));
    pl.set("data_cursor", uint64_t(cursor_));
    pl.set("non_finite_in_a_row", nonFiniteInARow_);
    pl.set("optimizer_steps", std::move(steps));
    pl.set("loss_scale", policy_->lossScale());
    pl.set("scaler_growth_tracker", policy_->scalerGrowthTracker());
    json::Value state = json::Value::object();
    state.set("global_step", step_);
    state.set("max_steps", config_.steps);
    state.set("epoch", trainIds_.empty()
                           ? 0.0
                           : double(step_) * double(config_.batchSize) / double(trainIds_.size()));
    state.set("log_history", json::Value::array());
    state.set("precisionlab", std::move(pl));
    AtomicFileWriter::writeFile((temp / kStateFile).string(), json::serialize(state, 1));
    AtomicFileWriter::syncDirectory(temp.string());
    discardCheckpoint(final);  // a folder of the same step from an earlier run
    // Make room before the new one appears, so a process killed between the rename and the
    // pruning below still leaves at most checkpointKeep folders (a SIGKILL in that window left
    // three of two in a CI run), but never the last complete one: with checkpointKeep 1 the old
    // folder stays until the new one is in place.
    pruneCheckpoints(out, std::max<int64_t>(config_.checkpointKeep - 1, 1));
    if (std::rename(temp.c_str(), final.c_str()) != 0)
      throw InputError(final.string() +
                       ": cannot rename the checkpoint into place: " + std::strerror(errno));
    AtomicFileWriter::syncDirectory(out.string());
  } catch (...) {
    removeQuietly(temp);
    throw;
  }
  pruneCheckpoints(out, config_.checkpointKeep);
  return final.string();
}

void Trainer::resumeFromCheckpoint(const std::string& dir) {
  TORCH_CHECK(prepared(), "Trainer::resumeFromCheckpoint() called before prepare()");
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError(dir + ": not a checkpoint folder (expected checkpoint-<step>/)");
  const std::string statePath = (fs::path(dir) / kStateFile).string();
  const json::Value state = readJson(dir, kStateFile);
  const Fields f{statePath, state};
  const int64_t step = f.integer(state, "global_step", 1, config_.steps - 1);
  if (!checkpointNameProblem(dir, step).empty())
    f.fail("global_step", "is " + std::to_string(step) + ", but the folder is named " +
                              fs::path(dir).filename().string() +
                              " (renamed or altered: which step it holds is unknown); resume "
                              "from a folder whose name is the step it holds");
  if (f.integer(state, "max_steps", 1, kMaxSteps) != config_.steps)
    f.fail("max_steps", "differs from this run's steps (" + std::to_string(config_.steps) +
                            "): the LR schedule would not continue");
  const json::Value& pl = f.get(state, "precisionlab");
  if (!pl.isObject()) f.fail("precisionlab", "must be an object");
  if (const std::string format = f.text(pl, "format"); format != kFormat)
    f.fail("precisionlab.format",
           "is \"" + elideForMessage(format) + "\", not " + kFormat +
               (format == "precisionlab-training-checkpoint-1"
                    ? " (written by an earlier PrecisionLab, which recorded fewer settings): "
                      "train from the start"
                    : ""));
  checkResumeSettings(f, pl, config_);
  const auto examples = static_cast<int64_t>(trainIds_.size());
  if (const int64_t theirs = f.integer(pl, "train_examples", 0, int64_t(1) << 40);
      theirs != examples)
    f.fail("precisionlab.train_examples",
           "differs: this checkpoint is of a run with " + std::to_string(theirs) +
               " training examples, this run has " + std::to_string(examples) +
               ": resume with the dataset and validation fraction it was written with");
  const auto& orderItems = f.array(pl, "data_order");
  if (int64_t(orderItems.size()) != examples)
    f.fail("precisionlab.data_order", "does not hold one index per training example");
  std::vector<size_t> order;
  std::vector<bool> seen(trainIds_.size(), false);
  order.reserve(orderItems.size());
  for (const auto& v : orderItems) {
    int64_t i = -1;
    if (v.isNumber() && v.isInteger()) i = v.asInt64();
    if (i < 0 || i >= examples || seen[size_t(i)])
      f.fail("precisionlab.data_order", "is not a permutation of the training examples");
    seen[size_t(i)] = true;
    order.push_back(size_t(i));
  }
  const int64_t cursor = f.integer(pl, "data_cursor", 0, examples);
  const int64_t nonFinite = f.integer(pl, "non_finite_in_a_row", 0, kMaxSteps);
  const double lossScale = f.number(pl, "loss_scale");
  const int64_t tracker = f.integer(pl, "scaler_growth_tracker", 0, int64_t(1) << 31);
  const auto& stepItems = f.array(pl, "optimizer_steps");
  if (stepItems.size() != parameters_.size())
    f.fail("precisionlab.optimizer_steps",
           "does not hold one step per parameter (" + std::to_string(parameters_.size()) + ")");

  const std::string schedPath = (fs::path(dir) / kSchedulerFile).string();
  const json::Value sched = readJson(dir, kSchedulerFile);
  const Fields fs2{schedPath, sched};
  if (fs2.integer(sched, "last_epoch", 0, kMaxSteps) != step)
    fs2.fail("last_epoch", "is not trainer_state.json's global_step");

  const std::string rngPath = (fs::path(dir) / kRngFile).string();
  const json::Value rng = readJson(dir, kRngFile);
  const Fields fr{rngPath, rng};
  const char* genKey = device_.is_cpu() ? "cpu_generator" : "device_generator";
  const std::string& genHex = fr.text(rng, genKey);
  const torch::Tensor current =
      device_.is_cpu() ? cpuGenerator_.get_state() : rngState_.cpu();  // for the size
  if (genHex.size() != size_t(current.numel()) * 2)
    fr.fail(genKey, "has the wrong length for this LibTorch's generator state");
  torch::Tensor genState = torch::empty_like(current);
  auto* g = genState.data_ptr<uint8_t>();
  for (size_t i = 0; i < size_t(current.numel()); ++i) {
    const int hi = hexDigit(genHex[2 * i]), lo = hexDigit(genHex[2 * i + 1]);
    if (hi < 0 || lo < 0) fr.fail(genKey, "is not lowercase hexadecimal");
    g[i] = uint8_t(hi * 16 + lo);
  }
  if (device_.is_cpu()) {
    // Tried on a generator of its own first: the right length of garbage reached the run's
    // generator and failed as "LibTorch error: Invalid mt19937 state", naming no file.
    try {
      at::Generator probe = at::make_generator<at::CPUGeneratorImpl>();
      probe.set_state(genState);
    } catch (const c10::Error& e) {
      fr.fail(genKey, std::string("is not a valid CPU generator state (LibTorch: ") +
                          elideForMessage(e.what_without_backtrace()) + ")");
    }
  }
  std::mt19937_64 shuffleRng;
  {
    const std::string& text = fr.text(rng, "shuffle_mt19937_64");
    if (text.size() > 20000) fr.fail("shuffle_mt19937_64", "is too long");
    std::istringstream in(text);
    in.imbue(std::locale::classic());
    in >> shuffleRng;
    if (in.fail()) fr.fail("shuffle_mt19937_64", "is not an mt19937_64 state");
  }

  // Tensors: every parameter and its AdamW moments, by name, shape and dtype.
  const std::string modelPath = (fs::path(dir) / kModelFile).string();
  const std::string optPath = (fs::path(dir) / kOptimizerFile).string();
  const SafetensorsFile modelFile(modelPath);
  const SafetensorsFile optFile(optPath);
  auto tensor = [](const SafetensorsFile& file, const std::string& name,
                   const torch::Tensor& like) {
    const TensorEntry* e = file.find(name);
    if (!e) throw InputError(file.path() + ": tensor \"" + name + "\" is missing");
    if (e->shape != like.sizes().vec())
      throw InputError(file.path() + ": tensor \"" + name +
                       "\" has another shape than the model's");
    torch::Dtype dtype;
    if (!SafetensorsFile::loadableDtype(e->dtype, &dtype) || dtype != like.scalar_type())
      throw InputError(file.path() + ": tensor \"" + name + "\" has dtype " + e->dtype +
                       ", not the run's");
    return file.view(*e).to(like.device());
  };
  std::vector<torch::Tensor> weights, m, v;
  std::vector<int64_t> optSteps;
  for (size_t i = 0; i < parameters_.size(); ++i) {
    const std::string& pname = optimizer_->params()[i].name;
    weights.push_back(tensor(modelFile, pname, parameters_[i]));
    int64_t s = -1;
    if (stepItems[i].isNumber() && stepItems[i].isInteger()) s = stepItems[i].asInt64();
    if (s < 0 || s > step)
      f.fail("precisionlab.optimizer_steps", "holds a step outside 0..global_step");
    optSteps.push_back(s);
    const bool has = optFile.find("exp_avg." + pname) != nullptr;
    m.push_back(has ? tensor(optFile, "exp_avg." + pname, parameters_[i]) : torch::Tensor());
    v.push_back(has ? tensor(optFile, "exp_avg_sq." + pname, parameters_[i]) : torch::Tensor());
    if (s > 0 && !has) throw InputError(optPath + ": tensor \"exp_avg." + pname + "\" is missing");
  }

  // Everything loaded and checked: now the run changes.
  {
    torch::NoGradGuard noGrad;
    for (size_t i = 0; i < parameters_.size(); ++i) {
      parameters_[i].copy_(weights[i]);
      AdamW::State& st = optimizer_->state()[i];
      st.step = optSteps[i];
      st.expAvg = m[i];
      st.expAvgSq = v[i];
      st.stepTensor = torch::Tensor();  // re-made from step on the next fused update
    }
  }
  if (device_.is_cpu()) {
    std::lock_guard<std::mutex> lock(cpuGenerator_.mutex());
    cpuGenerator_.set_state(genState);
  } else {
    rngState_ = genState;
  }
  shuffleRng_ = shuffleRng;
  order_ = std::move(order);
  cursor_ = size_t(cursor);
  nonFiniteInARow_ = nonFinite;
  policy_->restoreScaler(lossScale, tracker);
  step_ = step;
  lastEvalStep_ = step;
  resumedFrom_ = dir;
  resumedStep_ = step;
}

}  // namespace precisionlab
