// The lab's sharded-state row end to end, with the real CLI (issue 49, item 2, "replicated vs
// sharded state"): `lab --scenarios sharded-state` trains two `train --nproc 2` jobs (Gloo over
// loopback), AdamW's state on every rank and then sharded over the ranks (--shard-optimizer).
// The verdict, computed from the two jobs' records and their per-rank memory, finds the same
// curve, each rank's state about half the replicated one, and states question 010's model by
// the formula. Tiny BERT, 20 steps (the judges' minimum).
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

using clitest::CliResult;
using clitest::runCli;

class TestLabShardedState : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;

 private Q_SLOTS:
  void shardingHalvesTheStatePerRankWithTheSameCurve() {
    QVERIFY(tmp_.isValid());
    const QString out = tmp_.filePath("lab");
    const CliResult r =
        runCli({"lab", "--scenarios", "sharded-state", "--preset", "tiny", "--steps", "20",
                "--batch-size", "8", "--seq-len", "24", "--out", out},
               {}, 400000);  // a hang guard: about 15 s when the cores are free
    if (r.exitCode != 0) clitest::logLabFailure(r, out);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("the same updates"), qPrintable(r.out));
    QVERIFY2(r.out.contains("estimated (formula)"), qPrintable(r.out));

    const QJsonObject v = clitest::labVerdict(out, QStringLiteral("sharded-state"));
    QVERIFY2(!v.isEmpty(), qPrintable(r.out));
    const QString dump = QString::fromUtf8(QJsonDocument(v).toJson());
    QCOMPARE(v.value(QStringLiteral("judgement")).toString(), QStringLiteral("identical"));
    QCOMPARE(v.value(QStringLiteral("comparedSteps")).toInt(), 20);
    QCOMPARE(v.value(QStringLiteral("ranks")).toInt(), 2);
    const double ratio = v.value(QStringLiteral("stateRatio")).toDouble();
    QVERIFY2(ratio > 0.4 && ratio < 0.625, qPrintable(dump));
    QCOMPARE(v.value(QStringLiteral("shardedStateBytesTotal")).toDouble(),
             v.value(QStringLiteral("replicatedStateBytesPerRank")).toDouble());

    QVERIFY(QFile::exists(out + "/sharded-state.csv"));
    QVERIFY(QFile::exists(out + "/sharded-state-replicated.jsonl"));
    QFile sharded(out + "/sharded-state-sharded.jsonl");
    QVERIFY(sharded.open(QIODevice::ReadOnly));
    QVERIFY(sharded.readAll().contains("\"shardOptimizer\":true"));
  }
};

QTEST_GUILESS_MAIN(TestLabShardedState)
#include "tst_labshardedstate.moc"
