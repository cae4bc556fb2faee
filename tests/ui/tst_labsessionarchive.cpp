// The lab sessions kept across a restart (ui/lab/LabSessionArchive.h, LabSessionStore.h): a
// crafted stopped run is saved as a recording and restored into a fresh controller as a replayed
// run with its records; runs that never stepped, replayed runs and runs still going are not
// saved; a swap a crash interrupted is finished or undone; an older version's single folder joins
// the history; a kept finished run wins over a new one that did not finish; and a tiny live run
// (3 steps) is saved by the archive itself once it stops, and the live baseline started for a
// follow-up that did not finish goes with it. Seconds.
#include <QtTest>

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <limits>

#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "ui/lab/LabController.h"
#include "ui/lab/LabSessionArchive.h"
#include "ui/lab/LabSessionStore.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"

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

// A finished lab of two runs, the fp32 baseline (id 1) and fp16=True (id 2), written to
// `folder`; false (with the store's error in the log) when it could not be written.
bool writeFinishedLab(const QString& folder) {
  RunDataStore old;
  old.addRun(trainedRun("baseline-fp32.plrun", 1), QString(), QColor());
  old.addRun(trainedRun("fp16-amp.plrun", 2), QString(), QColor());
  QString error;
  const int written = LabSessionStore::write(LabSessionArchive::compose(old, {}), folder, &error);
  if (written != 2) qWarning("writeFinishedLab: %d runs written: %s", written, qPrintable(error));
  return written == 2;
}

}  // namespace

class TestLabSessionArchive : public QObject {
  Q_OBJECT

 private slots:
  void savesStoppedTrainedRunsAndRestoresThem() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("sessions/one"));
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
    QCOMPARE(LabSessionStore::write(LabSessionArchive::compose(store, {}), folder, &error), 2);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(QDir(folder).entryList(QDir::Files, QDir::Name),
             (QStringList{"01-baseline-fp32.plrun", "02-fp16-no-scaler.plrun", "session.json"}));
    QCOMPARE(QDir(dir.filePath(QStringLiteral("sessions")))
                 .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{"one"});  // no staging or old folder left
    LabSessionEntry entry;
    QVERIFY(LabSessionStore::readEntry(folder, &entry, &error));
    QCOMPARE(entry.runs.size(), 2);
    QCOMPARE(entry.count(RunState::Failed), 1);
    QVERIFY(!entry.complete());
    QVERIFY2(entry.describe().contains(QStringLiteral("1 failed")), qPrintable(entry.describe()));

    LabController lab;
    lab.setLiveVerdictInterval(0);
    LabSessionArchive archive(&lab, dir.filePath(QStringLiteral("sessions")));
    const double speed = lab.replaySpeed();
    QCOMPARE(archive.restoreLatest(QString(), &error), 2);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(archive.shownFolder(), folder);
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
    // A restored session is not written again (nothing trained here), and a start would ask.
    lab.poll();
    QCOMPARE(archive.saveCount(), 0);
    QVERIFY(archive.wouldAsk());
  }

  void aKeptFinishedRunWinsOverANewOneThatDidNotFinish() {
    QTemporaryDir dir;
    const QString kept = dir.filePath(QStringLiteral("kept"));
    QVERIFY(writeFinishedLab(kept));
    QString error;
    const QByteArray keptIndex = [&] {
      QFile f(kept + QStringLiteral("/session.json"));
      return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();

    // A new fp16=True run cancelled after a few steps, and a new run of another option.
    RunDataStore now;
    RunLog cut = trainedRun("fp16-amp.plrun", 7);
    cut.steps.resize(3);
    cut.evals.clear();
    cut.state = RunState::Cancelled;
    now.addRun(cut, QString(), QColor());
    now.addRun(trainedRun("half-layers.plrun", 8), QString(), QColor());
    const std::vector<LabSessionStore::Item> items = LabSessionArchive::compose(now, {kept});
    QCOMPARE(items.size(), size_t(3));
    QCOMPARE(items[0].scenario, QStringLiteral("baseline-fp32"));
    QCOMPARE(items[1].scenario, QStringLiteral("fp16-amp"));
    QVERIFY(items[1].run == nullptr);  // the kept file, finished
    QCOMPARE(items[1].state, RunState::Finished);
    QCOMPARE(items[2].scenario, QStringLiteral("half-layers"));
    QVERIFY(items[2].run != nullptr);
    const QString next = dir.filePath(QStringLiteral("next"));
    QCOMPARE(LabSessionStore::write(items, next, &error), 3);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    LabSessionEntry entry;
    QVERIFY(LabSessionStore::readEntry(next, &entry, &error));
    QVERIFY(entry.complete());
    // The kept session's folder is as it was.
    QFile f(kept + QStringLiteral("/session.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), keptIndex);

    // A new run of the option that finishes wins over the kept one.
    RunDataStore later;
    later.addRun(trainedRun("fp16-amp.plrun", 9), QString(), QColor());
    const std::vector<LabSessionStore::Item> again = LabSessionArchive::compose(later, {kept});
    QCOMPARE(again.size(), size_t(2));
    QVERIFY(again[1].run != nullptr);
  }

  void finishesOrUndoesAnInterruptedSwapAndAdoptsTheOldFolder() {
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("sessions"));
    RunDataStore store;
    store.addRun(trainedRun("baseline-fp32.plrun", 1), QString(), QColor());
    QString error;
    QCOMPARE(LabSessionStore::write(LabSessionArchive::compose(store, {}), root + "/a", &error), 1);
    QCOMPARE(LabSessionStore::write(LabSessionArchive::compose(store, {}), root + "/b", &error), 1);
    // A crash after the old folder was moved aside and before the new one was renamed in: the
    // new one is complete (its index is there) and goes in; an old one without a new one comes
    // back.
    QVERIFY(QDir().rename(root + "/a", root + "/.a.new"));
    QVERIFY(QDir().rename(root + "/b", root + "/.b.old"));
    QCOMPARE(LabSessionStore::list(root, &error).size(), 2);
    QVERIFY(QFileInfo(root + "/a").isDir());
    QVERIFY(QFileInfo(root + "/b").isDir());
    QVERIFY(!QFileInfo::exists(root + "/.a.new"));
    // An incomplete staging folder (no index) is not taken for a session.
    QVERIFY(QDir().mkpath(root + "/.c.new"));
    QCOMPARE(LabSessionStore::list(root, &error).size(), 2);

    // An older version's single folder joins the history; a damaged file is named and the
    // others still load.
    const QString legacy = dir.filePath(QStringLiteral("last-lab-session"));
    QVERIFY(QDir().mkpath(legacy));
    QVERIFY(QFile::copy(PRECISIONLAB_SOURCE_DIR "/resources/recorded/half-layers.plrun",
                        legacy + "/01-half-layers.plrun"));
    QFile bad(legacy + QStringLiteral("/02-bad.plrun"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"format\":\"precisionlab-run\"\n");
    bad.close();
    QVERIFY(LabSessionStore::adoptLegacy(legacy, root, &error));
    QVERIFY(!QFileInfo::exists(legacy));
    const QList<LabSessionEntry> all = LabSessionStore::list(root, &error);
    QCOMPARE(all.size(), 3);
    QVERIFY2(error.contains(QStringLiteral("02-bad.plrun")), qPrintable(error));
    const auto adopted = std::find_if(all.cbegin(), all.cend(), [](const LabSessionEntry& e) {
      return e.runs.size() == 1 && e.runs.front().scenario == QStringLiteral("half-layers");
    });
    QVERIFY(adopted != all.cend());
    QCOMPARE(LabSessionStore::load(adopted->folder, &error).size(), size_t(1));
  }

  // The learner's path after a restart: the finished lab comes back, one option is trained again
  // (a live fp32 baseline starts beside it, since the restored one is a recording) and unticked
  // after a few steps. The baseline started for it stops too, and once nothing trains the kept
  // finished run of that option is shown again, not a "too short to judge" row.
  void aCancelledFollowUpShowsTheKeptRunAgain() {
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("sessions"));
    QVERIFY(writeFinishedLab(LabSessionStore::newFolder(root)));
    LabController lab;
    LabSessionArchive archive(&lab, root);
    QSignalSpy kept(&archive, &LabSessionArchive::restoredKept);
    QString error;
    QCOMPARE(archive.restoreLatest(QString(), &error), 2);
    QCOMPARE(archive.askBeforeStart(), LabSessionArchive::Choice::KeepAndAdd);
    TrainConfig c = LabScenarios::builtinBase();
    c.steps = 100000;
    c.batchSize = 4;
    c.seqLen = 32;
    c.evalEvery = 0;
    const LabController::StartResult started = lab.start(QStringLiteral("fp16-amp"), c);
    QVERIFY(started.error.isEmpty());
    QCOMPARE(started.started,
             QStringList({QStringLiteral("baseline-fp32"), QStringLiteral("fp16-amp")}));
    const auto trainedSteps = [&] {
      for (const TrackedRun* r : lab.store().runsOf(QStringLiteral("fp16-amp")))
        if (!r->replayed()) return r->steps.size();
      return size_t(0);
    };
    QTRY_VERIFY_WITH_TIMEOUT(trainedSteps() >= 2, 90000);
    lab.stop(QStringLiteral("fp16-amp"));
    QTRY_VERIFY_WITH_TIMEOUT(!lab.anyActive(), 90000);
    QTRY_COMPARE_WITH_TIMEOUT(kept.count(), 1, 30000);
    QVERIFY(kept.first().first().toStringList().contains(QStringLiteral("fp16-amp")));
    const QList<const TrackedRun*> shown = lab.store().runsOf(QStringLiteral("fp16-amp"));
    QVERIFY(!shown.isEmpty());
    QVERIFY(shown.front()->replayed());
    QCOMPARE(shown.front()->state, RunState::Finished);
    QCOMPARE(shown.front()->steps.size(), shipped("fp16-amp.plrun").steps.size());
    // The live baseline started for it went with it: the restored baseline stands alone, in
    // the colour the captions name (it turned slate blue beside the cancelled live one).
    const QList<const TrackedRun*> base = lab.store().runsOf(ScenarioCatalog::baselineId());
    QCOMPARE(base.size(), 1);
    QVERIFY(base.front()->replayed());
    QCOMPARE(base.front()->state, RunState::Finished);
    QCOMPARE(RunDataStore::colorOf(*base.front()),
             ScenarioCatalog::runColor(ScenarioCatalog::baselineId(), 0, 1));
  }

  void savesALiveSessionWhenItStops() {
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("sessions"));
    LabController lab;
    LabSessionArchive archive(&lab, root);
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
    QCOMPARE(LabSessionStore::list(root, &error).size(), 1);
    QCOMPARE(archive.currentFolder(), LabSessionStore::list(root, &error).first().folder);
    const std::vector<RunRecording> back = LabSessionStore::load(archive.currentFolder(), &error);
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
