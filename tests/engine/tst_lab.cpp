// The lab end to end on tiny runs: the half model breaks, emulated fp16=True learns like the
// baseline, the "TensorFlow container" is bit-identical to it, the sweep runs its trials and
// costs their compute, and the scheduler interleaves fairly, pauses and cancels.
#include <QtTest>

#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <thread>

#include "../support/TinyTrainConfig.h"
#include "core/EngineError.h"
#include "core/LabScenarios.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "engine/LabSession.h"
#include "engine/RunScheduler.h"

using namespace precisionlab;

namespace {

// Small enough for CI on 2 cores; same data, seed and model for every run.
TrainConfig tinyBase(int64_t steps) {
  TrainConfig c = test::tinyTrainConfig(steps);
  c.validationFraction = 0.04;  // 100 validation examples: evaluation stays cheap
  // Emulated fp16 on every build and CPU: on the LibTorch 2.x build a CPU with fp16 units
  // (avx512_fp16, as this project's Xeon has) would otherwise run real, live fp16 kernels.
  c.cpuFp16 = CpuFp16::Emulate;
  return c;
}

void runToEnd(LabSession& session) {
  for (session.poll(); !session.done(); session.poll())
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

const MeasuredScenario& find(const LabSession& s, std::string_view id) {
  for (const auto& m : s.results())
    if (m.id == id) return m;
  qFatal("scenario missing");
}

int64_t lastStep(const std::vector<StepRecord>& steps) {
  return steps.empty() ? 0 : steps.back().step;
}

}  // namespace

class TestLab : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void scenariosHaveStableIds();
  void halfModelBreaksAndFp16AmpLearns();
  void tensorflowContainerIsBitIdentical();
  void sweepRunsItsTrials();
  void schedulerInterleavesFairly();
  void pauseAndCancel();
  void followerReportsTheLeadersRun();
};

void TestLab::scenariosHaveStableIds() {
  const TrainConfig base = tinyBase(4);
  for (const auto& spec : scenarioTable()) {
    const LabScenario s = LabScenarios::make(spec.id, base);
    QCOMPARE(s.row, &spec);
    QVERIFY(!s.runs.empty());
  }
  QCOMPARE(LabScenarios::make(scenario::kVertexHpTuning, base).runs.size(), size_t{3});
  QCOMPARE(LabScenarios::make(scenario::kHalfLayers, base).runs[0].config.precision,
           Precision::HalfModel);
  QVERIFY_THROWS_EXCEPTION(InputError, LabScenarios::make("fp8", base));
}

void TestLab::halfModelBreaksAndFp16AmpLearns() {
  // The default lab setup (learning rate, AdamW eps 1e-8, warmup share), shortened for CI.
  TrainConfig base = tinyBase(16);
  LabSession session;
  const LabSession::StartResult started =
      session.startAll({scenario::kBaselineFp32, scenario::kHalfLayers, scenario::kFp16Amp}, base);
  QVERIFY2(started.ok(), started.error.c_str());
  runToEnd(session);
  const auto verdicts = session.verdicts();
  const RunLog& baseRun = session.baseline();
  QCOMPARE(baseRun.state, RunState::Finished);
  QCOMPARE(lastStep(baseRun.steps), int64_t{16});

  // A: Adam's eps is 0 in fp16 and v underflows: non-finite values, or no learning at all.
  const Verdict& half = verdicts[1];
  QCOMPARE(QString::fromStdString(half.scenarioId), QStringLiteral("half-layers"));
  QVERIFY2(half.firstNonFiniteStep > 0 || half.stalled, half.summary.c_str());
  QVERIFY(!half.learned);
  QCOMPARE(find(session, scenario::kHalfLayers).runs[0].provenance.kind, Provenance::Emulated);

  // D: emulated fp16 autocast + GradScaler ends close to the baseline. Stated tolerance: the
  // validation loss within 0.05 of the baseline's (fp16 rounding moves it by ~1e-3 here).
  const Verdict& amp = verdicts[2];
  QVERIFY2(amp.firstNonFiniteStep == 0, amp.summary.c_str());
  QVERIFY2(std::abs(amp.valLoss - amp.baselineValLoss) <= 0.05, amp.summary.c_str());
  QVERIFY(!amp.speedMeasurable);  // emulated: the verdict must not claim a speed
  QVERIFY(!amp.notes.empty());
  const auto& ampRun = find(session, scenario::kFp16Amp).runs[0];
  QCOMPARE(ampRun.steps.front().lossScale, 65536.0);
}

void TestLab::tensorflowContainerIsBitIdentical() {
  TrainConfig base = tinyBase(6);
  LabSession session;
  const LabSession::StartResult started =
      session.startAll({scenario::kBaselineFp32, scenario::kTensorflowContainer}, base);
  QVERIFY2(started.ok(), started.error.c_str());
  runToEnd(session);
  const auto& a = session.baseline();
  const auto& b = find(session, scenario::kTensorflowContainer).runs[0];
  QCOMPARE(b.steps.size(), a.steps.size());
  for (size_t i = 0; i < a.steps.size(); ++i)
    QVERIFY(std::memcmp(&a.steps[i].loss, &b.steps[i].loss, sizeof(double)) == 0);
  QCOMPARE(a.evals.back().valLoss, b.evals.back().valLoss);
  const auto verdicts = session.verdicts();
  QVERIFY2(verdicts[1].identicalToBaseline, verdicts[1].summary.c_str());
}

void TestLab::sweepRunsItsTrials() {
  TrainConfig base = tinyBase(8);
  LabSession session;
  const LabSession::StartResult started = session.startAll({scenario::kVertexHpTuning}, base);
  QVERIFY2(started.ok(), started.error.c_str());
  runToEnd(session);
  QCOMPARE(session.results().size(), size_t{2});  // the baseline was added for the verdicts
  const auto& sweep = find(session, scenario::kVertexHpTuning);
  QCOMPARE(sweep.runs.size(), size_t{3});
  const std::vector<double> lrs = LabScenarios::sweepLearningRates(base.learningRate);
  for (size_t i = 0; i < sweep.runs.size(); ++i) {
    const RunLog& r = sweep.runs[i];
    QCOMPARE(r.state, RunState::Finished);
    QCOMPARE(lastStep(r.steps), int64_t{8});
    QCOMPARE(r.provenance.kind, Provenance::Live);
    // Each run log carries its scenario and identity from the table, not guessed later.
    QCOMPARE(r.scenarioId, std::string(scenario::kVertexHpTuning));
    QVERIFY(r.isSweep);
    QCOMPARE(r.sweepValue, lrs[i]);
    QCOMPARE(r.key.origin, RunOrigin::Trained);
    QCOMPARE(r.key.id, session.results()[1].runs[i].key.id);
    QCOMPARE(r.source, liveSource(base));
  }
  QVERIFY(!session.baseline().isSweep);
  QVERIFY(session.baseline().key != sweep.runs[0].key);
  // The trial at the baseline's own rate follows the baseline (trained once): its own key, the
  // baseline's records to the bit (timings too: one training, not two), and a note saying so.
  const RunLog& same = sweep.runs.back();
  QCOMPARE(same.config.learningRate, base.learningRate);
  QVERIFY(same.key != session.baseline().key);
  QCOMPARE(same.steps.size(), session.baseline().steps.size());
  for (size_t i = 0; i < same.steps.size(); ++i) {
    QCOMPARE(same.steps[i].loss, session.baseline().steps[i].loss);
    QCOMPARE(same.steps[i].cpuMs, session.baseline().steps[i].cpuMs);
  }
  QVERIFY2(same.provenance.note.find("trained once") != std::string::npos,
           same.provenance.note.c_str());
  QVERIFY(sweep.runs[0].provenance.note.find("trained once") == std::string::npos);
  QVERIFY(sweep.runs[0].steps.front().cpuMs != session.baseline().steps.front().cpuMs ||
          sweep.runs[0].steps.front().loss != session.baseline().steps.front().loss);
  const Verdict v = session.verdicts()[1];
  QCOMPARE(v.count("trials"), int64_t{3});
  // Three trials of the baseline's size: three times its samples. The timed multiple is only
  // checked for being a measurement (step times vary on a shared machine).
  QCOMPARE(v.value("sampleMultiple"), 3.0);
  QVERIFY2(std::isfinite(v.value("computeMultiple")) && v.value("computeMultiple") > 0,
           v.summary.c_str());
  QVERIFY(!v.word("bestTrial").empty());
}

void TestLab::schedulerInterleavesFairly() {
  RunScheduler scheduler;
  TrainConfig c = tinyBase(10);
  c.validationFraction = 0.02;
  std::vector<RunId> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(scheduler.add(c, "run " + std::to_string(i)));
  std::map<RunId, int64_t> steps;
  std::map<RunId, RunState> states;
  bool sawAllRunning = false;
  while (true) {
    const bool idle = scheduler.idle();
    for (const auto& u : scheduler.drain()) {
      states[u.id] = u.state;
      if (!u.steps.empty()) steps[u.id] = u.steps.back().step;
    }
    if (steps.size() == 3) {
      int64_t lo = INT64_MAX, hi = 0;
      for (const auto& [id, s] : steps) {
        lo = std::min(lo, s);
        hi = std::max(hi, s);
      }
      sawAllRunning = true;
      // Round-robin: one step per run per round, so counts differ by at most one.
      QVERIFY2(hi - lo <= 1, qPrintable(QStringLiteral("steps %1..%2").arg(lo).arg(hi)));
    }
    if (idle) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  QVERIFY(sawAllRunning);
  for (RunId id : ids) QCOMPARE(states[id], RunState::Finished);
}

void TestLab::pauseAndCancel() {
  RunScheduler scheduler;
  TrainConfig c = tinyBase(12);
  c.validationFraction = 0.02;
  const RunId keep = scheduler.add(c, "keeps running");
  const RunId paused = scheduler.add(c, "paused");
  const RunId cancelled = scheduler.add(c, "cancelled");
  scheduler.setPaused(paused, true);
  std::map<RunId, int64_t> steps;
  std::map<RunId, RunState> states;
  bool cancelSent = false, resumed = false;
  int64_t pausedStepsWhileKeepRan = -1;
  while (true) {
    const bool idle = scheduler.idle();
    for (const auto& u : scheduler.drain()) {
      states[u.id] = u.state;
      if (!u.steps.empty()) steps[u.id] = u.steps.back().step;
    }
    if (!cancelSent && steps[cancelled] >= 2) {
      scheduler.cancel(cancelled);
      cancelSent = true;
    }
    if (!resumed && steps[keep] >= 6) {
      pausedStepsWhileKeepRan = steps[paused];
      scheduler.setPaused(paused, false);
      resumed = true;
    }
    if (idle) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  QCOMPARE(pausedStepsWhileKeepRan, int64_t{0});  // no step while paused
  QCOMPARE(states[keep], RunState::Finished);
  QCOMPARE(states[paused], RunState::Finished);  // resumed and completed
  QCOMPARE(steps[paused], int64_t{12});
  QCOMPARE(states[cancelled], RunState::Cancelled);
  QVERIFY(steps[cancelled] < 12);
}

void TestLab::followerReportsTheLeadersRun() {
  RunScheduler scheduler;
  // Long enough (a few ms a step) that the cancels below land long before the end.
  TrainConfig c = tinyBase(200);
  c.validationFraction = 0.02;
  const RunId leader = scheduler.add(c, "leader");
  const std::optional<RunId> keep = scheduler.follow(leader, "follows to the end");
  const std::optional<RunId> quit = scheduler.follow(leader, "cancelled half-way");
  QVERIFY(keep && quit && *keep != leader && *quit != leader && *keep != *quit);
  QVERIFY(!scheduler.follow(RunId{9999}, "no such leader"));
  std::map<RunId, std::vector<StepRecord>> steps;
  std::map<RunId, RunState> states;
  bool leaderCancelled = false, quitCancelled = false;
  while (true) {
    const bool idle = scheduler.idle();
    for (const auto& u : scheduler.drain()) {
      states[u.id] = u.state;
      steps[u.id].insert(steps[u.id].end(), u.steps.begin(), u.steps.end());
      if (u.id == *keep && !u.steps.empty())
        QVERIFY(u.provenance.note.find("trained once, as \"leader\"") != std::string::npos);
    }
    // Once it has stepped, the leader takes no new followers (they would miss its first steps).
    if (!steps[leader].empty()) QVERIFY(!scheduler.follow(leader, "too late"));
    if (!quitCancelled && steps[*quit].size() >= 3) {
      scheduler.cancel(*quit);
      quitCancelled = true;
    }
    // Cancelling the leader ends its own record; its training goes on for the live follower.
    if (!leaderCancelled && steps[leader].size() >= 4) {
      scheduler.cancel(leader);
      leaderCancelled = true;
    }
    if (idle) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  QVERIFY(leaderCancelled && quitCancelled);
  QCOMPARE(states[leader], RunState::Cancelled);
  QVERIFY(steps[leader].size() < 200);
  QCOMPARE(states[*quit], RunState::Cancelled);
  QVERIFY(steps[*quit].size() < 200);
  QCOMPARE(states[*keep], RunState::Finished);
  QCOMPARE(steps[*keep].size(), size_t{200});
  // The follower's records are the leader's: the same loss and the same measured time.
  for (size_t i = 0; i < steps[leader].size(); ++i) {
    QCOMPARE(steps[*keep][i].loss, steps[leader][i].loss);
    QCOMPARE(steps[*keep][i].cpuMs, steps[leader][i].cpuMs);
  }
}

QTEST_GUILESS_MAIN(TestLab)
#include "tst_lab.moc"
