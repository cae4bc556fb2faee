// `precisionlab-cli estimate`: the GPU estimate of core/GpuEstimator.h in the terminal. Every
// figure is printed as ESTIMATED with the formula and sources, because none is a measurement.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/TrainingOptions.h"
#include "core/EngineError.h"
#include "core/GpuEstimator.h"

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
  ArgParser p("estimate", "estimated step time, memory and epoch cost on Vertex AI GPUs");
  p.describe(
      "Estimates step time, memory and the cost of one epoch of fine-tuning on the GPUs Vertex AI\n"
      "offers, for fp32, fp16=True and bf16=True. Every figure is ESTIMATED from a formula and\n"
      "datasheets (--formula prints them), none is measured.");
  using O = TrainOption;
  addTrainingOptions(p, estimateBase(), {O::Preset, O::BatchSize, O::SeqLen});
  p.option("examples", "N", "training examples per epoch, for the cost (default 100000)");
  p.flag("formula", "print the formula, assumptions and sources too");
  return p;
}

int runEstimate(const ArgParser& p) {
  TrainConfig c = estimateBase();
  applyTrainingOptions(p, c);
  checkTrainingConfig(p, c);  // the same limits as a training run
  const int64_t batch = c.batchSize;
  const int64_t seqLen = c.seqLen;
  const int64_t examples = p.integer("examples", 100000);
  if (examples < 1) p.fail("examples", "must be at least 1");
  const EstimateShape shape = EstimateShape::forPreset(c.preset, batch, seqLen);
  std::printf(
      "ESTIMATED (not measured): %s, %.1fM parameters, batch %lld, sequence %lld, "
      "one epoch = %lld examples\n",
      shape.model.c_str(), double(shape.totalParams()) / 1e6, static_cast<long long>(batch),
      static_cast<long long>(seqLen), static_cast<long long>(examples));
  std::printf("%-26s %-10s %10s %9s %8s %10s %10s\n", "GPU", "precision", "ms/step", "vs fp32",
              "GB", "epoch h", "epoch USD");
  for (const GpuSpec& g : GpuEstimator::gpus()) {
    const StepEstimate fp32 = GpuEstimator::estimate(g, shape, EstimatePrecision::Fp32);
    for (EstimatePrecision pr :
         {EstimatePrecision::Fp32, EstimatePrecision::Fp16Amp, EstimatePrecision::Bf16Amp}) {
      const StepEstimate e = GpuEstimator::estimate(g, shape, pr);
      if (!e.supported) {
        std::printf("%-26s %-10s %s\n", g.name.c_str(), GpuEstimator::precisionName(pr),
                    "not supported (no bf16 units)");
        continue;
      }
      std::printf("%-26s %-10s %10.1f %8.2fx %8.2f%s %9.3f %10.2f\n", g.name.c_str(),
                  GpuEstimator::precisionName(pr), e.stepMs, fp32.stepMs / e.stepMs, e.memoryGB,
                  e.fits ? " " : "!", GpuEstimator::epochHours(e, shape, examples),
                  GpuEstimator::epochCostUsd(e, shape, examples, g.usdPerHour));
    }
  }
  std::printf("('!' = does not fit in the GPU's memory.) Prices: %s.\n",
              GpuEstimator::pricesSource().c_str());
  if (p.has("formula"))
    std::printf("\n%s", GpuEstimator::formula().c_str());
  else
    std::printf(
        "Formula, assumptions and datasheet sources: precisionlab-cli estimate "
        "--formula\n");
  return 0;
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(estimate, "estimate", precisionlab::cli::makeParser,
                         precisionlab::cli::runEstimate, false)
