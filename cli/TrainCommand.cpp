// `precisionlab-cli train`: one training run through the RunScheduler, with a progress bar on a
// terminal, one JSON line per step with --jsonl, or a log line every few steps otherwise.
// Ctrl-C cancels the run after the step in progress.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/JsonText.h"
#include "cli/ProgressBar.h"
#include "cli/TrainingOptions.h"
#include "engine/EngineError.h"
#include "engine/RunScheduler.h"
#include "engine/TrainConfig.h"
#include "engine/src/TerminalText.h"

namespace precisionlab::cli {

namespace {

std::atomic<bool> gInterrupted{false};

// The first Ctrl-C cancels after the step in progress; a second one quits at once, for a step
// that takes too long to wait for (only async-signal-safe calls here).
extern "C" void onInterrupt(int) {
  if (gInterrupted.exchange(true)) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string stepJson(const StepRecord& r) {
  std::ostringstream o;
  o << "{\"type\":\"step\",\"step\":" << r.step << ",\"loss\":" << jsonNumber(r.loss)
    << ",\"lr\":" << jsonNumber(r.learningRate) << ",\"step_ms\":" << jsonNumber(r.stepMs)
    << ",\"samples_per_s\":" << jsonNumber(r.samplesPerSec)
    << ",\"tokens_per_s\":" << jsonNumber(r.tokensPerSec)
    << ",\"grad_norm\":" << jsonNumber(r.gradNorm)
    << ",\"non_finite\":" << (r.nonFinite ? "true" : "false")
    << ",\"loss_scale\":" << jsonNumber(r.lossScale)
    << ",\"skipped\":" << (r.skipped ? "true" : "false")
    << ",\"grad_zero_fraction\":" << jsonNumber(r.gradZeroFraction)
    << ",\"grad_nonfinite_fraction\":" << jsonNumber(r.gradNonFiniteFraction)
    << ",\"peak_bytes\":" << r.peakBytes << "}";
  return o.str();
}

std::string evalJson(const EvalRecord& e) {
  return "{\"type\":\"eval\",\"step\":" + std::to_string(e.step) +
         ",\"val_loss\":" + jsonNumber(e.valLoss) +
         ",\"val_accuracy\":" + jsonNumber(e.valAccuracy) + "}";
}

std::string evalText(const EvalRecord& e) {
  return "eval step " + std::to_string(e.step) + ": val loss " + fixed(e.valLoss, 4) +
         ", accuracy " + fixed(100.0 * e.valAccuracy, 1) + "%";
}

// Running totals for the summary line.
struct Summary {
  int64_t steps = 0;
  double msSum = 0;  // excludes step 1, which pays one-time allocation costs
  int64_t msCount = 0;
  double samplesPerSecSum = 0;
  double firstMs = 0, firstSamplesPerSec = 0;  // the only figures when a run stops after step 1
  double lastLoss = NAN;
  int64_t peakBytes = 0;
  int64_t nonFiniteSteps = 0;
  EvalRecord lastEval;
  bool hasEval = false;

  void add(const StepRecord& r) {
    steps = r.step;
    if (r.step == 1) {
      firstMs = r.stepMs;
      firstSamplesPerSec = r.samplesPerSec;
    }
    if (r.step > 1) {
      msSum += r.stepMs;
      samplesPerSecSum += r.samplesPerSec;
      ++msCount;
    }
    lastLoss = r.loss;
    peakBytes = std::max(peakBytes, r.peakBytes);
    if (r.nonFinite) ++nonFiniteSteps;
  }
  double meanMs() const { return msCount ? msSum / msCount : firstMs; }
  double meanSamplesPerSec() const {
    return msCount ? samplesPerSecSum / msCount : firstSamplesPerSec;
  }
};

ArgParser makeParser() {
  ArgParser p("train", "fine-tune one BERT classifier (built-in data by default)");
  p.describe(
      "Fine-tunes a BERT classifier and reports loss, speed and memory per step: a progress\n"
      "bar on a terminal, one JSON line per step with --jsonl, a log line every few steps\n"
      "otherwise. Ctrl-C cancels after the step in progress (exit status 130).");
  using O = TrainOption;
  addTrainingOptions(
      p, TrainConfig{},
      {O::Preset, O::Model, O::Layers, O::InitScale, O::GrowthInterval, O::Save, O::Data,
       O::TextColumn, O::LabelColumn, O::Steps, O::BatchSize, O::SeqLen, O::LearningRate, O::Seed,
       O::Device, O::Threads, O::CpuFp16, O::EvalEvery, O::Precision});
  p.flag("jsonl", "one JSON line per step and evaluation, then a summary line");
  return p;
}

int runTrainCommand(const ArgParser& parser) {
  TrainConfig config;
  applyTrainingOptions(parser, config);
  checkTrainingConfig(parser, config);  // before training, so a bad --save does not waste a run
  const bool jsonl = parser.has("jsonl");
  const bool tty = !jsonl && isatty(STDOUT_FILENO);
  const int64_t logEvery = std::max<int64_t>(1, config.steps / 20);

  gInterrupted = false;
  auto previousHandler = std::signal(SIGINT, onInterrupt);
  RunScheduler scheduler;
  scheduler.add(config, "train");
  ProgressBar bar(std::cout);
  Summary summary;
  RunUpdate last;
  bool cancelSent = false;
  std::string status = "preparing";

  auto print = [&](const std::string& line) {
    if (tty)
      bar.printLine(line);
    else
      std::cout << line << "\n" << std::flush;
  };

  for (;;) {
    if (gInterrupted && !cancelSent) {
      scheduler.cancelAll();  // takes effect after the step in progress
      cancelSent = true;
      if (!jsonl) print("cancelling after the current step... (Ctrl-C again to quit at once)");
    }
    const bool wasIdle = scheduler.idle();
    for (auto& u : scheduler.drain()) {
      for (const auto& w : u.warnings)
        std::cerr << "warning: " << escapeForTerminal(w, NewlinePolicy::Keep) << "\n";
      if (last.state != u.state && !jsonl && u.state == RunState::Running && summary.steps == 0)
        print("training " + (config.modelDir.empty() ? config.preset : config.modelDir) + ", " +
              provenanceName(u.provenance.kind) + " on " + u.provenance.device + " (LibTorch " +
              u.provenance.torchVersion + "), " + std::to_string(config.steps) + " steps");
      for (const auto& r : u.steps) {
        summary.add(r);
        if (jsonl) {
          std::cout << stepJson(r) << "\n";
        } else if (!tty && (r.step % logEvery == 0 || r.step == 1)) {
          print("step " + std::to_string(r.step) + "/" + std::to_string(config.steps) + "  loss " +
                fixed(r.loss, 4) + "  lr " + jsonNumber(r.learningRate) + "  " +
                fixed(r.stepMs, 1) + " ms/step  " + fixed(r.samplesPerSec, 1) + " samples/s");
        }
        status = "loss " + fixed(r.loss, 4) + "  " + fixed(r.stepMs, 0) + " ms/step";
      }
      for (const auto& e : u.evals) {
        summary.lastEval = e;
        summary.hasEval = true;
        if (jsonl)
          std::cout << evalJson(e) << "\n";
        else
          print(evalText(e));
      }
      if (jsonl) std::cout << std::flush;
      last.state = u.state;
      last.message = u.message;
      last.provenance = u.provenance;
    }
    if (tty) bar.update(summary.steps, config.steps, status);
    if (wasIdle) break;  // everything up to the final state has been drained above
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (tty) bar.finish();
  std::signal(SIGINT, previousHandler);

  const char* state = runStateName(last.state);
  if (jsonl) {
    std::cout << "{\"type\":\"summary\",\"state\":" << jsonString(state)
              << ",\"message\":" << jsonString(last.message) << ",\"steps\":" << summary.steps
              << ",\"final_loss\":" << jsonNumber(summary.lastLoss) << ",\"val_loss\":"
              << (summary.hasEval ? jsonNumber(summary.lastEval.valLoss) : "null")
              << ",\"val_accuracy\":"
              << (summary.hasEval ? jsonNumber(summary.lastEval.valAccuracy) : "null")
              << ",\"mean_step_ms\":" << jsonNumber(summary.meanMs())
              << ",\"mean_samples_per_s\":" << jsonNumber(summary.meanSamplesPerSec())
              << ",\"peak_bytes\":" << summary.peakBytes
              << ",\"non_finite_steps\":" << summary.nonFiniteSteps
              << ",\"provenance\":" << jsonString(provenanceName(last.provenance.kind))
              << ",\"device\":" << jsonString(last.provenance.device)
              << ",\"torch_version\":" << jsonString(last.provenance.torchVersion) << "}\n";
  } else if (last.state == RunState::Failed) {
    std::cerr << "training failed: " << escapeForTerminal(last.message, NewlinePolicy::Keep)
              << "\n";
  } else {
    std::cout << state << " after " << summary.steps << " steps: final loss "
              << fixed(summary.lastLoss, 4);
    if (summary.hasEval)
      std::cout << ", val loss " << fixed(summary.lastEval.valLoss, 4) << ", val accuracy "
                << fixed(100.0 * summary.lastEval.valAccuracy, 1) << "%";
    std::cout << ", " << fixed(summary.meanMs(), 1) << " ms/step, "
              << fixed(summary.meanSamplesPerSec(), 1) << " samples/s, peak "
              << fixed(summary.peakBytes / 1048576.0, 1) << " MiB";
    if (last.provenance.kind == Provenance::Emulated)
      std::cout << " (emulated numerics: speed and memory are not those of real fp16)";
    std::cout << "\n";
  }
  if (last.state == RunState::Finished) return 0;
  if (last.state == RunState::Cancelled) return 130;
  return 1;
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(train, "train", makeParser, runTrainCommand, false)

}  // namespace precisionlab::cli
