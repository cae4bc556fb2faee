// `precisionlab-cli estimate`: the GPU estimate of core/GpuEstimator.h in the terminal. Every
// figure is printed as ESTIMATED, as the range from the Hugging Face Trainer to optimized code,
// with the same summary line the lab's evidence card shows (gpuestimate::summaryText) and the
// formula, calibration points and sources behind --explain, because none is a measurement.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/EngineCommands.h"
#include "cli/TrainingOptions.h"
#include "core/EngineError.h"
#include "core/GpuEstimator.h"
#include "core/NumberText.h"

namespace precisionlab::cli {
namespace {

TrainConfig estimateBase() {
  TrainConfig c;
  c.preset = "base";
  c.batchSize = 32;
  c.seqLen = 128;
  return c;
}

ArgParser makeParser() {
  ArgParser p("estimate", engineCommandSummary("estimate"));
  p.describe(
      "Estimates step time, throughput, memory and the cost of one epoch of fine-tuning on the\n"
      "GPUs Vertex AI offers, for true fp32, tf32=True, fp16=True and bf16=True. Every figure is\n"
      "ESTIMATED from a formula over datasheet peaks, its efficiencies calibrated on published\n"
      "training measurements, and shown as a range: the Hugging Face Trainer (what a learner who\n"
      "sets fp16=True runs) to optimized code (NVIDIA's tuned scripts). --explain prints the\n"
      "formula, the published points against the estimate, and the sources.");
  p.choice("preset", EstimateShape::presetNames(),
           "model size (default base; large = BERT-large, what most published points use)");
  using O = ConfigField;
  addTrainingOptions(p, estimateBase(), {O::BatchSize, O::SeqLen});
  p.option("examples", "N", "training examples per epoch, for the cost (default 100000)");
  p.flag("explain",
         "print the formula, the calibration points (published vs estimated) and sources");
  p.flag("formula", "the same as --explain");
  return p;
}

std::string range(double a, double b, int digits, const char* unit = "") {
  const double lo = a < b ? a : b, hi = a < b ? b : a;
  const std::string l = numberText(lo, digits, 'f'), h = numberText(hi, digits, 'f');
  return l == h ? l + unit : l + unit + "-" + h + unit;
}

int runEstimate(const ArgParser& p) {
  TrainConfig c = estimateBase();
  applyTrainingOptions(p, c);
  const std::string preset = c.preset;  // a choice, checked by the parser
  c.preset = "base";                    // "large" is an estimator preset, not a training one
  checkTrainingConfig(p, c);            // the same batch and sequence limits as a training run
  const int64_t examples = p.integer("examples", 100000);
  if (examples < 1) p.fail("examples", "must be at least 1");
  const EstimateShape shape = EstimateShape::forPreset(preset, c.batchSize, c.seqLen);
  std::printf(
      "ESTIMATED (not measured; calibrated on published training measurements): %s, %.1fM "
      "parameters, batch %lld, sequence %lld, one epoch = %lld examples\n"
      "Each cell: Hugging Face Trainer to optimized code. fp32 = true fp32, the Trainer's default "
      "(PyTorch keeps matmuls in fp32);\ntf32=True = the baseline of NVIDIA's published A100/H100 "
      "numbers.\n\n",
      shape.model.c_str(), double(shape.totalParams()) / 1e6,
      static_cast<long long>(shape.batchSize), static_cast<long long>(shape.seqLen),
      static_cast<long long>(examples));
  std::printf("%-25s %-10s %13s %11s %11s %11s %7s %13s %13s\n", "GPU", "precision", "ms/step",
              "seq/s", "vs fp32", "vs tf32", "GB", "epoch h", "epoch USD");
  const auto both = [&shape](const GpuSpec& g, EstimatePrecision pr) {
    return std::pair{GpuEstimator::estimate(g, shape, pr, EstimateCode::Trainer),
                     GpuEstimator::estimate(g, shape, pr, EstimateCode::Optimized)};
  };
  for (const GpuSpec& g : GpuEstimator::gpus()) {
    const auto fp32 = both(g, EstimatePrecision::Fp32);
    const auto tf32 = both(g, EstimatePrecision::Tf32);
    for (EstimatePrecision pr : {EstimatePrecision::Fp32, EstimatePrecision::Tf32,
                                 EstimatePrecision::Fp16Amp, EstimatePrecision::Bf16Amp}) {
      const auto [t, o] = both(g, pr);
      if (!t.supported) {
        std::printf("%-25s %-10s not supported (%s)\n", g.name.c_str(),
                    GpuEstimator::precisionName(pr),
                    pr == EstimatePrecision::Tf32 ? "no TF32 units" : "no bf16 units");
        continue;
      }
      const std::string vsTf32 = tf32.first.supported ? range(tf32.first.stepMs / t.stepMs,
                                                              tf32.second.stepMs / o.stepMs, 2, "x")
                                                      : "-";
      std::printf(
          "%-25s %-10s %13s %11s %11s %11s %6.2f%s %13s %13s\n", g.name.c_str(),
          GpuEstimator::precisionName(pr), range(t.stepMs, o.stepMs, 1).c_str(),
          range(t.sequencesPerSecond, o.sequencesPerSecond, 0).c_str(),
          range(fp32.first.stepMs / t.stepMs, fp32.second.stepMs / o.stepMs, 2, "x").c_str(),
          vsTf32.c_str(), t.memoryGB, t.fits ? " " : "!",
          range(GpuEstimator::epochHours(t, shape, examples),
                GpuEstimator::epochHours(o, shape, examples), 2)
              .c_str(),
          range(GpuEstimator::epochCostUsd(t, shape, examples, g.usdPerHour),
                GpuEstimator::epochCostUsd(o, shape, examples, g.usdPerHour), 2)
              .c_str());
    }
  }
  std::printf("('!' = does not fit in the GPU's memory.) Prices: %s.\n\n",
              GpuEstimator::pricesSource().c_str());
  for (const SpeedupRange& r : gpuestimate::fp16SpeedupRanges(shape))
    std::printf("%s\n", gpuestimate::rangeText(r).english().c_str());
  std::printf("\nIn one line: %s\n", gpuestimate::summaryText(shape).english().c_str());
  if (p.has("explain") || p.has("formula"))
    std::printf("\n%s", gpuestimate::explain().c_str());
  else
    std::printf(
        "Formula, calibration points (published vs estimated) and sources: precisionlab-cli "
        "estimate --explain\n");
  return 0;
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(estimate, "estimate", precisionlab::cli::makeParser,
                         precisionlab::cli::runEstimate, false)
