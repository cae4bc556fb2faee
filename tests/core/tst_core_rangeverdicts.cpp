// Verdicts of the range experiment (an outlier channel above fp16's 65504) on crafted runs: an
// fp16 run whose loss is non-finite and whose steps the GradScaler skips "overflowed" with its
// counts and the scale it fell to; a bf16 run with finite losses "trained like fp32"; each says
// whether its figures are emulated or live; a baseline that did not learn leaves bf16
// inconclusive but an overflow still counted; a short run is too short; a run without the
// outlier is not judged as one. The runs are made here step by step (no engine).
#include <cmath>
#include <limits>
#include <string>

#include "CoreTest.h"
#include "VerdictRuns.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

// `steps` steps whose loss falls linearly from `from` to `to`, 10 ms a step, evaluated at the end
// with validation accuracy `accuracy`.
RunLog makeRun(const std::string& label, Precision precision, int64_t steps, double from, double to,
               double accuracy = 0.85) {
  RunLog r = verdictruns::linearRun(label, steps, from, to, 10, accuracy, [](StepRecord&) {});
  r.config.precision = precision;
  return r;
}

RunLog withOutlier(RunLog r) {
  r.config.outlierScaleLog2 = kLabOutlierScaleLog2;
  return r;
}

// fp16=True with a scaler on an overflowing forward pass: from step `from` on every loss is
// NaN, the step skipped and the scale halved (emulated numerics, as on the 1.13 build's CPU).
RunLog overflowing(RunLog r, int64_t from) {
  double scale = 65536;
  for (auto& st : r.steps) {
    st.lossScale = scale;
    if (st.step < from) continue;
    st.loss = std::numeric_limits<double>::quiet_NaN();
    st.gradNorm = std::numeric_limits<double>::quiet_NaN();
    st.skipped = true;
    st.nonFinite = true;
    scale /= 2;
  }
  r.evals.back().valLoss = std::numeric_limits<double>::quiet_NaN();
  r.evals.back().valAccuracy = 0.2;
  r.provenance.kind = Provenance::Emulated;
  return r;
}

using verdictruns::contains;
using verdictruns::judge;

}  // namespace

CORE_TEST(fp16OverflowIsCountedFromTheRun) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 60, 1.6, 0.5);
  const RunLog run = overflowing(withOutlier(makeRun("fp16", Precision::Fp16Amp, 60, 1.6, 0.5)), 1);
  const Verdict v = judge(scenario::kFp16AmpOutlier, run, base);
  CHECK((v.judgedAs == EvidenceStory::RangeExperiment));
  CHECK(v.flag("overflowed"));
  CHECK(v.judgement == Judgement::Failed);
  CHECK_EQ(v.word("format"), std::string("fp16"));
  CHECK_EQ(v.skippedSteps, int64_t(60));
  CHECK_EQ(v.count("nonFiniteLossSteps"), int64_t(60));
  CHECK_EQ(v.firstNonFiniteStep, int64_t(1));
  CHECK(contains(v.summary,
                 "fp16 overflowed (emulated fp16 numerics): 60 of 60 steps skipped, "
                 "loss non-finite at 60 of 60 steps (first at step 1)"));
  CHECK(contains(v.summary, "the loss scale fell from 65536 to "));
  CHECK(contains(v.summary, "2^20 times its value exceeds fp16's largest finite value (65504)"));
  // The scale is in the range text, not repeated by the generic skipped-steps suffix.
  CHECK(!contains(v.summary, "skipped steps, loss scale now"));
}

CORE_TEST(aPartialOverflowCountsOnlyItsSteps) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 40, 1.6, 0.5);
  const RunLog run =
      overflowing(withOutlier(makeRun("fp16", Precision::Fp16Amp, 40, 1.6, 0.5)), 31);
  const Verdict v = judge(scenario::kFp16AmpOutlier, run, base);
  CHECK(v.flag("overflowed"));
  CHECK_EQ(v.skippedSteps, int64_t(10));
  CHECK_EQ(v.count("nonFiniteLossSteps"), int64_t(10));
  CHECK(contains(v.summary,
                 "10 of 40 steps skipped, loss non-finite at 10 of 40 steps (first "
                 "at step 31)"));
}

CORE_TEST(bf16WithFiniteLossTrainsLikeFp32Live) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 60, 1.6, 0.5);
  const RunLog run = withOutlier(makeRun("bf16", Precision::Bf16Amp, 60, 1.6, 0.52, 0.84));
  const Verdict v = judge(scenario::kBf16AmpOutlier, run, base);
  CHECK((v.judgedAs == EvidenceStory::RangeExperiment));
  CHECK(!v.flag("overflowed"));
  CHECK(v.judgement == Judgement::LearnsLikeBaseline);
  CHECK_EQ(v.word("format"), std::string("bf16"));
  CHECK_EQ(v.skippedSteps, int64_t(0));
  CHECK(contains(v.summary,
                 "bf16 trained like fp32 (live): loss finite at all 60 steps, none "
                 "skipped, with an outlier channel at 2^20 times its value; learned "
                 "like the baseline"));
}

CORE_TEST(bf16ThatDidNotLearnIsNotCalledLikeFp32) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 60, 1.6, 0.5);
  const RunLog run = withOutlier(makeRun("bf16", Precision::Bf16Amp, 60, 1.6, 1.55, 0.3));
  const Verdict v = judge(scenario::kBf16AmpOutlier, run, base);
  CHECK(!v.flag("overflowed"));
  CHECK(v.judgement != Judgement::LearnsLikeBaseline);
  CHECK(contains(v.summary,
                 "bf16 held the outlier channel at 2^20 times its value (live; loss "
                 "finite at all 60 steps, none skipped), but "));
  CHECK(!contains(v.summary, "trained like fp32"));
}

CORE_TEST(aBaselineThatDidNotLearnLeavesBf16InconclusiveButCountsAnOverflow) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 40, 1.61, 1.60, 0.2);
  const Verdict bf16 =
      judge(scenario::kBf16AmpOutlier,
            withOutlier(makeRun("bf16", Precision::Bf16Amp, 40, 1.61, 1.60, 0.2)), base);
  CHECK(bf16.judgement == Judgement::Inconclusive);
  CHECK(contains(bf16.summary, "inconclusive: bf16 held the outlier channel"));
  const Verdict fp16 = judge(
      scenario::kFp16AmpOutlier,
      overflowing(withOutlier(makeRun("fp16", Precision::Fp16Amp, 40, 1.61, 1.60, 0.2)), 1), base);
  // The counts are facts of the run, whatever the baseline learned.
  CHECK(fp16.judgement == Judgement::Failed);
  CHECK(fp16.flag("overflowed"));
}

CORE_TEST(recordedRunsSayHowTheyWereMeasured) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 40, 1.6, 0.5);
  RunLog run = overflowing(withOutlier(makeRun("fp16", Precision::Fp16Amp, 40, 1.6, 0.5)), 1);
  run.provenance.kind = Provenance::Recorded;
  run.provenance.recordedKind = Provenance::Live;  // e.g. real fp16 on a GPU
  CHECK(contains(judge(scenario::kFp16AmpOutlier, run, base).summary,
                 "fp16 overflowed (recorded live)"));
}

CORE_TEST(aShortRangeRunIsTooShort) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 40, 1.6, 0.5);
  RunLog run = overflowing(withOutlier(makeRun("fp16", Precision::Fp16Amp, 40, 1.6, 0.5)), 1);
  run.steps.resize(5);
  run.state = RunState::Cancelled;
  const Verdict v = judge(scenario::kFp16AmpOutlier, run, base);
  CHECK(v.judgement == Judgement::TooShort);
  CHECK(!(v.judgedAs == EvidenceStory::RangeExperiment));
}

CORE_TEST(withoutTheOutlierItIsNoRangeExperiment) {
  const RunLog base = makeRun("fp32 baseline", Precision::Fp32, 40, 1.6, 0.5);
  const Verdict v =
      judge(scenario::kBf16Amp, makeRun("bf16", Precision::Bf16Amp, 40, 1.6, 0.5), base);
  CHECK(!(v.judgedAs == EvidenceStory::RangeExperiment));
  CHECK(!contains(v.summary, "outlier"));
}

CORE_TEST(theRowsPlantTheOutlierUnderTheirPrecision) {
  const ScenarioSpec* fp16 = findScenario(scenario::kFp16AmpOutlier);
  const ScenarioSpec* bf16 = findScenario(scenario::kBf16AmpOutlier);
  CHECK(fp16 != nullptr && bf16 != nullptr);
  if (!fp16 || !bf16) return;
  CHECK(fp16->precision == Precision::Fp16Amp);
  CHECK(bf16->precision == Precision::Bf16Amp);
  TrainConfig a, b;
  fp16->configure(a);
  bf16->configure(b);
  CHECK_EQ(a.outlierScaleLog2, kLabOutlierScaleLog2);
  CHECK_EQ(b.outlierScaleLog2, kLabOutlierScaleLog2);
  CHECK(fp16->linkFrom == EvidenceLink::Wrong);
  CHECK(bf16->linkFrom == EvidenceLink::Correct);
}
