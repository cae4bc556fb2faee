// Run files: a write/read round trip keeps every number (NaN included), damaged or too-new files
// give errors naming the file and line, and the replayer plays a recording back in order with
// Recorded provenance at the requested speed. Step lines are named by the one record table, and
// RunLog folds updates in and summarises with the one step-time statistic.
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "core/EngineError.h"
#include "core/RecordFields.h"
#include "core/RunRecording.h"
#include "core/RunReplayer.h"

using namespace precisionlab;

namespace {

RunRecording sampleRecording(int steps = 20, double stepMs = 10) {
  RunRecording r;
  r.scenarioId = "fp16-amp";
  r.label = "D: fp16=True";
  r.config.preset = "tiny";
  r.config.steps = steps;
  r.config.batchSize = 8;
  r.config.learningRate = 3e-4;
  r.config.precision = Precision::Fp16Amp;
  r.config.seed = 7;
  r.provenance.kind = Provenance::Emulated;
  r.provenance.device = "cpu (2 threads)";
  r.provenance.torchVersion = "1.13.1";
  r.provenance.recordedAt = "2024-05-01T12:34:56Z";
  r.host = "testhost";
  r.libraries = {{"libtorch", "1.13.1"}, {"precisionlab", "0.1.0"}};
  r.totalSteps = steps;
  for (int i = 1; i <= steps; ++i) {
    StepRecord s;
    s.step = i;
    s.loss = 0.7 / i + 0.1;
    s.learningRate = 3e-4 * i / steps;
    s.stepMs = stepMs;
    s.samplesPerSec = 8 / (stepMs / 1000);
    s.tokensPerSec = 1234.5;
    s.gradNorm = 1.0 / 3.0;
    s.lossScale = 65536;
    s.gradZeroFraction = 1e-7;
    s.peakBytes = int64_t(1) << 40;
    if (i == 5) {
      s.loss = std::numeric_limits<double>::quiet_NaN();
      s.gradNorm = std::numeric_limits<double>::infinity();
      s.nonFinite = true;
      s.skipped = true;
    }
    r.steps.push_back(s);
    if (i % 10 == 0) r.evals.push_back({i, 0.5, 0.75});
  }
  r.evals.insert(r.evals.begin(), EvalRecord{0, 0.69, 0.5});
  r.state = RunState::Finished;
  r.message = "done";
  return r;
}

std::string toText(const RunRecording& r, const QTemporaryDir& dir) {
  const std::string path = dir.filePath("r.plrun").toStdString();
  writeRunRecording(path, r);
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Whether parsing `bad` as bad.plrun fails on its line 1 with `expected` in the message.
bool refused(const std::string& bad, const char* expected) {
  try {
    parseRunRecording(bad, "bad.plrun");
  } catch (const InputError& e) {
    const QString message = QString::fromUtf8(e.what());
    return message.startsWith("bad.plrun:1:") && message.contains(expected);
  }
  return false;
}

// Replaces the first occurrence of `from` in `text`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

}  // namespace

class TestRunRecording : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void roundTrip();
  void memoryExperimentFields();
  void loraFields();
  void outlierFeatureField();
  void damagedFiles_data();
  void damagedFiles();
  void missingFileIsInputError();
  void refusesToRecordAReplay();
  void replayAtTenTimesSpeed();
  void replayFollowsRecordedTimes();
  void replayPauseAndCancel();
  void stepLinesUseTheFieldTable();
  void summaryIsTheMedianAfterWarmup();
  void applyFoldsUpdatesIn();
};

void TestRunRecording::roundTrip() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("fp16.plrun").toStdString();
  const RunRecording in = sampleRecording();
  writeRunRecording(path, in);
  const RunRecording out = readRunRecording(path);

  QCOMPARE(out.scenarioId, in.scenarioId);
  QCOMPARE(out.label, in.label);
  QCOMPARE(out.host, in.host);
  QCOMPARE(out.provenance.kind, Provenance::Emulated);
  QCOMPARE(out.provenance.device, in.provenance.device);
  QCOMPARE(out.provenance.recordedAt, in.provenance.recordedAt);
  QCOMPARE(out.provenance.torchVersion, in.provenance.torchVersion);
  QCOMPARE(out.libraries, in.libraries);
  QCOMPARE(out.config.preset, std::string("tiny"));
  QCOMPARE(out.config.batchSize, int64_t(8));
  QCOMPARE(out.config.learningRate, 3e-4);
  QCOMPARE(out.config.seed, uint64_t(7));
  QCOMPARE(out.config.precision, Precision::Fp16Amp);
  QCOMPARE(out.totalSteps, in.totalSteps);
  QCOMPARE(out.steps.size(), in.steps.size());
  for (size_t i = 0; i < in.steps.size(); ++i) {
    const StepRecord& a = in.steps[i];
    const StepRecord& b = out.steps[i];
    QCOMPARE(b.step, a.step);
    if (std::isnan(a.loss)) {
      QVERIFY(std::isnan(b.loss));
    } else {
      QCOMPARE(b.loss, a.loss);  // exact: shortest round-trip text
    }
    QCOMPARE(b.gradNorm, a.gradNorm);
    QCOMPARE(b.learningRate, a.learningRate);
    QCOMPARE(b.stepMs, a.stepMs);
    QCOMPARE(b.nonFinite, a.nonFinite);
    QCOMPARE(b.skipped, a.skipped);
    QCOMPARE(b.lossScale, a.lossScale);
    QCOMPARE(b.gradZeroFraction, a.gradZeroFraction);
    QCOMPARE(b.peakBytes, a.peakBytes);
  }
  QCOMPARE(out.evals.size(), size_t(3));
  QCOMPARE(out.evals[0].step, int64_t(0));
  QCOMPARE(out.evals[2].valAccuracy, 0.75);
  QCOMPARE(out.state, RunState::Finished);
  QCOMPARE(out.message, std::string("done"));
  QCOMPARE(out.summary().stepsDone, int64_t(20));
  QCOMPARE(out.summary().skippedSteps, int64_t(1));
  QCOMPARE(out.summary().firstNonFiniteStep, int64_t(5));
  QCOMPARE(out.summary().finalValAccuracy, 0.75);
  QCOMPARE(out.summary().peakBytes, int64_t(1) << 40);
}

void TestRunRecording::memoryExperimentFields() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  // Written only where they differ from one batch per step and stored activations.
  const std::string plain = toText(sampleRecording(), dir);
  QVERIFY(plain.find("accumulationSteps") == std::string::npos);
  QVERIFY(plain.find("checkpointActivations") == std::string::npos);
  QCOMPARE(parseRunRecording(plain, "old.plrun").config.accumulationSteps, int64_t(1));
  QVERIFY(!parseRunRecording(plain, "old.plrun").config.checkpointActivations);

  RunRecording in = sampleRecording();
  in.config.accumulationSteps = 4;
  in.config.checkpointActivations = true;
  const std::string text = toText(in, dir);
  const RunRecording out = parseRunRecording(text, "memory.plrun");
  QCOMPARE(out.config.accumulationSteps, int64_t(4));
  QVERIFY(out.config.checkpointActivations);

  // Hostile values name the file, the line and the field.
  QVERIFY(refused(replaced(text, "\"accumulationSteps\":4", "\"accumulationSteps\":3"),
                  "config.accumulationSteps"));  // 3 does not divide the batch of 8
  QVERIFY(refused(replaced(text, "\"accumulationSteps\":4", "\"accumulationSteps\":0"),
                  "accumulationSteps"));
  QVERIFY(refused(replaced(text, "\"checkpointActivations\":true", "\"checkpointActivations\":1"),
                  "checkpointActivations"));
  // The preemption experiment's periodic checkpoints: written only when on, held to the bounds.
  QVERIFY(plain.find("checkpointEvery") == std::string::npos);
  RunRecording periodic = sampleRecording();
  periodic.config.checkpointEvery = 5;
  const std::string withCheckpoints = toText(periodic, dir);
  QCOMPARE(parseRunRecording(withCheckpoints, "p.plrun").config.checkpointEvery, int64_t(5));
  QVERIFY(refused(replaced(withCheckpoints, "\"checkpointEvery\":5", "\"checkpointEvery\":-1"),
                  "checkpointEvery"));
}

void TestRunRecording::loraFields() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  // Full fine-tuning writes neither; LoRA writes both, and steps carry the measured figures.
  const std::string plain = toText(sampleRecording(), dir);
  QVERIFY(plain.find("loraRank") == std::string::npos);
  QVERIFY(plain.find("trainableParams") == std::string::npos);
  QCOMPARE(parseRunRecording(plain, "old.plrun").config.loraRank, int64_t(0));
  RunRecording in = sampleRecording();
  in.config.loraRank = 8;
  in.config.loraAlpha = 16;
  in.steps[0].trainableParams = 75653;
  in.steps[0].optimizerStateBytes = 605224;
  const std::string text = toText(in, dir);
  const RunRecording out = parseRunRecording(text, "lora.plrun");
  QCOMPARE(out.config.loraRank, int64_t(8));
  QCOMPARE(out.config.loraAlpha, 16.0);
  QCOMPARE(out.steps[0].trainableParams, int64_t(75653));
  QCOMPARE(out.steps[0].optimizerStateBytes, int64_t(605224));
  QVERIFY(refused(replaced(text, "\"loraRank\":8", "\"loraRank\":-1"), "loraRank"));
  QVERIFY(refused(replaced(text, "\"loraRank\":8", "\"loraRank\":5000"), "loraRank"));
  QVERIFY(refused(replaced(text, "\"loraAlpha\":16", "\"loraAlpha\":0"), "loraAlpha"));
}

void TestRunRecording::outlierFeatureField() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  // Written only for the range experiment's runs; a file without it has no outlier feature.
  const std::string plain = toText(sampleRecording(), dir);
  QVERIFY(plain.find("outlierScaleLog2") == std::string::npos);
  QCOMPARE(parseRunRecording(plain, "old.plrun").config.outlierScaleLog2, int64_t(0));

  RunRecording in = sampleRecording();
  in.config.outlierScaleLog2 = 20;
  const std::string text = toText(in, dir);
  QCOMPARE(parseRunRecording(text, "range.plrun").config.outlierScaleLog2, int64_t(20));
  for (const char* bad : {"\"outlierScaleLog2\":65", "\"outlierScaleLog2\":-1",
                          "\"outlierScaleLog2\":2.5", "\"outlierScaleLog2\":\"20\""})
    QVERIFY2(refused(replaced(text, "\"outlierScaleLog2\":20", bad), "outlierScaleLog2"), bad);
}

void TestRunRecording::damagedFiles_data() {
  QTest::addColumn<QString>("kind");
  QTest::addColumn<int>("line");
  QTest::addColumn<QString>("expected");
  QTest::newRow("truncated") << "truncated" << 8 << "truncated";
  QTest::newRow("no end record") << "no-end" << 24 << "truncated";
  QTest::newRow("bad JSON") << "bad-json" << 3 << "bad JSON at column";
  QTest::newRow("missing step field") << "missing-field" << 4 << "missing field \"stepMs\"";
  QTest::newRow("missing config field") << "missing-config" << 1 << "config.batchSize";
  QTest::newRow("newer version") << "newer" << 1
                                 << "made by a newer PrecisionLab (format 2); this version reads "
                                    "format 1";
  QTest::newRow("unknown format") << "unknown-format" << 1 << "not a PrecisionLab run file";
  QTest::newRow("wrong type") << "wrong-type" << 2 << "\"loss\" must be a number";
  QTest::newRow("steps out of order") << "order" << 4 << "steps must increase";
}

void TestRunRecording::damagedFiles() {
  QFETCH(QString, kind);
  QFETCH(int, line);
  QFETCH(QString, expected);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  std::string text = toText(sampleRecording(), dir);
  // Line numbers of the sample: 1 header, 2 eval@0, 3 step 1, ..., 12 step 10, 13 eval@10, ...
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  auto join = [&](size_t count) {
    std::string s;
    for (size_t i = 0; i < count; ++i) s += lines[i] + "\n";
    return s;
  };

  if (kind == "truncated") {
    text = join(7) + lines[7].substr(0, lines[7].size() / 2);
  } else if (kind == "no-end") {
    text = join(lines.size() - 1);
  } else if (kind == "bad-json") {
    lines[2] = replaced(lines[2], "\"step\":1,", "\"step\":1,,");
    text = join(lines.size());
  } else if (kind == "missing-field") {
    lines[3] = replaced(lines[3], "\"stepMs\"", "\"stepTime\"");
    text = join(lines.size());
  } else if (kind == "missing-config") {
    lines[0] = replaced(lines[0], "\"batchSize\"", "\"batch\"");
    text = join(lines.size());
  } else if (kind == "newer") {
    lines[0] = replaced(lines[0], "\"version\":1", "\"version\":2");
    lines[0] = replaced(lines[0], "\"config\"", "\"settings\"");  // newer files may differ
    text = join(lines.size());
  } else if (kind == "unknown-format") {
    lines[0] = replaced(lines[0], "precisionlab-run", "somebody-else");
    text = join(lines.size());
  } else if (kind == "wrong-type") {
    lines[1] = replaced(lines[1], "\"type\":\"eval\"", "\"type\":\"step\",\"loss\":true");
    text = join(lines.size());
  } else if (kind == "order") {
    std::swap(lines[2], lines[3]);
    text = join(lines.size());
  }
  const std::string fileName = "/some/where/fp16.plrun";
  try {
    parseRunRecording(text, fileName);
    QFAIL("a damaged file was accepted");
  } catch (const InputError& e) {
    const QString message = QString::fromStdString(e.what());
    QVERIFY2(
        message.startsWith(QString::fromStdString(fileName) + ":" + QString::number(line) + ":"),
        qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
  }
}

void TestRunRecording::missingFileIsInputError() {
  QVERIFY_THROWS_EXCEPTION(InputError, readRunRecording("/nonexistent/dir/x.plrun"));
}

void TestRunRecording::refusesToRecordAReplay() {
  QTemporaryDir dir;
  RunRecording r = sampleRecording();
  r.provenance.kind = Provenance::Recorded;
  QVERIFY_THROWS_EXCEPTION(InputError, writeRunRecording(dir.filePath("x.plrun").toStdString(), r));
}

void TestRunRecording::replayAtTenTimesSpeed() {
  // 20 steps x 10 ms = 200 ms recorded; at 10x it must finish in about 20 ms of real time.
  const RunRecording rec = sampleRecording(20, 10);
  RunReplayer replayer(10.0);
  const RunId id = replayer.add(rec);
  std::vector<StepRecord> steps;
  std::vector<EvalRecord> evals;
  RunState last = RunState::Queued;
  QElapsedTimer timer;
  timer.start();
  while (!replayer.idle() && timer.elapsed() < 5000) {
    for (const RunUpdate& u : replayer.drain()) {
      QCOMPARE(u.id, id);
      QCOMPARE(u.provenance.kind, Provenance::Recorded);
      QCOMPARE(u.provenance.device, std::string("cpu (2 threads)"));
      QCOMPARE(u.provenance.recordedAt, std::string("2024-05-01T12:34:56Z"));
      QVERIFY(QString::fromStdString(u.provenance.note)
                  .startsWith("recorded on cpu (2 threads), 2024-05-01"));
      QCOMPARE(u.totalSteps, int64_t(20));
      QCOMPARE(u.label, rec.label);
      steps.insert(steps.end(), u.steps.begin(), u.steps.end());
      evals.insert(evals.end(), u.evals.begin(), u.evals.end());
      last = u.state;
    }
    QTest::qSleep(2);
  }
  QVERIFY(replayer.idle());
  QVERIFY2(timer.elapsed() >= 15, "replay at 10x ran faster than the recorded times allow");
  QCOMPARE(last, RunState::Finished);
  QCOMPARE(steps.size(), rec.steps.size());
  for (size_t i = 0; i < steps.size(); ++i) QCOMPARE(steps[i].step, rec.steps[i].step);
  QCOMPARE(evals.size(), rec.evals.size());
  for (size_t i = 0; i < evals.size(); ++i) QCOMPARE(evals[i].step, rec.evals[i].step);
  QVERIFY(replayer.drain().empty());
}

void TestRunRecording::replayFollowsRecordedTimes() {
  double now = 0;
  RunReplayer replayer(1.0, [&] { return now; });
  RunRecording rec = sampleRecording(4, 100);
  rec.steps[1].stepMs = 300;  // steps end at 100, 400, 500, 600 ms
  rec.evals.clear();
  replayer.add(rec);
  auto stepsNow = [&] {
    size_t n = 0;
    for (const RunUpdate& u : replayer.drain()) n += u.steps.size();
    return n;
  };
  QCOMPARE(stepsNow(), size_t(0));
  now = 99;
  QCOMPARE(stepsNow(), size_t(0));
  now = 100;
  QCOMPARE(stepsNow(), size_t(1));
  now = 399;
  QCOMPARE(stepsNow(), size_t(0));
  replayer.setSpeed(2.0);  // 400 recorded ms reached at real 399.5, 600 at real 499.5
  now = 400;
  QCOMPARE(stepsNow(), size_t(1));
  now = 499.5;
  QCOMPARE(stepsNow(), size_t(2));
  QVERIFY(replayer.idle());
  QVERIFY_THROWS_EXCEPTION(InputError, replayer.setSpeed(0));
}

void TestRunRecording::replayPauseAndCancel() {
  double now = 0;
  RunReplayer replayer(1.0, [&] { return now; });
  const RunId a = replayer.add(sampleRecording(10, 10));
  const RunId b = replayer.add(sampleRecording(10, 10));
  QCOMPARE(replayer.drain().size(), size_t(2));  // both announce themselves
  replayer.setPaused(a, true);
  now = 50;
  for (const RunUpdate& u : replayer.drain()) {
    if (u.id == a) {
      QCOMPARE(u.state, RunState::Paused);
      QVERIFY(u.steps.empty());
    } else {
      QCOMPARE(u.steps.size(), size_t(5));
    }
  }
  replayer.setPaused(a, false);
  replayer.cancel(b);
  now = 70;
  for (const RunUpdate& u : replayer.drain()) {
    if (u.id == a) QCOMPARE(u.steps.size(), size_t(2));  // paused time did not count
    if (u.id == b) QCOMPARE(u.state, RunState::Cancelled);
  }
  now = 1000;
  bool finished = false;
  for (const RunUpdate& u : replayer.drain())
    if (u.id == a) finished = u.state == RunState::Finished;
  QVERIFY(finished);
  QVERIFY(replayer.idle());
}

void TestRunRecording::stepLinesUseTheFieldTable() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("fields.plrun").toStdString();
  RunRecording in = sampleRecording(4);
  in.steps[1].cpuMs = 7.5;  // optional: written only where measured
  writeRunRecording(path, in);
  std::ifstream file(path);
  std::vector<QJsonObject> steps;
  for (std::string line; std::getline(file, line);) {
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
    if (o.value("type").toString() == "step") steps.push_back(o);
  }
  QCOMPARE(steps.size(), size_t(4));
  QStringList expected = {"type"};
  for (const StepField& f : stepFields())
    if (!f.optional) expected.append(QString::fromLatin1(f.name));
  expected.sort();
  QStringList keys = steps[0].keys();
  keys.sort();
  QCOMPARE(keys, expected);
  QVERIFY(steps[1].contains("cpuMs"));
  QVERIFY(!steps[0].contains("cpuMs"));
  QCOMPARE(readRunRecording(path).steps[1].cpuMs, 7.5);
}

void TestRunRecording::summaryIsTheMedianAfterWarmup() {
  RunLog log;
  // Warm-up steps are slow, one later step stalls: the median after step 3 ignores both (a mean
  // after step 1 would read 298 ms).
  const double ms[] = {900, 400, 300, 10, 12, 11, 1000, 10};
  for (int i = 0; i < 8; ++i) {
    StepRecord r;
    r.step = i + 1;
    r.stepMs = ms[i];
    r.samplesPerSec = 1000.0 / ms[i];
    r.loss = 1.0 / (i + 1);
    log.steps.push_back(r);
  }
  const RunSummary s = log.summary();
  QCOMPARE(s.stepsDone, int64_t(8));
  QCOMPARE(s.medianStepMs, 11.0);  // of 10, 12, 11, 1000, 10
  QCOMPARE(s.medianSamplesPerSec, 1000.0 / 11);
  QCOMPARE(s.finalLoss, 1.0 / 8);
  QCOMPARE(s.finalValAccuracy, -1.0);
  // A run no longer than the warm-up gets its figure from every step.
  log.steps.resize(2);
  QCOMPARE(log.summary().medianStepMs, 650.0);
}

void TestRunRecording::applyFoldsUpdatesIn() {
  RunLog log;
  log.key = {RunOrigin::Trained, 3};
  RunUpdate u;
  u.id = 3;
  u.label = "run";
  u.state = RunState::Running;
  u.message = "training";
  u.totalSteps = 5;
  u.steps.resize(2);
  log.apply(u);
  QVERIFY(!log.provenanceKnown);  // the scheduler reports it once the run is prepared
  u.state = RunState::Failed;
  u.message = "out of memory";
  u.provenance.device = "cpu";
  u.steps.resize(1);
  u.evals.resize(1);
  log.apply(u);
  u.state = RunState::Failed;
  u.message.clear();  // an update without news keeps the cause
  u.steps.clear();
  u.evals.clear();
  log.apply(u);
  QCOMPARE(log.label, std::string("run"));
  QCOMPARE(log.steps.size(), size_t(3));
  QCOMPARE(log.evals.size(), size_t(1));
  QCOMPARE(log.message, std::string("out of memory"));
  QVERIFY(log.provenanceKnown);
  QVERIFY(!log.active());
  QCOMPARE(log.revision, uint64_t(3));
}

QTEST_GUILESS_MAIN(TestRunRecording)
#include "tst_runrecording.moc"
