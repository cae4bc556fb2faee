// The window's preemption-and-resume experiment, for real: the lab row's runs are child
// processes of the built precisionlab-cli (engine/PreemptionRunner.h, through the window's
// LabSession), whose three runs (one of them SIGKILLed) enter the lab's store like any run; the
// verdict is core's, computed from them; the card, the runs table and the loss chart show them.
// Unticking kills the child group. A missing CLI is an error on the row naming what to install.
// Tiny runs: seconds.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "../support/TinyTrainConfig.h"
#include "ui/charts/ChartPanel.h"
#include "ui/charts/LiveChart.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabChartArea.h"
#include "ui/lab/LabController.h"
#include "ui/lab/LabEvidence.h"
#include "ui/lab/LabView.h"
#include "ui/lab/ScenarioCatalog.h"

using namespace precisionlab;

namespace {

constexpr int kTimeoutMs = 240000;  // three runs on a loaded 2-core machine
const QString kId = QStringLiteral("preemption-resume");

// The tests' tiny config, small batches: 24 steps clear the verdict's 20.
TrainConfig tiny(int64_t steps) { return test::tinyTrainConfig(steps, 8, 24); }

// Live (not zombie) processes whose command line holds `text`, from /proc.
int liveWithArgument(const QByteArray& text) {
  int n = 0;
  for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
    if (!pid.at(0).isDigit()) continue;
    QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(pid));
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!cmd.open(QIODevice::ReadOnly) || !stat.open(QIODevice::ReadOnly)) continue;
    const QByteArray s = stat.readAll();
    const QByteArray state = s.mid(s.lastIndexOf(')') + 2, 1);
    if (state != "Z" && cmd.readAll().contains(text)) ++n;
  }
  return n;
}

}  // namespace

class TestPreemptionRun : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { qputenv("PRECISIONLAB_CLI", PRECISIONLAB_CLI_FOR_TEST); }

  void findsTheCliFromTheEnvironment() {
    QCOMPARE(LabController::findCli(),
             QFileInfo(QStringLiteral(PRECISIONLAB_CLI_FOR_TEST)).absoluteFilePath());
  }

  void missingCliSaysWhatToInstall() {
    const QByteArray path = qgetenv("PATH");
    qputenv("PRECISIONLAB_CLI", "/nonexistent/precisionlab-cli");
    qputenv("PATH", "/nonexistent");
    LabView lab;  // its session looks for the CLI as it is made
    qputenv("PATH", path);
    qputenv("PRECISIONLAB_CLI", PRECISIONLAB_CLI_FOR_TEST);
    lab.setSettings(tiny(24));
    QSignalSpy status(&lab, &LabView::statusMessage);
    lab.runScenario(kId);
    QVERIFY(!lab.anyRunActive());
    QVERIFY(lab.store().runs().empty());  // not even a baseline
    const QString said = status.isEmpty() ? QString() : status.last().first().toString();
    QVERIFY2(said.contains("PRECISIONLAB_CLI") && said.contains("precisionlab-cli"),
             qPrintable(said));
  }

  void labRowRunsItLiveAndJudgesTheRuns() {
    LabView lab;
    lab.setConfirm([](const QString&, const QString&) { return true; });
    lab.setSettings(tiny(24));
    lab.setOptionLetters({kId}, {{kId, QStringLiteral("A")}});
    lab.resize(1200, 900);
    lab.show();
    lab.runScenario(kId);
    QVERIFY(lab.anyRunActive());
    // The three child runs are the store's runs; no fp32 baseline starts beside them.
    const QList<const TrackedRun*> planned = lab.store().runsOf(kId);
    QCOMPARE(planned.size(), 3);
    QCOMPARE(int(lab.store().runs().size()), 3);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.anyRunActive(), kTimeoutMs);
    QTRY_VERIFY(lab.controller()->verdict(kId) != nullptr);

    // The verdict is core's, from the three runs in the store.
    const Verdict& v = lab.controller()->verdict(kId)->verdict;
    QVERIFY2(v.judgement == Judgement::Identical, v.summary.c_str());
    const int64_t checkpoint = v.count("checkpointStep"), killed = v.count("killedAfterStep");
    QVERIFY(checkpoint > 0);
    QVERIFY(killed > checkpoint);
    QVERIFY(killed < 24);
    QCOMPARE(v.count("lostSteps"), killed - checkpoint);
    QCOMPARE(v.value("maxAbsLossDiff"), 0.0);
    const QList<const TrackedRun*> runs = lab.store().runsOf(kId);
    QCOMPARE(runs[2]->steps.front().step, checkpoint + 1);
    QCOMPARE(runs[2]->steps.back().step, int64_t(24));
    const QDir records = QFileInfo(QString::fromStdString(runs[0]->config.checkpointDir)).dir();
    QVERIFY(records.exists(QStringLiteral("preemption.csv")));

    // The card says it all.
    const EvidenceCard card = LabEvidence::card(*ScenarioCatalog::find(kId), lab.store(),
                                                lab.controller()->verdicts(), QStringLiteral("A"));
    QCOMPARE(card.finding, EvidenceCard::Finding::Works);
    QVERIFY2(card.source.startsWith(QStringLiteral("live")), qPrintable(card.source));
    const QString text = card.evidence.join('\n');
    QVERIFY2(text.contains(QStringLiteral("killed with SIGKILL after step %1").arg(killed)),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("resumed from checkpoint step %1").arg(checkpoint)),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("lost work: ")), qPrintable(text));
    QVERIFY2(text.contains("resumed curve equal to the uninterrupted one: max |diff| 0"),
             qPrintable(text));
    // The lab's evidence summary shows that card; the loss chart draws the three runs.
    const QStringList shown = lab.findChild<EvidenceSummary*>()->cardTexts();
    QVERIFY2(shown.join('\n').contains("killed with SIGKILL after step"),
             qPrintable(shown.join('\n')));
    lab.showChartTab(0);
    QTRY_VERIFY(lab.chartArea()->legendNames().join('\n').contains("resumed from checkpoint"));
    QVERIFY(lab.chartArea()->legendNames().join('\n').contains("uninterrupted"));
    QVERIFY(lab.chartArea()->legendNames().join('\n').contains("killed (SIGKILL)"));
    QVERIFY(!lab.verdictText(kId).contains("fp32"));
    // The divergence chart compares the jobs with the uninterrupted one, the row's own reference
    // (no fp32 baseline runs beside it): the killed job and the resumed one are drawn.
    lab.chartArea()->showChart(QStringLiteral("divergence"));
    QTRY_COMPARE(lab.chartArea()->panel(QStringLiteral("divergence"))->chart()->seriesCount(), 2);
    // Opened on another question (the seed's options), the row's card still shows, after the
    // options: a lesson the learner ran is read with the others, not only in its row's verdict.
    const QStringList seed = ScenarioCatalog::seedOptionIds();
    lab.setOptionLetters(seed, {});
    const QStringList withSeed = lab.findChild<EvidenceSummary*>()->cardTexts();
    QCOMPARE(withSeed.size(), seed.size() + 1);
    QVERIFY2(withSeed.last().contains("killed with SIGKILL after step"),
             qPrintable(withSeed.last()));
    // PRECISIONLAB_TEST_SCREENSHOT=FILE.png: the lab as the learner sees it, to look at.
    if (qEnvironmentVariableIsSet("PRECISIONLAB_TEST_SCREENSHOT")) {
      QTest::qWait(300);  // the layouts settle
      lab.findChild<EvidenceSummary*>()->grab().save(
          qEnvironmentVariable("PRECISIONLAB_TEST_SCREENSHOT") + ".card.png");
      QVERIFY(lab.grab().save(qEnvironmentVariable("PRECISIONLAB_TEST_SCREENSHOT")));
    }
  }

  void presenterStepStartsItAndUntickingKillsTheChildren() {
    LabView lab;
    lab.setConfirm([](const QString&, const QString&) { return true; });
    lab.setSettings(tiny(2000));
    lab.setPresenterMode(true);
    lab.presentScenario(kId);
    QVERIFY(lab.anyRunActive());
    const QList<const TrackedRun*> runs = lab.store().runsOf(kId);
    QCOMPARE(runs.size(), 3);
    // The child's argv names its checkpoint folder: a text only its processes hold.
    const QByteArray folder =
        QFile::encodeName(QString::fromStdString(runs[0]->config.checkpointDir));
    QTRY_VERIFY_WITH_TIMEOUT(lab.store().runsOf(kId).first()->stepsDone() > 0, 60000);
    QCOMPARE(liveWithArgument(folder), 1);
    lab.stopScenario(kId);  // what unticking the row does
    QTRY_VERIFY_WITH_TIMEOUT(!lab.anyRunActive(), 30000);
    QCOMPARE(liveWithArgument(folder), 0);
    for (const TrackedRun* run : lab.store().runsOf(kId)) QCOMPARE(run->state, RunState::Cancelled);
  }
};

QTEST_MAIN(TestPreemptionRun)
#include "tst_preemptionrun.moc"
