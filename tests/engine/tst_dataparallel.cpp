// Data-parallel training (docs/data-parallel.md) with the real CLI and LibTorch's c10d over
// loopback: `train --nproc N` and ranks started by hand with torchrun's environment. Tiny BERT,
// a few steps, one thread a rank. Every wait is for a state (a line printed, a process ended),
// bounded by a deadline far above what an idle machine needs.
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "../cli/cli_runner.h"
#include "engine/DataParallelTrain.h"

using clitest::CliResult;
using clitest::runCli;

namespace {

// The CLI's exit statuses for data-parallel failures (cli/ArgParser.h, documented in --help).
constexpr int kExitRankLost = 3;
constexpr int kExitRendezvous = 4;
constexpr int kSteps = 6;
constexpr int kBatch = 6;  // splits over 2 and 3 ranks

QStringList trainArgs(int steps, const QStringList& extra = {}) {
  return QStringList{"train",        "--jsonl",
                     "--preset",     "tiny",
                     "--steps",      QString::number(steps),
                     "--batch-size", QString::number(kBatch),
                     "--seq-len",    "24",
                     "--threads",    "1",
                     "--eval-every", "0"} +
         extra;
}

// step -> loss of every step line, and the summary line.
QMap<int, double> losses(const QByteArray& jsonl) {
  QMap<int, double> out;
  for (const QByteArray& line : jsonl.split('\n')) {
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    if (o.value("type").toString() == "step")
      out.insert(o.value("step").toInt(), o.value("loss").toDouble());
  }
  return out;
}
QJsonObject summary(const QByteArray& jsonl) {
  for (const QByteArray& line : jsonl.split('\n')) {
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    if (o.value("type").toString() == "summary") return o;
  }
  return {};
}
// The first step line (its trainableParams: what the optimizer updates, so what is reduced).
QJsonObject firstStep(const QByteArray& jsonl) {
  for (const QByteArray& line : jsonl.split('\n')) {
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    if (o.value("type").toString() == "step") return o;
  }
  return {};
}
QList<int> skippedSteps(const QByteArray& jsonl) {
  QList<int> out;
  for (const QByteArray& line : jsonl.split('\n')) {
    const QJsonObject o = QJsonDocument::fromJson(line).object();
    if (o.value("type").toString() == "step" && o.value("skipped").toBool())
      out.append(o.value("step").toInt());
  }
  return out;
}

// A listening TCP socket on every IPv4 address, port chosen by the kernel (0 when none).
struct Listener {
  int fd = -1;
  quint16 port = 0;
  explicit Listener(bool listen) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(listen ? INADDR_ANY : INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        (!listen || ::listen(fd, 4) == 0) &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
      port = ntohs(a.sin_port);
  }
  ~Listener() {
    if (fd >= 0) ::close(fd);
  }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
};

// A port nobody listens on now (bound to port 0 and released); runs that meet a port taken in
// between (exit 4, "in use") retry with another.
quint16 freePort() { return Listener(false).port; }

bool alive(qint64 pid) {
  QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
  if (!stat.open(QIODevice::ReadOnly)) return false;
  const QByteArray s = stat.readAll();
  const int close = s.lastIndexOf(')');
  return close > 0 && s.size() > close + 2 && s.at(close + 2) != 'Z';  // a zombie is dead
}

// Waits (bounded) until none of `pids` runs.
bool allGone(const QList<qint64>& pids, int ms) {
  QElapsedTimer t;
  t.start();
  for (;;) {
    bool any = false;
    for (qint64 p : pids) any = any || alive(p);
    if (!any) return true;
    if (t.elapsed() > ms) return false;
    QTest::qWait(50);
  }
}

// The rank pids the launcher names on stderr ("... (pids 12 13)").
QList<qint64> rankPids(const QString& err) {
  QList<qint64> out;
  const auto m = QRegularExpression(R"(\(pids ([0-9 ]+)\))").match(err);
  if (m.hasMatch())
    for (const QString& p : m.captured(1).split(' ', Qt::SkipEmptyParts))
      out.append(p.toLongLong());
  return out;
}

// One rank started by hand with torchrun's environment.
struct Rank {
  QProcess p;
  void start(int rank, int world, quint16 port, const QStringList& args) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("RANK", QString::number(rank));
    env.insert("WORLD_SIZE", QString::number(world));
    env.insert("MASTER_ADDR", "127.0.0.1");
    env.insert("MASTER_PORT", QString::number(port));
    p.setProcessEnvironment(env);
    p.start(clitest::kCli, args);
    p.waitForStarted(10000);
  }
};

// Reads a running process's stdout until `step` has been printed (bounded).
QByteArray readUntilStep(QProcess& p, int step, int ms) {
  QByteArray seen;
  QElapsedTimer t;
  t.start();
  while (t.elapsed() < ms && p.state() == QProcess::Running) {
    p.waitForReadyRead(200);
    seen += p.readAllStandardOutput();
    const auto l = losses(seen);
    if (!l.isEmpty() && l.lastKey() >= step) break;
  }
  return seen;
}

bool completeCheckpoints(const QString& dir, QString* why) {
  for (const QString& c : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    if (!c.startsWith("checkpoint-")) continue;
    for (const char* f : {"model.safetensors", "optimizer.safetensors", "scheduler.json",
                          "rng_state.json", "trainer_state.json"})
      if (!QFile::exists(dir + "/" + c + "/" + f)) {
        *why = c + " lacks " + f;
        return false;
      }
  }
  return true;
}

}  // namespace

class TestDataParallel : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir tmp_;
  QMap<int, double> single_;  // one process, the global batch
  QByteArray twoRanks_;       // `--nproc 2`, the same settings

 private Q_SLOTS:
  void initTestCase() {
    if (const std::string why = precisionlab::dataParallelUnavailableReason(); !why.empty())
      QSKIP(why.c_str());
    QVERIFY(tmp_.isValid());
    const CliResult r = runCli(trainArgs(kSteps));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    single_ = losses(r.outBytes);
    QCOMPARE(single_.size(), kSteps);
  }

  // The data-parallel loss is the single-process loss of the same global batch: each rank trains
  // its rows of that batch with the same dropout masks, so only the order of fp32 sums differs
  // (per-rank means averaged, gradients averaged by the all-reduce, against one mean over the
  // batch). Tolerance 1e-4 absolute on a loss near 1.1: about 1000 fp32 ulps, where the six
  // steps measured here differ by under 1e-5 (AdamW's first steps move every weight by about
  // lr * sign(g), so a rounding difference in a gradient near zero can flip one weight's step;
  // 1e-4 leaves room for that and still fails any real difference: a wrong shard, unaveraged
  // gradients or rank-0-only dropout masks move the loss by 1e-2 or more).
  void lossEqualsOneProcess_data() {
    QTest::addColumn<int>("ranks");
    QTest::newRow("2 ranks") << 2;
    QTest::newRow("3 ranks") << 3;
  }
  void lossEqualsOneProcess() {
    QFETCH(int, ranks);
    const CliResult r = runCli(trainArgs(kSteps, {"--nproc", QString::number(ranks)}), {}, 180000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QMap<int, double> dp = losses(r.outBytes);
    QCOMPARE(dp.size(), kSteps);  // rank 0 alone prints
    double gap = 0;
    for (int s = 1; s <= kSteps; ++s) gap = std::max(gap, std::abs(dp.value(s) - single_.value(s)));
    qInfo("%d ranks: largest loss gap to one process %.3g", ranks, gap);
    QVERIFY2(gap <= 1e-4, qPrintable(QString::number(gap)));
    const QJsonObject sum = summary(r.outBytes);
    QCOMPARE(sum.value("worldSize").toInt(), ranks);
    QVERIFY(sum.value("ranksAgree").toBool());  // every rank's weights bit-identical at the end
    // The all-reduce is measured, not guessed: every trainable parameter's fp32 gradient goes
    // into it, and it takes some of the step but not all of it.
    QCOMPARE(sum.value("allReduceBytes").toDouble(),
             4.0 * firstStep(r.outBytes).value("trainableParams").toDouble());
    QVERIFY2(sum.value("medianAllReduceMs").toDouble() > 0, qPrintable(r.out));
    const double share = sum.value("allReduceShare").toDouble();
    QVERIFY2(share > 0 && share < 1, qPrintable(QString::number(share)));
    if (ranks == 2) twoRanks_ = r.outBytes;
  }

  // ZeRO stage 1 (--shard-optimizer): each rank keeps AdamW's state only for its shard of the
  // parameters, steps it and broadcasts it. The same arithmetic on the same averaged gradients,
  // so the same updates as the replicated job: every step's loss within 1e-6 (expected
  // bit-equal: only where the state lives differs), with each rank's state about half the
  // replicated one and the two shards together one replica. Checkpoints are refused.
  void shardedOptimizerMakesTheSameUpdatesWithHalfTheState() {
    const CliResult rep = runCli(trainArgs(kSteps, {"--nproc", "2"}), {}, 180000);
    QVERIFY2(rep.exitCode == 0, qPrintable(rep.err));
    const CliResult sh =
        runCli(trainArgs(kSteps, {"--nproc", "2", "--shard-optimizer"}), {}, 180000);
    QVERIFY2(sh.exitCode == 0, qPrintable(sh.err));
    const QMap<int, double> a = losses(rep.outBytes), b = losses(sh.outBytes);
    QCOMPARE(b.size(), kSteps);
    double gap = 0;
    int bitEqual = 0;
    for (int s = 1; s <= kSteps; ++s) {
      gap = std::max(gap, std::abs(a.value(s) - b.value(s)));
      bitEqual += a.value(s) == b.value(s) ? 1 : 0;
    }
    qInfo("sharded vs replicated: largest loss gap %.3g, %d of %d steps bit-equal", gap, bitEqual,
          kSteps);
    QVERIFY2(gap <= 1e-6, qPrintable(QString::number(gap)));
    const QJsonObject repSum = summary(rep.outBytes), shSum = summary(sh.outBytes);
    QVERIFY(shSum.value("ranksAgree").toBool());  // every rank ended with the same weights
    QVERIFY(shSum.value("shardOptimizer").toBool());
    const QJsonArray repRanks = repSum.value("rankMemory").toArray();
    const QJsonArray shRanks = shSum.value("rankMemory").toArray();
    QCOMPARE(repRanks.size(), 2);
    QCOMPARE(shRanks.size(), 2);
    // fp32 AdamW: m and v, 8 bytes for every trainable parameter, on every replicated rank.
    const double replica = 8.0 * firstStep(rep.outBytes).value("trainableParams").toDouble();
    double shardSum = 0;
    for (int r = 0; r < 2; ++r) {
      const double mine = shRanks[r].toObject().value("optimizerStateBytes").toDouble();
      qInfo("rank %d: optimizer state %.0f bytes replicated, %.0f sharded (%.3f)", r,
            repRanks[r].toObject().value("optimizerStateBytes").toDouble(), mine, mine / replica);
      QCOMPARE(repRanks[r].toObject().value("optimizerStateBytes").toDouble(), replica);
      QVERIFY2(mine > 0.35 * replica && mine < 0.65 * replica, qPrintable(QString::number(mine)));
      // Weights and gradients stay whole on every rank (stage 1 shards only the state).
      QCOMPARE(shRanks[r].toObject().value("parameterBytes").toDouble(),
               repRanks[r].toObject().value("parameterBytes").toDouble());
      QCOMPARE(shRanks[r].toObject().value("gradientBytes").toDouble(), replica / 2);
      QVERIFY(shRanks[r].toObject().value("peakBytes").toDouble() > 0);
      shardSum += mine;
    }
    QCOMPARE(shardSum, replica);
    // Not with one process, and not with checkpoints (yet): usage errors naming the flag.
    const CliResult alone = runCli(trainArgs(kSteps, {"--shard-optimizer"}));
    QCOMPARE(alone.exitCode, 2);
    QVERIFY2(alone.err.contains("shard-optimizer"), qPrintable(alone.err));
    const CliResult saving =
        runCli(trainArgs(kSteps, {"--nproc", "2", "--shard-optimizer", "--checkpoint-every", "2",
                                  "--output-dir", tmp_.filePath("sharded")}));
    QCOMPARE(saving.exitCode, 2);
    QVERIFY2(saving.err.contains("checkpoints of a sharded optimizer are not supported"),
             qPrintable(saving.err));
  }

  // fp16=True with an initial scale that overflows: the first steps are skipped while the scale
  // backs off, on every rank alike (the found-inf flag is all-reduced), and on the same steps as
  // one process.
  void everyRankSkipsTheSameFp16Steps() {
    const QStringList fp16{"--precision", "fp16-amp", "--init-scale", "1e30"};
    const CliResult one = runCli(trainArgs(kSteps, fp16));
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    const QList<int> oneSkips = skippedSteps(one.outBytes);
    QVERIFY2(!oneSkips.isEmpty(), "the overflowing scale skipped no step");
    const CliResult r = runCli(trainArgs(kSteps, fp16 + QStringList{"--nproc", "2"}), {}, 180000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(skippedSteps(r.outBytes), oneSkips);
    const QJsonObject sum = summary(r.outBytes);
    QList<int> gathered;  // rank 0 compared every rank's skipped steps with its own
    for (const auto& v : sum.value("skippedSteps").toArray()) gathered.append(v.toInt());
    QCOMPARE(gathered, oneSkips);
    QVERIFY(sum.value("ranksAgree").toBool());
  }

  // Two `train --nproc 1` processes started by hand with torchrun's environment are one job:
  // rank 0 prints the 2-rank curve (bit-equal to `--nproc 2`'s), rank 1 prints nothing.
  void handStartedRanksTrainAsOneJob() {
    QVERIFY(!twoRanks_.isEmpty());
    for (int attempt = 0; attempt < 3; ++attempt) {
      const quint16 port = freePort();
      QVERIFY(port != 0);
      Rank r0, r1;
      r0.start(0, 2, port, trainArgs(kSteps, {"--nproc", "1"}));
      r1.start(1, 2, port, trainArgs(kSteps, {"--nproc", "1"}));
      QVERIFY(r0.p.waitForFinished(180000));
      QVERIFY(r1.p.waitForFinished(180000));
      const QByteArray err0 = r0.p.readAllStandardError();
      if (r0.p.exitCode() == kExitRendezvous && err0.contains("in use"))
        continue;  // another test took the port in between
      QVERIFY2(r0.p.exitCode() == 0, err0.constData());
      QVERIFY2(r1.p.exitCode() == 0, r1.p.readAllStandardError().constData());
      const QByteArray out0 = r0.p.readAllStandardOutput();
      QCOMPARE(losses(out0), losses(twoRanks_));
      QVERIFY(r1.p.readAllStandardOutput().isEmpty());
      return;
    }
    QFAIL("three free ports were taken before the ranks started");
  }

  // A rank killed mid-run: the survivor fails within the collective timeout (plus its wait for
  // the others' answer), exit status 3, naming rank 1; rank 0's checkpoints are all complete.
  void killedRankEndsTheOthersNamingIt() {
    const QString dir = tmp_.filePath("killed-by-hand");
    const QStringList args = trainArgs(
        400, {"--collective-timeout", "10", "--checkpoint-every", "2", "--output-dir", dir});
    const quint16 port = freePort();
    Rank r0, r1;
    r0.start(0, 2, port, args);
    r1.start(1, 2, port, args);
    readUntilStep(r0.p, 3, 120000);
    QCOMPARE(r0.p.state(), QProcess::Running);
    QElapsedTimer t;
    t.start();
    r1.p.kill();  // SIGKILL
    QVERIFY(r1.p.waitForFinished(10000));
    QVERIFY2(r0.p.waitForFinished(120000), "rank 0 hangs after rank 1 was killed");
    const qint64 waited = t.elapsed();
    const QString err = QString::fromUtf8(r0.p.readAllStandardError());
    qInfo("rank 0 ended %lld ms after rank 1 was killed: %s", waited, qPrintable(err.trimmed()));
    QCOMPARE(r0.p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(r0.p.exitCode() == kExitRankLost, qPrintable(err));
    QVERIFY2(err.contains("lost rank 1"), qPrintable(err));
    // Gloo sees the closed connection at once; the survivor then waits at most
    // min(timeout, 10 s) for the others to answer. 10 s + a loaded machine's slack.
    QVERIFY2(waited < 60000, qPrintable(QString::number(waited)));
    QString why;
    QVERIFY2(completeCheckpoints(dir, &why), qPrintable(why));
  }

  // The launcher: rank 1 killed, the launcher stops the rest and exits 3 naming the rank; then
  // the launcher itself killed with SIGKILL: every rank dies with it.
  void launcherNamesAKilledRankAndItsRanksDieWithIt() {
    QProcess job;
    job.start(clitest::kCli, trainArgs(400, {"--nproc", "2"}));
    QVERIFY(job.waitForStarted(10000));
    readUntilStep(job, 2, 120000);
    QList<qint64> pids = rankPids(QString::fromUtf8(job.readAllStandardError()));
    QCOMPARE(pids.size(), 2);
    QVERIFY(::kill(static_cast<pid_t>(pids[1]), SIGKILL) == 0);
    QVERIFY2(job.waitForFinished(60000), "the launcher hangs after a rank was killed");
    const QString err = QString::fromUtf8(job.readAllStandardError());
    QVERIFY2(job.exitCode() == kExitRankLost, qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("rank 1 (pid %1) was killed by signal 9").arg(pids[1])),
             qPrintable(err));
    QVERIFY(allGone(pids, 30000));

    QProcess again;
    again.start(clitest::kCli, trainArgs(400, {"--nproc", "3"}));
    QVERIFY(again.waitForStarted(10000));
    readUntilStep(again, 1, 120000);
    pids = rankPids(QString::fromUtf8(again.readAllStandardError()));
    QCOMPARE(pids.size(), 3);
    again.kill();  // SIGKILL to the launcher: PR_SET_PDEATHSIG takes its ranks
    QVERIFY(again.waitForFinished(10000));
    QVERIFY2(allGone(pids, 30000), "a rank outlived its launcher");
  }

  // Every rank killed mid-run (the launcher with SIGKILL), then all restarted from the newest
  // checkpoint: the resumed curve is bit-equal to the uninterrupted 2-rank run.
  void resumeOfAllRanksIsBitEqual() {
    const int steps = 12;
    const QStringList cp{"--checkpoint-every", "4", "--nproc", "2"};
    const CliResult full = runCli(
        trainArgs(steps, cp + QStringList{"--output-dir", tmp_.filePath("full")}), {}, 180000);
    QVERIFY2(full.exitCode == 0, qPrintable(full.err));
    const QMap<int, double> whole = losses(full.outBytes);
    QCOMPARE(whole.size(), steps);

    const QString dir = tmp_.filePath("interrupted");
    QProcess job;
    job.start(clitest::kCli, trainArgs(steps, cp + QStringList{"--output-dir", dir}));
    QVERIFY(job.waitForStarted(10000));
    const QByteArray seen = readUntilStep(job, 9, 120000);
    const QList<qint64> pids = rankPids(QString::fromUtf8(job.readAllStandardError()));
    job.kill();
    QVERIFY(job.waitForFinished(10000));
    QVERIFY(allGone(pids, 30000));
    QVERIFY2(losses(seen).lastKey() < steps, "the run ended before it was killed");
    QString why;
    QVERIFY2(completeCheckpoints(dir, &why), qPrintable(why));

    const CliResult r =
        runCli(trainArgs(steps, cp + QStringList{"--output-dir", dir, "--resume-from", "latest"}),
               {}, 180000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QMap<int, double> resumed = losses(r.outBytes);
    QVERIFY(!resumed.isEmpty());
    QVERIFY(resumed.firstKey() >= 5);
    QCOMPARE(resumed.lastKey(), steps);
    for (auto it = resumed.begin(); it != resumed.end(); ++it)
      QVERIFY2(it.value() == whole.value(it.key()),  // bit-equal
               qPrintable(QStringLiteral("step %1: %2 vs %3")
                              .arg(it.key())
                              .arg(it.value(), 0, 'g', 17)
                              .arg(whole.value(it.key()), 0, 'g', 17)));
  }

  // A port in use and a wrong WORLD_SIZE are said in words (exit 4), never a hang.
  void portInUseAndWrongWorldSizeAreClear() {
    const Listener taken(true);
    QVERIFY(taken.port != 0);
    const CliResult busy = runCli(
        trainArgs(2, {"--nproc", "2", "--master-port", QString::number(taken.port)}), {}, 120000);
    QVERIFY2(busy.exitCode == kExitRendezvous, qPrintable(busy.err));
    QVERIFY2(busy.err.contains(QStringLiteral("MASTER_PORT %1 is in use").arg(taken.port)),
             qPrintable(busy.err));

    // Rank 1 says WORLD_SIZE=3 where rank 0 says 2: rank 1 fails at once naming both, rank 0
    // after the (short) timeout, naming the rank that never joined.
    const quint16 port = freePort();
    const QStringList args = trainArgs(2, {"--collective-timeout", "5"});
    Rank r0, r1;
    r0.start(0, 2, port, args);
    r1.start(1, 3, port, args);
    QVERIFY(r1.p.waitForFinished(120000));
    QVERIFY(r0.p.waitForFinished(120000));
    const QString err1 = QString::fromUtf8(r1.p.readAllStandardError());
    const QString err0 = QString::fromUtf8(r0.p.readAllStandardError());
    QVERIFY2(r1.p.exitCode() == kExitRendezvous, qPrintable(err1));
    QVERIFY2(err1.contains("WORLD_SIZE is 3 here but 2 on rank 0"), qPrintable(err1));
    QVERIFY2(r0.p.exitCode() == kExitRendezvous, qPrintable(err0));
    QVERIFY2(err0.contains("only 1 of WORLD_SIZE=2 ranks joined"), qPrintable(err0));
    QVERIFY2(err0.contains("missing: rank 1"), qPrintable(err0));

    // RANK not below WORLD_SIZE: a usage error before anything starts.
    Rank bad;
    bad.start(2, 2, port, args);
    QVERIFY(bad.p.waitForFinished(60000));
    QCOMPARE(bad.p.exitCode(), 2);
    QVERIFY(bad.p.readAllStandardError().contains("RANK=2 is not below WORLD_SIZE=2"));

    // The fault injection needs a job of 2 ranks or more, and a step before the last.
    const QList<CliResult> usage =
        clitest::runCliMany({trainArgs(2, {"--lose-rank-after", "1"}),
                             trainArgs(2, {"--nproc", "2", "--lose-rank-after", "2"}),
                             trainArgs(2, {"--nproc", "2", "--lose-rank-after", "0"})},
                            3, 60000);
    QCOMPARE(usage.at(0).exitCode, 2);
    QVERIFY2(usage.at(0).err.contains("use it with --nproc 2 or more"),
             qPrintable(usage.at(0).err));
    QCOMPARE(usage.at(1).exitCode, 2);
    QVERIFY2(usage.at(1).err.contains("must be a step from 1 to 1"), qPrintable(usage.at(1).err));
    QCOMPARE(usage.at(2).exitCode, 2);
  }
};

QTEST_GUILESS_MAIN(TestDataParallel)
#include "tst_dataparallel.moc"
