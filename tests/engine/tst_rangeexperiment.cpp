// The range experiment from real runs (docs/range-experiment.md): the outlier feature (one
// attention value channel of encoder layer 0 at 2^20 times its value, divided back before the
// output projection) changes no loss or gradient bit in fp32 or bf16, and overflows fp16; the
// lab's verdicts on tiny runs (seconds): fp16=True overflows (steps skipped, loss non-finite),
// bf16=True does not and trains bit for bit as bf16=True without the outlier.
#include <QtTest>
#include <chrono>
#include <cmath>
#include <cstring>
#include <thread>

#include "core/BertConfig.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "engine/LabSession.h"
#include "experiment_runs.h"
#include "model/BertModel.h"
#include "precision/PrecisionPolicy.h"

using namespace precisionlab;

namespace {

using testing::bitEqual;
bool bitEqual(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The lab's tiny settings for CI: 24 steps of batch 16, sequence 32, the built-in tiny BERT.
TrainConfig tinyBase() { return testing::tinyExperimentBase(); }

}  // namespace

class TestRangeExperiment : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void outlierChangesNothingWhereTheRangeHoldsIt_data();
  void outlierChangesNothingWhereTheRangeHoldsIt();
  void labVerdictsFromRealRuns();
};

void TestRangeExperiment::outlierChangesNothingWhereTheRangeHoldsIt_data() {
  QTest::addColumn<QString>("precision");
  QTest::addColumn<bool>("overflows");
  QTest::newRow("fp32") << "fp32" << false;
  QTest::newRow("bf16=True (live autocast)") << "bf16-amp" << false;
  // Emulated on a CPU without fp16 kernels (values rounded to fp16, arithmetic in fp32), real
  // fp16 kernels on one that has them: the scaled values exceed 65504 either way.
  QTest::newRow("fp16=True") << "fp16-amp" << true;
}

void TestRangeExperiment::outlierChangesNothingWhereTheRangeHoldsIt() {
  QFETCH(QString, precision);
  QFETCH(bool, overflows);
  TrainConfig config = tinyBase();
  QVERIFY(parsePrecision(precision.toStdString(), &config.precision));
  const torch::Device cpu(torch::kCPU);
  torch::manual_seed(5);
  const BertConfig bert = BertConfig::preset("tiny", 100, {"a", "b", "c"});
  auto model = BertForSequenceClassification(BertForSequenceClassificationOptions(bert));
  model->eval();  // no dropout: both passes see the same values
  auto policy = makePrecisionPolicy(config, cpu);
  policy->prepareModel(*model);
  const auto ids = torch::randint(1, 100, {8, 16}, torch::kLong);
  auto mask = torch::ones({8, 16}, torch::kLong);
  mask.narrow(1, 12, 4).zero_();
  const auto types = torch::zeros({8, 16}, torch::kLong);
  const auto labels = torch::randint(0, 3, {8}, torch::kLong);
  auto pass = [&](int64_t log2) {
    model->setOutlierScaleLog2(log2);
    model->zero_grad();
    torch::Tensor loss;
    {
      auto scope = policy->forwardScope();
      loss =
          torch::nn::functional::cross_entropy(model(ids, mask, types).to(torch::kFloat), labels);
    }
    loss.backward();
    std::vector<torch::Tensor> out{loss.detach().clone()};
    for (const auto& p : model->parameters())
      out.push_back(p.grad().defined() ? p.grad().clone() : torch::Tensor());
    return out;
  };
  const auto plain = pass(0);
  const auto outlier = pass(kLabOutlierScaleLog2);
  QVERIFY2(std::isfinite(plain[0].item<double>()), "the model without the outlier is finite");
  if (overflows) {
    QVERIFY2(!std::isfinite(outlier[0].item<double>()),
             qPrintable(QStringLiteral("loss %1").arg(outlier[0].item<double>())));
    return;
  }
  // Powers of two scale exactly: the same loss and every gradient, bit for bit.
  QVERIFY2(bitEqual(plain[0], outlier[0]), "loss");
  int compared = 0;
  for (size_t i = 1; i < plain.size(); ++i) {
    QCOMPARE(plain[i].defined(), outlier[i].defined());
    if (!plain[i].defined()) continue;
    ++compared;
    QVERIFY2(bitEqual(plain[i], outlier[i]), qPrintable(QStringLiteral("gradient %1").arg(i)));
  }
  QVERIFY(compared > 10);
}

void TestRangeExperiment::labVerdictsFromRealRuns() {
  const TrainConfig base = tinyBase();
  LabSession session;
  const LabSession::StartResult started =
      session.startAll({scenario::kBaselineFp32, scenario::kFp16AmpOutlier,
                        scenario::kBf16AmpOutlier, scenario::kBf16Amp},
                       base);
  QVERIFY2(started.ok(), started.error.c_str());
  for (session.poll(); !session.done(); session.poll())
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto verdicts = session.verdicts();
  QCOMPARE(verdicts.size(), size_t{4});

  const Verdict& fp16 = verdicts[1];
  QCOMPARE(QString::fromStdString(fp16.scenarioId), QStringLiteral("fp16-amp-outlier"));
  QCOMPARE(session.results()[1].runs[0].config.outlierScaleLog2, kLabOutlierScaleLog2);
  QVERIFY2((fp16.judgedAs == EvidenceStory::RangeExperiment) && fp16.flag("overflowed"),
           fp16.summary.c_str());
  QVERIFY2(fp16.judgement == Judgement::Failed, fp16.summary.c_str());
  // The overflow is in the forward pass: no loss scale the GradScaler tries makes a step finite.
  QCOMPARE(fp16.skippedSteps, int64_t{24});
  QCOMPARE(fp16.count("nonFiniteLossSteps"), int64_t{24});
  QVERIFY2(fp16.finalLossScale < fp16.value("initialLossScale"), fp16.summary.c_str());
  QVERIFY2(fp16.summary.find("fp16 overflowed") != std::string::npos, fp16.summary.c_str());

  const Verdict& bf16 = verdicts[2];
  QCOMPARE(QString::fromStdString(bf16.scenarioId), QStringLiteral("bf16-amp-outlier"));
  QVERIFY2((bf16.judgedAs == EvidenceStory::RangeExperiment) && !bf16.flag("overflowed"),
           bf16.summary.c_str());
  QCOMPARE(bf16.skippedSteps, int64_t{0});
  QCOMPARE(bf16.count("nonFiniteLossSteps"), int64_t{0});
  QVERIFY2(bf16.judgement != Judgement::Failed, bf16.summary.c_str());
  QVERIFY2(bf16.provenance == Provenance::Live, bf16.summary.c_str());
  // bf16=True with the outlier is bf16=True without it, step for step.
  const RunLog& withOutlier = session.results()[2].runs[0];
  const RunLog& without = session.results()[3].runs[0];
  QCOMPARE(withOutlier.steps.size(), without.steps.size());
  for (size_t i = 0; i < without.steps.size(); ++i)
    QVERIFY2(bitEqual(withOutlier.steps[i].loss, without.steps[i].loss),
             qPrintable(QStringLiteral("step %1").arg(i + 1)));
  qInfo("%s", fp16.summary.c_str());
  qInfo("%s", bf16.summary.c_str());
}

QTEST_GUILESS_MAIN(TestRangeExperiment)
#include "tst_rangeexperiment.moc"
