// fp16 emulation on hand-computed values: the range and rounding facts of IEEE binary16
// (max 65504, 65520 -> inf, min subnormal 2^-24 = 5.96e-8, 1e-8 -> 0, half-ulp updates lost),
// gradients rounded by Fp16Round's backward, the emulated ops, and AdamW in fp16 storage.
#include <QtTest>

#include <cmath>
#include <limits>

#include <torch/torch.h>

#include "precision/Fp16Emulation.h"
#include "precision/PrecisionOps.h"
#include "training/AdamW.h"

using precisionlab::AdamW;
using precisionlab::AdamWOptions;
namespace emu = precisionlab::fp16emu;
namespace ops = precisionlab::ops;

namespace {
double roundScalar(double v) {
  return emu::roundToFp16(torch::tensor({static_cast<float>(v)})).item<float>();
}
}  // namespace

class TestFp16Emulation : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { torch::set_num_threads(1); }
  void rounding_data();
  void rounding();
  void smallUpdateLost_data();
  void smallUpdateLost();
  void keepsDtype();
  void backwardRoundsGradients();
  void emulatedLinearOverflows();
  void gradientsUnderflowWithoutScaling();
  void wholeModelRoundsEveryOp();
  void adamWInFp16StorageBreaks();
};

void TestFp16Emulation::rounding_data() {
  const double inf = std::numeric_limits<double>::infinity();
  const double minSubnormal = std::ldexp(1.0, -24);  // 5.9604644775390625e-08
  QTest::addColumn<double>("input");
  QTest::addColumn<double>("expected");
  QTest::newRow("max 65504 stays") << 65504.0 << 65504.0;
  QTest::newRow("65519 rounds down to max") << 65519.0 << 65504.0;
  QTest::newRow("65520 overflows to inf") << 65520.0 << inf;
  QTest::newRow("-70000 overflows to -inf") << -70000.0 << -inf;
  QTest::newRow("1e-8 (Adam eps) becomes 0") << 1e-8 << 0.0;
  QTest::newRow("min subnormal 5.96e-8 stays") << 5.96e-8 << minSubnormal;
  QTest::newRow("3e-8 rounds up to min subnormal") << 3e-8 << minSubnormal;
  QTest::newRow("2e-8 flushes to 0") << 2e-8 << 0.0;
  QTest::newRow("min normal 6.1035e-5 stays") << std::ldexp(1.0, -14) << std::ldexp(1.0, -14);
  QTest::newRow("1/3 to 11 bits") << 1.0 / 3.0 << 0.333251953125;
  QTest::newRow("0.1") << 0.1 << 0.0999755859375;
  QTest::newRow("(1e-4)^2 underflows") << 1e-8 << 0.0;
}

void TestFp16Emulation::rounding() {
  QFETCH(double, input);
  QFETCH(double, expected);
  QCOMPARE(roundScalar(input), expected);
}

void TestFp16Emulation::smallUpdateLost_data() {
  QTest::addColumn<double>("weight");
  QTest::addColumn<double>("update");
  QTest::addColumn<bool>("lost");
  // ulp(1.0) = 2^-10 = 9.77e-4: anything under half of it vanishes.
  QTest::newRow("1.0 + 2e-5") << 1.0 << 2e-5 << true;
  QTest::newRow("0.5 + 2e-5") << 0.5 << 2e-5 << true;
  QTest::newRow("0.1 + 2e-5") << 0.1 << 2e-5 << true;  // ulp(0.1) = 6.1e-5
  QTest::newRow("1.0 + 4.8e-4 (just under half ulp)") << 1.0 << 4.8e-4 << true;
  QTest::newRow("1.0 + 5e-4 (over half ulp)") << 1.0 << 5e-4 << false;
  QTest::newRow("0.001 + 2e-5") << 0.001 << 2e-5 << false;  // small weights keep it
}

void TestFp16Emulation::smallUpdateLost() {
  QFETCH(double, weight);
  QFETCH(double, update);
  QFETCH(bool, lost);
  // A half model stores w in fp16 and rounds w + d when it stores the result.
  const double w = roundScalar(weight);
  const double updated = roundScalar(w + update);
  QCOMPARE(updated == w, lost);
}

void TestFp16Emulation::keepsDtype() {
  auto t = torch::tensor({1.0, 65520.0}, torch::kFloat64);
  auto r = emu::roundToFp16(t);
  QCOMPARE(r.scalar_type(), torch::kFloat64);
  QVERIFY(std::isinf(r[1].item<double>()));
}

void TestFp16Emulation::backwardRoundsGradients() {
  auto x = torch::tensor({0.1f, 2.0f}).set_requires_grad(true);
  auto y = emu::fp16Round(x);
  QCOMPARE(y[0].item<float>(), 0.0999755859375f);  // forward rounded
  // Upstream gradients 1/3 and 1e-8: fp16 keeps 0.333251953125 and flushes 1e-8 to 0.
  y.backward(torch::tensor({1.0f / 3.0f, 1e-8f}));
  QCOMPARE(x.grad()[0].item<float>(), 0.333251953125f);
  QCOMPARE(x.grad()[1].item<float>(), 0.0f);
}

void TestFp16Emulation::emulatedLinearOverflows() {
  auto x = torch::full({1, 1}, 300.0f);
  auto w = torch::full({1, 1}, 300.0f);
  auto b = torch::zeros({1});
  QCOMPARE(ops::linear(x, w, b).item<float>(), 90000.0f);  // fp32: fine
  ops::CastModeScope fp16(ops::CastMode::EmulateFp16);
  QVERIFY(std::isinf(ops::linear(x, w, b).item<float>()));  // fp16 output overflows
  // Softmax and LayerNorm stay in fp32 under autocast lists: no rounding of their outputs.
  auto s = ops::softmax(torch::tensor({0.0f, 1.0f}), 0);
  QCOMPARE(s[1].item<float>(), torch::softmax(torch::tensor({0.0f, 1.0f}), 0)[1].item<float>());
}

void TestFp16Emulation::gradientsUnderflowWithoutScaling() {
  // d(loss)/d(out) = 1e-7 reaches the emulated fp16 linear's output and is rounded there to
  // 1.19e-7 (two fp16 subnormal steps); the weight gradient 1.19e-7 * 0.1 = 1.2e-8 is then
  // rounded where autocast cast the fp32 weight to fp16: 0. A loss scale of 65536 keeps it.
  auto run = [](double lossScale, bool emulate) {
    auto x = torch::full({1, 4}, 0.1f);
    auto w = torch::full({2, 4}, 0.5f).set_requires_grad(true);
    auto b = torch::zeros({2});
    torch::Tensor out;
    {
      ops::CastModeScope mode(emulate ? ops::CastMode::EmulateFp16 : ops::CastMode::None);
      out = ops::linear(x, w, b);
    }
    (out.sum() * (1e-7 * lossScale)).backward();
    return w.grad()[0][0].item<float>() / lossScale;
  };
  QVERIFY(std::abs(run(1.0, false) - 1e-8) < 1e-12);     // fp32: the true gradient
  QCOMPARE(run(1.0, true), 0.0f);                        // fp16 without scaling: flushed
  QVERIFY(std::abs(run(65536.0, true) - 1e-8) < 1e-10);  // with loss scaling: survives
}

void TestFp16Emulation::wholeModelRoundsEveryOp() {
  auto a = torch::tensor({1.0f});
  auto d = torch::tensor({2e-5f});
  {
    ops::CastModeScope fp16(ops::CastMode::EmulateFp16);
    QCOMPARE(ops::residualAdd(a, d).item<float>(), 1.00002f);  // autocast: fp32 add
    emu::Fp16ScopeGuard half(emu::Fp16Scope::WholeModel);
    QCOMPARE(ops::residualAdd(a, d).item<float>(), 1.0f);  // half model: fp16 add
    auto loss = ops::crossEntropy(torch::tensor({{0.0f, 1.0f}}), torch::tensor({int64_t{0}}));
    QCOMPARE(loss.item<float>(), static_cast<float>(roundScalar(loss.item<float>())));
  }
  QCOMPARE(emu::currentFp16Scope(), emu::Fp16Scope::AutocastLists);  // restored
}

void TestFp16Emulation::adamWInFp16StorageBreaks() {
  // A half model's AdamW: parameters, m and v stored in fp16. With a gradient of 1e-4,
  // v = (1 - 0.999) * 1e-8 = 1e-11 underflows to 0 and eps = 1e-8 is 0 in fp16, so the
  // denominator is 0: m / 0 = inf where the gradient is non-zero, 0 / 0 = NaN where it is 0.
  auto makeParam = [] {
    auto p = emu::roundToFp16(torch::tensor({0.5f, -0.25f})).set_requires_grad(true);
    p.mutable_grad() = emu::roundToFp16(torch::tensor({1e-4f, 0.0f}));
    return p;
  };
  AdamWOptions o;  // eps 1e-8, betas 0.9/0.999, weight decay 0.01
  auto p32 = makeParam();
  AdamW fp32({{"w", p32, true}}, o);
  fp32.step(1e-3);
  QVERIFY(torch::isfinite(p32).all().item<bool>());  // fp32 state: a normal small step

  auto p16 = makeParam();
  AdamW fp16({{"w", p16, true}}, o);
  fp16.roundToStorage = emu::roundToFp16;
  fp16.step(1e-3);
  QCOMPARE(fp16.state()[0].expAvgSq[0].item<float>(), 0.0f);  // v underflowed
  QVERIFY(std::isinf(p16[0].item<float>()));                  // m / 0
  QVERIFY(std::isnan(p16[1].item<float>()));                  // 0 / 0
}

QTEST_GUILESS_MAIN(TestFp16Emulation)
#include "tst_fp16emulation.moc"
