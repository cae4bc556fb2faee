// The lesson is a test: the lab a new user gets with no options (LabScenarios::defaultIds() on
// the shipped base settings) must reach the verdicts the app exists to show, at several seeds:
//   the fp32 baseline learns (val acc >= 0.75 on the built-in data, chance 0.2);
//   A, half-precision layers: fails (non-finite, stopped once settled);
//   B, TensorFlow container: bit-identical to the baseline;
//   C, Vertex AI HP tuning: 3 trials, 3x the training samples, the best trial learned;
//   D, fp16=True: learns like fp32;
//   bf16=True: measured faster than fp32 here, where the CPU has bf16 units.
// Nothing here is reduced: both cases run the shipped settings (builtinBase() and
// pretrainedBase()), only the seed changes. It is the suite's long test (the pretrained lab takes
// about 3 minutes a seed on 2 idle cores, the built-in one under 2), so it runs on one build
// only, the light build on Debian's own LibTorch (1.13 on Debian 12, 2.6 on 13), where CMake
// sets PRECISIONLAB_LESSON; the pretrained half runs
// where the MiniLM is installed (the test command's venv installs it).
#include <QtTest>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/LabScenarios.h"
#include "core/PretrainedModels.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/SpeedEvidence.h"
#include "engine/BlasKernels.h"
#include "engine/LabSession.h"

using namespace precisionlab;

namespace {

// Where bf16 is measured faster than fp32 on a CPU: AMX tiles, or AMD's Zen 4 avx512_bf16 (2.6x
// on the project's AMD EPYC machines, CPU time per step). An Intel CPU with avx512_bf16 but no
// AMX measured 0.68x-0.75x (the speed-evidence issue): there the story must explain it instead.
bool cpuMakesBf16Faster() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  bool amd = false;
  while (std::getline(in, line)) {
    if (line.rfind("vendor_id", 0) == 0) amd = line.find("AuthenticAMD") != std::string::npos;
    if (line.rfind("flags", 0) == 0)
      return line.find(" amx_bf16") != std::string::npos ||
             (amd && line.find(" avx512_bf16") != std::string::npos);
  }
  return false;
}

const Verdict& verdictOf(const std::vector<Verdict>& all, std::string_view id) {
  for (const auto& v : all)
    if (v.scenarioId == id) return v;
  qFatal("no verdict for %s", std::string(id).c_str());
}

std::string report(const std::vector<Verdict>& all) {
  std::ostringstream out;
  for (const auto& v : all)
    out << "\n  " << v.scenarioId << " [" << judgementName(v.judgement) << "]: " << v.summary;
  return out.str();
}

// Runs the default lab on `base` and checks every verdict of the lesson.
void checkLesson(const TrainConfig& base) {
  // The lab's one driver, as `precisionlab-cli lab` and the window run it.
  LabSession session;
  const LabSession::StartResult started = session.startAll(LabScenarios::defaultIds(), base);
  QVERIFY2(started.ok(), started.error.c_str());
  const auto start = std::chrono::steady_clock::now();
  for (session.poll(); !session.done(); session.poll())
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::vector<Verdict> v = session.verdicts();
  const std::string all = report(v);
  qInfo("seed %llu: %.0f s wall%s", static_cast<unsigned long long>(base.seed), seconds,
        all.c_str());

  const Verdict& baseline = verdictOf(v, scenario::kBaselineFp32);
  QVERIFY2(baseline.judgement == Judgement::Reference, all.c_str());
  QVERIFY2(baseline.valAccuracy >= 0.75, all.c_str());

  const Verdict& half = verdictOf(v, scenario::kHalfLayers);
  QVERIFY2(half.judgement == Judgement::Failed, all.c_str());
  QVERIFY2(half.firstNonFiniteStep > 0, all.c_str());

  const Verdict& container = verdictOf(v, scenario::kTensorflowContainer);
  QVERIFY2(container.judgement == Judgement::Identical, all.c_str());

  const Verdict& sweep = verdictOf(v, scenario::kVertexHpTuning);
  QVERIFY2(sweep.judgement == Judgement::LearnsLikeBaseline, all.c_str());
  QCOMPARE(sweep.count("trials"), int64_t{3});
  QCOMPARE(sweep.value("sampleMultiple"), 3.0);

  const Verdict& amp = verdictOf(v, scenario::kFp16Amp);
  QVERIFY2(amp.judgement == Judgement::LearnsLikeBaseline, all.c_str());

  const Verdict& bf16 = verdictOf(v, scenario::kBf16Amp);
  QVERIFY2(bf16.judgement == Judgement::LearnsLikeBaseline, all.c_str());
  if (cpuMakesBf16Faster()) {
    QVERIFY2(bf16.speedMeasurable, all.c_str());
    QVERIFY2(bf16.speedup > 1.0, all.c_str());
  } else {
    qInfo("this CPU has no AMX (nor Zen 4's bf16): bf16 is not expected to be faster here");
  }

  // The speed story fp16=True's card, verdicts.txt and the presenter tell (core/SpeedEvidence.h):
  // on any machine it carries a sourced figure that reads faster, and a live figure below 1.0x
  // always stands with its hardware reason.
  const SpeedStory story = speedStoryOf(answerScenario(), session.results(), v);
  bool readsFaster = false;
  std::string lines;
  for (const EvidenceLine& l : story.lines) lines += l.english() + "\n";
  for (const EvidenceLine& l : story.lines) {
    readsFaster = readsFaster || (l.speedFigure && l.readsFaster);
    if (l.speedFigure && l.speedup < 1.0) QVERIFY2(l.withReason, lines.c_str());
  }
  QVERIFY2(readsFaster, lines.c_str());
  if (bf16.speedMeasurable && bf16.speedup < 1.0) QVERIFY2(!story.fasterHere, lines.c_str());
}

// The three seeds; PRECISIONLAB_LESSON_SEEDS (e.g. "42") keeps a subset, for CI's two roots,
// which share the seeds of the shipped default (packaging/setup.sh ci-share);
// PRECISIONLAB_LESSON_BUILTIN_SEEDS, when set, is the built-in model's subset instead (the
// fallback lab, checked at fewer seeds in CI for time). A value naming none of the three is an
// error, not a silent pass.
void seeds(const char* variable = nullptr) {
  QTest::addColumn<qulonglong>("seed");
  const char* name =
      variable && qEnvironmentVariableIsSet(variable) ? variable : "PRECISIONLAB_LESSON_SEEDS";
  const QByteArray only = qgetenv(name);
  const QList<QByteArray> wanted = only.split(',');
  int rows = 0;
  for (qulonglong seed : {42ULL, 7ULL, 2026ULL}) {
    if (!only.isEmpty() && !wanted.contains(QByteArray::number(seed))) continue;
    QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    ++rows;
  }
  if (rows == 0)
    qFatal("%s=%s names none of the lesson's seeds (42, 7, 2026)", name, only.constData());
}

}  // namespace

class TestLesson : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void builtinModel_data() { seeds("PRECISIONLAB_LESSON_BUILTIN_SEEDS"); }
  void builtinModel();
  void pretrainedMiniLm_data() { seeds(); }
  void pretrainedMiniLm();
};

void TestLesson::builtinModel() {
  if (qEnvironmentVariableIsEmpty("PRECISIONLAB_LESSON"))
    QSKIP("the lesson runs on the light build only, Debian's own LibTorch (CI time)");
  // CI's Debian 13 root runs the shipped default (the pretrained half) only: the built-in half
  // runs in its Debian 12 root (packaging/setup.sh ci-share).
  if (qgetenv("PRECISIONLAB_LESSON_MODELS") == "pretrained")
    QSKIP("PRECISIONLAB_LESSON_MODELS=pretrained: the built-in model's lesson runs elsewhere");
  QFETCH(qulonglong, seed);
  TrainConfig base = LabScenarios::builtinBase();
  base.seed = seed;
  checkLesson(base);
}

void TestLesson::pretrainedMiniLm() {
  if (qEnvironmentVariableIsEmpty("PRECISIONLAB_LESSON"))
    QSKIP("the pretrained lesson runs on the light build only, Debian's own LibTorch (CI time)");
  if (PretrainedModels::findMiniLm().empty())
    QSKIP("the pretrained MiniLM is not installed (bash packaging/setup.sh installs it)");
  QFETCH(qulonglong, seed);
  TrainConfig base = LabScenarios::pretrainedBase();
  base.seed = seed;
  checkLesson(base);
}

// The CLI's and the app's first call, so the lesson is measured with the BLAS kernels a user's
// run gets (engine/BlasKernels.h: on a CPU OpenBLAS does not recognise it may re-execute).
int main(int argc, char** argv) {
  precisionlab::selectBlasKernels(argc, argv);
  QCoreApplication app(argc, argv);
  TestLesson test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_lesson.moc"
