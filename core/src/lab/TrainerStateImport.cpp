// trainer_state.json -> RunRecording. The mapping and what is unknown are in the header.
#include "core/TrainerStateImport.h"

#include <sys/stat.h>

#include <cmath>
#include <ctime>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/EngineError.h"
#include "core/Json.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"

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
// parser reads the file and numberField() turns them back into numbers.
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
      fail(field, "= " + v->numberText() + " is too large");
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

std::string baseName(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool TrainerStateImport::looksLikeTrainerState(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
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
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open the trainer state; check its permissions");
  std::string text(static_cast<size_t>(st.st_size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.gcount() != static_cast<std::streamsize>(text.size()))
    throw InputError(path + ": cannot read the whole file (it changed while being read)");
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
    throw InputError("unknown precision '" + options.precision +
                     "': use fp32, fp16-amp, bf16-amp, half-model or fp16-amp-noscale");
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
    try {
      globalStep = std::max<int64_t>(globalStep, g->asInt64());
    } catch (const json::TypeError&) {
    }
  }
  if (globalStep > kMaxStep)
    throw InputError(fileName + ": global_step = " + std::to_string(globalStep) +
                     " is more than the " + std::to_string(kMaxStep) +
                     " steps a lab run holds; this is not a run the lab can replay");
  r.totalSteps = std::max<int64_t>(globalStep, r.steps.back().step);
  r.config.steps = r.totalSteps;
  if (const json::Value* b = root.find("train_batch_size"); b && b->isInteger()) {
    try {
      const int64_t batch = b->asInt64();
      if (batch > 0 && batch <= 1000000) r.config.batchSize = batch;
    } catch (const json::TypeError&) {
    }
  }
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
  note += "memory, loss scale, skipped steps, flushed gradients and the torch version.";
  r.provenance.note = note;
  r.libraries.emplace_back("transformers", "unknown (Trainer)");
  r.state = RunState::Finished;
  r.message = "imported from " + baseName(fileName);
  return r;
}

}  // namespace precisionlab
