#include "cli/TrainCommand.h"

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
#include "cli/CpuFp16Option.h"
#include "cli/JsonText.h"
#include "cli/ProgressBar.h"
#include "core/BertConfig.h"
#include "core/EngineError.h"
#include "core/RecordFields.h"
#include "core/RunLog.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/RunScheduler.h"

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

// One JSON line a record, named by the one record table.
template <typename Record>
std::string recordJson(const char* type, const Record& r,
                       const std::vector<RecordField<Record>>& fields) {
  return std::string("{\"type\":\"") + type + "\"," + jsonRecordFields(r, fields) + "}";
}

std::string evalText(const EvalRecord& e) {
  return "eval step " + std::to_string(e.step) + ": val loss " + fixed(e.valLoss, 4) +
         ", accuracy " + fixed(100.0 * e.valAccuracy, 1) + "%";
}

ArgParser makeParser(const TrainConfig& d) {
  ArgParser p("train");
  std::string presets;
  for (const auto& n : BertConfig::presetNames()) presets += (presets.empty() ? "" : "|") + n;
  presets += "|minilm";
  p.add("preset", presets,
        "model size, random init, or minilm: the pretrained all-MiniLM-L6-v2 "
        "where installed (default " +
            d.preset + ")");
  p.add("model", "DIR", "fine-tune this Hugging Face BERT directory instead of a preset");
  p.add("layers", "N", "use only the first N encoder layers of a pretrained model (default: all)");
  p.add("init-scale", "S", "GradScaler initial scale (default 65536, PyTorch's)");
  p.add("growth-interval", "N", "GradScaler growth interval in steps (default 2000, PyTorch's)");
  p.add("save", "DIR", "after training, write the model to DIR as a Hugging Face directory");
  p.add("data", "FILE", "CSV/TSV/JSONL dataset (default: the built-in dataset)");
  p.add("text-column", "NAME", "column or JSON key with the text (default " + d.textColumn + ")");
  p.add("label-column", "NAME",
        "column or JSON key with the label (default " + d.labelColumn + ")");
  p.add("steps", "N", "optimizer steps (default " + std::to_string(d.steps) + ")");
  p.add("batch-size", "N", "examples per step (default " + std::to_string(d.batchSize) + ")");
  p.add("seq-len", "N", "max tokens per example (default " + std::to_string(d.seqLen) + ")");
  p.add("lr", "RATE", "peak AdamW learning rate (default " + jsonNumber(d.learningRate) + ")");
  p.add("seed", "N", "seed for init, shuffle and dropout (default " + std::to_string(d.seed) + ")");
  p.add("device", "DEV", "cpu, cuda or cuda:N (default " + d.device + ")");
  p.addThreadOptions("0");
  addCpuFp16Option(p);
  p.add(
      "eval-every", "N",
      "validate every N steps, 0 = at the end only (default " + std::to_string(d.evalEvery) + ")");
  p.add("precision", "P", "fp32, fp16-amp, bf16-amp, half-model, fp16-amp-noscale (default fp32)");
  p.add("jsonl", "", "one JSON line per step and evaluation, then a summary line");
  p.add("help", "", "show this help");
  return p;
}

TrainConfig configFrom(const ArgParser& p) {
  TrainConfig c;
  c.preset = p.text("preset", c.preset);
  c.modelDir = p.text("model", c.modelDir);
  c.layers = p.integer("layers", c.layers);
  c.initScale = p.number("init-scale", c.initScale);
  c.growthInterval = p.integer("growth-interval", c.growthInterval);
  if (!(c.initScale > 0) || !std::isfinite(c.initScale))
    throw InputError("train: --init-scale must be a positive number");
  if (c.growthInterval < 1) throw InputError("train: --growth-interval must be at least 1");
  c.saveDir = p.text("save", c.saveDir);
  c.dataPath = p.text("data", c.dataPath);
  c.textColumn = p.text("text-column", c.textColumn);
  c.labelColumn = p.text("label-column", c.labelColumn);
  c.steps = p.integer("steps", c.steps);
  c.batchSize = p.integer("batch-size", c.batchSize);
  c.seqLen = p.integer("seq-len", c.seqLen);
  c.learningRate = p.number("lr", c.learningRate);
  const int64_t seed = p.integer("seed", static_cast<int64_t>(c.seed));
  if (seed < 0) throw InputError("train: --seed must not be negative");
  c.seed = static_cast<uint64_t>(seed);
  c.device = p.text("device", c.device);
  c.threads = p.threads(c.threads);
  c.oversubscribe = p.has("oversubscribe");
  applyCpuFp16Option(p, c, "train");
  c.evalEvery = p.integer("eval-every", c.evalEvery);
  if (p.has("precision") && !parsePrecision(p.text("precision", ""), &c.precision))
    throw InputError("train: --precision '" + p.text("precision", "") +
                     "' is not one of fp32, fp16-amp, bf16-amp, half-model, fp16-amp-noscale");
  return c;
}

}  // namespace

int runTrainCommand(const std::vector<std::string>& args) {
  ArgParser parser = makeParser(TrainConfig{});
  TrainConfig config;
  try {
    parser.parse(args);
    if (parser.has("help")) {
      std::cout << "Fine-tunes a BERT classifier and reports loss, speed and memory per step.\n\n"
                << parser.usage();
      return 0;
    }
    config = configFrom(parser);
    checkTrainConfig(config, "train");  // before training, so a bad --save does not waste a run
  } catch (const InputError& e) {
    std::cerr << "precisionlab-cli " << escapeForTerminal(e.what(), NewlinePolicy::Keep) << "\n";
    return 2;
  }
  const bool jsonl = parser.has("jsonl");
  const bool tty = !jsonl && isatty(STDOUT_FILENO);
  const int64_t logEvery = std::max<int64_t>(1, config.steps / 20);

  gInterrupted = false;
  auto previousHandler = std::signal(SIGINT, onInterrupt);
  RunScheduler scheduler;
  scheduler.add(config, "train");
  ProgressBar bar(std::cout);
  RunLog log;  // everything the run reported; the summary line is its summary()
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
      if (log.state != u.state && !jsonl && u.state == RunState::Running && log.steps.empty())
        print("training " + (config.modelDir.empty() ? config.preset : config.modelDir) + ", " +
              provenanceName(u.provenance.kind) + " on " + u.provenance.device + " (LibTorch " +
              u.provenance.torchVersion + "), " + std::to_string(config.steps) + " steps");
      for (const auto& r : u.steps) {
        if (jsonl) {
          std::cout << recordJson("step", r, stepFields()) << "\n";
        } else if (!tty && (r.step % logEvery == 0 || r.step == 1)) {
          print("step " + std::to_string(r.step) + "/" + std::to_string(config.steps) + "  loss " +
                fixed(r.loss, 4) + "  lr " + jsonNumber(r.learningRate) + "  " +
                fixed(r.stepMs, 1) + " ms/step  " + fixed(r.samplesPerSec, 1) + " samples/s");
        }
        status = "loss " + fixed(r.loss, 4) + "  " + fixed(r.stepMs, 0) + " ms/step";
      }
      for (const auto& e : u.evals) {
        if (jsonl)
          std::cout << recordJson("eval", e, evalFields()) << "\n";
        else
          print(evalText(e));
      }
      if (jsonl) std::cout << std::flush;
      log.apply(u);
    }
    if (tty) bar.update(log.stepsDone(), config.steps, status);
    if (wasIdle) break;  // everything up to the final state has been drained above
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (tty) bar.finish();
  std::signal(SIGINT, previousHandler);

  const RunSummary summary = log.summary();
  const bool hasEval = !log.evals.empty();
  const char* state = runStateName(log.state);
  if (jsonl) {
    // Keys are RunSummary's names; step times are the one statistic (engine/RunLog.h).
    std::cout << "{\"type\":\"summary\",\"state\":" << jsonString(state)
              << ",\"message\":" << jsonString(log.message)
              << ",\"stepsDone\":" << summary.stepsDone
              << ",\"finalLoss\":" << jsonNumber(summary.finalLoss)
              << ",\"finalValLoss\":" << (hasEval ? jsonNumber(summary.finalValLoss) : "null")
              << ",\"finalValAccuracy\":"
              << (hasEval ? jsonNumber(summary.finalValAccuracy) : "null")
              << ",\"medianStepMs\":" << jsonNumber(summary.medianStepMs)
              << ",\"medianSamplesPerSec\":" << jsonNumber(summary.medianSamplesPerSec)
              << ",\"peakBytes\":" << summary.peakBytes
              << ",\"nonFiniteSteps\":" << summary.nonFiniteSteps
              << ",\"provenance\":" << jsonString(provenanceName(log.provenance.kind))
              << ",\"device\":" << jsonString(log.provenance.device)
              << ",\"torchVersion\":" << jsonString(log.provenance.torchVersion) << "}\n";
  } else if (log.state == RunState::Failed) {
    std::cerr << "training failed: " << escapeForTerminal(log.message, NewlinePolicy::Keep) << "\n";
  } else {
    std::cout << state << " after " << summary.stepsDone << " steps: final loss "
              << fixed(summary.finalLoss, 4);
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

}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(train, "train", "fine-tune one BERT classifier (built-in data by default)",
                         precisionlab::cli::runTrainCommand, false)
