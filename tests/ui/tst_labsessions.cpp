// The lab sessions through the real window (issue 45, item 2): a finished lab comes back after a
// restart (the window destroyed and made again on the same data folder), and a quick extra click
// on one option then asks first; "keep and add" followed by Stop all keeps the finished runs
// (the lab shows them again, the session on disk still holds them, the earlier session's folder
// is untouched, and the next restart brings them back); "cancel" starts nothing; "start a new
// session" empties the lab and leaves the old session in File > Reopen lab session, which
// reopens it. Tiny runs on the CPU; every wait is on a state, never a sleep.
#include <QtTest>

#include <QCheckBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <memory>

#include "../support/TinyTrainConfig.h"
#include "ui/app/MainWindow.h"
#include "ui/lab/LabSessionArchive.h"
#include "ui/lab/LabSessionMenu.h"
#include "ui/lab/LabSessionStore.h"
#include "ui/lab/LabView.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/RunToggle.h"
#include "ui/study/StudyView.h"

using namespace precisionlab;
using Choice = LabSessionArchive::Choice;

namespace {

constexpr int kTimeoutMs = 180000;  // generous: a loaded 2-core machine trains slowly

std::unique_ptr<MainWindow> window(const QTemporaryDir& dir) {
  MainWindow::Options options;
  options.databasePath = dir.filePath(QStringLiteral("progress.sqlite3"));
  options.restoreSettings = false;
  options.quietErrors = true;
  options.labSessionsRoot = dir.filePath(QStringLiteral("lab-sessions"));
  auto w = std::make_unique<MainWindow>(options);
  w->resize(1280, 800);
  w->show();
  return w;
}

LabView* labOf(const MainWindow& w) { return w.labView(); }

const TrackedRun* shownRun(const LabView& lab, const char* scenario) {
  const QList<const TrackedRun*> runs = lab.store().runsOf(QLatin1String(scenario));
  return runs.isEmpty() ? nullptr : runs.front();
}

int trainedRuns(const LabView& lab) {
  int n = 0;
  for (const TrackedRun& r : lab.store().runs()) n += r.replayed() ? 0 : 1;
  return n;
}

void clickToggle(RunToggle* row) {
  QCheckBox* box = row->checkBox();
  QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
}

QPushButton* stopAllButton(const LabView& lab) {
  for (QPushButton* b : lab.findChildren<QPushButton*>())
    if (b->text() == QStringLiteral("Stop all")) return b;
  return nullptr;
}

QByteArray indexOf(const QString& folder) {
  QFile f(folder + QStringLiteral("/session.json"));
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestLabSessions : public QObject {
  Q_OBJECT

 private slots:
  void restartThenAQuickExtraClickKeepsTheFinishedLab() {
    QTemporaryDir dir;
    // The first session: fp16=True and the fp32 baseline it starts, trained to the end.
    auto first = window(dir);
    QVERIFY(first->labSessions());
    QSignalSpy saved(first->labSessions(), &LabSessionArchive::saved);
    labOf(*first)->setSettings(test::tinyTrainConfig(6, 4));
    labOf(*first)->runScenario(QStringLiteral("fp16-amp"));
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, kTimeoutMs);
    QCOMPARE(saved.first().first().toInt(), 2);
    QString error;
    QList<LabSessionEntry> history = first->labSessions()->history(&error);
    QCOMPARE(history.size(), 1);
    QVERIFY(history.first().complete());
    const QString finishedFolder = history.first().folder;
    const QByteArray finishedIndex = indexOf(finishedFolder);
    first.reset();

    // Restart: the finished lab comes back, as recordings.
    auto second = window(dir);
    LabView* lab = labOf(*second);
    const TrackedRun* fp16 = shownRun(*lab, "fp16-amp");
    QVERIFY(fp16 && fp16->replayed());
    QCOMPARE(fp16->state, RunState::Finished);
    QCOMPARE(fp16->steps.size(), size_t(6));
    // The status bar says so (again with the profile's line, which comes after the start's).
    QTRY_VERIFY2(second->statusBar()->currentMessage().contains(QStringLiteral("restored")),
                 qPrintable(second->statusBar()->currentMessage()));
    QTRY_VERIFY(!lab->verdictText(QStringLiteral("fp16-amp")).isEmpty());
    const QString verdictBefore = lab->verdictText(QStringLiteral("fp16-amp"));

    // A quick extra click on the option asks first; keep and add.
    QStringList asked;
    second->labSessions()->setAsk([&](const QString&, const QString& text) {
      asked.append(text);
      return Choice::KeepAndAdd;
    });
    lab->setSettings(test::tinyTrainConfig(100000, 4));
    clickToggle(lab->toggle(QStringLiteral("fp16-amp")));
    QCOMPARE(asked.size(), 1);
    QVERIFY2(asked.first().contains(QStringLiteral("2 run(s), all finished")),
             qPrintable(asked.first()));
    QTRY_VERIFY_WITH_TIMEOUT(shownRun(*lab, "fp16-amp") &&
                                 !shownRun(*lab, "fp16-amp")->replayed() &&
                                 !shownRun(*lab, "fp16-amp")->steps.empty(),
                             kTimeoutMs);
    // Stop all before the new run finishes.
    QSignalSpy savedAgain(second->labSessions(), &LabSessionArchive::saved);
    QSignalSpy keptShown(second->labSessions(), &LabSessionArchive::restoredKept);
    QPushButton* stop = stopAllButton(*lab);
    QVERIFY(stop);
    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(savedAgain.count() >= 1 && keptShown.count() >= 1, kTimeoutMs);
    QVERIFY(keptShown.first().first().toStringList().contains(QStringLiteral("fp16-amp")));
    // The lab shows the finished run again, with the verdict it had, never "too short".
    fp16 = shownRun(*lab, "fp16-amp");
    QVERIFY(fp16 && fp16->replayed());
    QCOMPARE(fp16->state, RunState::Finished);
    QCOMPARE(fp16->steps.size(), size_t(6));
    QTRY_COMPARE(lab->verdictText(QStringLiteral("fp16-amp")), verdictBefore);
    QTRY_VERIFY(second->statusBar()->currentMessage().contains(QStringLiteral("finished run")));
    // On disk: the finished session untouched, the new one complete with both finished runs.
    history = second->labSessions()->history(&error);
    QCOMPARE(history.size(), 2);
    QCOMPARE(indexOf(finishedFolder), finishedIndex);
    QVERIFY(history.first().folder != finishedFolder);
    QVERIFY(history.first().complete());
    QCOMPARE(history.first().runs.size(), 2);
    // No prompt for the next start of this session: the user chose to keep and add.
    QVERIFY(!second->labSessions()->wouldAsk());
    second.reset();

    // The next restart brings the finished runs back.
    auto third = window(dir);
    fp16 = shownRun(*labOf(*third), "fp16-amp");
    QVERIFY(fp16 && fp16->replayed());
    QCOMPARE(fp16->state, RunState::Finished);
    QCOMPARE(fp16->steps.size(), size_t(6));
    QVERIFY(third->labSessions()->wouldAsk());
  }

  void cancelStartsNothingAndANewSessionKeepsTheOldOne() {
    QTemporaryDir dir;
    // A finished session on disk, from the shipped recordings turned into trained runs.
    RunDataStore old;
    for (const char* f : {"baseline-fp32.plrun", "half-layers.plrun"}) {
      RunLog log =
          readRunRecording(std::string(PRECISIONLAB_SOURCE_DIR "/resources/recorded/") + f);
      log.key = {RunOrigin::Trained, int(old.runs().size()) + 1};
      log.provenance.kind = Provenance::Live;
      old.addRun(log, QString(), QColor());
    }
    QString error;
    const QString oldFolder = dir.filePath(QStringLiteral("lab-sessions/20260101-120000-000"));
    QCOMPARE(LabSessionStore::write(LabSessionArchive::compose(old, {}), oldFolder, &error), 2);
    const QByteArray oldIndex = indexOf(oldFolder);

    auto w = window(dir);
    LabView* lab = labOf(*w);
    QCOMPARE(int(lab->store().runs().size()), 2);
    Choice answer = Choice::Cancel;
    int asked = 0;
    w->labSessions()->setAsk([&](const QString&, const QString&) {
      ++asked;
      return answer;
    });
    lab->setSettings(test::tinyTrainConfig(3, 4));
    RunToggle* base = lab->toggle(QStringLiteral("baseline-fp32"));
    clickToggle(base);
    QCOMPARE(asked, 1);
    QCOMPARE(trainedRuns(*lab), 0);  // cancel: nothing started
    QVERIFY(!base->isOn());
    QCOMPARE(int(lab->store().runs().size()), 2);
    // "Run every option" asks once too.
    lab->runEveryOption();
    QCOMPARE(asked, 2);
    QCOMPARE(trainedRuns(*lab), 0);

    // Start a new session: the lab is emptied, the run trains, and the old session stays.
    answer = Choice::StartNew;
    QSignalSpy saved(w->labSessions(), &LabSessionArchive::saved);
    clickToggle(base);
    QCOMPARE(asked, 3);
    QVERIFY(shownRun(*lab, "half-layers") == nullptr);
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, kTimeoutMs);
    QList<LabSessionEntry> history = w->labSessions()->history(&error);
    QCOMPARE(history.size(), 2);
    QCOMPARE(history.first().runs.size(), 1);
    QCOMPARE(history.last().folder, oldFolder);
    QCOMPARE(indexOf(oldFolder), oldIndex);

    // File > Reopen lab session lists both, the one shown ticked, and reopens the old one.
    LabSessionMenu* menu = w->labSessionMenu();
    menu->refresh();
    QCOMPARE(menu->actions().size(), 2);
    QVERIFY(menu->actions().first()->isChecked());
    QVERIFY(!menu->actions().last()->isChecked());
    QVERIFY2(menu->actions().last()->text().contains(QStringLiteral("2 run(s), all finished")),
             qPrintable(menu->actions().last()->text()));
    menu->actions().last()->trigger();
    const TrackedRun* half = shownRun(*lab, "half-layers");
    QVERIFY(half && half->replayed());
    QCOMPARE(half->state, RunState::Finished);
    QCOMPARE(trainedRuns(*lab), 0);
    QCOMPARE(w->labSessions()->shownFolder(), oldFolder);
    QCOMPARE(indexOf(oldFolder), oldIndex);
  }
};

QTEST_MAIN(TestLabSessions)
#include "tst_labsessions.moc"
