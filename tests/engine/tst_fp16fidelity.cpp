// Emulated fp16 (rounding, fp32 arithmetic: what Debian's LibTorch 1.13 can do on a CPU) checked
// against real fp16 kernels (LibTorch 2.x on the CPU) on the same seed, data and settings: the
// emulation is only worth teaching from if it fails, learns and loses gradients the way real
// fp16 does. Runs on the LibTorch 2.x build; on 1.13 it skips, saying why.
//
// What is compared (tiny preset, 60 steps, batch 16, 64 tokens, 1 thread):
//   half model (model.to(kHalf))  both go non-finite (each run stops there) or both stall, at
//                                 comparable steps;
//   fp16=True (autocast + scaler)  training-loss curves agree within kLossTolerance per step;
//   fp16 without loss scaling      the share of gradient values that are exactly zero agrees
//                                  within kZeroShareTolerance (mean over steps).
// The measured agreement is printed (qInfo) and quoted in the README.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

#include "../support/TinyTrainConfig.h"
#include "core/TrainConfig.h"
#include "engine/TrainEnvironment.h"
#include "training/Trainer.h"

using precisionlab::CpuFp16;
using precisionlab::Precision;
using precisionlab::StepRecord;
using precisionlab::TrainConfig;
using precisionlab::Trainer;

namespace {

// Measured (torch 2.15 wheel, EPYC with avx512_bf16, 1 thread): max 0.0012 in loss over the
// 60 steps (real fp16 vs fp32: 0.0012), zero-gradient shares 0.0020 and 0.0020, both half models
// non-finite at step 2. The tolerances leave room for other CPUs' kernels, not for a different
// behaviour.
constexpr double kLossTolerance = 0.01;        // |loss_emulated - loss_real| at every step
constexpr double kZeroShareTolerance = 0.005;  // |mean zero share emulated - real|
constexpr int64_t kSteps = 60;

struct Run {
  std::vector<StepRecord> steps;
  int64_t firstNonFinite = 0;  // 1-based step, 0 = never
  bool stalled = false;
  double meanZeroShare = 0;
  std::string provenanceNote;
  bool emulated = false;
};

Run train(Precision precision, CpuFp16 mode) {
  TrainConfig c = precisionlab::test::tinyTrainConfig(kSteps, 16, 64);
  c.learningRate = 2e-3;
  c.seed = 7;
  c.precision = precision;
  c.cpuFp16 = mode;
  Trainer t(c);
  t.prepare();
  Run r;
  const auto prov = t.provenance();
  r.provenanceNote = prov.note;
  r.emulated = prov.kind == precisionlab::Provenance::Emulated;
  double zeroSum = 0;
  while (!t.finished()) {
    StepRecord s = t.step();
    if (r.firstNonFinite == 0 && (s.nonFinite || !std::isfinite(s.loss))) r.firstNonFinite = s.step;
    zeroSum += s.gradZeroFraction;
    r.steps.push_back(s);
    // Of a half model the test asks only whether and when it went non-finite: the rest of its 60
    // steps, at real fp16's speed on a CPU without fp16 units, would only cost CI time.
    if (precision == Precision::HalfModel && r.firstNonFinite > 0) return r;
  }
  r.meanZeroShare = zeroSum / static_cast<double>(r.steps.size());
  const auto mean = [&](size_t from, size_t to) {
    double sum = 0;
    for (size_t i = from; i < to; ++i) sum += r.steps[i].loss;
    return sum / static_cast<double>(to - from);
  };
  const double first = mean(0, 10), last = mean(r.steps.size() - 10, r.steps.size());
  r.stalled = !std::isfinite(last) || !(last < first * 0.97);
  return r;
}

}  // namespace

class TestFp16Fidelity : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void halfModelFailsAlike();
  void fp16AmpLossCurvesAgree();
  void noScalerLosesGradientsAlike();
  void realRunsAreLabelledLive();
};

void TestFp16Fidelity::initTestCase() {
  if (!precisionlab::cpuFp16KernelsAvailable())
    QSKIP(
        "this LibTorch (Debian's 1.13) has no CPU fp16 kernels, so there is nothing real to "
        "compare the emulation with here; the comparison runs on the LibTorch 2.x build "
        "(build-torch2, from `bash packaging/setup.sh test`)");
}

void TestFp16Fidelity::halfModelFailsAlike() {
  const Run emu = train(Precision::HalfModel, CpuFp16::Emulate);
  const Run real = train(Precision::HalfModel, CpuFp16::Real);
  QVERIFY(emu.emulated);
  QVERIFY(!real.emulated);
  qInfo("half model: emulated first non-finite step %lld (stalled %d), real %lld (stalled %d)",
        static_cast<long long>(emu.firstNonFinite), emu.stalled,
        static_cast<long long>(real.firstNonFinite), real.stalled);
  // The lesson: the half model does not learn. Both must fail, and in the same way.
  QVERIFY2(emu.firstNonFinite > 0 || emu.stalled, "the emulated half model learned");
  QVERIFY2(real.firstNonFinite > 0 || real.stalled, "the real half model learned");
  QCOMPARE(emu.firstNonFinite > 0, real.firstNonFinite > 0);
  if (emu.firstNonFinite > 0) {
    // Comparable step: within a factor of two, or 5 steps, of each other.
    const auto a = emu.firstNonFinite, b = real.firstNonFinite;
    QVERIFY2(std::abs(a - b) <= std::max<int64_t>(5, std::min(a, b)),
             qPrintable(QStringLiteral("non-finite at step %1 emulated vs %2 real").arg(a).arg(b)));
  }
}

void TestFp16Fidelity::fp16AmpLossCurvesAgree() {
  const Run emu = train(Precision::Fp16Amp, CpuFp16::Emulate);
  const Run real = train(Precision::Fp16Amp, CpuFp16::Real);
  const Run fp32 = train(Precision::Fp32, CpuFp16::Auto);
  QCOMPARE(emu.steps.size(), real.steps.size());
  double maxDiff = 0, maxDiffFp32 = 0;
  for (size_t i = 0; i < emu.steps.size(); ++i) {
    maxDiff = std::max(maxDiff, std::abs(emu.steps[i].loss - real.steps[i].loss));
    maxDiffFp32 = std::max(maxDiffFp32, std::abs(real.steps[i].loss - fp32.steps[i].loss));
  }
  qInfo(
      "fp16=True: max |loss emulated - loss real| over %lld steps = %.4f (real fp16 vs fp32: "
      "%.4f); final loss emulated %.4f, real %.4f, fp32 %.4f",
      static_cast<long long>(kSteps), maxDiff, maxDiffFp32, emu.steps.back().loss,
      real.steps.back().loss, fp32.steps.back().loss);
  QVERIFY2(maxDiff <= kLossTolerance,
           qPrintable(QStringLiteral("loss curves differ by %1 (tolerance %2)")
                          .arg(maxDiff)
                          .arg(kLossTolerance)));
  QVERIFY(!real.stalled);
  QCOMPARE(real.firstNonFinite > 0 && !real.steps[real.firstNonFinite - 1].skipped, false);
}

void TestFp16Fidelity::noScalerLosesGradientsAlike() {
  const Run emu = train(Precision::Fp16AmpNoScaler, CpuFp16::Emulate);
  const Run real = train(Precision::Fp16AmpNoScaler, CpuFp16::Real);
  const double diff = std::abs(emu.meanZeroShare - real.meanZeroShare);
  qInfo(
      "fp16 without loss scaling: mean share of zero gradient values emulated %.4f, real "
      "%.4f (difference %.4f)",
      emu.meanZeroShare, real.meanZeroShare, diff);
  QVERIFY2(diff <= kZeroShareTolerance,
           qPrintable(QStringLiteral("zero-gradient shares differ by %1 (tolerance %2)")
                          .arg(diff)
                          .arg(kZeroShareTolerance)));
}

void TestFp16Fidelity::realRunsAreLabelledLive() {
  TrainConfig c = precisionlab::test::tinyTrainConfig(1, 4, 16);
  c.precision = Precision::Fp16Amp;
  c.cpuFp16 = CpuFp16::Real;
  Trainer t(c);
  t.prepare();
  const auto p = t.provenance();
  QCOMPARE(p.kind, precisionlab::Provenance::Live);
  QVERIFY2(p.note.find("real fp16 kernels") != std::string::npos, p.note.c_str());
  // Memory of a real fp16 run is measured: the allocator hook sees the half tensors.
  const StepRecord s = t.step();
  QVERIFY(s.peakBytes > 0);
}

QTEST_GUILESS_MAIN(TestFp16Fidelity)
#include "tst_fp16fidelity.moc"
