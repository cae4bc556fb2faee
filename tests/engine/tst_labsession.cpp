// The one lab driver (engine/LabSession.h), on tiny runs: settings are validated in start() and
// refused ones start nothing; an unknown scenario starts nothing, not even its baseline; the
// live baseline is added once, first, and not again while it runs; a restart replaces a
// scenario's runs; a sweep's trial at the baseline's rate follows the baseline; a run that
// writes checkpoints writes them in the session's folder, and a temporary one is gone with the
// session; `train`'s single run (startRun) goes through the same store.
#include <QtTest>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "../support/TinyTrainConfig.h"
#include "core/ConfigValidator.h"
#include "core/ScenarioIds.h"
#include "engine/LabSession.h"

using namespace precisionlab;

namespace {

namespace fs = std::filesystem;

TrainConfig tiny(int64_t steps) {
  TrainConfig c = test::tinyTrainConfig(steps);
  c.cpuFp16 = CpuFp16::Emulate;
  return c;
}

void runToEnd(LabSession& session) {
  for (session.poll(); !session.done(); session.poll())
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

size_t runsOf(const LabSession& session, std::string_view id) {
  return session.store().runsOf(std::string(id)).size();
}

}  // namespace

class TestLabSession : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void refusedSettingsStartNothing() {
    LabSession session;
    TrainConfig bad = tiny(4);
    bad.seqLen = 100000;
    const LabSession::StartResult r = session.start(std::string(scenario::kFp16Amp), bad);
    QVERIFY(!r.ok());
    QCOMPARE(r.failedScenario, std::string(scenario::kFp16Amp));
    QVERIFY(!r.issues.empty());
    QCOMPARE(r.issues.front().field, ConfigField::SeqLen);
    QVERIFY2(r.error.find("sequence length") != std::string::npos, r.error.c_str());
    QVERIFY(r.started.empty());
    QVERIFY(session.store().runs().empty());  // not even the baseline
  }

  void unknownScenarioStartsNothing() {
    LabSession session;
    const LabSession::StartResult r = session.start("fp17", tiny(4));
    QVERIFY(!r.ok());
    QVERIFY2(r.error.find("fp16-amp") != std::string::npos, r.error.c_str());  // names known ids
    QVERIFY(session.store().runs().empty());
  }

  void baselineIsAddedOnceAndFirst() {
    LabSession session;
    const LabSession::StartResult r = session.startAll(
        {scenario::kFp16Amp, scenario::kBaselineFp32, scenario::kFp16Amp}, tiny(3));
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(r.started.size(), size_t{2});
    QCOMPARE(r.started.front(), std::string(scenario::kBaselineFp32));
    QCOMPARE(session.scenarioIds().front(), std::string(scenario::kBaselineFp32));
    QCOMPARE(runsOf(session, scenario::kBaselineFp32), size_t{1});
    // Starting another option while the baseline runs adds no second baseline.
    const LabSession::StartResult more = session.start(std::string(scenario::kBf16Amp), tiny(3));
    QVERIFY(more.ok());
    QCOMPARE(more.started.size(), size_t{1});
    // A scenario still running is not started again.
    QVERIFY(session.start(std::string(scenario::kBf16Amp), tiny(3)).alreadyRunning);
    runToEnd(session);
    const std::vector<Verdict> verdicts = session.verdicts();
    QCOMPARE(verdicts.size(), size_t{3});
    QCOMPARE(session.baseline().state, RunState::Finished);
    QCOMPARE(session.baseline().stepsDone(), int64_t{3});
  }

  void restartReplacesTheRuns() {
    LabSession session;
    QVERIFY(session.start(std::string(scenario::kTensorflowContainer), tiny(2)).ok());
    runToEnd(session);
    const RunKey first =
        session.store().runsOf(std::string(scenario::kTensorflowContainer)).front()->key;
    const LabSession::StartResult again =
        session.start(std::string(scenario::kTensorflowContainer), tiny(2));
    QVERIFY(again.ok());
    // The finished baseline judges the restart: it is not started again.
    QCOMPARE(again.started.size(), size_t{1});
    runToEnd(session);
    QCOMPARE(runsOf(session, scenario::kTensorflowContainer), size_t{1});
    QVERIFY(session.store().find(first) == nullptr);
  }

  void sweepTrialAtTheBaselineRateFollowsIt() {
    LabSession session;
    QVERIFY(session.start(std::string(scenario::kVertexHpTuning), tiny(3)).ok());
    runToEnd(session);
    const auto trials = session.store().runsOf(std::string(scenario::kVertexHpTuning));
    QCOMPARE(trials.size(), size_t{3});
    const RunLog& base = session.baseline();
    // The x1 trial reports the baseline's records under its own key, with a note saying so.
    const TrackedRun* same = trials.back();
    QVERIFY(same->key != base.key);
    QCOMPARE(same->steps.size(), base.steps.size());
    for (size_t i = 0; i < base.steps.size(); ++i)
      QCOMPARE(same->steps[i].loss, base.steps[i].loss);
    QVERIFY(!same->provenance.note.empty());
  }

  void checkpointsGoToTheSessionsFolder() {
    const fs::path root =
        fs::temp_directory_path() / ("tst_labsession-" + std::to_string(::getpid()));
    fs::remove_all(root);
    {
      LabSession::Options o;
      o.checkpointRoot = root.string();
      LabSession session(o);
      QVERIFY(session.start(std::string(scenario::kPreemptionResume), tiny(4)).ok());
      runToEnd(session);
      const auto runs = session.store().runsOf(std::string(scenario::kPreemptionResume));
      QCOMPARE(runs.size(), size_t{1});
      QCOMPARE(runs.front()->state, RunState::Finished);
      const fs::path dir(runs.front()->config.checkpointDir);
      QCOMPARE(dir.parent_path(), root);
      QVERIFY2(fs::is_directory(dir), dir.c_str());
      std::string names;
      for (const auto& e : fs::directory_iterator(dir)) names += e.path().filename().string() + " ";
      QVERIFY2(names.find("checkpoint-") != std::string::npos, names.c_str());
      qInfo("checkpoints: %s", names.c_str());
    }
    QVERIFY(fs::is_directory(root));  // the caller's folder stays
    fs::remove_all(root);

    std::string temporary;
    {
      LabSession session;
      QVERIFY(session.start(std::string(scenario::kPreemptionResume), tiny(2)).ok());
      runToEnd(session);
      temporary = fs::path(session.store()
                               .runsOf(std::string(scenario::kPreemptionResume))
                               .front()
                               ->config.checkpointDir)
                      .parent_path()
                      .string();
      QVERIFY(fs::is_directory(temporary));
    }
    QVERIFY2(!fs::exists(temporary), temporary.c_str());  // removed with the session
  }

  void singleRunGoesThroughTheStore() {
    LabSession::Options one;
    one.workers = 1;
    LabSession session(one);
    TrainConfig bad = tiny(2);
    bad.batchSize = 0;
    LabSession::StartResult refused;
    QVERIFY(!session.startRun(bad, "train", &refused));
    QCOMPARE(refused.issues.front().field, ConfigField::BatchSize);
    const std::optional<RunKey> key = session.startRun(tiny(2), "train");
    QVERIFY(key.has_value());
    size_t updates = 0;
    for (updates += session.poll().size(); !session.done(); updates += session.poll().size())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    QVERIFY(updates > 0);
    const TrackedRun* run = session.store().find(*key);
    QVERIFY(run != nullptr);
    QCOMPARE(run->state, RunState::Finished);
    QCOMPARE(run->stepsDone(), int64_t{2});
    QVERIFY(run->scenarioId.empty());  // outside the scenario table
  }
};

QTEST_GUILESS_MAIN(TestLabSession)
#include "tst_labsession.moc"
