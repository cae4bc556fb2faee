// The sharded-state verdict (core/src/judges/ShardedStateJudge.cpp, through the one entry point
// computeVerdict) on crafted 2-rank jobs: the same curve with each rank holding half of AdamW's
// state passes, with question 010's model estimated by the formula; a sharded job whose state
// was not divided, whose loss moved, that has no per-rank figures, that failed or that did not
// finish does not.
#include <cmath>
#include <string>

#include "CoreTest.h"
#include "CraftedCurves.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

constexpr int64_t kParams = 1000000;  // trainable parameters: 4 MB of fp32 weights

RankMemory rank(int64_t stateBytes) {
  RankMemory m;
  m.parameterBytes = 4 * kParams;
  m.gradientBytes = 4 * kParams;
  m.optimizerStateBytes = stateBytes;
  m.peakBytes = 20 * kParams;
  return m;
}

RunLog job(RunRole role, bool sharded) {
  RunLog r;
  r.role = role;
  r.label = sharded ? "2 ranks, optimizer state sharded" : "2 ranks, optimizer state replicated";
  r.config.steps = 40;
  r.config.shardOptimizer = sharded;
  r.steps = curve(1, 40);
  r.state = RunState::Finished;
  // AdamW's m and v: 8 bytes a parameter on every rank, or about half of them on each.
  r.rankMemory = sharded
                     ? std::vector<RankMemory>{rank(4 * kParams + 4096), rank(4 * kParams - 4096)}
                     : std::vector<RankMemory>{rank(8 * kParams), rank(8 * kParams)};
  return r;
}

struct Jobs {
  RunLog replicated = job(RunRole::Replicated, false);
  RunLog sharded = job(RunRole::Sharded, true);
};

Verdict judge(const Jobs& j) {
  MeasuredScenario m;
  m.id = std::string(scenario::kShardedState);
  m.runs = {j.replicated, j.sharded};
  return computeVerdict(m, RunLog(), VerdictOptions{});  // its own reference: no baseline
}

bool is(const Verdict& v, Judgement j) {
  return std::string(judgementName(v.judgement)) == judgementName(j);
}

}  // namespace

CORE_TEST(halfTheStatePerRankWithTheSameCurveIsIdentical) {
  const Verdict v = judge(Jobs());
  CHECK(is(v, Judgement::Identical));
  CHECK(v.judgedAs == EvidenceStory::ShardedState);
  CHECK(v.flag("sameUpdates"));
  CHECK_EQ(v.count("ranks"), int64_t(2));
  CHECK_EQ(v.count("replicatedStateBytesPerRank"), 8 * kParams);
  CHECK_EQ(v.count("shardedStateBytesMaxRank"), 4 * kParams + 4096);
  CHECK_EQ(v.count("shardedStateBytesTotal"), 8 * kParams);
  CHECK(std::abs(v.value("stateRatio") - 0.5) < 0.001);
  CHECK_EQ(v.count("bitEqualSteps"), int64_t(40));
  CHECK(has(v.summary, "8.00 MB replicated"));
  CHECK(has(v.summary, "1/2 = 0.50"));
  CHECK(has(v.summary, "the same updates"));
  CHECK(has(v.summary, "40 steps bit-equal"));
  // Question 010 by the formula, labelled an estimate: 20e9 x 16 bytes on every GPU, the
  // optimizer's 12 bytes over 8 GPUs, all 16 over 8.
  CHECK(has(v.summary, "estimated (formula)"));
  CHECK(std::abs(v.value("estimated010ReplicatedBytes") - 320e9) < 1);
  CHECK(std::abs(v.value("estimated010OptimizerShardedBytes") - 110e9) < 1);
  CHECK(std::abs(v.value("estimated010FullyShardedBytes") - 40e9) < 1);
  CHECK(has(v.summary, "320 GB per GPU"));
  CHECK(has(v.summary, "110 GB, still more"));
  CHECK(has(v.summary, "40 GB, which fits"));
  CHECK(v.summaryParts.size() >= 4);  // translatable templates, not one English string
}

CORE_TEST(aGapWithinTheToleranceLearnsAlike) {
  Jobs j;
  j.sharded.steps = curve(1, 40, 1e-6, 30);
  const Verdict v = judge(j);
  CHECK(is(v, Judgement::LearnsLikeBaseline));
  CHECK(v.value("maxRelativeLossGap") > 0);
}

CORE_TEST(aStateThatWasNotDividedDiffers) {
  Jobs j;
  j.sharded.rankMemory = j.replicated.rankMemory;  // the flag did nothing
  const Verdict v = judge(j);
  CHECK(is(v, Judgement::Differs));
  CHECK(has(v.summary, "NOT divided"));
  // Shards that do not add up to one replica (state lost, or kept twice) are not divided either.
  Jobs k;
  k.sharded.rankMemory = {rank(4 * kParams), rank(2 * kParams)};
  CHECK(is(judge(k), Judgement::Differs));
}

CORE_TEST(anotherCurveIsNotTheSameUpdates) {
  Jobs j;
  j.sharded.steps = curve(1, 40, 1e-2, 10);  // a shard stepped twice, or not broadcast
  const Verdict v = judge(j);
  CHECK(is(v, Judgement::Differs));
  CHECK(!v.flag("sameUpdates"));
  CHECK(has(v.summary, "NOT the same updates"));
}

CORE_TEST(missingFiguresFailuresAndShortJobsAreNotJudgedAsShown) {
  Jobs none;
  none.sharded.rankMemory.clear();
  CHECK(is(judge(none), Judgement::Inconclusive));
  Jobs other;
  other.sharded.config.seed = 7;  // more than where the state lives
  CHECK(is(judge(other), Judgement::Inconclusive));
  Jobs failed;
  failed.sharded.state = RunState::Failed;
  failed.sharded.message = "rank 1: the sharded optimizer's parameter broadcast failed";
  const Verdict f = judge(failed);
  CHECK(is(f, Judgement::Failed));
  CHECK(has(f.summary, "parameter broadcast failed"));
  Jobs shortJob;
  shortJob.sharded.state = RunState::Cancelled;
  CHECK(is(judge(shortJob), Judgement::TooShort));
  Jobs running;
  running.sharded.state = RunState::Running;
  CHECK(has(judge(running).summary, "running"));
}
