// Trainer and RunScheduler: the learning-rate schedule, a tiny model learning the built-in
// data, bit-identical seeded runs (also when interleaved), cancellation within a step, and a
// failing run leaving the others alone.
#include <QtTest>

#include <chrono>
#include <cmath>
#include <thread>

#include "../support/TinyTrainConfig.h"
#include "engine/RunScheduler.h"
#include "training/Trainer.h"

using namespace precisionlab;

namespace {

// One thread, as every test trains (TinyTrainConfig.h says why: with two, this file took 407 s
// in CI's Debian 13 root beside other tests instead of about 60 s).
TrainConfig tinyConfig(int64_t steps) {
  TrainConfig c = test::tinyTrainConfig(steps, 16, 64);
  c.learningRate = 2e-3;
  return c;
}

// Everything the scheduler reported, merged per run (records appended, state the latest).
struct Collected {
  std::map<RunId, RunUpdate> runs;

  // Drains at least once, then until `done` holds or the timeout passes.
  void pump(RunScheduler& s, std::chrono::seconds timeout, const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      for (auto& u : s.drain()) {
        auto& m = runs[u.id];
        auto steps = std::move(m.steps);
        auto evals = std::move(m.evals);
        steps.insert(steps.end(), u.steps.begin(), u.steps.end());
        evals.insert(evals.end(), u.evals.begin(), u.evals.end());
        m = u;
        m.steps = std::move(steps);
        m.evals = std::move(evals);
      }
      if (done() || std::chrono::steady_clock::now() >= deadline) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  // Until the scheduler is idle, then once more so the final states are in.
  void pumpUntilIdle(RunScheduler& s, std::chrono::seconds timeout) {
    pump(s, timeout, [&] { return s.idle(); });
    pump(s, std::chrono::seconds(0), [] { return true; });
  }
};

}  // namespace

class TestTrainer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void learningRateSchedule_data() {
    QTest::addColumn<double>("warmup");
    QTest::addColumn<int>("step");
    QTest::addColumn<double>("expected");  // share of the peak rate
    // 100 steps, 10 warmup steps: Hugging Face's linear schedule, 1-based optimizer steps.
    QTest::newRow("first step is lr 0") << 0.1 << 1 << 0.0;
    QTest::newRow("mid warmup") << 0.1 << 6 << 0.5;
    QTest::newRow("peak") << 0.1 << 11 << 1.0;
    QTest::newRow("decay") << 0.1 << 56 << 0.5;
    QTest::newRow("last step") << 0.1 << 100 << 1.0 / 90.0;
    QTest::newRow("past the end") << 0.1 << 101 << 0.0;
    QTest::newRow("no warmup starts at peak") << 0.0 << 1 << 1.0;
    QTest::newRow("no warmup, last") << 0.0 << 100 << 0.01;
  }
  void learningRateSchedule() {
    QFETCH(double, warmup);
    QFETCH(int, step);
    QFETCH(double, expected);
    TrainConfig c;
    c.steps = 100;
    c.learningRate = 4e-4;
    c.warmupFraction = warmup;
    QVERIFY(std::abs(learningRateAt(c, step) - 4e-4 * expected) < 1e-15);
    QCOMPARE(Trainer(c).lrAt(step), learningRateAt(c, step));
  }

  void tinyModelLearnsBuiltinData() {
    Trainer t(tinyConfig(80));
    t.prepare();
    const EvalRecord before = t.evaluate();
    const double chance = 1.0 / 5;
    while (!t.finished()) {
      const StepRecord r = t.step();
      QVERIFY(!r.nonFinite);
      QVERIFY(r.stepMs > 0 && r.peakBytes > 0 && r.gradNorm > 0);
      QVERIFY(r.gradZeroFraction >= 0 && r.gradZeroFraction < 1);
    }
    QVERIFY(t.evaluationDue());
    const EvalRecord after = t.evaluate();
    QVERIFY(!t.evaluationDue());
    qInfo("val loss %.4f -> %.4f, accuracy %.3f -> %.3f", before.valLoss, after.valLoss,
          before.valAccuracy, after.valAccuracy);
    QVERIFY(after.valLoss < before.valLoss - 0.3);
    QVERIFY(after.valAccuracy > 2 * chance);
  }

  // Same config, same bits: each trainer seeds and keeps its own RNG, so even steps
  // interleaved with another run's steps give the same losses and weights as a solo run.
  void seededRunsAreBitIdenticalEvenInterleaved() {
    TrainConfig c = tinyConfig(4);
    c.learningRate = 1e-3;
    Trainer solo(c), a(c), other(tinyConfig(4));
    solo.prepare();
    a.prepare();
    other.prepare();
    for (int i = 0; i < 4; ++i) {
      const StepRecord rs = solo.step();
      other.step();  // consumes dropout randomness between a's steps
      const StepRecord ra = a.step();
      QCOMPARE(ra.loss, rs.loss);
      QCOMPARE(ra.gradNorm, rs.gradNorm);
    }
    const auto ps = solo.model()->named_parameters(), pa = a.model()->named_parameters();
    for (const auto& p : ps) QVERIFY2(torch::equal(p.value(), pa[p.key()]), p.key().c_str());
  }

  void cancellationTakesEffectWithinOneStep() {
    RunScheduler s;
    const RunId id = s.add(tinyConfig(1000), "long");
    Collected before;
    before.pump(s, std::chrono::seconds(60), [&] { return !before.runs[id].steps.empty(); });
    QVERIFY(!before.runs[id].steps.empty());
    const int64_t lastBefore = before.runs[id].steps.back().step;
    s.cancel(id);
    Collected after;
    after.pumpUntilIdle(s, std::chrono::seconds(30));
    QCOMPARE(after.runs[id].state, RunState::Cancelled);
    // Steps recorded after cancel(): at most the one that was in progress.
    const auto& late = after.runs[id].steps;
    QVERIFY2(late.size() <= 1, qPrintable(QString::number(late.size())));
    if (!late.empty()) QCOMPARE(late.front().step, lastBefore + 1);
  }

  void failingRunDoesNotStopAnother() {
    RunScheduler s;
    TrainConfig bad = tinyConfig(3);
    bad.dataPath = "/nonexistent/reports.csv";
    TrainConfig noCuda = tinyConfig(3);
    noCuda.device = "cuda:7";
    const RunId badId = s.add(bad, "bad data");
    const RunId cudaId = s.add(noCuda, "no cuda");
    TrainConfig good = tinyConfig(3);
    good.threads = 2;           // the provenance names the thread count the run was given
    good.oversubscribe = true;  // also on a one-core machine (the config check counts cores)
    const RunId goodId = s.add(good, "good");
    Collected c;
    c.pumpUntilIdle(s, std::chrono::seconds(60));
    auto& all = c.runs;
    QCOMPARE(all[badId].state, RunState::Failed);
    QVERIFY2(all[badId].message.find("reports.csv") != std::string::npos,
             all[badId].message.c_str());
    QCOMPARE(all[cudaId].state, RunState::Failed);
    QVERIFY2(all[cudaId].message.find("cuda:7") != std::string::npos, all[cudaId].message.c_str());
    QCOMPARE(all[goodId].state, RunState::Finished);
    QCOMPARE(all[goodId].steps.size(), size_t(3));
    QCOMPARE(all[goodId].evals.size(), size_t(1));  // at the end
    QVERIFY(all[goodId].provenance.device.rfind("cpu (2 threads", 0) == 0);
  }

  void pausedRunWaitsWhileAnotherFinishes() {
    RunScheduler s;
    const RunId a = s.add(tinyConfig(4), "a");
    TrainConfig cb = tinyConfig(4);
    cb.seed = 7;
    const RunId b = s.add(cb, "b");
    s.setPaused(b, true);
    Collected c;
    c.pump(s, std::chrono::seconds(60), [&] { return c.runs[a].state == RunState::Finished; });
    QCOMPARE(c.runs[a].state, RunState::Finished);
    QCOMPARE(c.runs[b].state, RunState::Paused);
    QVERIFY(c.runs[b].steps.empty());
    QVERIFY(!s.idle());
    s.setPaused(b, false);
    c.pumpUntilIdle(s, std::chrono::seconds(60));
    QCOMPARE(c.runs[b].state, RunState::Finished);
    QCOMPARE(c.runs[b].steps.size(), size_t(4));
  }
};

QTEST_GUILESS_MAIN(TestTrainer)
#include "tst_trainer.moc"
