// `precisionlab-cli train`: one training run through the lab's driver (engine/LabSession.h), with
// a progress bar on a terminal, one JSON line per step with --jsonl, or a log line every few
// steps otherwise.
// Ctrl-C cancels the run after the step in progress.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/CountText.h"
#include "cli/EngineCommands.h"
#include "cli/JsonText.h"
#include "cli/ProgressBar.h"
#include "cli/SessionLoop.h"
#include "cli/TrainingOptions.h"
#include "core/BertConfig.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/LabScenarios.h"
#include "core/RecordJson.h"
#include "core/RunLog.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/LabSession.h"

namespace precisionlab::cli {

namespace {

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// One JSON line a record: its type, then core's one encoding of records (core/RecordJson.h).
template <typename Record>
std::string recordJson(const char* type, const Record& r) {
  json::Value o = json::Value::object();
  o.set("type", type);
  addRecordFields(o, r);
  return json::serialize(o);
}

std::string evalText(const EvalRecord& e) {
  return "eval step " + std::to_string(e.step) + ": val loss " + fixed(e.valLoss, 4) +
         ", accuracy " + fixed(100.0 * e.valAccuracy, 1) + "%";
}

ArgParser makeParser() {
  ArgParser p("train", engineCommandSummary("train"));
  p.describe(
      "Fine-tunes a BERT classifier and reports loss, speed and memory per step: a progress\n"
      "bar on a terminal, one JSON line per step with --jsonl, a log line every few steps\n"
      "otherwise. Ctrl-C cancels after the step in progress (exit status 130).");
  using O = ConfigField;
  addTrainingOptions(p, TrainConfig{},
                     {O::Preset,
                      O::ModelDir,
                      O::Layers,
                      O::InitScale,
                      O::GrowthInterval,
                      O::AccumulationSteps,
                      O::CheckpointActivations,
                      O::OutlierScaleLog2,
                      O::CheckpointEvery,
                      O::LoraRank,
                      O::LoraAlpha,
                      O::SaveDir,
                      O::DataPath,
                      O::TextColumn,
                      O::LabelColumn,
                      O::Steps,
                      O::BatchSize,
                      O::SeqLen,
                      O::LearningRate,
                      O::Seed,
                      O::Device,
                      O::Threads,
                      O::CpuFp16,
                      O::Tf32,
                      O::EvalEvery,
                      O::Precision});
  p.flag("jsonl", "one JSON line per step and evaluation, then a summary line");
  return p;
}

int runTrainCommand(const ArgParser& parser) {
  TrainConfig config;
  applyTrainingOptions(parser, config);
  checkTrainingConfig(parser, config);  // before training, so a bad --save does not waste a run
  makeOutputFolders(parser, config);    // --output-dir made now, not at the first checkpoint
  const bool jsonl = parser.has("jsonl");
  const bool tty = !jsonl && isatty(STDOUT_FILENO);
  const int64_t logEvery = std::max<int64_t>(1, config.steps / 20);

  // The lab's one driver, with one run outside the scenario table, stepping alone.
  LabSession::Options one;
  one.workers = 1;
  LabSession session(one);
  LabSession::StartResult refused;
  const std::optional<RunKey> key = session.startRun(config, "train", &refused);
  if (!key) throw UsageError(refused.error);        // checkTrainingConfig above said it in flags
  const RunLog& log = *session.store().find(*key);  // the summary line is its summary()
  ProgressBar bar(std::cout);
  std::string status = "preparing";

  auto print = [&](const std::string& line) {
    if (tty)
      bar.printLine(line);
    else
      std::cout << line << "\n" << std::flush;
  };

  bool announced = false;
  SessionLoop loop;
  loop.interval = std::chrono::milliseconds(50);
  loop.onCancel = [&] {
    if (!jsonl) print("cancelling after the current step... (Ctrl-C again to quit at once)");
  };
  loop.onUpdates = [&](const std::vector<RunUpdate>& updates) {
    for (const auto& u : updates) {
      for (const auto& w : u.warnings)
        std::cerr << "warning: " << escapeForTerminal(w, NewlinePolicy::Keep) << "\n";
      if (!u.resumedFrom.empty())  // on stderr also with --jsonl, whose stdout is records only
        std::cerr << "resuming from " << escapeForTerminal(u.resumedFrom) << " (step "
                  << u.resumedStep << " of " << config.steps << ")\n";
      if (!announced && !jsonl && u.state == RunState::Running) {
        announced = true;
        print("training " + (config.modelDir.empty() ? config.preset : config.modelDir) + ", " +
              provenanceName(u.provenance.kind) + " on " + u.provenance.device + " (LibTorch " +
              u.provenance.torchVersion + "), " + std::to_string(config.steps) + " steps");
      }
      for (const auto& r : u.steps) {
        if (jsonl) {
          std::cout << recordJson("step", r) << "\n";
        } else if (!tty && (r.step % logEvery == 0 || r.step == 1)) {
          print("step " + std::to_string(r.step) + "/" + std::to_string(config.steps) + "  loss " +
                fixed(r.loss, 4) + "  lr " + jsonNumber(r.learningRate) + "  " +
                fixed(r.stepMs, 1) + " ms/step  " + fixed(r.samplesPerSec, 1) + " samples/s");
        }
        status = "loss " + fixed(r.loss, 4) + "  " + fixed(r.stepMs, 0) + " ms/step";
      }
      for (const auto& e : u.evals) {
        if (jsonl)
          std::cout << recordJson("eval", e) << "\n";
        else
          print(evalText(e));
      }
      if (jsonl) std::cout << std::flush;
    }
  };
  loop.onTick = [&](bool) {
    if (tty) bar.update(log.stepsDone(), config.steps, status);
  };
  runSessionLoop(session, loop);  // a cancelled run ends Cancelled: exit 130 below
  if (tty) bar.finish();

  const RunSummary summary = log.summary();
  const bool hasEval = !log.evals.empty();
  const char* state = runStateName(log.state);
  if (jsonl) {
    // The summary table's keys and encoding (core/RecordJson.h), as in a .plrun's end line,
    // between the run's end state and its provenance.
    json::Value line = json::Value::object();
    line.set("type", "summary");
    line.set("state", state);
    line.set("message", textForJson(log.message));
    if (!log.resumedFrom.empty()) {
      line.set("resumedFrom", textForJson(log.resumedFrom));
      line.set("resumedStep", log.resumedStep);
    }
    addRecordFields(line, summary);
    line.set("provenance", provenanceName(log.provenance.kind));
    line.set("device", textForJson(log.provenance.device));
    line.set("torchVersion", textForJson(log.provenance.torchVersion));
    // What was trained, in the lab summaries' words (a learner can check it against Hugging
    // Face): "pretrained all-MiniLM-L6-v2 ..., new classifier head", "BERT mini from random init".
    line.set("model", textForJson(LabScenarios::describe(config).model));
    std::cout << json::serialize(line) << "\n";
  }
  if (log.state == RunState::Failed) {
    // Also with --jsonl: a refused resume read only in the summary line went unseen.
    std::cerr << "training failed: " << escapeForTerminal(log.message, NewlinePolicy::Keep) << "\n";
  } else if (!jsonl) {
    std::cout << state << " after " << countText(summary.stepsDone, "step", "steps")
              << ": final loss " << fixed(summary.finalLoss, 4);
    if (hasEval)
      std::cout << ", val loss " << fixed(summary.finalValLoss, 4) << ", val accuracy "
                << fixed(100.0 * summary.finalValAccuracy, 1) << "%";
    std::cout << ", " << fixed(summary.medianStepMs, 1) << " ms/step (median after step "
              << kWarmupSteps << "), " << fixed(summary.medianSamplesPerSec, 1)
              << " samples/s, peak " << fixed(summary.peakBytes / 1048576.0, 1) << " MiB";
    if (log.provenance.kind == Provenance::Emulated)
      std::cout << " (emulated numerics: speed and memory are not those of real fp16)";
    std::cout << "\n";
  }
  if (log.state == RunState::Finished) return 0;
  if (log.state == RunState::Cancelled) return 130;
  return 1;
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(train, "train", makeParser, runTrainCommand, false)

}  // namespace precisionlab::cli
