// The lab's run store (core/RunStore.h): runs are found by their key (origin, id), a scenario
// shows the runs of its newest source, the baseline a verdict compares with is the newest fp32
// baseline of the scenario's own source, and a live baseline is needed until one runs or has
// stepped. The lab driver (engine/LabSession.h) and the window's views rely on each rule.
#include <limits>

#include "CoreTest.h"
#include "core/LabScenarios.h"
#include "core/RunStore.h"
#include "core/ScenarioIds.h"

using namespace precisionlab;

namespace {

const std::string kBase(scenario::kBaselineFp32);
const std::string kAmp(scenario::kFp16Amp);
const std::string kLive = "live:cpu";
const std::string kGpu = "recorded:cuda:0 NVIDIA H200 · LibTorch 2.5";

TrackedRun run(RunOrigin origin, RunId id, const std::string& scenarioId,
               const std::string& source) {
  TrackedRun r;
  r.key = {origin, id};
  r.source = source;
  r.label = scenarioId + "-" + std::to_string(id);
  r.config = LabScenarios::builtinBase();
  r.totalSteps = 4;
  LabScenarios::identify(r, scenarioId);
  return r;
}

// `steps` finished steps with a falling loss, then the final state.
RunUpdate finished(RunId id, int steps, double startLoss) {
  RunUpdate u;
  u.id = id;
  u.state = RunState::Finished;
  for (int s = 1; s <= steps; ++s) {
    StepRecord r;
    r.step = s;
    r.loss = startLoss / s;
    r.stepMs = 10;
    r.samplesPerSec = 100;
    u.steps.push_back(r);
  }
  return u;
}

}  // namespace

CORE_TEST(keysTellTrainedFromReplayedRuns) {
  RunStore store;
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  store.add(run(RunOrigin::Replayed, 1, kBase, kGpu));
  CHECK_EQ(store.runs().size(), size_t{2});
  CHECK(store.apply(RunOrigin::Replayed, finished(1, 3, 2.0)));
  CHECK_EQ(store.find({RunOrigin::Replayed, 1})->steps.size(), size_t{3});
  CHECK(store.find({RunOrigin::Trained, 1})->steps.empty());     // the same id, the other engine
  CHECK(!store.apply(RunOrigin::Trained, finished(7, 1, 1.0)));  // not held: refused
  // Adding a key already held replaces the run instead of holding it twice.
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  CHECK_EQ(store.runs().size(), size_t{2});
}

CORE_TEST(aScenarioShowsItsNewestSourceAndItsOwnBaseline) {
  RunStore store;
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  store.add(run(RunOrigin::Replayed, 1, kBase, kGpu));
  store.add(run(RunOrigin::Trained, 2, kAmp, kLive));
  CHECK_EQ(store.sourceOf(kAmp), kLive);
  CHECK_EQ(store.baselineFor(kAmp)->key.origin, RunOrigin::Trained);
  // A recording of the same scenario replaces what the row shows, and its baseline with it.
  store.add(run(RunOrigin::Replayed, 2, kAmp, kGpu));
  CHECK_EQ(store.sourceOf(kAmp), kGpu);
  CHECK_EQ(store.runsOf(kAmp).size(), size_t{1});
  CHECK_EQ(store.runsOf(kAmp).front()->key.origin, RunOrigin::Replayed);
  CHECK_EQ(store.baselineFor(kAmp)->key.origin, RunOrigin::Replayed);
  CHECK_EQ(store.sources().size(), size_t{2});
  // Removing one source's baseline leaves the other's.
  store.removeScenario(kBase, kGpu);
  CHECK(store.baseline(kGpu) == nullptr);
  CHECK(store.baseline(kLive) != nullptr);
  CHECK(store.baselineFor(kAmp) == nullptr);  // no verdict across machines
}

CORE_TEST(theBaselineIsNeededUntilOneRunsOrHasStepped) {
  RunStore store;
  CHECK(store.needsBaseline(kAmp, kLive));
  CHECK(!store.needsBaseline(kBase, kLive));  // the baseline never needs itself
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  CHECK(!store.needsBaseline(kAmp, kLive));  // queued: it will run
  RunUpdate cancelled;
  cancelled.id = 1;
  cancelled.state = RunState::Cancelled;
  CHECK(store.apply(RunOrigin::Trained, cancelled));
  CHECK(store.needsBaseline(kAmp, kLive));  // cancelled before a step: it judges nothing
  CHECK(store.needsBaseline(kAmp, kGpu));   // another source has none
  store.add(run(RunOrigin::Trained, 2, kBase, kLive));
  CHECK(store.apply(RunOrigin::Trained, finished(2, 4, 1.0)));
  CHECK(!store.needsBaseline(kAmp, kLive));
}

CORE_TEST(verdictsWaitForTheBaselineAndAreFinalWhenAllEnded) {
  RunStore store;
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  store.add(run(RunOrigin::Trained, 2, kAmp, kLive));
  CHECK(!store.verdict(kAmp).has_value());  // the baseline has not stepped
  CHECK(!store.isFinal(kAmp));
  CHECK(store.apply(RunOrigin::Trained, finished(1, 4, 2.0)));
  CHECK(!store.isFinal(kAmp));  // its own run still queued
  CHECK(store.apply(RunOrigin::Trained, finished(2, 4, 2.0)));
  CHECK(store.isFinal(kAmp));
  const std::optional<Verdict> v = store.verdict(kAmp);
  CHECK(v.has_value());
  CHECK_EQ(v->scenarioId, kAmp);
  const std::optional<MeasuredScenario> m = store.measured(kAmp);
  CHECK(m.has_value());
  CHECK_EQ(m->runs.size(), size_t{1});
  CHECK_EQ(m->title(), run(RunOrigin::Trained, 9, kAmp, kLive).title);  // its runs carry it
}

CORE_TEST(aRunStoppedByNaNIsFinalWhileTheBaselineTrains) {
  // Issue 38: the half-precision card read "Finished 11/60" for minutes, waiting for the
  // baseline; a run stopped by a NaN loss has its verdict the moment it stops.
  RunStore store;
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  store.add(run(RunOrigin::Trained, 2, kAmp, kLive));
  RunUpdate base;
  base.id = 1;
  base.state = RunState::Running;
  StepRecord first;
  first.step = 1;
  first.loss = 1.0;
  base.steps.push_back(first);
  CHECK(store.apply(RunOrigin::Trained, base));
  RunUpdate stopped = finished(2, 2, 2.0);  // 2 of its 4 steps
  stopped.steps.back().loss = std::numeric_limits<double>::quiet_NaN();
  CHECK(store.apply(RunOrigin::Trained, stopped));
  CHECK(store.isFinal(kAmp));
  // Cancelled at once, with the baseline still training: nothing final about it.
  RunStore other;
  other.add(run(RunOrigin::Trained, 1, kBase, kLive));
  other.add(run(RunOrigin::Trained, 2, kAmp, kLive));
  CHECK(other.apply(RunOrigin::Trained, base));
  RunUpdate cancelled;
  cancelled.id = 2;
  cancelled.state = RunState::Cancelled;
  CHECK(other.apply(RunOrigin::Trained, cancelled));
  CHECK(!other.isFinal(kAmp));
}

CORE_TEST(revisionsMoveOnEveryChange) {
  RunStore store;
  const uint64_t r0 = store.revision();
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  const uint64_t r1 = store.revision();
  CHECK(r1 > r0);
  CHECK(store.setLook({RunOrigin::Trained, 1}, "fp32", 0xff112233u));
  CHECK(store.revision() > r1);
  CHECK_EQ(store.find({RunOrigin::Trained, 1})->legend, std::string("fp32"));
  CHECK_EQ(store.find({RunOrigin::Trained, 1})->revision, store.revision());
  CHECK(!store.setLook({RunOrigin::Replayed, 1}, "x", 1));
  const uint64_t r2 = store.revision();
  store.clear();
  CHECK(store.revision() > r2);
  CHECK(store.runs().empty());
  CHECK(!store.anyActive());
}

// The divergence chart's reference: the fp32 baseline of the run's source, except for a row
// that is its own reference (a worker dies), whose jobs are compared with its uninterrupted job
// of the same source, never with the baseline or another source's job.
CORE_TEST(aRowThatIsItsOwnReferenceIsComparedWithItsOwnJob) {
  const std::string dies(scenario::kWorkerDies);
  RunStore store;
  store.add(run(RunOrigin::Trained, 1, kBase, kLive));
  store.add(run(RunOrigin::Trained, 2, kAmp, kLive));
  CHECK_EQ(store.referenceOf(*store.find({RunOrigin::Trained, 2}))->key.id, RunId{1});
  TrackedRun uninterrupted = run(RunOrigin::Trained, 3, dies, kLive);
  uninterrupted.role = RunRole::Uninterrupted;
  TrackedRun killed = run(RunOrigin::Trained, 4, dies, kLive);
  killed.role = RunRole::Killed;
  TrackedRun recorded = run(RunOrigin::Replayed, 3, dies, kGpu);
  recorded.role = RunRole::Uninterrupted;
  store.add(killed);
  CHECK(store.referenceOf(*store.find({RunOrigin::Trained, 4})) == nullptr);  // not started yet
  store.add(uninterrupted);
  store.add(recorded);
  CHECK_EQ(store.referenceOf(*store.find({RunOrigin::Trained, 4}))->key.id, RunId{3});
  CHECK_EQ(store.referenceOf(*store.find({RunOrigin::Trained, 4}))->key.origin, RunOrigin::Trained);
  CHECK_EQ(store.referenceOf(*store.find({RunOrigin::Replayed, 3}))->key.origin,
           RunOrigin::Replayed);  // the recording's own job: itself, so it is not drawn
}
