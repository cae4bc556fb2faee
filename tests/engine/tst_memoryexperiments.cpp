// The scaling bank's memory experiments from real runs: gradient accumulation (the baseline's
// batch as 4 micro-batches) and activation checkpointing (each encoder layer recomputed in the
// backward pass). The dropout tape that makes both exact, the recompute's gradients against the
// stored graph's, and the lab's verdicts on tiny runs (seconds).
#include <ATen/CPUGeneratorImpl.h>

#include <QtTest>
#include <chrono>
#include <cstring>
#include <thread>

#include "core/BertConfig.h"
#include "core/ScenarioIds.h"
#include "engine/LabSession.h"
#include "experiment_runs.h"
#include "model/BertModel.h"
#include "model/SeededDropout.h"

using namespace precisionlab;

namespace {

using testing::bitEqual;

// The lab's tiny settings for CI: batch 16 (4 micro-batches of 4), 24 steps, sequence 32.
TrainConfig tinyBase() { return testing::tinyExperimentBase(); }

}  // namespace

class TestMemoryExperiments : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void microBatchMasksAreSlicesOfTheOneBatchMask();
  void checkpointedLayersGiveTheStoredGraphsGradients_data();
  void checkpointedLayersGiveTheStoredGraphsGradients();
  void labVerdictsFromRealRuns();
};

void TestMemoryExperiments::microBatchMasksAreSlicesOfTheOneBatchMask() {
  // Rows of 9 elements: with 16 micro-batches each micro-batch has an odd element count, so its
  // first element sits in the middle of a hashed pair.
  for (int64_t k : {1, 4, 16}) {
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(7);
    at::Generator* previous = setThreadDropoutGenerator(&gen);
    const auto x = torch::ones({16, 3, 3});
    std::vector<uint64_t> seeds;
    torch::Tensor whole;
    {
      DropoutTape tape(DropoutTape::Mode::Record, &seeds, 0);
      whole = seededDropout(x, 0.5, true);
    }
    QCOMPARE(seeds.size(), size_t{1});
    const int64_t rows = 16 / k;
    for (int64_t m = 0; m < k; ++m) {
      DropoutTape tape(DropoutTape::Mode::Replay, &seeds, m);
      const auto part = seededDropout(x.narrow(0, m * rows, rows).contiguous(), 0.5, true);
      QVERIFY2(bitEqual(part, whole.narrow(0, m * rows, rows)), qPrintable(QString::number(m)));
    }
    setThreadDropoutGenerator(previous);
  }
  // Replaying past the recording is an error, not a fresh draw.
  std::vector<uint64_t> none;
  DropoutTape tape(DropoutTape::Mode::Replay, &none, 0);
  QVERIFY_THROWS_EXCEPTION(c10::Error, seededDropout(torch::ones({4}), 0.5, true));
}

void TestMemoryExperiments::checkpointedLayersGiveTheStoredGraphsGradients_data() {
  QTest::addColumn<bool>("padding");
  QTest::newRow("padding: additive mask") << true;
  QTest::newRow("no padding: no mask") << false;  // the layers get an undefined mask
}

void TestMemoryExperiments::checkpointedLayersGiveTheStoredGraphsGradients() {
  QFETCH(bool, padding);
  torch::manual_seed(3);
  const BertConfig config = BertConfig::preset("tiny", 100, {"a", "b", "c"});
  auto model = BertForSequenceClassification(BertForSequenceClassificationOptions(config));
  model->train();  // dropout on: the recompute must replay its masks
  const auto ids = torch::randint(1, 100, {6, 12}, torch::kLong);
  auto mask = torch::ones({6, 12}, torch::kLong);
  if (padding) mask.narrow(1, 9, 3).zero_();
  const auto types = torch::zeros({6, 12}, torch::kLong);
  const auto labels = torch::randint(0, 3, {6}, torch::kLong);
  auto pass = [&](bool checkpoint) {
    model->setCheckpointActivations(checkpoint);
    model->zero_grad();
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(11);
    at::Generator* previous = setThreadDropoutGenerator(&gen);
    auto loss = torch::nn::functional::cross_entropy(model(ids, mask, types), labels);
    loss.backward();
    setThreadDropoutGenerator(previous);
    std::vector<torch::Tensor> grads{loss.detach().clone()};
    for (const auto& p : model->parameters())
      grads.push_back(p.grad().defined() ? p.grad().clone() : torch::Tensor());
    return grads;
  };
  const auto stored = pass(false);
  const auto recomputed = pass(true);
  QCOMPARE(recomputed.size(), stored.size());
  QVERIFY2(bitEqual(stored[0], recomputed[0]), "loss");
  int compared = 0;
  for (size_t i = 1; i < stored.size(); ++i) {
    QCOMPARE(stored[i].defined(), recomputed[i].defined());
    if (!stored[i].defined()) continue;
    ++compared;
    QVERIFY2(bitEqual(stored[i], recomputed[i]), qPrintable(QString::number(i)));
  }
  QVERIFY(compared > 10);
}

void TestMemoryExperiments::labVerdictsFromRealRuns() {
  const TrainConfig base = tinyBase();
  LabSession session;
  const LabSession::StartResult started = session.startAll(
      {scenario::kBaselineFp32, scenario::kGradAccumulation, scenario::kActivationCheckpointing},
      base);
  QVERIFY2(started.ok(), started.error.c_str());
  for (session.poll(); !session.done(); session.poll())
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto verdicts = session.verdicts();
  QCOMPARE(verdicts.size(), size_t{3});

  const Verdict& acc = verdicts[1];
  QCOMPARE(QString::fromStdString(acc.scenarioId), QStringLiteral("grad-accumulation"));
  QCOMPARE(session.results()[1].runs[0].config.accumulationSteps, int64_t{4});
  QVERIFY2((acc.judgedAs == EvidenceStory::MemoryExperiment) && acc.flag("sameUpdates"),
           acc.summary.c_str());
  QCOMPARE(acc.count("comparedSteps"), int64_t{24});
  QVERIFY2(acc.judgement == Judgement::LearnsLikeBaseline || acc.judgement == Judgement::Identical,
           acc.summary.c_str());
  QVERIFY2(acc.memoryMeasurable && acc.memoryRatio < 1.0, acc.summary.c_str());
  QVERIFY2(acc.speedMeasurable && acc.speedup > 0, acc.summary.c_str());
  QVERIFY2(acc.summary.find("samples/s") != std::string::npos, acc.summary.c_str());

  const Verdict& ckpt = verdicts[2];
  QCOMPARE(QString::fromStdString(ckpt.scenarioId), QStringLiteral("activation-checkpointing"));
  QVERIFY2((ckpt.judgedAs == EvidenceStory::MemoryExperiment) && ckpt.flag("sameUpdates"),
           ckpt.summary.c_str());
  // The recompute runs the same ops on the same values with the same masks: bit-equal.
  QVERIFY2(ckpt.count("bitEqualSteps") == ckpt.count("comparedSteps"), ckpt.summary.c_str());
  QVERIFY2(ckpt.memoryMeasurable && ckpt.memoryRatio < 1.0, ckpt.summary.c_str());
  // The step time is measured and reported; its direction is not asserted here. The layers'
  // forward runs twice, but on this tiny preset the recompute is a few percent of a step and a
  // loaded CI machine measured 0.98x: a timed unit test. The slowdown is the benchmark's to show
  // (bench/experiments.sh on the pretrained MiniLM: 1.34x step time, README).
  QVERIFY2(ckpt.speedMeasurable && ckpt.speedup > 0, ckpt.summary.c_str());
  QVERIFY2(ckpt.summary.find("step time") != std::string::npos, ckpt.summary.c_str());
  qInfo("%s", acc.summary.c_str());
  qInfo("%s", ckpt.summary.c_str());
}

QTEST_GUILESS_MAIN(TestMemoryExperiments)
#include "tst_memoryexperiments.moc"
