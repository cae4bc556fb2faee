// The worker-dies verdict (core/src/judges/WorkerDiesJudge.cpp, through the one entry point
// computeVerdict) on crafted 2-rank jobs: a job that waited out the collective timeout and a
// bit-equal restart of every rank passes; a collective that failed at once, a second job that
// never lost a rank, a restart that lost state, a failed job and an unfinished one do not.
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "CraftedCurves.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

RunLog run(RunRole role, std::vector<StepRecord> steps, RunState state = RunState::Finished) {
  RunLog r;
  r.role = role;
  r.label = "job " + std::to_string(int(role));
  r.config.steps = 40;
  r.steps = std::move(steps);
  r.state = state;
  return r;
}

const double kTimeoutMs = 1000.0 * kLabWorkerDiesTimeoutSeconds;
const char* kLost =
    "rank 0: lost rank 1: the gradient all-reduce failed or waited past the collective timeout "
    "of 20 s (it waited 20.0 s): Timed out waiting 20000ms for recv operation to complete";

// 40 steps; rank 1 stopped after step 25, rank 0 waited the whole timeout; checkpoint at 20,
// every rank resumed for 21..40.
struct Jobs {
  RunLog uninterrupted = run(RunRole::Uninterrupted, curve(1, 40));
  RunLog lost = run(RunRole::Killed, curve(1, 25), RunState::Cancelled);
  RunLog resumed = run(RunRole::Resumed, curve(21, 40));
  Jobs() {
    lost.collectiveWaitMs = kTimeoutMs + 3.0;
    lost.message = kLost;
    resumed.resumedStep = 20;
  }
};

Verdict judge(const Jobs& j) {
  MeasuredScenario m;
  m.id = std::string(scenario::kWorkerDies);
  m.runs = {j.uninterrupted, j.lost, j.resumed};
  return computeVerdict(m, RunLog(), VerdictOptions{});  // its own reference: no baseline
}

bool is(const Verdict& v, Judgement j) {
  return std::string(judgementName(v.judgement)) == judgementName(j);
}

}  // namespace

CORE_TEST(aTimeoutThenABitEqualRestartOfEveryRankIsIdentical) {
  const Verdict v = judge(Jobs());
  CHECK(is(v, Judgement::Identical));
  CHECK(v.judgedAs == EvidenceStory::WorkerDies);
  CHECK(v.flag("waitedUntilTimeout"));
  CHECK(std::abs(v.value("collectiveWaitMs") - (kTimeoutMs + 3.0)) < 1e-9);
  CHECK_EQ(v.count("stoppedAfterStep"), int64_t(25));
  CHECK_EQ(v.count("checkpointStep"), int64_t(20));
  CHECK_EQ(v.count("lostSteps"), int64_t(5));
  CHECK_EQ(v.count("bitEqualSteps"), int64_t(40));
  CHECK(has(v.summary, "rank 0 waited 20.0 s in its collective"));
  CHECK(has(v.summary, "the job failed: rank 0: lost rank 1"));
  CHECK(has(v.summary, "restarted from checkpoint-20"));
  CHECK(has(v.summary, "40 steps bit-equal"));
  CHECK(has(v.summary, "a longer timeout only makes rank 0 wait longer"));
  CHECK(has(v.summary, "Gloo"));
  CHECK(v.summaryParts.size() >= 4);  // translatable templates, not one English string
}

CORE_TEST(aCollectiveThatFailedAtOnceIsNotTheTimeout) {
  Jobs j;
  j.lost.collectiveWaitMs = 40.0;  // the peer's connections closed: Gloo failed at once
  const Verdict v = judge(j);
  CHECK(!v.flag("waitedUntilTimeout"));
  CHECK(has(v.summary, "before the collective timeout of 20 s"));
  CHECK(!has(v.summary, "the whole collective timeout"));
}

CORE_TEST(aSecondJobThatLostNoRankIsInconclusive) {
  Jobs j;
  j.lost.collectiveWaitMs = 0;  // e.g. it finished, or was cancelled by hand
  const Verdict v = judge(j);
  CHECK(is(v, Judgement::Inconclusive));
  CHECK(!v.measured("collectiveWaitMs"));
  CHECK(has(v.summary, "did not end as a job that lost a rank"));
  CHECK(!has(v.summary, "bit-equal"));
}

CORE_TEST(aRestartThatLostStateDiffersFromItsFirstStep) {
  Jobs j;
  j.resumed.steps = curve(21, 40, 1e-3, 23);
  const Verdict v = judge(j);
  CHECK(is(v, Judgement::Differs));
  CHECK_EQ(v.count("firstDifferentStep"), int64_t(23));
  CHECK(has(v.summary, "DIFFERS from the uninterrupted job's from step 23"));
}

CORE_TEST(aFailedJobIsTheFailureAndAnUnfinishedOneTooShort) {
  Jobs failed;
  failed.lost.state = RunState::Failed;  // ended otherwise than as a job that lost a rank
  failed.lost.message = "exit status 1";
  const Verdict f = judge(failed);
  CHECK(is(f, Judgement::Failed));
  CHECK_EQ(f.count("failedRun"), int64_t(RunRole::Killed));
  CHECK(has(f.summary, "did not fail as one that lost a rank: exit status 1"));

  Jobs unfinished;
  unfinished.resumed.state = RunState::Cancelled;
  CHECK(is(judge(unfinished), Judgement::TooShort));
  Jobs noCheckpoint;
  noCheckpoint.resumed.resumedStep = 0;
  CHECK(is(judge(noCheckpoint), Judgement::TooShort));
}

CORE_TEST(aRunningExperimentIsNotJudgedYet) {
  Jobs j;
  j.resumed.state = RunState::Running;
  const Verdict v = judge(j);
  CHECK(is(v, Judgement::TooShort));
  CHECK(has(v.summary, "running: judged once its runs have ended"));
  CHECK(v.judgedAs == EvidenceStory::WorkerDies);
}
