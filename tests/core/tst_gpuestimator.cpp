// The GPU estimator against hand-computed figures: BERT-base's parameter count equals Hugging
// Face's BertForSequenceClassification (2 labels), the FLOPs formula term by term, bf16 refused
// where the GPU has no bf16 units, mixed precision faster and lighter than fp32 on every GPU,
// and the epoch cost as steps x step time x price. The calibration against published
// measurements is tests/core/tst_core_gpuestimate.cpp. Pure arithmetic: runs in milliseconds.
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "core/EngineError.h"
#include "core/GpuEstimator.h"

using namespace precisionlab;

CORE_TEST(bertBaseHasHuggingFacesParameterCount) {
  const EstimateShape base = EstimateShape::forPreset("base", 32, 128);
  // transformers' BertForSequenceClassification("bert-base-uncased", num_labels=2):
  // sum(p.numel() for p in model.parameters()) == 109,483,778.
  CHECK_EQ(base.totalParams(), int64_t(109483778));
  CHECK_EQ(base.embeddingParams(), int64_t((30522 + 512 + 2) * 768 + 2 * 768));
  CHECK_THROWS_AS(EstimateShape::forPreset("huge", 1, 1), InputError);
}

CORE_TEST(flopsFollowTheFormula) {
  EstimateShape s;
  s.layers = 2;
  s.hidden = 4;
  s.heads = 2;
  s.intermediate = 16;
  s.labels = 2;
  s.batchSize = 3;
  s.seqLen = 5;
  const double n = double(s.encoderParams());
  const double expected = 6 * n * 15 + 12.0 * 2 * 3 * 25 * 4;
  CHECK_FUZZY_EQ(GpuEstimator::trainingFlops(s), expected);
  // Activations: 16-bit S*B*H*(34 + 5*a*S/H) per layer; fp32 twice that.
  const double act16 = 2 * (5.0 * 3 * 4 * (34 + 5.0 * 2 * 5 / 4));
  CHECK_FUZZY_EQ(GpuEstimator::activationBytes(s, EstimatePrecision::Fp16Amp), act16);
  CHECK_FUZZY_EQ(GpuEstimator::activationBytes(s, EstimatePrecision::Fp32), 2 * act16);
}

CORE_TEST(bf16OnlyWhereTheGpuHasIt) {
  const EstimateShape s = EstimateShape::forPreset("base", 32, 128);
  for (const char* id : {"t4", "v100"}) {
    const StepEstimate e =
        GpuEstimator::estimate(*GpuEstimator::find(id), s, EstimatePrecision::Bf16Amp);
    CHECK_MSG(!e.supported, id);
    CHECK(e.why.find("bfloat16") != std::string::npos);
  }
  for (const char* id : {"l4", "a100", "h100"})
    CHECK_MSG(
        GpuEstimator::estimate(*GpuEstimator::find(id), s, EstimatePrecision::Bf16Amp).supported,
        id);
}

CORE_TEST(mixedPrecisionIsFasterAndLighterEverywhere) {
  const EstimateShape s = EstimateShape::forPreset("base", 32, 128);
  CHECK_EQ(GpuEstimator::gpus().size(), size_t(5));
  for (const GpuSpec& g : GpuEstimator::gpus()) {
    const StepEstimate fp32 = GpuEstimator::estimate(g, s, EstimatePrecision::Fp32);
    const StepEstimate fp16 = GpuEstimator::estimate(g, s, EstimatePrecision::Fp16Amp);
    CHECK_MSG(fp16.stepMs < fp32.stepMs, g.id);
    CHECK_MSG(fp16.memoryGB < fp32.memoryGB, g.id);
    CHECK_FUZZY_EQ(fp32.stepMs, fp32.computeMs + fp32.memoryMs + fp32.overheadMs);
    CHECK(fp32.overheadMs > 0);
    // The optimized code path is faster than the Trainer in mixed precision.
    CHECK_MSG(
        GpuEstimator::estimate(g, s, EstimatePrecision::Fp16Amp, EstimateCode::Optimized).stepMs <
            fp16.stepMs,
        g.id);
    CHECK(fp32.fits);
    CHECK(!g.datasheet.empty() && g.usdPerHour > 0);
  }
  // Newer is faster: H100 beats T4 in every precision both support.
  const auto ms = [&s](const char* id, EstimatePrecision p) {
    return GpuEstimator::estimate(*GpuEstimator::find(id), s, p).stepMs;
  };
  CHECK(ms("h100", EstimatePrecision::Fp16Amp) < ms("t4", EstimatePrecision::Fp16Amp));
}

CORE_TEST(epochCostIsStepsTimesTimeTimesPrice) {
  const EstimateShape s = EstimateShape::forPreset("base", 32, 128);
  const StepEstimate e =
      GpuEstimator::estimate(*GpuEstimator::find("a100"), s, EstimatePrecision::Fp16Amp);
  const double hours = std::ceil(1000.0 / 32) * e.stepMs / 3.6e6;
  CHECK_FUZZY_EQ(GpuEstimator::epochHours(e, s, 1000), hours);
  CHECK_FUZZY_EQ(GpuEstimator::epochCostUsd(e, s, 1000, 2.0), hours * 2.0);
  StepEstimate none;
  none.supported = false;
  CHECK_FUZZY_EQ(GpuEstimator::epochCostUsd(none, s, 1000, 2.0), 0.0);
}

CORE_TEST(formulaNamesItsSources) {
  const std::string f = gpuestimate::explain();
  CHECK(f.find("ESTIMATED") != std::string::npos);
  for (const GpuSpec& g : GpuEstimator::gpus())
    CHECK_MSG(f.find(g.datasheet) != std::string::npos, g.id);
  CHECK(f.find(GpuEstimator::pricesDate()) != std::string::npos);
}
