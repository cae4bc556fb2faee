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
  r.failedRun = PreemptionRun::Resumed;
  r.failure = "trainer_state.json: field \"global_step\" is missing";
  const PreemptionVerdict v = judgePreemptionResume(r);
  CHECK(v.judgement == Judgement::Failed);
  CHECK(has(v.summary, "the resume failed: "));
  CHECK(has(v.summary, "global_step"));
}

// Issue 47: the uninterrupted child could not write its first checkpoint (a full TMPDIR), so the
// other two never started. That is the experiment's failure with the child's cause, never "the
// run was killed before its first checkpoint": nothing was killed.
CORE_TEST(aChildThatFailedIsTheFailureNotAKill) {
  PreemptionRuns r;
  r.totalSteps = 30;
  r.uninterrupted = curve(1, 4);
  r.failedRun = PreemptionRun::Uninterrupted;
  r.failure = "/tmp/x/.checkpoint-5.partial/model.safetensors: cannot write: the disk is full";
  const PreemptionVerdict v = judgePreemptionResume(r);
  CHECK(v.judgement == Judgement::Failed);
  CHECK(has(v.summary, "the uninterrupted run failed: "));
  CHECK(has(v.summary, "model.safetensors: cannot write: the disk is full"));
  CHECK(!has(v.summary, "killed"));
  CHECK_EQ(preemptionAsVerdict(v, r).count("failedRun"), int64_t(1));
  // The same runs without the error (cancelled, say): too short, still not blamed on a kill.
  r.failedRun = PreemptionRun::None;
  const PreemptionVerdict cut = judgePreemptionResume(r);
  CHECK(cut.judgement == Judgement::TooShort);
  CHECK(!has(cut.summary, "killed"));
  // A kill before the first checkpoint is named as such when the killed run did run.
  r = runs();
  r.checkpointStep = 0;
  r.resumed.clear();
  r.resumedFinished = false;
  r.killed = curve(1, 3);
  CHECK(has(judgePreemptionResume(r).summary, "killed before its first checkpoint"));
}

// The runs as the store holds them: the earliest failed one is named, with its message.
CORE_TEST(preemptionRunsOfNamesTheFailedRun) {
  MeasuredScenario m;
  m.id = "preemption-resume";
  RunLog u, k, res;
  u.label = kUninterruptedRunLabel;
  u.state = RunState::Failed;
  u.message = "disk full";
  k.label = kKilledRunLabel;
  k.state = RunState::Cancelled;
  res.label = kResumedRunLabel;
  res.state = RunState::Cancelled;
  m.runs = {u, k, res};
  PreemptionRuns r = preemptionRunsOf(m);
  CHECK(r.failedRun == PreemptionRun::Uninterrupted);
  CHECK_EQ(r.failure, std::string("disk full"));
  m.runs[0].state = RunState::Finished;
  m.runs[2].state = RunState::Failed;
  m.runs[2].message = "refused checkpoint";
  r = preemptionRunsOf(m);
  CHECK(r.failedRun == PreemptionRun::Resumed);
  CHECK_EQ(r.failure, std::string("refused checkpoint"));
}
