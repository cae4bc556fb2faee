// Verdicts on crafted runs: each rule of core/Verdict.h, judged against a baseline that learned,
// one that did not, and runs cut short. The runs are made here step by step (no engine), so
// each case states exactly what a verdict must conclude from which numbers.
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "core/ScenarioIds.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

// A run of `steps` steps whose loss falls linearly from `from` to `to`, evaluated every 20
// steps and at the end with accuracy rising linearly to `finalAcc`.
RunLog makeRun(const std::string& label, int64_t steps, double from, double to, double finalAcc,
               double chance = 0.2) {
  RunLog r;
  r.label = label;
  r.totalSteps = steps;
  r.state = RunState::Finished;
  r.config.batchSize = 16;
  for (int64_t s = 1; s <= steps; ++s) {
    StepRecord st;
    st.step = s;
    st.loss = from + (to - from) * double(s - 1) / double(std::max<int64_t>(1, steps - 1));
    st.stepMs = 10;
    st.cpuMs = 10;
    r.steps.push_back(st);
    if (s % 20 == 0 || s == steps) {
      EvalRecord e;
      e.step = s;
      e.valAccuracy = chance + (finalAcc - chance) * double(s) / double(steps);
      e.valLoss = to + 0.05;
      e.chanceAccuracy = chance;
      r.evals.push_back(e);
    }
  }
  return r;
}

MeasuredScenario scenarioOf(const std::string& id, RunLog run) {
  MeasuredScenario m;
  m.id = id;
  m.runs.push_back(std::move(run));
  return m;
}

Verdict judge(const std::string& id, const RunLog& run, const RunLog& base) {
  return computeVerdict(scenarioOf(id, run), base);
}

bool contains(const std::string& text, const char* part) {
  return text.find(part) != std::string::npos;
}

const std::string kAmp(scenario::kFp16Amp);

}  // namespace

CORE_TEST(aBaselineThatLearnedIsTheReference) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  MeasuredScenario m = scenarioOf(std::string(scenario::kBaselineFp32), base);
  const Verdict v = computeVerdict(m, m.runs.front());
  CHECK(v.judgement == Judgement::Reference);
  CHECK(v.baselineLearned);
  CHECK(contains(v.summary, "chance accuracy 0.200"));
}

CORE_TEST(aRunWithinTheBaselinesProgressLearnsLikeIt) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  // Ends 0.1 above the baseline's loss: a gap of 9 % of the baseline's drop of 1.1.
  const Verdict v = judge(kAmp, makeRun("fp16=True", 100, 1.6, 0.6, 0.83), base);
  CHECK_EQ(std::string(judgementName(v.judgement)), std::string("learns-like-baseline"));
  CHECK(v.learned);
  CHECK(contains(v.summary, "learned like the baseline"));
  CHECK(contains(v.summary, "at step 100"));
}

CORE_TEST(aLossGapBeyondAQuarterOfTheBaselinesDropDiffers) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  // Falls, but ends 0.4 above: 36 % of the baseline's drop.
  const Verdict v = judge(kAmp, makeRun("fp16=True", 100, 1.6, 0.9, 0.83), base);
  CHECK(v.judgement == Judgement::Differs);
  CHECK(!v.learned);
}

CORE_TEST(stalledIsRelativeToTheBaselinesDrop) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  // Its loss fell by 0.2 (12 %): far more than an absolute 2 % rule asks, but less than a
  // quarter of the baseline's 1.1, so it stalled next to it.
  const Verdict v = judge(kAmp, makeRun("fp16=True", 100, 1.6, 1.4, 0.3), base);
  CHECK(v.judgement == Judgement::Stalled);
  CHECK(contains(v.summary, "stalled"));
}

CORE_TEST(aBaselineStillAtChanceMakesEveryOptionInconclusive) {
  // The default lab of the last release: val acc 0.348 against chance 0.2 (needs 0.35), and a
  // training loss that barely moved.
  const RunLog base = makeRun("fp32 baseline", 100, 1.61, 1.60, 0.348);
  MeasuredScenario bm = scenarioOf(std::string(scenario::kBaselineFp32), base);
  const Verdict bv = computeVerdict(bm, bm.runs.front());
  CHECK(bv.judgement == Judgement::BaselineDidNotLearn);
  CHECK(contains(bv.summary, "the baseline did not learn"));
  CHECK(!bv.notes.empty());

  // fp16=True, worse by noise: no card may say the right answer failed.
  const Verdict amp = judge(kAmp, makeRun("fp16=True", 100, 1.61, 1.609, 0.196), base);
  CHECK(amp.judgement == Judgement::Inconclusive);
  CHECK(contains(amp.summary, "inconclusive: the baseline did not learn"));
  CHECK(contains(amp.summary, "run longer"));
  CHECK(!contains(amp.summary, "stalled"));
  CHECK(!contains(amp.summary, "did not learn like"));

  // A NaN is still reported, but draws no comparison.
  RunLog half = makeRun("Half-precision layers", 100, 1.61, 1.6, 0.2);
  half.steps[1].loss = std::nan("");
  const Verdict hv = judge(std::string(scenario::kHalfLayers), half, base);
  CHECK(hv.judgement == Judgement::Inconclusive);
  CHECK(contains(hv.summary, "NaN loss at step 2"));

  // A bit-identical run says so, still without a verdict on learning.
  RunLog copy = base;
  copy.label = "TensorFlow container";
  const Verdict same = judge(std::string(scenario::kTensorflowContainer), copy, base);
  CHECK(same.judgement == Judgement::Inconclusive);
  CHECK(contains(same.summary, "bit-identical"));
}

CORE_TEST(aBaselineWhoseLossFellButStayedNearChanceDidNotLearn) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 1.2, 0.30);
  MeasuredScenario bm = scenarioOf(std::string(scenario::kBaselineFp32), base);
  CHECK(computeVerdict(bm, bm.runs.front()).judgement == Judgement::BaselineDidNotLearn);
}

CORE_TEST(aCancelledRunIsTooShortToJudge) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  RunLog cut = makeRun("TensorFlow container", 100, 1.6, 0.5, 0.85);
  cut.steps.resize(11);
  cut.evals.clear();
  cut.state = RunState::Cancelled;
  const Verdict v = judge(std::string(scenario::kTensorflowContainer), cut, base);
  CHECK(v.judgement == Judgement::TooShort);
  CHECK(contains(v.summary, "too short to judge"));
  CHECK(contains(v.summary, "cancelled after 11 of 100 steps"));
  CHECK(!contains(v.summary, "differs"));
}

CORE_TEST(aRunOfFewerThanMinStepsIsTooShort) {
  const RunLog base = makeRun("fp32 baseline", 12, 1.6, 1.0, 0.6);
  MeasuredScenario bm = scenarioOf(std::string(scenario::kBaselineFp32), base);
  CHECK(computeVerdict(bm, bm.runs.front()).judgement == Judgement::TooShort);
  const Verdict v = judge(kAmp, makeRun("fp16=True", 12, 1.6, 1.0, 0.6), base);
  CHECK(v.judgement == Judgement::TooShort);
  CHECK(contains(v.summary, "needs at least 20"));
}

CORE_TEST(aSettledFailureStoppedEarlyIsAFailureNotTooShort) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  RunLog half = makeRun("Half-precision layers", 12, 1.6, 1.6, 0.2);
  for (size_t i = 1; i < half.steps.size(); ++i) {
    half.steps[i].loss = std::nan("");
    half.steps[i].nonFinite = true;
  }
  half.totalSteps = 100;
  half.config.stopAfterNonFinite = 10;
  const Verdict v = judge(std::string(scenario::kHalfLayers), half, base);
  CHECK(v.judgement == Judgement::Failed);
  CHECK(contains(v.summary, "FAILED: NaN loss at step 2"));
  CHECK(contains(v.summary, "stopped after 12 of 100 steps"));

  // The presenter's Esc stopped the baseline after 5 steps: the NaN is still the finding (it
  // read "too short to judge: fp32 baseline cancelled after 5 of 60 steps" in the walk).
  RunLog stopped = base;
  stopped.steps.resize(5);
  stopped.evals.clear();
  stopped.state = RunState::Cancelled;
  const Verdict w = judge(std::string(scenario::kHalfLayers), half, stopped);
  CHECK(w.judgement == Judgement::Failed);
  CHECK(contains(w.summary, "FAILED: NaN loss at step 2"));
  CHECK(!contains(w.summary, "too short"));
}

// Half-precision layers are fp16 weights, not autocast: their missing speed is not pointed at
// bf16=True's autocast run as "the same mechanism" (fp16=True's is).
CORE_TEST(theHalfModelsSpeedNoteDoesNotCallBf16TheSameMechanism) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  RunLog half = makeRun("Half-precision layers", 100, 1.6, 0.5, 0.85);
  half.config.precision = Precision::HalfModel;
  half.provenance.kind = Provenance::Emulated;
  RunLog amp = makeRun("fp16=True", 100, 1.6, 0.5, 0.85);
  amp.config.precision = Precision::Fp16Amp;
  amp.provenance.kind = Provenance::Emulated;
  auto notes = [](const Verdict& v) {
    std::string all;
    for (const VerdictText& n : v.notes) all += n.english() + "\n";
    return all;
  };
  const std::string h = notes(judge(std::string(scenario::kHalfLayers), half, base));
  CHECK(contains(h, "not a measure of fp16 weights"));
  CHECK(!contains(h, "same mechanism"));
  const std::string a = notes(judge(kAmp, amp, base));
  CHECK(contains(a, "the same mechanism"));
}

CORE_TEST(accuracyIsComparedAtTheSameStep) {
  const RunLog base = makeRun("fp32 baseline", 100, 1.6, 0.5, 0.85);
  // A run that stopped after 60 steps without a failure is compared at step 60 (its last
  // evaluation), where the baseline had 0.59: not with the baseline's end.
  RunLog part = makeRun("fp16=True", 100, 1.6, 0.5, 0.85);
  part.steps.resize(60);
  part.evals.resize(3);
  part.state = RunState::Finished;
  const Verdict v = judge(kAmp, part, base);
  CHECK_EQ(v.evalStep, int64_t{60});
  CHECK(std::abs(v.baselineValAccuracy - v.valAccuracy) < 1e-12);
}

CORE_TEST(judgementNamesAreStable) {
  CHECK_EQ(std::string(judgementName(Judgement::Inconclusive)), std::string("inconclusive"));
  CHECK_EQ(std::string(judgementName(Judgement::TooShort)), std::string("too-short"));
  CHECK_EQ(std::string(judgementName(Judgement::LearnsLikeBaseline)),
           std::string("learns-like-baseline"));
}
