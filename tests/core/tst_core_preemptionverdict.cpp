// The preemption-and-resume verdict (core/src/judges/PreemptionJudge.cpp, through the one entry
// point computeVerdict) on crafted curves: bit-equal, within a stated tolerance, a resume that
// lost state (differs from a named step), killed before the first checkpoint, misaligned steps,
// a failed resume, the lost work, runs found by their role (not their labels), and a verdict
// only once every run has ended.
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "CraftedCurves.h"
#include "core/ScenarioIds.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

RunLog run(RunRole role, std::vector<StepRecord> steps, RunState state = RunState::Finished) {
  RunLog r;
  r.role = role;
  r.label = "run " + std::to_string(int(role));  // labels mean nothing to the judge
  r.config.steps = 30;
  r.steps = std::move(steps);
  r.state = state;
  return r;
}

// 30 steps, killed after step 13, checkpoint at 10, resumed for 11..30.
struct Runs {
  RunLog uninterrupted = run(RunRole::Uninterrupted, curve(1, 30));
  RunLog killed = run(RunRole::Killed, curve(1, 13), RunState::Cancelled);
  RunLog resumed = run(RunRole::Resumed, curve(11, 30));
  Runs() { resumed.resumedStep = 10; }
};

Verdict judge(const Runs& r, const VerdictOptions& o = {}) {
  MeasuredScenario m;
  m.id = std::string(scenario::kPreemptionResume);
  m.runs = {r.uninterrupted, r.killed, r.resumed};
  // No baseline: the row's runs are their own reference (an fp32 run here changes nothing).
  return computeVerdict(m, RunLog(), o);
}

}  // namespace

CORE_TEST(bitEqualResumeIsIdenticalAndCountsTheLostWork) {
  const Verdict v = judge(Runs());
  CHECK_EQ(std::string(judgementName(v.judgement)),
           std::string(judgementName(Judgement::Identical)));
  CHECK(v.judgedAs == EvidenceStory::PreemptionResume);
  CHECK_EQ(v.count("comparedSteps"), int64_t(30));
  CHECK_EQ(v.count("bitEqualSteps"), int64_t(30));
  CHECK_EQ(v.count("killedAfterStep"), int64_t(13));
  CHECK_EQ(v.count("checkpointStep"), int64_t(10));
  CHECK_EQ(v.count("lostSteps"), int64_t(3));  // 11, 12, 13 were done and are done again
  CHECK(std::abs(v.value("lostMs") - 30.0) < 1e-9);
  CHECK(has(v.summary, "30 steps bit-equal"));
  CHECK(has(v.summary, "3 steps since checkpoint-10"));
  CHECK_EQ(v.label, std::string("run 3"));  // the resumed run
  // Translatable: the summary is templates with arguments, not one English string.
  CHECK(v.summaryParts.size() >= 2);
  CHECK(has(v.summaryParts.front().text, "%1 steps bit-equal"));
}

CORE_TEST(aGapBeyondTheToleranceDiffersFromItsFirstStep) {
  Runs r;
  r.resumed.steps = curve(11, 30, 1e-3, 15);  // e.g. the dropout generator was not restored
  Verdict v = judge(r);
  CHECK(v.judgement == Judgement::Differs);
  CHECK_EQ(v.count("firstDifferentStep"), int64_t(15));
  CHECK(has(v.summary, "from step 15"));
  // The same gap inside a stated tolerance (e.g. GPU kernels): continues, not identical.
  VerdictOptions o;
  o.resumeTolerance = 1e-2;
  v = judge(r, o);
  CHECK(v.judgement == Judgement::LearnsLikeBaseline);
  CHECK_EQ(v.count("bitEqualSteps"), int64_t(14));
}

CORE_TEST(aKillBeforeTheFirstCheckpointOrAnUnfinishedRunIsTooShort) {
  Runs r;
  r.resumed.resumedStep = 0;
  CHECK(judge(r).judgement == Judgement::TooShort);
  r = Runs();
  r.resumed.state = RunState::Cancelled;
  CHECK(judge(r).judgement == Judgement::TooShort);
  r = Runs();
  VerdictOptions o;
  o.minSteps = 31;
  CHECK(judge(r, o).judgement == Judgement::TooShort);
}

CORE_TEST(stepsThatDoNotLineUpAreInconclusiveAndAFailedResumeFails) {
  Runs r;
  r.resumed.steps = curve(12, 30);  // the resume skipped step 11
  CHECK(judge(r).judgement == Judgement::Inconclusive);
  r = Runs();
  r.resumed.state = RunState::Failed;
  r.resumed.message = "trainer_state.json: field \"global_step\" is missing";
  const Verdict v = judge(r);
  CHECK(v.judgement == Judgement::Failed);
  CHECK(has(v.summary, "the resume failed: "));
  CHECK(has(v.summary, "global_step"));
  CHECK_EQ(v.count("failedRun"), int64_t(3));
}

// Issue 47: the uninterrupted child could not write its first checkpoint (a full TMPDIR), so the
// other two never started. That is the experiment's failure with the child's cause, never "the
// run was killed before its first checkpoint": nothing was killed.
CORE_TEST(aChildThatFailedIsTheFailureNotAKill) {
  Runs r;
  r.uninterrupted.steps = curve(1, 4);
  r.uninterrupted.state = RunState::Failed;
  r.uninterrupted.message =
      "/tmp/x/.checkpoint-5.partial/model.safetensors: cannot write: the disk is full";
  r.killed.steps.clear();
  r.resumed.steps.clear();
  r.resumed.resumedStep = 0;
  r.killed.state = r.resumed.state = RunState::Cancelled;
  const Verdict v = judge(r);
  CHECK(v.judgement == Judgement::Failed);
  CHECK(has(v.summary, "the uninterrupted run failed: "));
  CHECK(has(v.summary, "model.safetensors: cannot write: the disk is full"));
  CHECK(!has(v.summary, "killed"));
  CHECK_EQ(v.count("failedRun"), int64_t(1));
  // The same runs without the error (cancelled, say): too short, still not blamed on a kill.
  r.uninterrupted.state = RunState::Cancelled;
  const Verdict cut = judge(r);
  CHECK(cut.judgement == Judgement::TooShort);
  CHECK(!has(cut.summary, "killed"));
  // A kill before the first checkpoint is named as such when the killed run did run.
  r = Runs();
  r.resumed.resumedStep = 0;
  r.resumed.steps.clear();
  r.resumed.state = RunState::Cancelled;
  r.killed.steps = curve(1, 3);
  CHECK(has(judge(r).summary, "killed before its first checkpoint"));
}

// The earliest failed run is named, with its message, whatever the runs' order in the store.
CORE_TEST(theEarliestFailedRoleIsNamed) {
  Runs r;
  r.uninterrupted.state = RunState::Failed;
  r.uninterrupted.message = "disk full";
  r.killed.state = r.resumed.state = RunState::Cancelled;
  Verdict v = judge(r);
  CHECK_EQ(v.count("failedRun"), int64_t(RunRole::Uninterrupted));
  CHECK(has(v.summary, "disk full"));
  r.uninterrupted.state = RunState::Finished;
  r.resumed.state = RunState::Failed;
  r.resumed.message = "refused checkpoint";
  MeasuredScenario m;
  m.id = std::string(scenario::kPreemptionResume);
  m.runs = {r.resumed, r.killed, r.uninterrupted};  // another order
  v = computeVerdict(m, RunLog());
  CHECK_EQ(v.count("failedRun"), int64_t(RunRole::Resumed));
  CHECK(has(v.summary, "refused checkpoint"));
}

// Runs are found by their role: the labels the run source gives them are for the legends only
// (a run labelled "uninterrupted" without the role is not the uninterrupted run).
CORE_TEST(runsAreFoundByRoleNotLabel) {
  Runs r;
  r.uninterrupted.label = kResumedRunLabel;
  r.resumed.label = kUninterruptedRunLabel;
  CHECK(judge(r).judgement == Judgement::Identical);
  r.uninterrupted.role = RunRole::None;
  r.uninterrupted.label = kUninterruptedRunLabel;
  CHECK(judge(r).judgement == Judgement::TooShort);
}

// While one of its runs is active the verdict says it is running (a kill-and-resume verdict
// compares whole curves): no judgement from half a curve.
CORE_TEST(aRunningExperimentIsNotJudgedYet) {
  Runs r;
  r.resumed.state = RunState::Running;
  const Verdict v = judge(r);
  CHECK(v.judgement == Judgement::TooShort);
  CHECK(has(v.summary, "running: judged once its runs have ended"));
  CHECK(v.judgedAs == EvidenceStory::PreemptionResume);
}
