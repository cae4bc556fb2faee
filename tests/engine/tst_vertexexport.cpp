// Vertex AI export: for every exportable scenario the generated Python compiles, the YAML parses
// and carries the fields Vertex AI requires, fp16=True appears for fp16-amp only, and the tuning
// spec never tunes precision. Python and PyYAML do the checking, as gcloud would.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <clocale>

#include <string>

#include "core/EngineError.h"
#include "core/ScenarioIds.h"
#include "core/VertexAiExport.h"

using namespace precisionlab;

namespace {

QString readAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

// Runs python3 with `args`; returns exit code, output in *out.
int python(const QStringList& args, QString* out) {
  QProcess p;
  p.setProcessChannelMode(QProcess::MergedChannels);
  p.start("python3", args);
  if (!p.waitForFinished(30000)) return -1;
  *out = QString::fromUtf8(p.readAll());
  return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

// Checks the YAML with PyYAML (tests/engine/vertex_yaml_check.py); a separate file because moc
// cannot read raw string literals holding Python.
const QString kYamlCheck =
    QStringLiteral(PRECISIONLAB_SOURCE_DIR "/tests/engine/vertex_yaml_check.py");

}  // namespace

class TestVertexExport : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void scenario_data();
  void scenario();
  void refusesNoScalerAndUnknown();
  void refusesBadSettings_data();
  void refusesBadSettings();

 private:
  bool haveYaml_ = false;
};

void TestVertexExport::initTestCase() {
  if (QStandardPaths::findExecutable("python3").isEmpty()) QSKIP("python3 is not installed");
  QString out;
  haveYaml_ = python({"-c", "import yaml"}, &out) == 0;
}

void TestVertexExport::scenario_data() {
  QTest::addColumn<QString>("id");
  for (const std::string& id : vertexExportableScenarios())
    QTest::newRow(id.c_str()) << QString::fromStdString(id);
}

void TestVertexExport::scenario() {
  QFETCH(QString, id);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString out = dir.filePath("export");
  VertexAiSettings settings;
  settings.datasetUri = "gs://my-bucket/data/reviews.csv";
  settings.stagingBucket = "gs://my-bucket/precisionlab/";
  const VertexAiExportResult result = exportVertexAi(id.toStdString(), settings, out.toStdString());
  const bool hp = id == QLatin1String(scenario::kVertexHpTuning.data());
  QCOMPARE(result.files.size(), size_t(hp ? 5 : 4));
  for (const std::string& f : result.files)
    QVERIFY2(QFile::exists(out + "/" + QString::fromStdString(f)), f.c_str());

  QString log;
  QVERIFY2(python({"-m", "py_compile", out + "/train.py"}, &log) == 0, qPrintable(log));
  QVERIFY2(python({"-m", "py_compile", out + "/setup.py"}, &log) == 0, qPrintable(log));

  const QString train = readAll(out + "/train.py");
  const bool fp16 = id == QLatin1String(scenario::kFp16Amp.data());
  QCOMPARE(train.contains("fp16=True,"), fp16);
  QCOMPARE(train.contains("bf16=True,"), id == QLatin1String(scenario::kBf16Amp.data()));
  QCOMPARE(train.contains("model = model.half()"),
           id == QLatin1String(scenario::kHalfLayers.data()));
  if (id == QLatin1String(scenario::kHalfLayers.data())) QVERIFY(train.contains("WRONG ANSWER"));
  if (id == QLatin1String(scenario::kTensorflowContainer.data()))
    QVERIFY(train.contains("framework swap does not change numerical precision"));
  QVERIFY(train.contains("gs://my-bucket/data/reviews.csv"));
  QVERIFY(train.contains("hypertune"));
  QVERIFY(train.contains("trainer.save_state()"));  // trainer_state.json for the lab's import
  QVERIFY(train.contains("os.environ.get(\"AIP_TENSORBOARD_LOG_DIR\")"));
  QVERIFY(train.contains("precision in effect:"));

  const QString readme = readAll(out + "/README.txt");
  QVERIFY(readme.contains("gcloud ai custom-jobs create --region=us-central1"));
  QCOMPARE(readme.contains("gcloud ai hp-tuning-jobs create"), hp);

  if (!haveYaml_) QSKIP("python3-yaml is not installed (packaging/setup.sh installs it)");
  QString yamlLog;
  QVERIFY2(python({kYamlCheck, out + "/job.yaml", "job"}, &yamlLog) == 0, qPrintable(yamlLog));
  if (hp) {
    QVERIFY2(python({kYamlCheck, out + "/hp-tuning.yaml", "hp"}, &yamlLog) == 0,
             qPrintable(yamlLog));
  }
  // bf16 needs an Ampere or newer GPU: the default machine follows the scenario.
  const QString job = readAll(out + "/job.yaml");
  QCOMPARE(job.contains("NVIDIA_L4"), id == QLatin1String(scenario::kBf16Amp.data()));
  QVERIFY(job.contains("gs://my-bucket/precisionlab/precisionlab_trainer-0.1.tar.gz"));
}

void TestVertexExport::refusesNoScalerAndUnknown() {
  QTemporaryDir dir;
  try {
    exportVertexAi("fp16-no-scaler", {}, dir.path().toStdString());
    QFAIL("fp16-no-scaler was exported");
  } catch (const InputError& e) {
    QVERIFY(QString(e.what()).contains("fp16-amp"));
  }
  try {
    exportVertexAi("fp8", {}, dir.path().toStdString());
    QFAIL("an unknown scenario was exported");
  } catch (const InputError& e) {
    QVERIFY(QString(e.what()).contains("unknown scenario \"fp8\""));
  }
  QVERIFY(QDir(dir.path()).isEmpty());
}

void TestVertexExport::refusesBadSettings_data() {
  QTest::addColumn<QString>("field");
  QTest::addColumn<QString>("expected");
  QTest::newRow("local dataset") << "dataset"
                                 << "must be a gs:// URI";
  QTest::newRow("region") << "region"
                          << "setting region";
  QTest::newRow("accelerator count") << "count"
                                     << "accelerator count";
  QTest::newRow("machine without accelerator") << "machine"
                                               << "given together";
  QTest::newRow("parallel trials") << "parallel"
                                   << "parallel trial count";
}

void TestVertexExport::refusesBadSettings() {
  QFETCH(QString, field);
  QFETCH(QString, expected);
  VertexAiSettings s;
  if (field == "dataset") s.datasetUri = "/home/me/data.csv";
  if (field == "region") s.region = "US Central";
  if (field == "count") s.acceleratorCount = 0;
  if (field == "machine") s.machineType = "a2-highgpu-1g";
  if (field == "parallel") s.parallelTrialCount = 99;
  QTemporaryDir dir;
  try {
    exportVertexAi("vertex-hp-tuning", s, dir.filePath("x").toStdString());
    QFAIL("a bad setting was accepted");
  } catch (const InputError& e) {
    QVERIFY2(QString(e.what()).contains(expected), e.what());
  }
}

QTEST_GUILESS_MAIN(TestVertexExport)
#include "tst_vertexexport.moc"
