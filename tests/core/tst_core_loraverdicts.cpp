// Verdicts of the LoRA experiment (TrainConfig::loraRank > 0) on crafted runs: the counted share
// of trainable parameters, the measured optimizer state, the step time, and the accuracy part,
// which needs a baseline that learned ("inconclusive" otherwise) and enough steps ("too short").
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "VerdictRuns.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

// `steps` steps, loss falling linearly from `from` to `to`, `trainable` parameters, AdamW's
// state `state` bytes allocated at step 1, `ms` a step (CPU time), evaluated at the end.
RunLog makeRun(const std::string& label, int64_t steps, double from, double to, int64_t trainable,
               int64_t state, double ms, double valAccuracy) {
  return verdictruns::linearRun(label, steps, from, to, ms, valAccuracy, [&](StepRecord& st) {
    st.peakBytes = 4000000;
    st.trainableParams = trainable;
    st.optimizerStateBytes = st.step == 1 ? state : 0;
  });
}

RunLog lora(RunLog r) {
  r.config.loraRank = 8;
  r.config.loraAlpha = 16;
  return r;
}

using verdictruns::contains;
using verdictruns::judge;

const int64_t kFull = 22713216, kLora = 73728 + 1925;  // MiniLM-sized counts
const int64_t kFullState = 2 * 4 * kFull, kLoraState = 2 * 4 * kLora;

}  // namespace

CORE_TEST(loraThatLearnsSaysItsShareAndMeasuredState) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 0.5, kFull, kFullState, 10, 0.85);
  const Verdict v = judge(scenario::kLora,
                          lora(makeRun("lora", 60, 1.6, 0.55, kLora, kLoraState, 6, 0.84)), base);
  CHECK((v.judgedAs == EvidenceStory::LoraExperiment));
  CHECK(!(v.judgedAs == EvidenceStory::MemoryExperiment));
  CHECK_EQ(v.count("loraRank"), int64_t(8));
  CHECK_EQ(v.count("trainableParams"), kLora);
  CHECK_EQ(v.count("baselineTrainableParams"), kFull);
  CHECK(v.measured("optimizerStateBytes"));
  CHECK_EQ(v.count("optimizerStateBytes"), kLoraState);
  CHECK(v.judgement == Judgement::LearnsLikeBaseline);
  CHECK(contains(v.summary, "LoRA r=8 on query and value, base frozen"));
  CHECK(contains(v.summary, "trains 75653 parameters, 0.33 % of the 22713216"));
  CHECK(contains(v.summary, "optimizer state 0.58 MiB vs 173.29 MiB, 0.003x (measured)"));
  CHECK(contains(v.summary, "step time 0.60x the baseline's"));
  CHECK(contains(v.summary, "learned like the baseline"));
}

CORE_TEST(loraThatDoesNotLearnIsSaid) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 0.5, kFull, kFullState, 10, 0.85);
  const Verdict v =
      judge(scenario::kLora, lora(makeRun("lora", 60, 1.6, 1.55, kLora, kLoraState, 6, 0.3)), base);
  CHECK(v.judgement == Judgement::Stalled || v.judgement == Judgement::Differs);
  CHECK(!contains(v.summary, "learned like the baseline"));
  CHECK(contains(v.summary, "0.33 %"));  // the counts stand whatever the accuracy
}

CORE_TEST(aBaselineThatDidNotLearnLeavesTheAccuracyInconclusive) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 1.6, kFull, kFullState, 10, 0.2);
  const Verdict v =
      judge(scenario::kLora, lora(makeRun("lora", 60, 1.6, 1.6, kLora, kLoraState, 6, 0.2)), base);
  CHECK(v.judgement == Judgement::Inconclusive);
  CHECK(contains(v.summary, "accuracy inconclusive"));
  CHECK(contains(v.summary, "optimizer state 0.58 MiB"));
}

CORE_TEST(aShortRunIsTooShortToJudge) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 0.5, kFull, kFullState, 10, 0.85);
  RunLog run = lora(makeRun("lora", 5, 1.6, 1.5, kLora, kLoraState, 6, 0.3));
  run.state = RunState::Cancelled;
  const Verdict v = judge(scenario::kLora, run, base);
  CHECK(v.judgement == Judgement::TooShort);
}

CORE_TEST(recordedRunsFromAnotherDeviceDoNotMeasureTheState) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 0.5, kFull, kFullState, 10, 0.85);
  RunLog run = lora(makeRun("lora", 60, 1.6, 0.55, kLora, kLoraState, 6, 0.84));
  run.provenance.kind = Provenance::Recorded;
  run.provenance.recordedKind = Provenance::Live;
  run.provenance.device = "cuda:0";
  const Verdict v = judge(scenario::kLora, run, base);
  CHECK(!v.measured("optimizerStateBytes"));
  CHECK(contains(v.summary, "optimizer state not measurable here"));
  CHECK(contains(v.summary, "speed not measurable here"));
}

CORE_TEST(olderRunsWithoutCountsSayNotRecorded) {
  const RunLog base = makeRun("fp32 baseline", 60, 1.6, 0.5, 0, 0, 10, 0.85);
  const Verdict v =
      judge(scenario::kLora, lora(makeRun("lora", 60, 1.6, 0.55, 0, 0, 6, 0.84)), base);
  CHECK(contains(v.summary, "trainable parameters not recorded"));
  CHECK(!v.measured("optimizerStateBytes"));
}

CORE_TEST(theScenarioRowConfiguresRankEightAlphaSixteen) {
  const ScenarioSpec* s = findScenario(scenario::kLora);
  CHECK(s != nullptr);
  TrainConfig c;
  s->configure(c);
  CHECK_EQ(c.loraRank, int64_t(8));
  CHECK_EQ(c.loraAlpha, 16.0);
  CHECK(!s->vertex.exportable);
}
