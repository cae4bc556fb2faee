// The engine's CUDA code paths: device parsing and naming, the caching allocator's peak memory,
// fp16=True and bf16=True live on the GPU, the half model's fp16 storage, and fp16=True using
// less memory than fp32 on the same batch. They run only where a CUDA device is present; on a
// machine without one (every CI machine of this project) each test skips, saying why, while the
// build itself proves the CUDA code compiles and links against a CUDA LibTorch.
#include <QtTest>

#include <cmath>

#include <torch/cuda.h>

#include "core/TrainConfig.h"
#include "engine/BuildInfo.h"
#include "platform/DeviceInfo.h"
#include "training/Trainer.h"

using precisionlab::Precision;
using precisionlab::Provenance;
using precisionlab::StepRecord;
using precisionlab::TrainConfig;
using precisionlab::Trainer;

namespace {

TrainConfig gpuConfig(Precision precision) {
  TrainConfig c;
  c.preset = "mini";
  c.device = "cuda";
  c.steps = 8;
  c.batchSize = 32;
  c.seqLen = 128;
  c.evalEvery = 0;
  c.precision = precision;
  return c;
}

struct Measured {
  std::vector<StepRecord> steps;
  precisionlab::RunProvenance provenance;
};

Measured run(const TrainConfig& c) {
  Trainer t(c);
  t.prepare();
  Measured m;
  m.provenance = t.provenance();
  while (!t.finished()) m.steps.push_back(t.step());
  return m;
}

}  // namespace

class TestCuda : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void deviceIsNamed();
  void fp16AmpIsLiveAndLearns();
  void fp16AmpUsesLessMemoryThanFp32();
  void bf16AmpRunsWhereSupported();
  void halfModelStoresFp16();
};

void TestCuda::initTestCase() {
  const auto info = precisionlab::buildInfo();
  if (!info.cudaCompiled)
    QSKIP(
        "this build has no CUDA support compiled in (Debian's LibTorch 1.13 is CPU-only); the "
        "CUDA paths are built and tested in the LibTorch 2.x build (build-torch2)");
  if (!torch::cuda::is_available())
    QSKIP(
        "CUDA support is compiled in, but this machine has no CUDA device: the CUDA code "
        "compiled and linked; its tests run on a machine with a GPU");
}

void TestCuda::deviceIsNamed() {
  const auto d = precisionlab::parseDevice("cuda:0");
  QVERIFY(d.is_cuda());
  const std::string name = precisionlab::describeDevice(d);
  QVERIFY2(name.rfind("cuda:0 ", 0) == 0 && name.size() > 7, name.c_str());  // "cuda:0 <GPU name>"
}

void TestCuda::fp16AmpIsLiveAndLearns() {
  const Measured m = run(gpuConfig(Precision::Fp16Amp));
  QCOMPARE(m.provenance.kind, Provenance::Live);
  QVERIFY(m.provenance.speedRepresentative);
  QCOMPARE(static_cast<int>(m.steps.size()), 8);
  for (const auto& s : m.steps) {
    QVERIFY(std::isfinite(s.loss));
    QVERIFY(s.peakBytes > 0);  // the caching allocator's peak
    QVERIFY(s.lossScale > 0);
  }
}

void TestCuda::fp16AmpUsesLessMemoryThanFp32() {
  const Measured fp32 = run(gpuConfig(Precision::Fp32));
  const Measured fp16 = run(gpuConfig(Precision::Fp16Amp));
  const auto peak = [](const Measured& m) {
    int64_t p = 0;
    for (const auto& s : m.steps) p = std::max(p, s.peakBytes);
    return p;
  };
  qInfo("peak memory on %s: fp32 %lld bytes, fp16=True %lld bytes", fp32.provenance.device.c_str(),
        static_cast<long long>(peak(fp32)), static_cast<long long>(peak(fp16)));
  QVERIFY(peak(fp16) < peak(fp32));
}

void TestCuda::bf16AmpRunsWhereSupported() {
  const Measured m = run(gpuConfig(Precision::Bf16Amp));
  QCOMPARE(m.provenance.kind, Provenance::Live);
  for (const auto& s : m.steps) QVERIFY(std::isfinite(s.loss));
}

void TestCuda::halfModelStoresFp16() {
  TrainConfig c = gpuConfig(Precision::HalfModel);
  c.steps = 2;
  const Measured m = run(c);
  QCOMPARE(m.provenance.kind, Provenance::Live);
  QVERIFY(m.provenance.note.find("kHalf") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestCuda)
#include "tst_cuda.moc"
