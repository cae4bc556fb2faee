// The lab's logic without a widget: LabController starts a tiny live run (with the live fp32
// baseline it needs), replays shipped recordings beside it, keys every run by (origin, id) with
// its scenario from core's scenario table, keeps one verdict per scenario in its cache (reading it
// computes nothing), and cancels and clears. Runs train a tiny model for a few steps: seconds.
#include <QtTest>

#include <QDir>
#include <QFile>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "engine/RunScheduler.h"
#include "ui/lab/LabController.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"

#ifdef __linux__
#include <sys/resource.h>
#endif

using namespace precisionlab;

namespace {

constexpr int kTimeoutMs = 90000;  // generous: CI machines may be loaded

// The built-in tiny model (one thread), small batches, no evaluation until the end.
TrainConfig tiny(int64_t steps) {
  TrainConfig c = LabScenarios::builtinBase();
  c.steps = steps;
  c.batchSize = 4;
  c.seqLen = 32;
  c.evalEvery = 0;
  return c;
}

RunRecording shipped(const char* file) {
  return readRunRecording(std::string(PRECISIONLAB_SOURCE_DIR "/resources/recorded/") + file);
}

// The nice value of every thread of this process (/proc/self/task/<tid>/stat, field 19).
QList<int> threadNiceValues() {
  QList<int> out;
  for (const QString& tid :
       QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    QFile f(QStringLiteral("/proc/self/task/%1/stat").arg(tid));
    if (!f.open(QIODevice::ReadOnly)) continue;
    const QByteArray stat = f.readAll();
    // After the command name in parentheses: state is field 3, nice is field 19.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.size() > 16) out.append(fields[16].toInt());
  }
  return out;
}

}  // namespace

class TestLabController : public QObject {
  Q_OBJECT

 private slots:
  void liveRunHasItsIdentityAndACachedVerdict() {
    LabController lab;
    lab.setLiveVerdictInterval(0);
    const LabController::StartResult started =
        lab.start(QStringLiteral("tensorflow-container"), tiny(6));
    QVERIFY2(started.error.isEmpty(), qPrintable(started.error));
    // The live baseline starts first: every verdict is measured against it.
    QCOMPARE(started.started, (QStringList{QStringLiteral("baseline-fp32"),
                                           QStringLiteral("tensorflow-container")}));
    QCOMPARE(lab.store().runs().size(), size_t(2));
    const TrackedRun& base = lab.store().runs()[0];
    const TrackedRun& tf = lab.store().runs()[1];
    QCOMPARE(base.key.origin, RunOrigin::Trained);
    QVERIFY(base.key != tf.key);
    QCOMPARE(base.source, liveSource(tiny(6)));
    QCOMPARE(tf.scenarioId, std::string("tensorflow-container"));
    QCOMPARE(tf.title, LabScenarios::make("tensorflow-container", tiny(6)).row->title);
    QVERIFY(!tf.optionText.empty());
    QVERIFY(!tf.isSweep);
    QVERIFY(lab.start(QStringLiteral("tensorflow-container"), tiny(6)).alreadyRunning);

    QTRY_VERIFY_WITH_TIMEOUT(!lab.anyActive(), kTimeoutMs);
    QCOMPARE(tf.state, RunState::Finished);
    QCOMPARE(tf.stepsDone(), int64_t(6));
    QVERIFY(tf.provenanceKnown);
    const CachedVerdict* v = lab.verdict(QStringLiteral("tensorflow-container"));
    QVERIFY(v != nullptr);
    QVERIFY(v->final);
    QVERIFY2(v->verdict.identicalToBaseline, v->verdict.summary.c_str());
    QCOMPARE(v->text, QString::fromStdString(v->verdict.summary));

    // Cached: reading and idle polls compute nothing.
    const int computed = lab.verdicts().computations();
    for (int i = 0; i < 20; ++i) {
      lab.poll();
      QVERIFY(lab.verdict(QStringLiteral("tensorflow-container")) != nullptr);
    }
    QCOMPARE(lab.verdicts().computations(), computed);
  }

  // The window's run workers yield a core to the UI thread (RunScheduler::kWindowWorkerNice;
  // docs/benchmarks-ui.md has the side-by-side measurement); the UI thread keeps its priority.
  void workersRunBelowTheUiThread() {
#ifdef __linux__
    const int base = getpriority(PRIO_PROCESS, 0);  // this (the UI) thread's, e.g. 0
    const int workers = std::min(19, base + RunScheduler::kWindowWorkerNice);
    if (workers == base) QSKIP("this test runs at nice 19 already: no lower priority to give");
    const int before = threadNiceValues().count(workers);
    LabController lab;
    QTRY_VERIFY_WITH_TIMEOUT(
        threadNiceValues().count(workers) >= before + RunScheduler::labWorkers(), 5000);
    QCOMPARE(getpriority(PRIO_PROCESS, 0), base);  // the UI thread keeps its priority
#else
    QSKIP("thread priorities are set on Linux only");
#endif
  }

  void sweepTrialsCarryTheirSweepValueAndCancel() {
    LabController lab;
    lab.start(QStringLiteral("vertex-hp-tuning"), tiny(200));
    const QList<const TrackedRun*> trials = lab.store().runsOf(QStringLiteral("vertex-hp-tuning"));
    QCOMPARE(trials.size(), 3);
    const std::vector<double> lrs = LabScenarios::sweepLearningRates(tiny(200).learningRate);
    for (int i = 0; i < trials.size(); ++i) {
      QVERIFY(trials[i]->isSweep);
      QCOMPARE(trials[i]->sweepValue, lrs[size_t(i)]);
      QCOMPARE(trials[i]->config.learningRate, lrs[size_t(i)]);
    }
    lab.stop(QStringLiteral("vertex-hp-tuning"));
    lab.stop(QStringLiteral("baseline-fp32"));
    QTRY_VERIFY_WITH_TIMEOUT(!lab.anyActive(), kTimeoutMs);
    for (const TrackedRun& r : lab.store().runs()) {
      QCOMPARE(r.state, RunState::Cancelled);
      QVERIFY(r.stepsDone() < 200);
    }
  }

  // The trial at the baseline's own rate is the baseline's run (same settings and seed): it
  // follows the live baseline instead of training the same bits again, and stopping the
  // baseline ends only the baseline's row while the trial runs on to the end.
  void sweepTrialAtTheBaseRateFollowsTheBaseline() {
    LabController lab;
    lab.setLiveVerdictInterval(0);
    lab.start(QStringLiteral("vertex-hp-tuning"), tiny(40));
    const TrackedRun* base = lab.store().baseline(RunDataStore::liveSource(tiny(40)));
    QVERIFY(base != nullptr);
    const QList<const TrackedRun*> trials = lab.store().runsOf(QStringLiteral("vertex-hp-tuning"));
    QCOMPARE(trials.size(), 3);
    const TrackedRun* same = trials.back();
    QCOMPARE(same->config.learningRate, base->config.learningRate);
    QVERIFY(same->key != base->key);
    QTRY_VERIFY_WITH_TIMEOUT(base->stepsDone() >= 2, kTimeoutMs);
    lab.stop(QStringLiteral("baseline-fp32"));
    QTRY_VERIFY_WITH_TIMEOUT(!lab.anyActive(), kTimeoutMs);
    QCOMPARE(base->state, RunState::Cancelled);
    QCOMPARE(same->state, RunState::Finished);
    QCOMPARE(same->stepsDone(), int64_t(40));
    for (size_t i = 0; i < base->steps.size(); ++i) {
      QCOMPARE(same->steps[i].loss, base->steps[i].loss);
      QCOMPARE(same->steps[i].cpuMs, base->steps[i].cpuMs);  // one training, not two
    }
    QVERIFY2(same->provenance.note.find(kTrainedOnceNote) != std::string::npos,
             same->provenance.note.c_str());
    QVERIFY(trials.front()->provenance.note.find(kTrainedOnceNote) == std::string::npos);
  }

  void replayedRunsAreKeptApartFromLiveOnes() {
    LabController lab;
    lab.setLiveVerdictInterval(0);
    lab.setReplaySpeed(std::numeric_limits<double>::infinity());
    lab.start(QStringLiteral("baseline-fp32"), tiny(3));
    std::vector<RunRecording> recordings;
    recordings.push_back(shipped("baseline-fp32.plrun"));
    recordings.push_back(shipped("fp16-amp.plrun"));
    const RunProvenance recordedOn = recordings.front().provenance;
    QCOMPARE(lab.replay(std::move(recordings)).size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.anyActive(), kTimeoutMs);

    // The live baseline and the recorded one: both engines count from 1, keys stay apart.
    QCOMPARE(lab.store().runs().size(), size_t(3));
    const TrackedRun* live = lab.store().find({RunOrigin::Trained, 1});
    const TrackedRun* recorded = lab.store().find({RunOrigin::Replayed, 1});
    QVERIFY(live && recorded && live != recorded);
    QCOMPARE(recorded->source, recordedSource(recordedOn));
    QCOMPARE(recorded->provenance.kind, Provenance::Recorded);
    QCOMPARE(recorded->steps.size(), shipped("baseline-fp32.plrun").steps.size());
    const TrackedRun* amp = lab.store().runsOf(QStringLiteral("fp16-amp")).front();
    QCOMPARE(amp->title, std::string("fp16=True"));
    QCOMPARE(amp->key.origin, RunOrigin::Replayed);
    // Colours (issue 45: a restored lab came back with a slate-blue baseline and an olive
    // half-precision curve): a recording alone keeps its scenario's colour, the one the captions
    // name; only the recorded baseline beside the live one is told apart.
    QCOMPARE(RunDataStore::colorOf(*amp),
             ScenarioCatalog::runColor(QStringLiteral("fp16-amp"), 0, 1));
    QCOMPARE(RunDataStore::colorOf(*live), ScenarioCatalog::find("baseline-fp32")->color);
    QVERIFY(RunDataStore::colorOf(*recorded) != RunDataStore::colorOf(*live));

    // The recorded option is judged against the recorded baseline, not the live one.
    const CachedVerdict* v = lab.verdict(QStringLiteral("fp16-amp"));
    QVERIFY(v != nullptr);
    QCOMPARE(v->verdict.provenance, Provenance::Recorded);
    QVERIFY(lab.verdict(QStringLiteral("baseline-fp32")) != nullptr);

    QSignalSpy updated(&lab, &LabController::verdictsUpdated);
    lab.clear();
    QVERIFY(lab.store().runs().empty());
    QVERIFY(lab.verdict(QStringLiteral("fp16-amp")) == nullptr);
    QCOMPARE(updated.count(), 1);
  }
};

QTEST_GUILESS_MAIN(TestLabController)
#include "tst_labcontroller.moc"
