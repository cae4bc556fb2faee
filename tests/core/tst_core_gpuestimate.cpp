// The GPU estimate held against published training measurements (GpuEstimator::
// calibrationPoints(): NVIDIA DeepLearningExamples' PyTorch BERT README tables, Hugging Face's
// perf_train_gpu_one docs, transformers issue 15026; each point names its source and URL): the
// estimated fp16=True / baseline ratio within 1.35x of each measured ratio, the absolute fp16
// throughput within 2x, the published batch sizes fit the measured card's memory. Before the
// calibration the estimator read 8.9x on A100 where NVIDIA measured 1.8x-2.6x; this fails then.
// Also: TF32 only where the GPU has it, bert-large's parameter count, and the one text every
// front end shows (a range, labelled estimated, Trainer to optimized code). Pure arithmetic.
#include <cmath>
#include <string>
#include <vector>

#include "CoreTest.h"
#include "core/EngineError.h"
#include "core/GpuEstimator.h"
#include "core/NumberText.h"

using namespace precisionlab;

namespace {

std::string n2(double v) { return numberText(v, 2, 'f'); }

double within(double estimated, double measured) {
  return std::max(estimated / measured, measured / estimated);
}

}  // namespace

CORE_TEST(publishedPointsAgreeWithTheEstimate) {
  const auto& points = GpuEstimator::calibrationPoints();
  CHECK(points.size() >= 6);
  for (const CalibrationPoint& c : points) {
    // Published points quoted as evidence but not fitted to (Lambda's H100 and H200 logs, whose
    // baseline column is probably TF32, unstated) are not held to the fit.
    if (!c.calibrates) continue;
    EstimateShape base = c.shape, half = c.shape;
    base.batchSize = c.baselineBatch;
    half.batchSize = c.fp16Batch;
    const StepEstimate eb = GpuEstimator::estimate(c.gpu, base, c.baseline, c.code);
    const StepEstimate eh = GpuEstimator::estimate(c.gpu, half, EstimatePrecision::Fp16Amp, c.code);
    CHECK(eb.supported && eh.supported);
    const double measured = c.fp16SeqPerSec / c.baselineSeqPerSec;
    const double estimated = eh.sequencesPerSecond / eb.sequencesPerSecond;
    const std::string where = c.gpu.name + ", " + c.shape.model + ", " + c.source + ": ";
    if (within(estimated, measured) > 1.35)
      coretest::fail(__FILE__, __LINE__,
                     where + "fp16=True / " + GpuEstimator::precisionName(c.baseline) +
                         " estimated " + n2(estimated) + "x, measured " + n2(measured) + "x");
    if (c.absoluteComparable && within(eh.sequencesPerSecond, c.fp16SeqPerSec) > 2.0)
      coretest::fail(__FILE__, __LINE__,
                     where + "fp16=True estimated " + n2(eh.sequencesPerSecond) +
                         " sequences/s, measured " + n2(c.fp16SeqPerSec));
    if (c.batchesPublished && (!eb.fits || !eh.fits))
      coretest::fail(__FILE__, __LINE__,
                     where + "published batch sizes do not fit: " + n2(eb.memoryGB) + " / " +
                         n2(eh.memoryGB) + " GB of " + n2(c.gpu.memoryGB));
    CHECK(!c.url.empty() && c.url.rfind("https://", 0) == 0);
  }
}

CORE_TEST(a100ReadsAbout2xAgainstTf32) {
  // The "done when": A100 about 2x against TF32 on the published shape (bert-large,
  // sequence 384, batch 32), true fp32 far higher and labelled so; and the lab's shape never
  // claims more against TF32 than the measured high (2.63x).
  const SpeedupRange r = gpuestimate::fp16SpeedupRange(*GpuEstimator::find("a100"),
                                                       EstimateShape::forPreset("large", 32, 384));
  CHECK(r.hasTf32);
  CHECK(r.lowVsTf32() > 1.3 && r.highVsTf32() < 2.7);
  CHECK(r.lowVsFp32() > r.highVsTf32());
  CHECK(r.trainerVsTf32 < r.optimizedVsTf32);  // the Trainer is the low end
  for (const SpeedupRange& lab : gpuestimate::fp16SpeedupRanges(gpuestimate::labShape())) {
    CHECK(lab.lowVsFp32() > 1.0);
    CHECK(lab.highVsFp32() < 8.0);
    if (lab.hasTf32) CHECK(lab.highVsTf32() < 2.63);
    CHECK(lab.memoryRatio < 1.0);
  }
}

CORE_TEST(tf32OnlyWhereTheGpuHasIt) {
  const EstimateShape s = gpuestimate::labShape();
  for (const char* id : {"t4", "v100"}) {
    const StepEstimate e =
        GpuEstimator::estimate(*GpuEstimator::find(id), s, EstimatePrecision::Tf32);
    CHECK(!e.supported);
    CHECK(e.why.find("TF32") != std::string::npos);
  }
  // Dense TF32 peaks from the datasheets (the "with sparsity" figures halved).
  CHECK_EQ(GpuEstimator::find("a100")->tf32Tflops, 156.0);
  CHECK_EQ(GpuEstimator::find("h100")->tf32Tflops, 494.7);
  CHECK_EQ(GpuEstimator::find("l4")->tf32Tflops, 60.0);
  for (const char* id : {"l4", "a100", "h100"}) {
    const GpuSpec& g = *GpuEstimator::find(id);
    const StepEstimate tf32 = GpuEstimator::estimate(g, s, EstimatePrecision::Tf32);
    const StepEstimate fp32 = GpuEstimator::estimate(g, s, EstimatePrecision::Fp32);
    CHECK(tf32.supported && tf32.stepMs < fp32.stepMs);
  }
  CHECK_EQ(std::string(GpuEstimator::precisionName(EstimatePrecision::Tf32)), "tf32=True");
}

CORE_TEST(uncalibratedGpusAreDeratedAndSaySo) {
  for (const char* id : {"t4", "l4"}) {
    const GpuSpec& g = *GpuEstimator::find(id);
    CHECK(g.derate < 1.0);
    CHECK(!g.publishedMeasurement);
    CHECK(g.calibration.find("no published training measurement") != std::string::npos);
    const VerdictText t =
        gpuestimate::rangeText(gpuestimate::fp16SpeedupRange(g, gpuestimate::labShape()));
    CHECK(t.english().find("no published training measurement") != std::string::npos);
  }
  CHECK(GpuEstimator::find("t4")->calibration.find("V100") != std::string::npos);
  CHECK(GpuEstimator::find("l4")->calibration.find("A100") != std::string::npos);
  CHECK(GpuEstimator::find("v100")->publishedMeasurement);
  CHECK(GpuEstimator::find("a100")->publishedMeasurement);
}

CORE_TEST(bertLargeIsAPreset) {
  const EstimateShape large = EstimateShape::forPreset("large", 8, 384);
  // transformers' BertForSequenceClassification("bert-large-uncased", num_labels=2): BertModel's
  // 335,141,888 parameters + the classifier's 1024 x 2 + 2.
  CHECK_EQ(large.totalParams(), int64_t(335141888 + 2050));
  CHECK_EQ(large.batchSize, int64_t(8));
  CHECK_EQ(large.seqLen, int64_t(384));
  CHECK_THROWS(EstimateShape::forPreset("huge", 1, 1), InputError, "large");
  // A named vector: CHECK_EQ binds references, and back() of a temporary dies with it (ASan).
  const std::vector<std::string> presets = EstimateShape::presetNames();
  CHECK_EQ(presets.back(), std::string("large"));
}

CORE_TEST(oneTextShowsARangeLabelledEstimated) {
  const std::string s = gpuestimate::summaryText(gpuestimate::labShape()).english();
  for (const char* needle : {"estimated", "BERT base", "batch 32", "sequence 128", "Trainer",
                             "optimized code", "true fp32", "tf32=True", "Vertex AI GPUs"})
    if (s.find(needle) == std::string::npos)
      coretest::fail(__FILE__, __LINE__, std::string("summary lacks '") + needle + "': " + s);
  // Ranges, not one number: "a.bx-c.dx".
  const SpeedupRange a100 =
      gpuestimate::fp16SpeedupRange(*GpuEstimator::find("a100"), gpuestimate::labShape());
  const std::string tf32Range =
      numberText(a100.lowVsTf32(), 1, 'f') + "x-" + numberText(a100.highVsTf32(), 1, 'f') + "x";
  CHECK(s.find(tf32Range) != std::string::npos);
  const std::string a = gpuestimate::rangeText(a100).english();
  CHECK(a.find("A100: fp16=True ") == 0);
  CHECK(a.find(tf32Range) != std::string::npos);
}

CORE_TEST(explainNamesFormulaPointsAndSources) {
  const std::string e = gpuestimate::explain();
  CHECK(e.find("ESTIMATED") != std::string::npos);
  CHECK(e.find("FLOPs per step") != std::string::npos);
  for (const CalibrationPoint& c : GpuEstimator::calibrationPoints())
    CHECK(e.find(c.url) != std::string::npos);
  for (const GpuSpec& g : GpuEstimator::gpus()) {
    CHECK(e.find(g.datasheet) != std::string::npos);
    CHECK(e.find(g.calibration) != std::string::npos);
  }
  CHECK(e.find("published") != std::string::npos && e.find("estimated") != std::string::npos);
  CHECK(e.find(GpuEstimator::pricesDate()) != std::string::npos);
}
