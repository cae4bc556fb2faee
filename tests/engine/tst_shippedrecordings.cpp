// The recordings shipped in resources/recorded are worth teaching from: they were made from the
// one scenario table (the tuning trials sweep the lab's learning rates, every run has the
// settings of its scenario), and their step figures do not swing with other load: the
// TensorFlow-container run is the baseline's computation, so its speed against the baseline
// must read 1.00x with a p25-p75 range inside 0.95-1.05x. Reads files only: milliseconds.
#include <QDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/Verdict.h"

using namespace precisionlab;

namespace {

const QString kFolder = QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/recorded");

std::map<std::string, std::vector<RunRecording>> loadAll() {
  std::map<std::string, std::vector<RunRecording>> out;
  const QStringList files =
      QDir(kFolder).entryList({QStringLiteral("*.plrun")}, QDir::Files, QDir::Name);
  for (const QString& f : files) {
    RunRecording r = readRunRecording(QDir(kFolder).filePath(f).toStdString());
    out[r.scenarioId].push_back(std::move(r));
  }
  return out;
}

}  // namespace

class TestShippedRecordings : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void madeFromTheScenarioTable() {
    const auto all = loadAll();
    QVERIFY(all.count(std::string(scenario::kBaselineFp32)) == 1);
    // Every run of the default lab is shipped: a deleted recording must fail here, not pass.
    for (const ScenarioSpec& row : scenarioTable())
      if (row.inDefaultLab) QVERIFY2(all.count(row.id) == 1, row.id.c_str());
    const RunRecording& base = all.at(std::string(scenario::kBaselineFp32)).front();
    for (const auto& [id, recordings] : all) {
      const LabScenario s = LabScenarios::make(id, base.config);
      QCOMPARE(recordings.size(), s.runs.size());
      std::vector<double> rates, expected;
      for (const RunRecording& r : recordings) {
        rates.push_back(r.config.learningRate);
        QCOMPARE(r.config.steps, base.config.steps);
        QCOMPARE(r.config.batchSize, base.config.batchSize);
        QCOMPARE(r.config.preset, base.config.preset);
      }
      for (const LabRun& run : s.runs) {
        expected.push_back(run.config.learningRate);
        QVERIFY2(std::any_of(recordings.begin(), recordings.end(),
                             [&](const RunRecording& r) {
                               return r.config.precision == run.config.precision;
                             }),
                 id.c_str());
      }
      std::sort(rates.begin(), rates.end());
      std::sort(expected.begin(), expected.end());
      for (size_t i = 0; i < rates.size(); ++i)
        QVERIFY2(std::abs(rates[i] - expected[i]) <= 1e-12 * expected[i], id.c_str());
    }
  }

  void bitIdenticalRunReadsOneWithATightSpread() {
    const auto all = loadAll();
    const RunRecording& base = all.at(std::string(scenario::kBaselineFp32)).front();
    const RunRecording& tf = all.at(std::string(scenario::kTensorflowContainer)).front();
    MeasuredScenario s;
    s.id = tf.scenarioId;
    s.runs.push_back(tf);  // a recording is a RunLog
    const Verdict v = computeVerdict(s, base);
    QVERIFY2(v.identicalToBaseline, v.summary.c_str());
    QVERIFY2(v.speedMeasurable, v.summary.c_str());
    QVERIFY2(v.cpuTime, "the shipped recordings must carry per-step CPU time");
    QVERIFY2(v.speedupLow >= 0.95 && v.speedupHigh <= 1.05, v.summary.c_str());
  }
};

QTEST_MAIN(TestShippedRecordings)
#include "tst_shippedrecordings.moc"
