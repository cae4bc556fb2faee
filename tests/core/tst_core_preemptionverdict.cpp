// The preemption-and-resume verdict (core/Verdict.h, judgePreemptionResume) on crafted curves:
// bit-equal, within a stated tolerance, a resume that lost state (differs from a named step),
// killed before the first checkpoint, misaligned steps, a failed resume, and the lost work.
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<StepRecord> curve(int64_t from, int64_t to, double bump = 0, int64_t bumpFrom = 0) {
  std::vector<StepRecord> out;
  for (int64_t s = from; s <= to; ++s) {
    StepRecord r;
    r.step = s;
    r.loss = 1.0 / double(s + 1);
    if (bumpFrom > 0 && s >= bumpFrom) r.loss *= 1.0 + bump;
    r.stepMs = 10.0;
    out.push_back(r);
  }
  return out;
}

// 30 steps, killed after step 13, checkpoint at 10, resumed for 11..30.
PreemptionRuns runs() {
  PreemptionRuns r;
  r.totalSteps = 30;
  r.uninterrupted = curve(1, 30);
  r.killed = curve(1, 13);
  r.resumed = curve(11, 30);
  r.uninterruptedFinished = r.resumedFinished = true;
  r.checkpointStep = 10;
  return r;
}

}  // namespace

CORE_TEST(bitEqualResumeIsIdenticalAndCountsTheLostWork) {
  const PreemptionVerdict v = judgePreemptionResume(runs());
  CHECK_EQ(std::string(judgementName(v.judgement)),
           std::string(judgementName(Judgement::Identical)));
  CHECK_EQ(v.comparedSteps, int64_t(30));
  CHECK_EQ(v.bitEqualSteps, int64_t(30));
  CHECK_EQ(v.killedAfterStep, int64_t(13));
  CHECK_EQ(v.lostSteps, int64_t(3));  // 11, 12, 13 were done and are done again
  CHECK(std::abs(v.lostMs - 30.0) < 1e-9);
  CHECK(has(v.summary, "30 steps bit-equal"));
  CHECK(has(v.summary, "3 steps since checkpoint-10"));
}

CORE_TEST(aGapBeyondTheToleranceDiffersFromItsFirstStep) {
  PreemptionRuns r = runs();
  r.resumed = curve(11, 30, 1e-3, 15);  // e.g. the dropout generator was not restored
  PreemptionVerdict v = judgePreemptionResume(r);
  CHECK(v.judgement == Judgement::Differs);
  CHECK_EQ(v.firstDifferentStep, int64_t(15));
  CHECK(has(v.summary, "from step 15"));
  // The same gap inside a stated tolerance (e.g. GPU kernels): continues, not identical.
  r.tolerance = 1e-2;
  v = judgePreemptionResume(r);
  CHECK(v.judgement == Judgement::LearnsLikeBaseline);
  CHECK_EQ(v.bitEqualSteps, int64_t(14));
}

CORE_TEST(aKillBeforeTheFirstCheckpointOrAnUnfinishedRunIsTooShort) {
  PreemptionRuns r = runs();
  r.checkpointStep = 0;
  CHECK(judgePreemptionResume(r).judgement == Judgement::TooShort);
  r = runs();
  r.resumedFinished = false;
  CHECK(judgePreemptionResume(r).judgement == Judgement::TooShort);
  r = runs();
  VerdictOptions o;
  o.minSteps = 31;
  CHECK(judgePreemptionResume(r, o).judgement == Judgement::TooShort);
}

CORE_TEST(stepsThatDoNotLineUpAreInconclusiveAndAFailedResumeFails) {
  PreemptionRuns r = runs();
  r.resumed = curve(12, 30);  // the resume skipped step 11
  CHECK(judgePreemptionResume(r).judgement == Judgement::Inconclusive);
  r = runs();
  r.resumeError = "trainer_state.json: field \"global_step\" is missing";
  const PreemptionVerdict v = judgePreemptionResume(r);
  CHECK(v.judgement == Judgement::Failed);
  CHECK(has(v.summary, "global_step"));
}
