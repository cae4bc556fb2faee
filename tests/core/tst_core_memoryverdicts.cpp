// Verdicts of the memory experiments (gradient accumulation, activation checkpointing) on crafted
// runs: the same updates within the stated tolerance (bit-equal where they are), peak memory
// lower or not, settings that are not the baseline's, and a baseline that did not learn (equal
// updates need no learning). The runs are made here step by step (no engine).
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "VerdictRuns.h"
#include "core/ScenarioIds.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

// `steps` steps whose loss falls linearly from `from` to `to` (times 1 + `relative` where the
// step is odd), peak memory `peak`, 10 ms a step (CPU time), evaluated at the end.
RunLog makeRun(const std::string& label, int64_t steps, double from, double to, int64_t peak,
               double relative = 0.0, double ms = 10.0) {
  return verdictruns::linearRun(label, steps, from, to, ms, 0.85, [&](StepRecord& st) {
    if (st.step % 2 == 1) st.loss *= 1.0 + relative;
    st.peakBytes = peak;
  });
}

using verdictruns::contains;
using verdictruns::judge;

RunLog accumulated(RunLog r) {
  r.config.accumulationSteps = 4;
  return r;
}

RunLog checkpointed(RunLog r) {
  r.config.checkpointActivations = true;
  return r;
}

}  // namespace

CORE_TEST(accumulationWithinTheToleranceMakesTheSameUpdatesWithLessMemory) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 0.5, 4000);
  const Verdict v = judge(scenario::kGradAccumulation,
                          accumulated(makeRun("accumulation", 60, 1.6, 0.5, 2400, 3e-7, 12)), base);
  CHECK((v.judgedAs == EvidenceStory::MemoryExperiment));
  CHECK(v.flag("sameUpdates"));
  CHECK_EQ(std::string(judgementName(v.judgement)), std::string("learns-like-baseline"));
  CHECK_EQ(v.count("comparedSteps"), int64_t(60));
  CHECK_EQ(v.count("bitEqualSteps"), int64_t(30));  // the even steps
  CHECK(std::abs(v.value("maxRelativeLossGap") - 3e-7) < 1e-9);
  CHECK(contains(v.summary, "batch 16 as 4 micro-batches of 4"));
  CHECK(contains(v.summary, "loss within 0.0001 relative at all 60 steps"));
  CHECK(contains(v.summary, "peak memory 0.60x the baseline's, lower (measured)"));
  CHECK(contains(v.summary, "samples/s 0.83x"));
}

CORE_TEST(aGapBeyondTheToleranceIsNotTheSameUpdates) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 0.5, 4000);
  const Verdict v = judge(scenario::kGradAccumulation,
                          accumulated(makeRun("accumulation", 60, 1.6, 0.5, 2500, 1e-3)), base);
  CHECK(!v.flag("sameUpdates"));
  CHECK(v.judgement == Judgement::Differs);
  CHECK(contains(v.summary, "NOT the baseline's updates"));
}

CORE_TEST(checkpointingBitEqualEverywhereIsIdenticalAndSlower) {
  const RunLog base = makeRun("fp32 baseline", 40, 1.6, 0.5, 4000);
  const Verdict v = judge(scenario::kActivationCheckpointing,
                          checkpointed(makeRun("checkpointing", 40, 1.6, 0.5, 3000, 0, 13)), base);
  CHECK(v.flag("sameUpdates"));
  CHECK(v.judgement == Judgement::Identical);
  CHECK(contains(v.summary, "each encoder layer recomputed in the backward pass"));
  CHECK(contains(v.summary, "bit-equal loss at all 40 steps"));
  CHECK(contains(v.summary, "step time 1.30x the baseline's"));
}

CORE_TEST(peakMemoryNotLowerIsSaid) {
  const RunLog base = makeRun("fp32 baseline", 40, 1.6, 0.5, 4000);
  const Verdict v = judge(scenario::kActivationCheckpointing,
                          checkpointed(makeRun("checkpointing", 40, 1.6, 0.5, 4000)), base);
  CHECK(contains(v.summary, "peak memory 1.00x the baseline's, NOT lower"));
}

CORE_TEST(recordedRunsFromAnotherDeviceDoNotMeasureMemory) {
  const RunLog base = makeRun("fp32 baseline", 40, 1.6, 0.5, 4000);
  RunLog run = checkpointed(makeRun("checkpointing", 40, 1.6, 0.5, 3000));
  run.provenance.kind = Provenance::Recorded;
  run.provenance.recordedKind = Provenance::Live;
  run.provenance.device = "cuda:0";
  const Verdict v = judge(scenario::kActivationCheckpointing, run, base);
  CHECK(!v.memoryMeasurable);
  CHECK(contains(v.summary, "memory not measurable here"));
  CHECK(contains(v.summary, "speed not measurable here"));
}

CORE_TEST(otherSettingsThanTheBaselinesAreNotComparable) {
  const RunLog base = makeRun("fp32 baseline", 40, 1.6, 0.5, 4000);
  RunLog run = accumulated(makeRun("accumulation", 40, 1.6, 0.5, 2500));
  run.config.learningRate *= 2;
  const Verdict v = judge(scenario::kGradAccumulation, run, base);
  CHECK(!v.flag("sameUpdates"));
  CHECK(v.judgement == Judgement::Differs);
  CHECK(contains(v.summary, "not comparable"));
}

CORE_TEST(equalUpdatesNeedNoLearningBaseline) {
  // A baseline whose loss stays at ln 5: every precision verdict is inconclusive, but equal
  // losses are equal whether or not they fell.
  const RunLog base = makeRun("fp32 baseline", 40, 1.61, 1.60, 4000);
  const Verdict v = judge(scenario::kGradAccumulation,
                          accumulated(makeRun("accumulation", 40, 1.61, 1.60, 2500, 1e-6)), base);
  CHECK(!v.baselineLearned);
  CHECK(v.flag("sameUpdates"));
  CHECK(v.judgement == Judgement::LearnsLikeBaseline);
}

CORE_TEST(aShortMemoryExperimentIsTooShort) {
  const RunLog base = makeRun("fp32 baseline", 40, 1.6, 0.5, 4000);
  RunLog run = accumulated(makeRun("accumulation", 40, 1.6, 0.5, 2500));
  run.steps.resize(10);
  run.state = RunState::Cancelled;
  const Verdict v = judge(scenario::kGradAccumulation, run, base);
  CHECK(v.judgement == Judgement::TooShort);
}
