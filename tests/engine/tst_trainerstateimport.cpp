// trainer_state.json import: a Trainer's log history becomes a recorded run labelled with what
// the file does not say; hostile files fail with the file, entry and field named.
#include <QtTest>

#include <cmath>
#include <fstream>

#include "core/EngineError.h"
#include "core/TrainerStateImport.h"
#include "trainer_state_samples.h"

using namespace precisionlab;
using namespace trainerstate_samples;

namespace {

RunRecording parse(const std::string& text, TrainerStateImportOptions o = {}) {
  return TrainerStateImport::fromText(text, "state.json", o);
}

QString errorOf(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class TestTrainerStateImport : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void importsLogHistory();
  void namesWhatTheCallerKnows();
  void rejectsHostileFiles_data();
  void rejectsHostileFiles();
  void refusesOversizedAndNonRegularFiles();
};

void TestTrainerStateImport::importsLogHistory() {
  const RunRecording r = parse(kState);
  QCOMPARE(r.steps.size(), size_t(3));
  QCOMPARE(r.steps[1].step, int64_t(2));
  QCOMPARE(r.steps[1].loss, 0.65);
  QCOMPARE(r.steps[1].learningRate, 3.75e-05);
  QCOMPARE(r.steps[1].gradNorm, 1.25);
  QVERIFY(std::isnan(r.steps[2].loss));
  QVERIFY(r.steps[2].nonFinite);
  QCOMPARE(r.evals.size(), size_t(1));
  QCOMPARE(r.evals[0].valAccuracy, 0.75);
  QCOMPARE(r.totalSteps, int64_t(4));
  QCOMPARE(r.steps[0].stepMs, 500.0);  // train_runtime 2 s over 4 steps: the mean, said so
  QCOMPARE(r.config.batchSize, int64_t(4));
  QCOMPARE(r.summary().firstNonFiniteStep, int64_t(4));
  QCOMPARE(r.label, std::string("Trainer run (state.json)"));
  const std::string& note = r.provenance.note;
  QVERIFY(note.find("mean (train_runtime / global_step") != std::string::npos);
  QVERIFY(note.find("the device") != std::string::npos);
  QVERIFY(note.find("precision (shown as fp32)") != std::string::npos);
  QVERIFY(r.provenance.device.find("unknown device") != std::string::npos);
}

void TestTrainerStateImport::namesWhatTheCallerKnows() {
  TrainerStateImportOptions o;
  o.device = "cuda:0 NVIDIA L4 (Vertex AI)";
  o.precision = "fp16-amp";
  o.scenarioId = "fp16-amp";
  o.label = "my Vertex run";
  const RunRecording r = parse(kState, o);
  QCOMPARE(r.provenance.device, o.device);
  QCOMPARE(r.config.precision, Precision::Fp16Amp);
  QCOMPARE(r.scenarioId, o.scenarioId);
  QCOMPARE(r.label, o.label);
  QVERIFY(r.provenance.note.find("the device") == std::string::npos);
  o.precision = "fp8";
  QVERIFY_THROWS_EXCEPTION(InputError, parse(kState, o));
  o.precision.clear();
  o.scenarioId = "no-such-scenario";
  QVERIFY_THROWS_EXCEPTION(InputError, parse(kState, o));
}

void TestTrainerStateImport::rejectsHostileFiles_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("mentions");
  QTest::newRow("not json") << "{\"log_history\": ["
                            << "not valid JSON";
  QTest::newRow("array") << "[]"
                         << "must be a JSON object";
  QTest::newRow("no history") << "{\"global_step\": 3}"
                              << "\"log_history\" is missing";
  QTest::newRow("history not array") << "{\"log_history\": {}}"
                                     << "must be an array";
  QTest::newRow("entry not object") << "{\"log_history\": [3]}"
                                    << "log_history[0]: must be an object";
  QTest::newRow("loss string") << kHostile0 << "log_history[0]: field \"loss\" must be a number";
  QTest::newRow("step missing") << kHostile1 << "field \"step\" is missing";
  QTest::newRow("step fraction") << kHostile2 << "whole step number";
  QTest::newRow("step negative") << kHostile3 << "the steps a lab run holds";
  QTest::newRow("step huge") << kHostile4 << "too large";
  QTest::newRow("steps backwards")
      << kHostile5 << "log_history[1]: field \"step\" = 2 does not follow step 2";
  QTest::newRow("no training logs") << kHostile6 << "no training log";
  QTest::newRow("bare nan word") << kHostile7 << "not valid JSON";
  QTest::newRow("deep nesting") << QString(200, '[') + QString(200, ']') << "not valid JSON";
}

void TestTrainerStateImport::rejectsHostileFiles() {
  QFETCH(QString, text);
  QFETCH(QString, mentions);
  const QString error = errorOf(text.toStdString());
  QVERIFY2(error.contains("state.json"), qPrintable(error));
  QVERIFY2(error.contains(mentions), qPrintable(error));
}

void TestTrainerStateImport::refusesOversizedAndNonRegularFiles() {
  QTemporaryDir tmp;
  auto message = [](const std::string& path) {
    try {
      TrainerStateImport::fromFile(path, {});
    } catch (const InputError& e) {
      return QString::fromStdString(e.what());
    }
    return QString();
  };
  QVERIFY(message(tmp.path().toStdString()).contains("not a regular file"));
  QVERIFY(message((tmp.path() + "/missing.json").toStdString()).contains("cannot open"));
  const std::string big = (tmp.path() + "/big.json").toStdString();
  {
    std::ofstream out(big, std::ios::binary);
    out.seekp(static_cast<std::streamoff>(TrainerStateImport::kMaxFileBytes));
    out.put('x');  // sparse: 64 MiB + 1 byte without writing them
  }
  QVERIFY(message(big).contains("64 MiB"));
  const std::string good = (tmp.path() + "/trainer_state.json").toStdString();
  std::ofstream(good) << kState;
  const RunRecording r = TrainerStateImport::fromFile(good, {});
  QVERIFY(!r.provenance.recordedAt.empty());  // the file's modification time
  QVERIFY(r.provenance.note.find("modification time") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestTrainerStateImport)
#include "tst_trainerstateimport.moc"
