// `precisionlab-cli estimate`: the GPU estimate of engine/GpuEstimator.h in the terminal. Every
// figure is printed as ESTIMATED with the formula and sources, because none is a measurement.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "core/EngineError.h"
#include "core/GpuEstimator.h"

namespace precisionlab::cli {
namespace {

int runEstimate(const std::vector<std::string>& args) {
  ArgParser p("estimate");
  p.add("preset", "NAME", "BERT size: tiny, mini, small, medium, base (default base)");
  p.add("batch-size", "N", "examples per step (default 32)");
  p.add("seq-len", "N", "tokens per example (default 128)");
  p.add("examples", "N", "training examples per epoch, for the cost (default 100000)");
  p.add("formula", "", "print the formula, assumptions and sources too");
  p.add("help", "", "show this help");
  try {
    p.parse(args);
    if (p.has("help")) {
      std::printf("%s", p.usage().c_str());
      return 0;
    }
    const int64_t batch = p.integer("batch-size", 32);
    const int64_t seqLen = p.integer("seq-len", 128);
    const int64_t examples = p.integer("examples", 100000);
    if (batch < 1 || batch > 65536) throw InputError("estimate: --batch-size must be 1..65536");
    if (seqLen < 1 || seqLen > 512) throw InputError("estimate: --seq-len must be 1..512");
    if (examples < 1) throw InputError("estimate: --examples must be at least 1");
    const EstimateShape shape = EstimateShape::forPreset(p.text("preset", "base"), batch, seqLen);
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
  } catch (const InputError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(estimate, "estimate",
                         "estimated step time, memory and epoch cost on Vertex AI GPUs",
                         precisionlab::cli::runEstimate, false)
