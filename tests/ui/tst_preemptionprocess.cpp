// The window's preemption-and-resume experiment (ui/lab/PreemptionProcess.h), for real: the lab
// row starts the built precisionlab-cli as a child process, whose three train runs (one of them
// SIGKILLed) are read back and judged here with core's verdict; the card and the loss chart show
// it. Cancel kills the CLI and its runs (the whole process group). A missing CLI, missing and
// malformed run files are errors on the card naming the file, never a crash. Tiny runs: seconds.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "core/LabScenarios.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabChartArea.h"
#include "ui/lab/LabEvidence.h"
#include "ui/lab/LabView.h"
#include "ui/lab/PreemptionProcess.h"

using namespace precisionlab;

namespace {

constexpr int kTimeoutMs = 240000;  // three runs on a loaded 2-core machine
const QString kId = QStringLiteral("preemption-resume");

// The built-in tiny model, one thread, small batches: 24 steps clear the verdict's 20.
TrainConfig tiny(int64_t steps) {
  TrainConfig c = LabScenarios::builtinBase();
  c.steps = steps;
  c.batchSize = 8;
  c.seqLen = 24;
  c.evalEvery = 0;
  c.threads = 1;
  return c;
}

// Processes of group `pgid` still alive (not zombies), from /proc.
int liveInGroup(qint64 pgid) {
  int n = 0;
  for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!pid.at(0).isDigit() || !f.open(QIODevice::ReadOnly)) continue;
    const QByteArray stat = f.readAll();
    // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after the last ')'.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.size() > 2 && fields[0] != "Z" && fields[2].toLongLong() == pgid) ++n;
  }
  return n;
}

void writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

}  // namespace

class TestPreemptionProcess : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { qputenv("PRECISIONLAB_CLI", PRECISIONLAB_CLI_FOR_TEST); }

  void findsTheCliFromTheEnvironment() {
    QCOMPARE(PreemptionProcess::findCli(),
             QFileInfo(QStringLiteral(PRECISIONLAB_CLI_FOR_TEST)).absoluteFilePath());
  }

  void missingCliSaysWhatToInstall() {
    const QByteArray path = qgetenv("PATH");
    qputenv("PRECISIONLAB_CLI", "/nonexistent/precisionlab-cli");
    qputenv("PATH", "/nonexistent");
    PreemptionProcess p;
    QVERIFY(!p.start(tiny(24)));
    qputenv("PATH", path);
    qputenv("PRECISIONLAB_CLI", PRECISIONLAB_CLI_FOR_TEST);
    QCOMPARE(p.state(), PreemptionProcess::State::Failed);
    QVERIFY2(p.error().contains("PRECISIONLAB_CLI") && p.error().contains("precisionlab-cli"),
             qPrintable(p.error()));
    EvidenceCard card;
    LabEvidence::fillPreemptionProcess(card, p);
    QCOMPARE(card.finding, EvidenceCard::Finding::Inconclusive);
    QVERIFY(card.evidence.join('\n').contains("PRECISIONLAB_CLI"));
  }

  void badRunFilesNameTheFile() {
    QTemporaryDir dir;
    PreemptionRuns runs;
    QString error;
    QVERIFY(!PreemptionProcess::loadRuns(dir.path(), 24, &runs, &error));
    QVERIFY2(error.contains("uninterrupted.jsonl"), qPrintable(error));
    writeFile(dir.filePath("uninterrupted.jsonl"), "");
    QVERIFY(!PreemptionProcess::loadRuns(dir.path(), 24, &runs, &error));
    QVERIFY2(error.contains("killed.jsonl"), qPrintable(error));
    writeFile(dir.filePath("killed.jsonl"), "{\"type\":\"step\",\"step\":1,\"loss\":0.7,\n");
    writeFile(dir.filePath("resumed.jsonl"), "");
    QVERIFY(!PreemptionProcess::loadRuns(dir.path(), 24, &runs, &error));
    QVERIFY2(error.contains("killed.jsonl:1:"), qPrintable(error));
    writeFile(dir.filePath("killed.jsonl"), "");
    QVERIFY(!PreemptionProcess::loadRuns(dir.path(), 24, &runs, &error));
    QVERIFY2(error.contains("uninterrupted.jsonl") && error.contains("no step"), qPrintable(error));
  }

  void labRowRunsItLiveAndJudgesTheRuns() {
    LabView lab;
    lab.setConfirm([](const QString&, const QString&) { return true; });
    lab.setSettings(tiny(24));
    lab.setOptionLetters({kId}, {{kId, QStringLiteral("A")}});
    lab.resize(1200, 900);
    lab.show();
    PreemptionProcess* p = lab.controller()->preemption();
    QSignalSpy done(p, &PreemptionProcess::finished);
    lab.runScenario(kId);
    QVERIFY2(p->running(), qPrintable(p->error()));
    QVERIFY(lab.anyRunActive());
    QVERIFY(lab.store().runs().empty());  // no window run: the CLI's children train
    QVERIFY(done.wait(kTimeoutMs));
    QVERIFY2(p->state() == PreemptionProcess::State::Done, qPrintable(p->error()));

    // The verdict is computed here from the three runs the children wrote.
    const PreemptionVerdict& v = p->verdict();
    const PreemptionRuns& runs = p->runs();
    QCOMPARE(v.judgement, Judgement::Identical);
    QCOMPARE(int64_t(runs.uninterrupted.size()), int64_t(24));
    QVERIFY(runs.checkpointStep > 0);
    QVERIFY(v.killedAfterStep > runs.checkpointStep);
    QVERIFY(v.killedAfterStep < 24);
    QCOMPARE(v.lostSteps, v.killedAfterStep - runs.checkpointStep);
    QCOMPARE(runs.resumed.front().step, runs.checkpointStep + 1);
    QCOMPARE(runs.resumed.back().step, int64_t(24));
    QCOMPARE(PreemptionProcess::maxAbsLossDiff(runs), 0.0);
    QVERIFY(QFile::exists(p->outDir() + "/preemption.csv"));

    // The card says it all, labelled as child processes on this CPU.
    EvidenceCard card;
    LabEvidence::fillPreemptionProcess(card, *p);
    QCOMPARE(card.finding, EvidenceCard::Finding::Works);
    QCOMPARE(card.source, QStringLiteral("live, this CPU, child processes"));
    const QString text = card.evidence.join('\n');
    QVERIFY2(
        text.contains(QStringLiteral("killed with SIGKILL after step %1").arg(v.killedAfterStep)),
        qPrintable(text));
    QVERIFY2(
        text.contains(QStringLiteral("resumed from checkpoint step %1").arg(runs.checkpointStep)),
        qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("lost work: %1 step").arg(v.lostSteps)),
             qPrintable(text));
    QVERIFY2(text.contains("resumed curve equal to the uninterrupted one: max |diff| 0"),
             qPrintable(text));
    // The lab's evidence summary shows that card; the loss chart draws the three curves.
    const QStringList shown = lab.findChild<EvidenceSummary*>()->cardTexts();
    QVERIFY2(shown.join('\n').contains("killed with SIGKILL after step"),
             qPrintable(shown.join('\n')));
    lab.showChartTab(0);
    QTRY_VERIFY(lab.chartArea()->legendNames().join('\n').contains("resumed from checkpoint"));
    QVERIFY(lab.chartArea()->legendNames().join('\n').contains("uninterrupted"));
    QVERIFY(lab.verdictText(kId).isEmpty() || !lab.verdictText(kId).contains("fp32"));
    // PRECISIONLAB_TEST_SCREENSHOT=FILE.png: the lab as the learner sees it, to look at.
    if (qEnvironmentVariableIsSet("PRECISIONLAB_TEST_SCREENSHOT")) {
      QTest::qWait(300);  // the layouts settle
      lab.findChild<EvidenceSummary*>()->grab().save(
          qEnvironmentVariable("PRECISIONLAB_TEST_SCREENSHOT") + ".card.png");
      QVERIFY(lab.grab().save(qEnvironmentVariable("PRECISIONLAB_TEST_SCREENSHOT")));
    }
  }

  void presenterStepStartsItAndUntickingCancels() {
    LabView lab;
    lab.setConfirm([](const QString&, const QString&) { return true; });
    lab.setSettings(tiny(2000));
    lab.setPresenterMode(true);
    PreemptionProcess* p = lab.controller()->preemption();
    QSignalSpy done(p, &PreemptionProcess::finished);
    lab.presentScenario(kId);
    QVERIFY2(p->running(), qPrintable(p->error()));
    const qint64 group = p->processId();
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(p->outDir() + "/uninterrupted/stderr.txt"), 60000);
    lab.stopScenario(kId);  // what unticking the row does
    QCOMPARE(p->state(), PreemptionProcess::State::Cancelled);
    QVERIFY(done.wait(30000));
    QTRY_COMPARE_WITH_TIMEOUT(liveInGroup(group), 0, 10000);
    QVERIFY(!lab.anyRunActive());
  }

  void cancelKillsTheChildGroup() {
    PreemptionProcess p;
    QSignalSpy done(&p, &PreemptionProcess::finished);
    QVERIFY2(p.start(tiny(2000)), qPrintable(p.error()));
    const qint64 group = p.processId();
    QVERIFY(group > 0);
    // Until the CLI has forked its first train run (it opens its error file then).
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(p.outDir() + "/uninterrupted/stderr.txt"), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(liveInGroup(group) >= 2, 30000);  // the CLI and its train run
    p.cancel();
    QCOMPARE(p.state(), PreemptionProcess::State::Cancelled);
    QVERIFY(done.wait(30000));
    QCOMPARE(p.state(), PreemptionProcess::State::Cancelled);
    QTRY_COMPARE_WITH_TIMEOUT(liveInGroup(group), 0, 10000);
    EvidenceCard card;
    LabEvidence::fillPreemptionProcess(card, p);
    QVERIFY(card.headline.startsWith("Cancelled"));
  }
};

QTEST_MAIN(TestPreemptionProcess)
#include "tst_preemptionprocess.moc"
