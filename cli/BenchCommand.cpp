// `precisionlab-cli bench`: each precision policy on the same model, data and seed in one
// session (steps interleaved, each timed alone), then step time, speedup against fp32, peak
// memory ratio, final loss and accuracy. Default: mini, batch 32, seq 128, the design's target
// setup for bf16 against fp32 on a CPU.
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/EngineCommands.h"
#include "cli/JsonText.h"
#include "cli/LabReport.h"
#include "cli/ProgressBar.h"
#include "cli/SessionLoop.h"
#include "cli/TrainingOptions.h"
#include "core/EngineError.h"
#include "core/GpuEstimator.h"
#include "core/LabScenarios.h"
#include "core/ScenarioIds.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/LabSession.h"

namespace precisionlab::cli {

namespace {

// The GPU's dense FP16 Tensor Core peak (TFLOP/s, without sparsity), for the model FLOPs
// utilisation of a GPU run: the estimator's datasheet table (GpuEstimator::gpus()), found by the
// chip's name in the device text. An H200 has the H100 SXM's compute (NVIDIA's H200 datasheet:
// 989 TFLOP/s dense FP16), an H100 PCIe less (756.5). 0 = not known (a CPU, an unlisted GPU).
double denseFp16Tflops(const std::string& device) {
  if (device.rfind("cuda", 0) != 0) return 0;
  if (device.find("H100 PCIe") != std::string::npos) return 756.5;
  for (const GpuSpec& g : GpuEstimator::gpus()) {
    std::string chip = g.id;
    for (char& ch : chip) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    if (device.find(chip) != std::string::npos ||
        (chip == "H100" && device.find("H200") != std::string::npos))
      return g.fp16Tflops;
  }
  return 0;
}

// What a step computes, for MFU: GpuEstimator's count (6 N T plus attention).
double flopsPerStep(const TrainConfig& c) {
  try {
    return GpuEstimator::trainingFlops(EstimateShape::forPreset(c.preset, c.batchSize, c.seqLen));
  } catch (const InputError&) {
    return 0;  // a checkpoint directory: its shape is not a preset
  }
}

// The design's target setup for bf16 against fp32 on a CPU: mini, batch 32, seq 128.
TrainConfig benchBase() {
  TrainConfig c = LabScenarios::builtinBase();
  c.preset = "mini";
  c.steps = 12;
  c.batchSize = 32;
  c.seqLen = 128;
  c.threads = 0;
  c.device = "cpu";
  c.evalEvery = 0;  // validate once, at the end
  return c;
}

ArgParser makeParser() {
  ArgParser p("bench", engineCommandSummary("bench"));
  p.describe(
      "Benchmarks every precision policy against fp32 in one session (steps interleaved, each\n"
      "timed alone; the first 3 steps are left out of the timing), then prints step time,\n"
      "speedup, peak memory ratio, final loss and accuracy. Ctrl-C stops after the steps in\n"
      "progress and prints what was measured (exit 130).");
  using O = ConfigField;
  addTrainingOptions(
      p, benchBase(),
      {O::Preset, O::Steps, O::BatchSize, O::SeqLen, O::Threads, O::CpuFp16, O::Device});
  p.option(
      "policies", "LIST",
      "comma-separated scenario ids (default: baseline-fp32, bf16-amp, fp16-amp, half-layers)");
  return p;
}

int runBench(const ArgParser& p) {
  TrainConfig c = benchBase();
  applyTrainingOptions(p, c);
  checkTrainingConfig(p, c);  // one clear error instead of every row failing alike
  const std::vector<std::string> ids = scenarioIdList(
      p, "policies", p.text("policies", "baseline-fp32,bf16-amp,fp16-amp,half-layers"));
  const bool tty = isatty(STDOUT_FILENO);
  LabSession session;
  const LabSession::StartResult started = session.startAll(ids, c);
  if (!started.ok()) p.fail("policies", started.error);
  ProgressBlock progress(std::cout, tty);
  SessionLoop loop;
  loop.interval = std::chrono::milliseconds(200);
  loop.onCancel = [] {
    std::cerr << "cancelling after the current steps; the table shows what was measured "
                 "(Ctrl-C again to quit at once)\n";
  };
  loop.onTick = [&](bool done) { progress.show(LabReport::progressLines(session), done); };
  const bool cancelled = runSessionLoop(session, loop);
  const auto verdicts = session.verdicts();
  const auto& cfg = session.baseline().config;
  std::cout << "\nbench: preset " << cfg.preset << ", batch " << cfg.batchSize << ", seq "
            << cfg.seqLen << ", " << cfg.steps << " steps per policy on "
            << session.baseline().provenance.device << "\n\n";
  std::cout << pad("policy", 16) << pad("provenance", 11) << pad("ms/step (p25-p75)", 22)
            << pad("speedup vs fp32", 22) << pad("peak MB", 9) << pad("mem ratio", 10)
            << pad("final loss", 11) << pad("val acc", 8) << "\n";
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const auto& v = verdicts[i];
    const auto& run = session.results()[i].runs.front();
    int64_t peak = 0;
    for (const auto& s : run.steps) peak = std::max(peak, s.peakBytes);
    const std::string policy = session.results()[i].id;
    std::cout << pad(policy, 16) << pad(provenanceName(v.provenance), 11)
              << pad(formatNumber("%.0f", v.medianStepMs) + formatNumber(" (%.0f", v.p25StepMs) +
                         formatNumber("-%.0f)", v.p75StepMs),
                     22)
              << pad(v.speedMeasurable
                         ? formatNumber("%.2fx", v.speedup) + formatNumber(" (%.2f", v.speedupLow) +
                               formatNumber("-%.2f)", v.speedupHigh)
                         : "n/a (emulated)",
                     22)
              << pad(formatNumber("%.1f", static_cast<double>(peak) / 1048576.0), 9)
              << pad(v.memoryMeasurable ? formatNumber("%.2fx", v.memoryRatio) : "n/a", 10)
              << pad(run.steps.empty() ? "-" : formatNumber("%.4f", run.steps.back().loss), 11)
              << pad(v.hasEval ? formatNumber("%.3f", v.valAccuracy) : "-", 8);
    if (run.state == RunState::Failed) std::cout << "  failed: " << run.message;
    std::cout << "\n";
  }
  // Side-by-side ratios from the same interleaved session: each policy against tf32=True where
  // it ran (NVIDIA's published baseline), and MFU against the GPU's dense fp16 peak.
  const double peak = denseFp16Tflops(session.baseline().provenance.device);
  const double flops = flopsPerStep(cfg);
  const Verdict* tf32 = nullptr;
  for (size_t i = 0; i < verdicts.size(); ++i)
    if (session.results()[i].id == scenario::kTf32 && verdicts[i].medianStepMs > 0)
      tf32 = &verdicts[i];
  if (tf32 || (peak > 0 && flops > 0)) std::cout << "\n";
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const auto& v = verdicts[i];
    const std::string policy = session.results()[i].id;
    std::string line;
    // An emulated run's step time is not a measurement: no ratio for it.
    if (tf32 && v.speedMeasurable && v.medianStepMs > 0 && policy != scenario::kTf32)
      line += "  vs tf32=True " + formatNumber("%.2fx", tf32->medianStepMs / v.medianStepMs);
    if (peak > 0 && flops > 0 && v.speedMeasurable && v.medianStepMs > 0)
      line += "  MFU " +
              formatNumber("%.1f%%", 100.0 * flops / (v.medianStepMs / 1000.0) / (peak * 1e12)) +
              " of the dense fp16 peak (" + formatNumber("%.0f", peak) + " TFLOP/s)";
    if (!line.empty()) std::cout << pad(policy, 16) << line << "\n";
  }
  if (cancelled) {
    std::cout << "\nCancelled: the figures above are from the steps done before Ctrl-C.\n";
    return kExitCancelled;
  }
  return kExitOk;
}

}  // namespace

}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(bench, "bench", precisionlab::cli::makeParser, precisionlab::cli::runBench,
                         false)
