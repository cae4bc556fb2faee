// core/ConfigValidator.h: every field's bounds (just inside and just outside each limit), the
// checks that are not ranges (names, paths, device, build support), messages in the setting's
// words (never a CLI flag or a widget), and the Trainer refusing a bad config with the same
// words as its last guard. Plain values and a few files: the whole file runs in well under 1 s.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/ConfigValidator.h"
#include "core/EngineError.h"
#include "core/TextDataset.h"
#include "training/Trainer.h"

using namespace precisionlab;

namespace {

// A config with nothing wrong on any machine: the built-in data, the tiny preset, the CPU.
TrainConfig goodConfig() {
  TrainConfig c;
  c.preset = "tiny";
  c.threads = 1;
  c.device = "cpu";
  return c;
}

ConfigEnvironment machine(int cores = 4, bool fp16Kernels = false, int cudaDevices = 0) {
  ConfigEnvironment env;
  env.cores = cores;
  env.cpuFp16Kernels = fp16Kernels;
  env.torchVersion = "1.13.1";
  env.cudaDeviceCount = [cudaDevices] { return cudaDevices; };
  return env;
}

void setField(TrainConfig& c, ConfigField f, double v) {
  QVERIFY2(configField(f).setNumber, "not a numeric field");
  configField(f).setNumber(c, v);
}

QString all(const std::vector<ConfigIssue>& issues) {
  QStringList s;
  for (const auto& i : issues)
    s << QString("%1: %2").arg(configFieldName(i.field), QString::fromStdString(i.message));
  return s.join('\n');
}

}  // namespace

class TestConfigValidator : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void everyFieldHasOneRow();
  void defaultsAreValid();
  void bounds_data();
  void bounds();
  void checkRangeBeforeNarrowing();
  void threadsAboveTheCores();
  void deviceNeedsCuda();
  void realFp16NeedsKernels();
  void namesAndPaths();
  void trainerNamesTheSettingNotAFlag();

 private:
  QTemporaryDir dir_;
};

void TestConfigValidator::everyFieldHasOneRow() {
  const auto& fields = allConfigFields();
  QCOMPARE(int(fields.size()), int(ConfigField::ShardOptimizer) + 1);
  QSet<QString> names;
  for (size_t i = 0; i < fields.size(); ++i) {
    QCOMPARE(int(fields[i]), int(i));
    names.insert(configFieldName(fields[i]));
    QVERIFY(*configFieldTitle(fields[i]));
  }
  QCOMPARE(int(names.size()), int(fields.size()));
  QCOMPARE(QString(configFieldName(ConfigField::SeqLen)), QString("seqLen"));  // run file key
}

void TestConfigValidator::defaultsAreValid() {
  QVERIFY2(validate(goodConfig(), machine()).empty(),
           qPrintable(all(validate(goodConfig(), machine()))));
  TrainConfig defaults;  // the struct's own defaults (mini, all cores)
  QVERIFY(validate(defaults, machine()).empty());
}

void TestConfigValidator::bounds_data() {
  QTest::addColumn<int>("field");
  QTest::addColumn<double>("value");
  QTest::addColumn<bool>("valid");
  QTest::addColumn<QString>("mustSay");  // in the message when invalid
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::nan("");
  struct Row {
    const char* name;
    ConfigField f;
    double v;
    bool ok;
    const char* say;
  };
  const Row rows[] = {
      {"steps 0", ConfigField::Steps, 0, false, "steps must be between 1 and 10000000 (got 0)"},
      {"steps 1", ConfigField::Steps, 1, true, ""},
      {"steps max", ConfigField::Steps, double(kMaxSteps), true, ""},
      {"steps max+1", ConfigField::Steps, double(kMaxSteps) + 1, false, "(got 10000001)"},
      {"batch 0", ConfigField::BatchSize, 0, false,
       "batch size must be between 1 and 4096 examples"},
      {"batch 1", ConfigField::BatchSize, 1, true, ""},
      {"batch 4096", ConfigField::BatchSize, 4096, true, ""},
      {"batch 4097", ConfigField::BatchSize, 4097, false, "(got 4097)"},
      {"seq 1", ConfigField::SeqLen, 1, false, "sequence length must be between 2 and 512 tokens"},
      {"seq 2", ConfigField::SeqLen, 2, true, ""},
      {"seq 512", ConfigField::SeqLen, 512, true, ""},
      {"seq 513", ConfigField::SeqLen, 513, false, "(got 513)"},
      {"lr 0", ConfigField::LearningRate, 0, false, "learning rate must be a positive number"},
      {"lr -1", ConfigField::LearningRate, -1, false, "(got -1)"},
      {"lr nan", ConfigField::LearningRate, nan, false, "learning rate"},
      {"lr inf", ConfigField::LearningRate, inf, false, "learning rate"},
      {"lr 1e-9", ConfigField::LearningRate, 1e-9, true, ""},
      {"eval -1", ConfigField::EvalEvery, -1, false, "between 0 (validate at the end only) and"},
      {"eval 0", ConfigField::EvalEvery, 0, true, ""},
      {"eval max+1", ConfigField::EvalEvery, double(kMaxSteps) + 1, false, "evaluation interval"},
      {"validation 0", ConfigField::ValidationFraction, 0, false, "both excluded"},
      {"validation 0.5", ConfigField::ValidationFraction, 0.5, true, ""},
      {"validation 1", ConfigField::ValidationFraction, 1, false, "validation fraction"},
      {"threads -1", ConfigField::Threads, -1, false, "threads must be between 0 (all cores) and"},
      {"threads 0", ConfigField::Threads, 0, true, ""},
      {"threads 1025", ConfigField::Threads, 1025, false, "and 1024 (got 1025)"},
      {"layers -1", ConfigField::Layers, -1, false, "pretrained layers used must be between 0"},
      {"layers 1000", ConfigField::Layers, 1000, true, ""},
      {"layers 1001", ConfigField::Layers, 1001, false, "(got 1001)"},
      {"init scale 0", ConfigField::InitScale, 0, false, "initial loss scale must be a positive"},
      {"init scale 1", ConfigField::InitScale, 1, true, ""},
      {"growth interval 0", ConfigField::GrowthInterval, 0, false, "growth interval"},
      {"growth interval 1", ConfigField::GrowthInterval, 1, true, ""},
      // Held to the bounds run files always had (any value inside trains).
      {"warm-up 1.5", ConfigField::WarmupFraction, 1.5, false,
       "warm-up fraction must be between 0 and 1"},
      {"warm-up 1", ConfigField::WarmupFraction, 1, true, ""},
      {"clip -1", ConfigField::MaxGradNorm, -1, true, ""},
      {"clip inf", ConfigField::MaxGradNorm, inf, false, "gradient norm limit"},
  };
  for (const Row& r : rows) QTest::newRow(r.name) << int(r.f) << r.v << r.ok << QString(r.say);
}

void TestConfigValidator::bounds() {
  QFETCH(int, field);
  QFETCH(double, value);
  QFETCH(bool, valid);
  QFETCH(QString, mustSay);
  const auto f = ConfigField(field);
  TrainConfig c = goodConfig();
  c.oversubscribe = true;  // the bound, not this machine's cores
  setField(c, f, value);
  const auto issues = validate(c, machine(2000));
  if (valid) {
    QVERIFY2(issues.empty(), qPrintable(all(issues)));
    return;
  }
  QCOMPARE(int(issues.size()), 1);
  QCOMPARE(int(issues[0].field), field);
  const QString message = QString::fromStdString(issues[0].message);
  QVERIFY2(message.contains(mustSay), qPrintable(message));
  QVERIFY2(!message.contains("--"), qPrintable(message));  // a setting, not a flag
  QVERIFY(issues[0].range.has_value());
  QCOMPARE(issues[0].range->min, configRange(f)->min);
}

void TestConfigValidator::checkRangeBeforeNarrowing() {
  // 4294967297 threads would wrap to 1 in an int: checked as it was typed.
  const auto issue = checkRange(ConfigField::Threads, 4294967297.0);
  QVERIFY(issue);
  QVERIFY(QString::fromStdString(issue->message).contains("(got 4294967297)"));
  QVERIFY(!checkRange(ConfigField::Threads, 8));
  QVERIFY(!checkRange(ConfigField::Device, 1e9));  // not a numeric field: no range
}

void TestConfigValidator::threadsAboveTheCores() {
  TrainConfig c = goodConfig();
  c.threads = 3;
  auto issues = validate(c, machine(2));
  QCOMPARE(int(issues.size()), 1);
  QCOMPARE(int(issues[0].field), int(ConfigField::Threads));
  QVERIFY(issues[0].allowedBy == ConfigField::Oversubscribe);
  QVERIFY(QString::fromStdString(issues[0].message).contains("more than the 2 cores"));
  c.oversubscribe = true;
  QVERIFY(validate(c, machine(2)).empty());
}

void TestConfigValidator::deviceNeedsCuda() {
  TrainConfig c = goodConfig();
  for (const char* bad : {"gpu", "cuda:", "cuda:x", "cuda:1234", "CPU"}) {
    c.device = bad;
    const auto issues = validate(c, machine());
    QVERIFY2(issues.size() == 1 && issues[0].field == ConfigField::Device, bad);
    QVERIFY(QString::fromStdString(issues[0].message).contains("use cpu, cuda or cuda:N"));
  }
  c.device = "cuda";
  auto issues = validate(c, machine(4, false, 0));
  QVERIFY(issues.size() == 1 &&
          QString::fromStdString(issues[0].message).contains("no CUDA device"));
  QVERIFY(validate(c, machine(4, false, 1)).empty());
  c.device = "cuda:1";
  issues = validate(c, machine(4, false, 1));
  QVERIFY(issues.size() == 1 &&
          QString::fromStdString(issues[0].message).contains("cuda:0 to cuda:0"));
  ConfigEnvironment noProbe = machine();
  noProbe.cudaDeviceCount = nullptr;  // not asked: only the spelling is checked
  QVERIFY(validate(c, noProbe).empty());
}

void TestConfigValidator::realFp16NeedsKernels() {
  TrainConfig c = goodConfig();
  c.cpuFp16 = CpuFp16::Real;
  const auto issues = validate(c, machine(4, false));
  QVERIFY(issues.size() == 1 && issues[0].field == ConfigField::CpuFp16);
  QVERIFY(QString::fromStdString(issues[0].message).contains("LibTorch 1.13.1"));
  QVERIFY(validate(c, machine(4, true)).empty());
}

void TestConfigValidator::namesAndPaths() {
  TrainConfig c = goodConfig();
  c.preset = "huge";
  auto issues = validate(c, machine());
  QVERIFY(issues.size() == 1 && issues[0].field == ConfigField::Preset);
  QVERIFY(QString::fromStdString(issues[0].message).contains("use one of tiny"));

  c = goodConfig();
  c.modelDir = dir_.filePath("none").toStdString();
  c.preset = "huge";  // a checkpoint fixes the architecture: the preset is not looked at
  issues = validate(c, machine());
  QVERIFY(issues.size() == 1 && issues[0].field == ConfigField::ModelDir);

  c = goodConfig();
  c.dataPath = dir_.filePath("none.csv").toStdString();
  issues = validate(c, machine());
  QVERIFY(issues.size() == 1 && issues[0].field == ConfigField::DataPath);
  c.dataPath = dir_.path().toStdString();
  issues = validate(c, machine());
  QVERIFY(issues.size() == 1 && QString::fromStdString(issues[0].message).contains("is a folder"));

  // Issue 47: a valid 150 MB CSV took 180 s of CPU and 2.2 GB before the first step, all of it
  // read and tokenized whole. Over the cap it is refused before anything runs, with its size, the
  // cap and how to sample it (a sparse file: nothing is written).
  {
    const QString big = dir_.filePath("big.csv");
    QFile f(big);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(qint64(kMaxTrainingDatasetBytes) + 1));
    f.close();
    c.dataPath = big.toStdString();
    issues = validate(c, machine());
    QVERIFY(issues.size() == 1 && issues[0].field == ConfigField::DataPath);
    const QString m = QString::fromStdString(issues[0].message);
    QVERIFY2(
        m.startsWith(big + ": the dataset is 16.0 MiB, over the 16 MiB a training run takes") &&
            m.contains("tail -n +2 " + big + " | shuf -n 50000) > sample.csv"),
        qPrintable(m));
    QVERIFY(f.resize(qint64(kMaxTrainingDatasetBytes)));  // at the cap: taken
    QVERIFY(validate(c, machine()).empty());
  }

  // A folder of the user's own files is never a save directory.
  QVERIFY(QDir().mkpath(dir_.filePath("mine")));
  QFile f(dir_.filePath("mine/notes.txt"));
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.close();
  c = goodConfig();
  c.saveDir = dir_.filePath("mine").toStdString();
  issues = validate(c, machine());
  QVERIFY(issues.size() == 1 && issues[0].field == ConfigField::SaveDir);
  QVERIFY(QString::fromStdString(issues[0].message).contains("not a model directory"));
  c.saveDir = dir_.filePath("new-model").toStdString();
  QVERIFY(validate(c, machine()).empty());

  // Several problems: all of them, in field order.
  c = goodConfig();
  c.seqLen = 0;
  c.steps = 0;
  c.dataPath = dir_.filePath("none.csv").toStdString();
  issues = validate(c, machine());
  QCOMPARE(int(issues.size()), 3);
  QVERIFY(issues[0].field == ConfigField::DataPath && issues[1].field == ConfigField::Steps &&
          issues[2].field == ConfigField::SeqLen);
}

void TestConfigValidator::trainerNamesTheSettingNotAFlag() {
  TrainConfig c = goodConfig();
  c.seqLen = 100000;
  Trainer trainer(c);
  try {
    trainer.prepare();
    QFAIL("prepare() accepted a sequence length of 100000");
  } catch (const InputError& e) {
    const QString message = QString::fromUtf8(e.what());
    QVERIFY2(message.contains("sequence length must be between 2 and 512"), qPrintable(message));
    QVERIFY2(!message.contains("--"), qPrintable(message));
  }
}

QTEST_GUILESS_MAIN(TestConfigValidator)
#include "tst_configvalidator.moc"
