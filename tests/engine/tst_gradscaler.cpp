// GradScaler against PyTorch's torch.cuda.amp.GradScaler rules: defaults, growth after the
// interval, backoff and skip on inf and NaN, unscale before clipping, refusal of fp16 gradients.
#include <QtTest>

#include <cmath>
#include <limits>
#include <stdexcept>

#include <torch/torch.h>

#include "precision/GradScaler.h"

using precisionlab::GradScaler;
using precisionlab::GradScalerOptions;

namespace {
// A parameter whose gradient is `grad` (already "scaled", as backward on a scaled loss leaves it).
torch::Tensor paramWithGrad(const torch::Tensor& grad) {
  auto p = torch::zeros_like(grad).set_requires_grad(true);
  p.mutable_grad() = grad.clone();
  return p;
}
}  // namespace

class TestGradScaler : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { torch::set_num_threads(1); }
  void defaults();
  void scalesLoss();
  void growsAfterInterval();
  void backsOffAndSkips_data();
  void backsOffAndSkips();
  void unscaleBeforeClipping();
  void refusesFp16Gradients();
  void orderIsEnforced();
  void growthStopsAtInfinity();
};

void TestGradScaler::defaults() {
  GradScaler scaler;
  QCOMPARE(scaler.getScale(), 65536.0);
  QCOMPARE(scaler.options().growthFactor, 2.0);
  QCOMPARE(scaler.options().backoffFactor, 0.5);
  QCOMPARE(scaler.options().growthInterval, int64_t{2000});
  QCOMPARE(scaler.growthTracker(), int64_t{0});
}

void TestGradScaler::scalesLoss() {
  GradScaler scaler;
  auto w = torch::tensor({3.0f}).set_requires_grad(true);
  auto loss = (w * 2.0f).sum();
  auto scaled = scaler.scale(loss);
  QCOMPARE(scaled.dim(), int64_t{0});  // still a scalar: backward() works without a grad arg
  QCOMPARE(scaled.item<float>(), 6.0f * 65536.0f);
  scaled.backward();
  QCOMPARE(w.grad().item<float>(), 2.0f * 65536.0f);
}

void TestGradScaler::growsAfterInterval() {
  GradScalerOptions o;
  o.initScale = 8.0;
  o.growthInterval = 3;
  GradScaler scaler(o);
  auto p = paramWithGrad(torch::ones({4}));
  for (int i = 1; i <= 2; ++i) {
    p.mutable_grad().fill_(1.0f);
    QVERIFY(!scaler.unscale_({p}));
    scaler.update();
    QCOMPARE(scaler.getScale(), 8.0);  // not yet: 2 good steps of 3
    QCOMPARE(scaler.growthTracker(), int64_t{i});
  }
  p.mutable_grad().fill_(1.0f);
  QVERIFY(!scaler.unscale_({p}));
  scaler.update();
  QCOMPARE(scaler.getScale(), 16.0);  // third good step in a row: growth, tracker reset
  QCOMPARE(scaler.growthTracker(), int64_t{0});
}

void TestGradScaler::backsOffAndSkips_data() {
  QTest::addColumn<float>("bad");
  QTest::newRow("inf") << std::numeric_limits<float>::infinity();
  QTest::newRow("-inf") << -std::numeric_limits<float>::infinity();
  QTest::newRow("nan") << std::numeric_limits<float>::quiet_NaN();
}

void TestGradScaler::backsOffAndSkips() {
  QFETCH(float, bad);
  GradScalerOptions o;
  o.growthInterval = 3;
  GradScaler scaler(o);
  auto good = paramWithGrad(torch::ones({3}));
  auto p = paramWithGrad(torch::tensor({1.0f, 2.0f, 3.0f}));
  // One good step first, so the tracker has something to reset.
  QVERIFY(!scaler.unscale_({good, p}));
  scaler.update();
  QCOMPARE(scaler.growthTracker(), int64_t{1});

  p.mutable_grad()[1] = bad;
  bool foundInf = scaler.unscale_({good, p});
  QVERIFY(foundInf);  // the caller skips optimizer.step()
  QVERIFY(scaler.foundInf());
  scaler.update();
  QCOMPARE(scaler.getScale(), 32768.0);
  QCOMPARE(scaler.growthTracker(), int64_t{0});
  // The next good steps start counting from zero again.
  for (int i = 0; i < 2; ++i) {
    good.mutable_grad().fill_(1.0f);
    QVERIFY(!scaler.unscale_({good}));
    scaler.update();
  }
  QCOMPARE(scaler.getScale(), 32768.0);
}

void TestGradScaler::unscaleBeforeClipping() {
  GradScaler scaler;  // scale 65536
  auto w = torch::tensor({0.5f, -1.0f}).set_requires_grad(true);
  auto loss = (w * torch::tensor({3.0f, 4.0f})).sum();  // true gradient (3, 4): norm 5
  scaler.scale(loss).backward();
  QCOMPARE(w.grad()[0].item<float>(), 3.0f * 65536.0f);
  QVERIFY(!scaler.unscale_({w}));
  QCOMPARE(w.grad()[0].item<float>(), 3.0f);  // divided by the scale
  QCOMPARE(w.grad()[1].item<float>(), 4.0f);
  // Clipping now sees the true norm, not 65536 times it.
  double norm = torch::nn::utils::clip_grad_norm_(std::vector<torch::Tensor>{w}, 1.0);
  QCOMPARE(norm, 5.0);
  QVERIFY(std::abs(w.grad()[0].item<float>() - 0.6f) < 1e-5f);
}

void TestGradScaler::refusesFp16Gradients() {
  GradScaler scaler;
  // A half model: fp16 parameter with an fp16 gradient (what model.to(kHalf) leaves).
  auto p = torch::zeros({2}, torch::kHalf).set_requires_grad(true);
  p.mutable_grad() = torch::ones({2}, torch::kHalf);
  try {
    scaler.unscale_({p});
    QFAIL("fp16 gradients were unscaled");
  } catch (const std::invalid_argument& e) {
    QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("Attempting to unscale FP16 gradients."));
  }
}

void TestGradScaler::orderIsEnforced() {
  GradScaler scaler;
  QVERIFY_THROWS_EXCEPTION(std::logic_error, scaler.update());
  auto p = paramWithGrad(torch::ones({1}));
  scaler.unscale_({p});
  QVERIFY_THROWS_EXCEPTION(std::logic_error, scaler.unscale_({p}));
}

void TestGradScaler::growthStopsAtInfinity() {
  GradScalerOptions o;
  o.initScale = 3.0e38;  // times 2 overflows fp32
  o.growthInterval = 1;
  GradScaler scaler(o);
  auto p = paramWithGrad(torch::ones({1}));
  QVERIFY(!scaler.unscale_({p}));
  scaler.update();
  QVERIFY(std::isfinite(scaler.getScale()));
  QCOMPARE(scaler.getScale(), static_cast<double>(3.0e38f));
}

QTEST_GUILESS_MAIN(TestGradScaler)
#include "tst_gradscaler.moc"
