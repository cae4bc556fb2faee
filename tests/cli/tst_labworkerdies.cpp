// The lab's worker-dies row end to end, with the real CLI (issue 49, item 2): `lab --scenarios
// worker-dies` trains three `train --nproc 2` jobs (Gloo over loopback): one uninterrupted; one
// whose rank 1 is stopped mid-run without closing its connections, so that rank 0 waits in its
// collective until the row's collective timeout and the job fails naming rank 1; and every rank
// restarted from the newest checkpoint. The verdict, computed from the three jobs' records,
// finds the whole timeout waited and the resumed curve bit-equal to the uninterrupted one. Tiny
// BERT, 20 steps: the timeout (20 s) and the lost-rank check after it (10 s) are most of its
// time.
#include <signal.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cerrno>

#include "cli_runner.h"
#include "core/ScenarioTable.h"

using clitest::CliResult;
using clitest::runCli;

class TestLabWorkerDies : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;

 private Q_SLOTS:
  void aLostRankFailsTheJobAtTheTimeoutAndEveryRankResumes() {
    QVERIFY(tmp_.isValid());
    const QString out = tmp_.filePath("lab");
    const CliResult r = runCli({"lab", "--scenarios", "worker-dies", "--preset", "tiny", "--steps",
                                "20", "--batch-size", "8", "--seq-len", "24", "--out", out},
                               {}, 400000);  // a hang guard: about 45 s when the cores are free
    if (r.exitCode != 0) clitest::logLabFailure(r, out);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("the whole collective timeout"), qPrintable(r.out));
    QVERIFY2(r.out.contains("the job failed: rank 0: lost rank 1"), qPrintable(r.out));
    QVERIFY2(r.out.contains("steps bit-equal"), qPrintable(r.out));

    QFile json(out + "/verdicts.json");
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(json.readAll());
    const QJsonArray all =
        doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("verdicts")).toArray();
    QJsonObject v;
    for (const QJsonValue& each : all)
      if (each.toObject().value(QStringLiteral("scenario")).toString() == "worker-dies")
        v = each.toObject();
    QVERIFY2(!v.isEmpty(), qPrintable(QString::fromUtf8(doc.toJson())));
    const QString dump = QString::fromUtf8(QJsonDocument(v).toJson());
    QCOMPARE(v.value(QStringLiteral("judgement")).toString(), QStringLiteral("identical"));
    QVERIFY2(v.value(QStringLiteral("waitedUntilTimeout")).toBool(), qPrintable(dump));
    // Rank 0 waited the timeout, give or take Gloo's tick: not at once, and not forever.
    const double waited = v.value(QStringLiteral("collectiveWaitMs")).toDouble();
    const double timeout = 1000.0 * precisionlab::kLabWorkerDiesTimeoutSeconds;
    QVERIFY2(waited >= 0.9 * timeout && waited < 3 * timeout, qPrintable(dump));
    QCOMPARE(v.value(QStringLiteral("comparedSteps")).toInt(), 20);
    QCOMPARE(v.value(QStringLiteral("bitEqualSteps")).toInt(), 20);
    QVERIFY(v.value(QStringLiteral("checkpointStep")).toInt() > 0);

    QVERIFY(QFile::exists(out + "/worker-dies.csv"));
    QFile err(out + "/worker-dies-killed.stderr.txt");
    QVERIFY(err.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(err.readAll());
    QVERIFY2(text.contains("lost rank 1"), qPrintable(text));
    // The stopped rank did not outlive its job (killed once the job failed, never left stopped).
    const QRegularExpressionMatch pids =
        QRegularExpression(QStringLiteral("\\(pids (\\d+) (\\d+)\\)")).match(text);
    QVERIFY2(pids.hasMatch(), qPrintable(text));
    const pid_t stopped = static_cast<pid_t>(pids.captured(2).toLong());
    QVERIFY(::kill(stopped, 0) != 0 && errno == ESRCH);
  }
};

QTEST_GUILESS_MAIN(TestLabWorkerDies)
#include "tst_labworkerdies.moc"
