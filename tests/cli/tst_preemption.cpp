// Preemption and resume (docs/preemption-experiment.md), with the real CLI: a `train` child is
// killed with SIGKILL mid-run (never asked to stop) and resumed from its newest checkpoint; its
// loss curve must equal the uninterrupted run's bit for bit (CPU, one thread: deterministic).
// Truncated, corrupt and non-regular checkpoint files are refused with the file and field named,
// never a crash. The lab's driver of the same experiment gives its verdict; a child that cannot
// write its checkpoint (a full TMPDIR, a file size limit) fails the lab with its cause (issue 47).
// Tiny runs: seconds.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "cli_runner.h"

using clitest::CliResult;
using clitest::runCli;

namespace {

constexpr int kSteps = 16;

QStringList trainArgs(const QString& outDir, const QStringList& extra = {}) {
  return QStringList{"train",
                     "--jsonl",
                     "--preset",
                     "tiny",
                     "--steps",
                     QString::number(kSteps),
                     "--batch-size",
                     "8",
                     "--seq-len",
                     "24",
                     "--threads",
                     "1",
                     "--eval-every",
                     "0",
                     "--checkpoint-every",
                     "4",
                     "--output-dir",
                     outDir} +
         extra;
}

// step -> loss of every step line.
QMap<int, double> losses(const QByteArray& jsonl) {
  QMap<int, double> out;
  for (const QByteArray& line : jsonl.split('\n')) {
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    if (o.value("type").toString() == "step")
      out.insert(o.value("step").toInt(), o.value("loss").toDouble());
  }
  return out;
}

// The lab's preemption row with TMPDIR (where its checkpoints go) set to `tmpdir`; with
// `fileSizeLimit` > 0 the lab and its children may write no file larger than that (SIGXFSZ
// ignored, so a write fails with EFBIG as on a full disk, without privileges).
CliResult runLabIn(const QString& tmpdir, const QString& out, rlim_t fileSizeLimit) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("TMPDIR", tmpdir);
  p.setProcessEnvironment(env);
  if (fileSizeLimit > 0)
    p.setChildProcessModifier([fileSizeLimit] {
      ::signal(SIGXFSZ, SIG_IGN);  // kept across exec: the children inherit it
      const struct rlimit limit = {fileSizeLimit, fileSizeLimit};
      ::setrlimit(RLIMIT_FSIZE, &limit);
    });
  p.start(clitest::kCli, {"lab", "--scenarios", "preemption-resume", "--preset", "tiny", "--steps",
                          "20", "--batch-size", "8", "--seq-len", "24", "--out", out});
  CliResult r;
  if (!p.waitForStarted(10000)) return r;
  p.closeWriteChannel();
  r.finished = p.waitForFinished(480000);  // a hang guard: a loaded CI machine took 170 s
  if (!r.finished) {
    p.kill();
    p.waitForFinished(5000);
  }
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  r.exitCode = r.finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  return r;
}

}  // namespace

class TestPreemption : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir tmp_;
  QMap<int, double> full_;
  QString checkpoint_;  // the killed run's newest checkpoint

  CliResult resume(const QString& outDir, const QString& from) {
    return runCli(trainArgs(outDir, {"--resume-from", from}));
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    const CliResult r = runCli(trainArgs(tmp_.filePath("full")));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    full_ = losses(r.outBytes);
    QCOMPARE(full_.size(), kSteps);
  }

  void killedRunResumesOnTheUninterruptedCurve() {
    const QString dir = tmp_.filePath("killed");
    QProcess p;
    p.start(clitest::kCli, trainArgs(dir));
    QVERIFY(p.waitForStarted(10000));
    QByteArray seen;
    int last = 0;
    while (last < 10 && p.state() == QProcess::Running) {
      p.waitForReadyRead(200);
      seen += p.readAllStandardOutput();
      if (!losses(seen).isEmpty()) last = losses(seen).lastKey();
    }
    p.kill();  // SIGKILL
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitStatus(), QProcess::CrashExit);
    seen += p.readAllStandardOutput();
    const QMap<int, double> killed = losses(seen);
    QVERIFY2(killed.lastKey() < kSteps, "the run ended before it was killed");
    // The newest complete checkpoint; no half-written folder is ever named checkpoint-*.
    const QStringList cps =
        QDir(dir).entryList({"checkpoint-*"}, QDir::Dirs, QDir::Name | QDir::Reversed);
    QVERIFY(!cps.isEmpty());
    QVERIFY(cps.size() <= 2);  // --checkpoint-keep 2 by default
    int newest = 0;
    for (const QString& c : cps) newest = std::max(newest, c.mid(11).toInt());
    QVERIFY(newest >= 8 && newest % 4 == 0);
    checkpoint_ = dir + "/checkpoint-" + QString::number(newest);
    for (const char* f : {"model.safetensors", "optimizer.safetensors", "scheduler.json",
                          "rng_state.json", "trainer_state.json"})
      QVERIFY2(QFile::exists(checkpoint_ + "/" + f), f);

    const CliResult r = resume(dir, "latest");
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QMap<int, double> resumed = losses(r.outBytes);
    QCOMPARE(resumed.firstKey(), newest + 1);
    QCOMPARE(resumed.lastKey(), kSteps);
    for (auto it = resumed.begin(); it != resumed.end(); ++it)
      QVERIFY2(it.value() == full_.value(it.key()),  // bit-equal, not approximately
               qPrintable(QString("step %1: %2 vs %3")
                              .arg(it.key())
                              .arg(it.value(), 0, 'g', 17)
                              .arg(full_.value(it.key()), 0, 'g', 17)));
    // The killed run's own steps matched too, up to where it died.
    for (auto it = killed.begin(); it != killed.end(); ++it)
      QCOMPARE(it.value(), full_.value(it.key()));
  }

  void corruptCheckpointsAreRefusedByFileAndField_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("damage");  // truncate, garbage, drop:<text>, fifo
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated weights") << "model.safetensors"
                                       << "truncate"
                                       << "model.safetensors";
    QTest::newRow("truncated optimizer") << "optimizer.safetensors"
                                         << "truncate"
                                         << "optimizer.safetensors";
    QTest::newRow("truncated state") << "trainer_state.json"
                                     << "truncate"
                                     << "trainer_state.json";
    QTest::newRow("no global_step") << "trainer_state.json"
                                    << "drop:\"global_step\""
                                    << "global_step";
    QTest::newRow("garbage rng") << "rng_state.json"
                                 << "garbage"
                                 << "rng_state.json";
    QTest::newRow("fifo scheduler") << "scheduler.json"
                                    << "fifo"
                                    << "scheduler.json";
  }
  void corruptCheckpointsAreRefusedByFileAndField() {
    QFETCH(QString, file);
    QFETCH(QString, damage);
    QFETCH(QString, expected);
    QVERIFY2(!checkpoint_.isEmpty(), "needs killedRunResumesOnTheUninterruptedCurve first");
    QTemporaryDir copy;
    // Under the name of the step it holds (8 or later: where the kill landed), or the resume
    // refuses the folder for its name before it reads the damaged file.
    const QString cp = copy.filePath(QFileInfo(checkpoint_).fileName());
    QVERIFY(QDir().mkpath(cp));
    for (const QString& f : QDir(checkpoint_).entryList(QDir::Files))
      QVERIFY(QFile::copy(checkpoint_ + "/" + f, cp + "/" + f));
    const QString path = cp + "/" + file;
    if (damage == "truncate") {
      QFile f(path);
      QVERIFY(f.resize(f.size() / 2));
    } else if (damage == "garbage") {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write("{\"cpu_generator\": \"zz\", \"shuffle_mt19937_64\": \"1 2\"}");
    } else if (damage.startsWith("drop:")) {
      QFile f(path);
      QVERIFY(f.open(QIODevice::ReadOnly));
      QByteArray text = f.readAll();
      f.close();
      text.replace(damage.mid(5).toUtf8(), "\"global_steps\"");
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(text);
    } else if (damage == "fifo") {
      QVERIFY(QFile::remove(path));
      QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
    }
    const CliResult r = resume(copy.filePath("out"), cp);
    QCOMPARE(r.exitCode, 1);  // an error, not a crash (-1) or a run
    // With --jsonl the failure is the summary line's message.
    QVERIFY2(r.out.contains("\"state\":\"failed\"") && r.out.contains(expected),
             qPrintable(r.out + r.err));
    QVERIFY2(!r.out.contains("\"type\":\"step\""), qPrintable(r.out));
  }

  void labDriverGivesTheVerdict() {
    const QString out = tmp_.filePath("lab");
    const CliResult r = runCli({"lab", "--scenarios", "preemption-resume", "--steps", "24",
                                "--batch-size", "8", "--seq-len", "24", "--out", out},
                               {}, 480000);  // a hang guard: over 120 s on CI's loaded cores
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    // The lab's own loop and report: the three child runs' progress, then the verdict from them.
    QVERIFY2(r.out.contains("killed (SIGKILL)") && r.out.contains("resumed from checkpoint"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("the resumed curve equals the uninterrupted one"), qPrintable(r.out));
    QVERIFY(r.out.contains("lost work: "));
    for (const char* f : {"preemption.csv", "uninterrupted.jsonl", "killed.jsonl", "resumed.jsonl",
                          "verdicts.json"})
      QVERIFY2(QFile::exists(out + "/" + f), f);
    QFile json(out + "/verdicts.json");
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QByteArray verdicts = json.readAll();
    QVERIFY2(verdicts.contains("\"judgement\": \"identical\""), verdicts.constData());
  }

  // Issue 47: the uninterrupted child could not write its first checkpoint, yet the lab exited 0
  // and its verdict read "too short to judge: the run was killed before its first checkpoint",
  // though nothing was killed. The child's failure is the lab's: its cause (the file, the OS's
  // reason, what to do) on standard error, exit status 1, a failed verdict that blames no kill,
  // and the temporary checkpoint folder gone.
  void labFailsWhenItsCheckpointCannotBeWritten_data() {
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("reason");  // AtomicFileWriter::reason's words
    QTest::newRow("full tmpfs") << "tmpfs"
                                << "the disk is full";
    QTest::newRow("file size limit") << "rlimit"
                                     << "ulimit -f";
  }
  void labFailsWhenItsCheckpointCannotBeWritten() {
    QFETCH(QString, how);
    QFETCH(QString, reason);
    const QString tmpdir = tmp_.filePath("tmpdir-" + how);
    QVERIFY(QDir().mkpath(tmpdir));
    bool mounted = false;
    if (how == "tmpfs") {
      // 64 KiB: the checkpoint folder is made, the tiny model's weights (megabytes) do not fit.
      if (::mount("tmpfs", tmpdir.toLocal8Bit().constData(), "tmpfs", 0, "size=64k") != 0)
        QSKIP(qPrintable(QString("mounting a tmpfs is not permitted here (%1; it needs root or "
                                 "CAP_SYS_ADMIN): the file size limit row covers the same path")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))));
      mounted = true;
    }
    const CliResult r =
        runLabIn(tmpdir, tmp_.filePath("lab-" + how), how == "rlimit" ? 256 << 10 : 0);
    const QStringList left = QDir(tmpdir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
    if (mounted) ::umount2(tmpdir.toLocal8Bit().constData(), MNT_DETACH);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("uninterrupted: ") &&
                 r.err.contains("model.safetensors: cannot write") && r.err.contains(reason) &&
                 r.err.contains("set TMPDIR to a folder with room"),
             qPrintable(r.err));
    QVERIFY2(r.out.contains("the uninterrupted run failed: "), qPrintable(r.out));
    QVERIFY2(!r.out.contains("killed before its first checkpoint"), qPrintable(r.out));
    QFile json(tmp_.filePath("lab-" + how) + "/verdicts.json");
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QByteArray verdicts = json.readAll();
    QVERIFY2(verdicts.contains("\"judgement\": \"failed\""), verdicts.constData());
    QVERIFY2(left.isEmpty(), qPrintable(left.join(", ")));  // no checkpoint folder left behind
  }

  // A TMPDIR that is no folder: said before anything runs, naming TMPDIR, exit 1 (a machine's
  // problem, not a usage error), and the --out folder made for the lab gone again.
  void labSaysWhenTmpdirIsNoFolder() {
    const QString out = tmp_.filePath("lab-devnull");
    const CliResult r = runLabIn("/dev/null", out, 0);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("TMPDIR=/dev/null") && r.err.contains("is unusable: ") &&
                 r.err.contains("set TMPDIR to a folder with room"),
             qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
  }
};

QTEST_GUILESS_MAIN(TestPreemption)
#include "tst_preemption.moc"
