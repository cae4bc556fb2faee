// trainer_state.json -> RunRecording. The mapping and what is unknown are in the header.
#include "core/TrainerStateImport.h"

#include <sys/stat.h>

#include <cmath>
#include <ctime>
#include <limits>
#include <optional>
#include <sstream>
#include <vector>

#include "core/CheckpointFolders.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/NumberText.h"
#include "core/SafeFileReader.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/TerminalText.h"

namespace precisionlab {

namespace {

// The most steps a run file holds (RunRecording's reader refuses more): a billion was accepted
// here and written into run files the lab could not open.
constexpr int64_t kMaxStep = kMaxSteps;
const char* const kAdvice =
    " Give the trainer_state.json that trainer.save_state() wrote (or one from a checkpoint-N "
    "folder).";

// Python's json.dump writes float('nan') and infinities as bare NaN / Infinity / -Infinity,
// which JSON does not allow. Outside strings they become the strings "NaN", ... so the strict
// parser reads the file and EntryReader::number() turns them back into numbers.
std::string quotePythonNonFinite(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 64);
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == '"') {
        inString = false;
      }
      continue;
    }
    if (c == '"') {
      inString = true;
      out += c;
      continue;
    }
    bool replaced = false;
    for (const std::string_view word : {"NaN", "Infinity", "-Infinity"}) {
      if (text.substr(i, word.size()) == word) {
        out += "\"" + std::string(word) + "\"";
        i += word.size() - 1;
        replaced = true;
        break;
      }
    }
    if (!replaced) out += c;
  }
  return out;
}

class EntryReader {
 public:
  EntryReader(const json::Value& entry, std::string where) : e_(entry), where_(std::move(where)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw InputError(where_ + ": field \"" + field + "\" " + what + "." + kAdvice);
  }

  bool has(const char* field) const { return e_.find(field) != nullptr; }

  // A number, or NaN / Infinity as Python writes them.
  double number(const char* field) const {
    const json::Value* v = e_.find(field);
    if (!v) fail(field, "is missing");
    if (v->isString()) {
      const std::string& s = v->asString();
      if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
      if (s == "Infinity") return std::numeric_limits<double>::infinity();
      if (s == "-Infinity") return -std::numeric_limits<double>::infinity();
    }
    if (!v->isNumber())
      fail(field, std::string("must be a number, found ") + json::typeName(v->type()));
    try {
      return v->asDouble();
    } catch (const json::TypeError&) {
      fail(field, "= " + v->numberText() + " is out of range");
    }
  }

  int64_t step(const char* field) const {
    const json::Value* v = e_.find(field);
    if (!v) fail(field, "is missing");
    if (!v->isInteger()) fail(field, "must be a whole step number");
    int64_t n = 0;
    try {
      n = v->asInt64();
    } catch (const json::TypeError&) {
      fail(field, "= " + elideForMessage(v->numberText()) + " is outside 0 to " +
                      std::to_string(kMaxStep) + ", the steps a lab run holds");
    }
    if (n < 0 || n > kMaxStep)
      fail(field, "= " + std::to_string(n) + " is outside 0 to " + std::to_string(kMaxStep) +
                      ", the steps a lab run holds");
    return n;
  }

 private:
  const json::Value& e_;
  std::string where_;
};

// A whole number in [lo, hi] at root[key]; nothing when absent, null, fractional or outside.
std::optional<int64_t> wholeNumber(const json::Value& root, const char* key, int64_t lo,
                                   int64_t hi) {
  const json::Value* v = root.find(key);
  if (!v || !v->isInteger()) return std::nullopt;
  try {
    const int64_t n = v->asInt64();
    if (n >= lo && n <= hi) return n;
  } catch (const json::TypeError&) {
  }
  return std::nullopt;
}

// A finite number; nothing when absent, not a number or out of double's range.
std::optional<double> finiteNumber(const json::Value* v) {
  if (!v || !v->isNumber()) return std::nullopt;
  try {
    const double d = v->asDouble();
    if (std::isfinite(d)) return d;
  } catch (const json::TypeError&) {
  }
  return std::nullopt;
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : ", ") + part;
  return out.empty() ? std::string("none") : out;
}

std::string baseName(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool TrainerStateImport::looksLikeTrainerState(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
}

std::string TrainerStateImport::localPath(const std::string& path) {
  const std::string scheme = "gs://";
  return path.compare(0, scheme.size(), scheme) == 0 ? "/gcs/" + path.substr(scheme.size()) : path;
}

std::string TrainerStateImport::findTrainerState(const std::string& fileOrFolder) {
  const std::string path = localPath(fileOrFolder);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputError(
        path + ": no such file or folder" +
        (path != fileOrFolder ? " (" + fileOrFolder + " as Vertex AI mounts it)" : std::string()) +
        "; give the job's output folder or its trainer_state.json");
  if (!S_ISDIR(st.st_mode)) return path;
  const std::string top = path + "/trainer_state.json";
  if (::stat(top.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return top;
  // The latest checkpoint-N/trainer_state.json (a checkpoint without one is skipped).
  std::string best;
  const std::vector<CheckpointFolder> checkpoints = listCheckpointFolders(path);
  for (auto c = checkpoints.rbegin(); c != checkpoints.rend() && best.empty(); ++c) {
    const std::string state = c->path + "/trainer_state.json";
    if (::stat(state.c_str(), &st) == 0 && S_ISREG(st.st_mode)) best = state;
  }
  if (best.empty())
    throw InputError(path +
                     ": holds no trainer_state.json, neither at the top (trainer.save_state()) "
                     "nor in a checkpoint-N/ folder; is it the Trainer's output_dir?");
  return best;
}

RunRecording TrainerStateImport::fromFile(const std::string& path,
                                          const TrainerStateImportOptions& options) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputError(path + ": cannot open the trainer state; check the path");
  if (!S_ISREG(st.st_mode)) throw InputError(path + ": not a regular file;" + kAdvice);
  if (static_cast<uint64_t>(st.st_size) > kMaxFileBytes)
    throw InputError(path + ": " + std::to_string(st.st_size) +
                     " bytes, more than the 64 MiB a trainer_state.json plausibly holds;" +
                     kAdvice);
  // Read through the one reader: opened without blocking and checked again on the open file, so
  // a FIFO put at the path after the stat above is refused, not waited on forever.
  const std::string text = SafeFileReader::readFile(path, FileKind{"trainer state", kMaxFileBytes});
  RunRecording r = fromText(text, path, options);
  // The file holds no date; its modification time is when the Trainer last saved it.
  char stamp[32];
  std::tm tm{};
  const std::time_t mtime = st.st_mtime;
  if (::gmtime_r(&mtime, &tm) && std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm))
    r.provenance.recordedAt = stamp;
  r.provenance.note += " Recorded-at is the file's modification time.";
  return r;
}

RunRecording TrainerStateImport::fromText(std::string_view text, const std::string& fileName,
                                          const TrainerStateImportOptions& options) {
  if (text.size() > kMaxFileBytes)
    throw InputError(fileName + ": larger than the 64 MiB a trainer_state.json plausibly holds");
  json::Value root;
  try {
    root = json::parse(quotePythonNonFinite(text));
  } catch (const json::ParseError& e) {
    throw InputError(fileName + ": not valid JSON: " + e.what() + "." + kAdvice);
  }
  if (!root.isObject()) throw InputError(fileName + ": must be a JSON object;" + kAdvice);
  const json::Value* history = root.find("log_history");
  if (!history) throw InputError(fileName + ": field \"log_history\" is missing;" + kAdvice);
  if (!history->isArray())
    throw InputError(fileName + ": field \"log_history\" must be an array, found " +
                     json::typeName(history->type()) + ";" + kAdvice);

  RunRecording r;
  r.scenarioId = options.scenarioId;
  if (!r.scenarioId.empty() && !isKnownScenario(r.scenarioId))
    throw InputError("unknown lab scenario '" + r.scenarioId + "' for the imported run");
  r.label = options.label.empty() ? "Trainer run (" + baseName(fileName) + ")" : options.label;
  if (!options.precision.empty() && !parsePrecision(options.precision, &r.config.precision))
    throw InputError("unknown precision '" + options.precision + "': use " + precisionNameList());
  r.config.preset.clear();
  r.config.modelDir = "(from " + baseName(fileName) + ")";
  r.config.device = options.device.empty() ? "unknown" : options.device;

  double runtime = -1;
  int64_t lastStep = -1, lastEvalStep = -1, globalStep = 0;
  for (size_t i = 0; i < history->asArray().size(); ++i) {
    const json::Value& entry = history->asArray()[i];
    const std::string where = fileName + ": log_history[" + std::to_string(i) + "]";
    if (!entry.isObject())
      throw InputError(where + ": must be an object, found " + json::typeName(entry.type()));
    const EntryReader e(entry, where);
    const int64_t step = e.step("step");
    if (e.has("loss")) {
      if (step < 1) e.fail("step", "= 0: training logs start at step 1");  // the run file's
      if (step <= lastStep)
        e.fail("step", "= " + std::to_string(step) + " does not follow step " +
                           std::to_string(lastStep) + " (training logs must go forward)");
      StepRecord s;
      s.step = step;
      s.loss = e.number("loss");
      if (e.has("learning_rate")) s.learningRate = e.number("learning_rate");
      if (e.has("grad_norm")) s.gradNorm = e.number("grad_norm");
      s.nonFinite = !std::isfinite(s.loss) || !std::isfinite(s.gradNorm);
      r.steps.push_back(s);
      lastStep = step;
    } else if (e.has("eval_loss")) {
      if (step < lastEvalStep)
        e.fail("step", "= " + std::to_string(step) + " comes before the previous evaluation's");
      EvalRecord ev;
      ev.step = step;
      ev.valLoss = e.number("eval_loss");
      ev.valAccuracy = e.has("eval_accuracy") ? e.number("eval_accuracy") : -1;
      r.evals.push_back(ev);
      lastEvalStep = step;
    } else if (e.has("train_runtime")) {
      runtime = e.number("train_runtime");
      globalStep = step;
    }
  }
  if (r.steps.empty())
    throw InputError(fileName +
                     ": log_history holds no training log (entries with \"loss\"); "
                     "the run logged nothing, or logging_steps exceeded its steps");
  if (const json::Value* g = root.find("global_step"); g && g->isInteger()) {
    int64_t n = 0;
    try {
      n = g->asInt64();
    } catch (const json::TypeError&) {
      n = std::numeric_limits<int64_t>::max();
    }
    if (n > kMaxStep)  // quoted as written: 2^63 was echoed as 9223372036854775807
      throw InputError(fileName + ": global_step = " + elideForMessage(g->numberText()) +
                       " is outside the accepted 0.." + std::to_string(kMaxStep) +
                       ", the steps a lab run holds; this is not a run the lab can replay");
  }
  if (const auto g = wholeNumber(root, "global_step", 0, kMaxStep))
    globalStep = std::max(globalStep, *g);

  // The settings the file holds; every other config field is marked unknown (its value in the
  // run file is TrainConfig's default, a placeholder), in the run file and in the note.
  std::vector<std::string> known;  // what was taken, in words, for the note
  const auto maxSteps = wholeNumber(root, "max_steps", 1, kMaxSteps);
  r.totalSteps = std::max<int64_t>(maxSteps ? *maxSteps : std::min(globalStep, kMaxSteps),
                                   r.steps.back().step);
  r.config.steps = r.totalSteps;
  if (maxSteps) known.push_back("max_steps " + std::to_string(*maxSteps));
  std::vector<std::string> unknown;
  if (const auto batch = wholeNumber(root, "train_batch_size", 1, kMaxBatchSize)) {
    r.config.batchSize = *batch;
    known.push_back("train_batch_size " + std::to_string(*batch));
  } else {
    unknown.push_back("batchSize");
  }
  // The learning rate: the trial's (hyperparameter search) or the largest logged one, which is
  // the peak when a logging step fell on it (warm-up end), else just below it.
  double peak = -1;
  for (const StepRecord& st : r.steps)
    if (std::isfinite(st.learningRate)) peak = std::max(peak, st.learningRate);
  const json::Value* trial = root.find("trial_params");
  const auto trialRate =
      finiteNumber(trial && trial->isObject() ? trial->find("learning_rate") : nullptr);
  if (trialRate && *trialRate > 0) {
    r.config.learningRate = *trialRate;
    known.push_back("the learning rate " + numberText(r.config.learningRate, 6, 'g') +
                    " (trial_params)");
  } else if (peak > 0) {
    r.config.learningRate = peak;
    known.push_back("the learning rate " + numberText(peak, 6, 'g') + " (the largest logged)");
  } else {
    unknown.push_back("learningRate");
  }
  // eval_steps: a step count, or (a float below 1) a share of max_steps, as TrainingArguments.
  int64_t evalEvery = -1;
  if (const auto evalSteps = finiteNumber(root.find("eval_steps"))) {
    const double v = *evalSteps;
    if (v >= 1 && v <= static_cast<double>(kMaxSteps) && v == std::floor(v))
      evalEvery = static_cast<int64_t>(v);
    else if (v > 0 && v < 1 && maxSteps)
      evalEvery = static_cast<int64_t>(std::ceil(v * static_cast<double>(*maxSteps)));
  }
  if (evalEvery > 0 && !r.evals.empty()) {
    r.config.evalEvery = evalEvery;
    known.push_back("eval_steps " + std::to_string(evalEvery));
  } else if (r.evals.empty()) {
    r.config.evalEvery = 0;  // the run never evaluated (eval_steps is kept even then)
    known.push_back("no evaluation");
  } else {
    unknown.push_back("evalEvery");
  }
  if (const auto logging = wholeNumber(root, "logging_steps", 1, kMaxSteps))
    known.push_back("logging_steps " + std::to_string(*logging));
  if (const auto epochs = finiteNumber(root.find("num_train_epochs")))
    known.push_back("num_train_epochs " + numberText(*epochs, 6, 'g'));
  for (const char* key :
       {"preset", "layers", "dataPath", "textColumn", "labelColumn", "seqLen", "warmupFraction",
        "weightDecay", "maxGradNorm", "adamEps", "seed", "validationFraction", "threads",
        "initScale", "growthFactor", "backoffFactor", "growthInterval"})
    unknown.push_back(key);
  if (options.device.empty()) unknown.push_back("device");
  if (options.precision.empty()) unknown.push_back("precision");
  r.unknownSettings = unknown;
  const bool timed = std::isfinite(runtime) && runtime > 0 && r.totalSteps > 0;
  const double meanMs = timed ? 1000.0 * runtime / static_cast<double>(r.totalSteps) : 0.0;
  if (meanMs > kMaxRecordedStepMs)  // the run-file reader refuses such a step time
    throw InputError(fileName + ": train_runtime over global_step is " +
                     std::to_string(static_cast<int64_t>(meanMs / 1000.0)) +
                     " s a step, more than any real run (at most an hour a step)");
  for (auto& s : r.steps) {
    s.stepMs = meanMs;
    s.samplesPerSec = meanMs > 0 ? static_cast<double>(r.config.batchSize) * 1000.0 / meanMs : 0;
  }
  r.provenance.kind = Provenance::Live;
  r.provenance.device = options.device.empty()
                            ? "unknown device (trainer_state.json does not record it)"
                            : options.device;
  r.provenance.torchVersion = "unknown";
  std::string note = "Imported from a Hugging Face Trainer's " + baseName(fileName) + ": " +
                     std::to_string(r.steps.size()) + " training logs (loss, learning rate, " +
                     "gradient norm) and " + std::to_string(r.evals.size()) + " evaluations. ";
  note += timed ? "Step times are the run's mean (train_runtime / global_step, data loading "
                  "included), not per step. "
                : "No train_runtime, so no step times. ";
  note += "Not in the file: ";
  note += options.device.empty() ? "the device, " : "";
  note += options.precision.empty() ? "the precision (shown as fp32), " : "";
  note += "memory, loss scale, skipped steps, flushed gradients and the torch version. ";
  note += "Settings from the file: " + join(known) + ". ";
  note +=
      "Unknown settings (not in trainer_state.json; the run file's values are placeholders, "
      "listed in its unknownSettings): " +
      join(r.unknownSettings) + ".";
  r.provenance.note = note;
  r.libraries.emplace_back("transformers", "unknown (Trainer)");
  r.state = RunState::Finished;
  r.message = "imported from " + baseName(fileName);
  return r;
}

}  // namespace precisionlab
