// The lab's data-parallel row end to end, with the real CLI (issue 49, item 2): `lab
// --scenarios data-parallel` trains the fp32 baseline in its own process and the same run as
// a `train --nproc 2` child (two ranks, Gloo over loopback, half the batch each); the verdict,
// computed from both runs' records, finds the same updates, splits the step into compute and
// all-reduce and states the peak memory per process. Tiny BERT, 20 steps: seconds.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

using clitest::CliResult;
using clitest::runCli;

class TestLabDataParallel : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;

 private Q_SLOTS:
  void theTwoProcessRunMakesTheBaselinesUpdates() {
    QVERIFY(tmp_.isValid());
    const QString out = tmp_.filePath("lab");
    const CliResult r =
        runCli({"lab", "--scenarios", "data-parallel", "--preset", "tiny", "--steps", "20",
                "--batch-size", "8", "--seq-len", "24", "--out", out},
               {}, 300000);  // a hang guard: seconds when the cores are free
    if (r.exitCode != 0) clitest::logLabFailure(r, out);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("the same updates as the one-process baseline"), qPrintable(r.out));
    QVERIFY2(r.out.contains("ms gradient all-reduce"), qPrintable(r.out));
    QVERIFY2(r.out.contains("per process"), qPrintable(r.out));
    QVERIFY(QFile::exists(out + "/data-parallel.jsonl"));

    QFile json(out + "/verdicts.json");
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(json.readAll());
    const QJsonArray all =
        doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("verdicts")).toArray();
    QJsonObject dp;
    for (const QJsonValue& v : all)
      if (v.toObject().value(QStringLiteral("scenario")).toString() == "data-parallel")
        dp = v.toObject();
    QVERIFY2(!dp.isEmpty(), qPrintable(QString::fromUtf8(doc.toJson())));
    const QJsonObject& figures = dp;  // verdicts.json: each figure a key of the verdict
    QVERIFY2(figures.value(QStringLiteral("sameUpdates")).toBool(),
             qPrintable(QString::fromUtf8(QJsonDocument(dp).toJson())));
    const double share = figures.value(QStringLiteral("allReduceShare")).toDouble();
    QVERIFY2(share > 0 && share < 1, qPrintable(QString::number(share)));
    QVERIFY(figures.value(QStringLiteral("allReduceBytes")).toDouble() > 1e5);
    QVERIFY(figures.value(QStringLiteral("peakBytesPerWorker")).toDouble() > 0);
  }
};

QTEST_GUILESS_MAIN(TestLabDataParallel)
#include "tst_labdataparallel.moc"
