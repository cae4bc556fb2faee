// The GPU estimator against hand-computed figures: BERT-base's parameter count equals Hugging
// Face's BertForSequenceClassification (2 labels), the FLOPs formula term by term, bf16 refused
// where the GPU has no bf16 units, mixed precision faster and lighter than fp32 on every GPU,
// and the epoch cost as steps x step time x price. The calibration against published
// measurements is tests/core/tst_core_gpuestimate.cpp. Pure arithmetic: runs in milliseconds.
#include <QtTest>

#include <cmath>

#include "core/EngineError.h"
#include "core/GpuEstimator.h"

using namespace precisionlab;

class TestGpuEstimator : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void bertBaseHasHuggingFacesParameterCount() {
    const EstimateShape base = EstimateShape::forPreset("base", 32, 128);
    // transformers' BertForSequenceClassification("bert-base-uncased", num_labels=2):
    // sum(p.numel() for p in model.parameters()) == 109,483,778.
    QCOMPARE(base.totalParams(), int64_t(109483778));
    QCOMPARE(base.embeddingParams(), int64_t((30522 + 512 + 2) * 768 + 2 * 768));
    QVERIFY_THROWS_EXCEPTION(InputError, EstimateShape::forPreset("huge", 1, 1));
  }

  void flopsFollowTheFormula() {
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
    QCOMPARE(GpuEstimator::trainingFlops(s), expected);
    // Activations: 16-bit S*B*H*(34 + 5*a*S/H) per layer; fp32 twice that.
    const double act16 = 2 * (5.0 * 3 * 4 * (34 + 5.0 * 2 * 5 / 4));
    QCOMPARE(GpuEstimator::activationBytes(s, EstimatePrecision::Fp16Amp), act16);
    QCOMPARE(GpuEstimator::activationBytes(s, EstimatePrecision::Fp32), 2 * act16);
  }

  void bf16OnlyWhereTheGpuHasIt() {
    const EstimateShape s = EstimateShape::forPreset("base", 32, 128);
    for (const char* id : {"t4", "v100"}) {
      const StepEstimate e =
          GpuEstimator::estimate(*GpuEstimator::find(id), s, EstimatePrecision::Bf16Amp);
      QVERIFY2(!e.supported, id);
      QVERIFY(e.why.find("bfloat16") != std::string::npos);
    }
    for (const char* id : {"l4", "a100", "h100"})
      QVERIFY2(
          GpuEstimator::estimate(*GpuEstimator::find(id), s, EstimatePrecision::Bf16Amp).supported,
          id);
  }

  void mixedPrecisionIsFasterAndLighterEverywhere() {
    const EstimateShape s = EstimateShape::forPreset("base", 32, 128);
    QCOMPARE(GpuEstimator::gpus().size(), size_t(5));
    for (const GpuSpec& g : GpuEstimator::gpus()) {
      const StepEstimate fp32 = GpuEstimator::estimate(g, s, EstimatePrecision::Fp32);
      const StepEstimate fp16 = GpuEstimator::estimate(g, s, EstimatePrecision::Fp16Amp);
      QVERIFY2(fp16.stepMs < fp32.stepMs, g.id.c_str());
      QVERIFY2(fp16.memoryGB < fp32.memoryGB, g.id.c_str());
      QCOMPARE(fp32.stepMs, fp32.computeMs + fp32.memoryMs + fp32.overheadMs);
      QVERIFY(fp32.overheadMs > 0);
      // The optimized code path is faster than the Trainer in mixed precision.
      QVERIFY2(
          GpuEstimator::estimate(g, s, EstimatePrecision::Fp16Amp, EstimateCode::Optimized).stepMs <
              fp16.stepMs,
          g.id.c_str());
      QVERIFY(fp32.fits);
      QVERIFY(!g.datasheet.empty() && g.usdPerHour > 0);
    }
    // Newer is faster: H100 beats T4 in every precision both support.
    const auto ms = [&s](const char* id, EstimatePrecision p) {
      return GpuEstimator::estimate(*GpuEstimator::find(id), s, p).stepMs;
    };
    QVERIFY(ms("h100", EstimatePrecision::Fp16Amp) < ms("t4", EstimatePrecision::Fp16Amp));
  }

  void epochCostIsStepsTimesTimeTimesPrice() {
    const EstimateShape s = EstimateShape::forPreset("base", 32, 128);
    const StepEstimate e =
        GpuEstimator::estimate(*GpuEstimator::find("a100"), s, EstimatePrecision::Fp16Amp);
    const double hours = std::ceil(1000.0 / 32) * e.stepMs / 3.6e6;
    QCOMPARE(GpuEstimator::epochHours(e, s, 1000), hours);
    QCOMPARE(GpuEstimator::epochCostUsd(e, s, 1000, 2.0), hours * 2.0);
    StepEstimate none;
    none.supported = false;
    QCOMPARE(GpuEstimator::epochCostUsd(none, s, 1000, 2.0), 0.0);
  }

  void formulaNamesItsSources() {
    const std::string f = gpuestimate::explain();
    QVERIFY(f.find("ESTIMATED") != std::string::npos);
    for (const GpuSpec& g : GpuEstimator::gpus())
      QVERIFY2(f.find(g.datasheet) != std::string::npos, g.id.c_str());
    QVERIFY(f.find(GpuEstimator::pricesDate()) != std::string::npos);
  }
};

QTEST_MAIN(TestGpuEstimator)
#include "tst_gpuestimator.moc"
