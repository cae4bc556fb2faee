// The last lab session kept across a restart (ui/lab/LabSessionArchive.h): a crafted stopped
// run is saved as a recording and restored into a fresh controller as a replayed run with its
// records; runs that never stepped, replayed runs and runs still going are not saved; a session
// left in the staging folder by a crash is still found; and a tiny live run (3 steps) is saved
// by the archive itself once it stops. Seconds.
#include <QtTest>

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <limits>

#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "ui/lab/LabController.h"
#include "ui/lab/LabSessionArchive.h"
#include "ui/lab/RunDataStore.h"

using namespace precisionlab;

namespace {

RunRecording shipped(const char* file) {
  return readRunRecording(std::string(PRECISIONLAB_SOURCE_DIR "/resources/recorded/") + file);
}

// A recording turned back into the log of a run trained in this window.
RunLog trainedRun(const char* file, RunId id) {
  RunLog log = shipped(file);
  log.key = {RunOrigin::Trained, id};
  log.provenance.kind = Provenance::Live;
  return log;
}

}  // namespace

class TestLabSessionArchive : public QObject {
  Q_OBJECT

 private slots:
  void savesStoppedTrainedRunsAndRestoresThem() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("last-lab-session"));
    RunDataStore store;
    store.addRun(trainedRun("baseline-fp32.plrun", 1), QString(), QColor());
    RunLog cancelled = trainedRun("fp16-amp.plrun", 2);
    cancelled.steps.clear();  // cancelled before its first step: nothing to keep
    cancelled.evals.clear();
    cancelled.state = RunState::Cancelled;
    store.addRun(cancelled, QString(), QColor());
    RunLog replayed = shipped("bf16-amp.plrun");
    replayed.key = {RunOrigin::Replayed, 1};
    store.addRun(replayed, QString(), QColor());  // a recording already: not saved again
    RunLog failed = trainedRun("fp16-no-scaler.plrun", 3);
    failed.state = RunState::Failed;
    store.addRun(failed, QString(), QColor());

    QString error;
    QCOMPARE(LabSessionArchive::save(store, folder, &error), 2);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(QDir(folder).entryList(QDir::Files, QDir::Name),
             (QStringList{"01-baseline-fp32.plrun", "02-fp16-no-scaler.plrun"}));
    QVERIFY(!QFileInfo::exists(folder + QStringLiteral(".new")));

    LabController lab;
    lab.setLiveVerdictInterval(0);
    const double speed = lab.replaySpeed();
    QCOMPARE(LabSessionArchive::restore(&lab, folder, &error), 2);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(lab.replaySpeed(), speed);  // the user's speed is back for later replays
    QCOMPARE(lab.store().runs().size(), size_t(2));
    const size_t baselineSteps = shipped("baseline-fp32.plrun").steps.size();
    // Every record arrived in the restore's one drain.
    QTRY_COMPARE(lab.store().runsOf(QStringLiteral("baseline-fp32")).size(), 1);
    const TrackedRun* base = lab.store().runsOf(QStringLiteral("baseline-fp32")).first();
    QVERIFY(base->replayed());
    QCOMPARE(base->provenance.kind, Provenance::Recorded);  // labelled as the recording it is
    QCOMPARE(base->steps.size(), baselineSteps);
    QTRY_COMPARE(base->state, RunState::Finished);
    const QList<const TrackedRun*> noScaler = lab.store().runsOf(QStringLiteral("fp16-no-scaler"));
    QCOMPARE(noScaler.size(), 1);
    QCOMPARE(noScaler.first()->state, RunState::Failed);

    // A later session replaces this one whole.
    RunDataStore next;
    next.addRun(trainedRun("half-layers.plrun", 1), QString(), QColor());
    QCOMPARE(LabSessionArchive::save(next, folder, &error), 1);
    QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList{"01-half-layers.plrun"});
  }

  void findsASessionLeftInStaging() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("last-lab-session"));
    RunDataStore store;
    store.addRun(trainedRun("baseline-fp32.plrun", 1), QString(), QColor());
    QString error;
    QCOMPARE(LabSessionArchive::save(store, folder, &error), 1);
    // A crash after the old folder was removed and before the new one was renamed in.
    QVERIFY(QDir().rename(folder, folder + QStringLiteral(".new")));
    QCOMPARE(LabSessionArchive::load(folder, &error).size(), size_t(1));
    QCOMPARE(LabSessionArchive::load(dir.filePath(QStringLiteral("none")), &error).size(),
             size_t(0));
    // A damaged file is named; the others still load.
    QFile bad(folder + QStringLiteral(".new/02-bad.plrun"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"format\":\"precisionlab-run\"\n");
    bad.close();
    QCOMPARE(LabSessionArchive::load(folder, &error).size(), size_t(1));
    QVERIFY2(error.contains(QStringLiteral("02-bad.plrun")), qPrintable(error));
  }

  void savesALiveSessionWhenItStops() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("last-lab-session"));
    LabController lab;
    LabSessionArchive archive(&lab, folder);
    QSignalSpy saved(&archive, &LabSessionArchive::saved);
    TrainConfig c = LabScenarios::builtinBase();
    c.steps = 3;
    c.batchSize = 4;
    c.seqLen = 32;
    c.evalEvery = 0;
    QVERIFY(lab.start(QStringLiteral("baseline-fp32"), c).error.isEmpty());
    QCOMPARE(archive.saveCount(), 0);  // nothing while it runs
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 90000);
    QCOMPARE(saved.first().first().toInt(), 1);
    QVERIFY2(archive.lastError().isEmpty(), qPrintable(archive.lastError()));
    QString error;
    const std::vector<RunRecording> back = LabSessionArchive::load(folder, &error);
    QCOMPARE(back.size(), size_t(1));
    QCOMPARE(back.front().steps.size(), size_t(3));
    QCOMPARE(back.front().scenarioId, std::string("baseline-fp32"));
    // Further polls of the stopped session do not write it again.
    lab.poll();
    lab.poll();
    QCOMPARE(archive.saveCount(), 1);
  }
};

QTEST_MAIN(TestLabSessionArchive)
#include "tst_labsessionarchive.moc"
