// LoRA (docs/lora-experiment.md): the engine's adapters train only themselves and the
// classifier, the CLI writes them in Hugging Face PEFT's layout, the engine reads that layout
// back (refusing malformed files with the file and field named), and the real `peft` package
// loads what the CLI wrote onto transformers' BERT with the same values and the same logits.
#include <sys/stat.h>

#include <chrono>
#include <thread>

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "../cli/cli_runner.h"
#include "../support/TinyTrainConfig.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/ScenarioIds.h"
#include "core/Verdict.h"
#include "engine/LabSession.h"
#include "experiment_runs.h"
#include "model/HfCheckpoint.h"
#include "model/PeftAdapter.h"
#include "model/SafetensorsFile.h"
#include "training/Trainer.h"

using namespace precisionlab;

namespace {

const QString kVenvPython = QStringLiteral(PRECISIONLAB_SOURCE_DIR "/.venv/bin/python");

std::string readText(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

void writeText(const QString& path, const std::string& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(text.data(), static_cast<qint64>(text.size()));
}

// The message of loadPeftAdapter's refusal, or "" when it loaded.
QString refusal(const QString& baseDir, const QString& adapterDir) {
  try {
    LoadedCheckpoint ck = loadHfCheckpoint(baseDir.toStdString(), torch::kCPU, nullptr);
    loadPeftAdapter(adapterDir.toStdString(), *ck.model);
  } catch (const InputError& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace

class TestPeftAdapter : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    torch::set_num_threads(1);
    QVERIFY(tmp_.isValid());
    base_ = tmp_.filePath("base");
    adapter_ = tmp_.filePath("adapter");
    // A base checkpoint (the built-in tiny model, briefly trained), then LoRA on it.
    clitest::CliResult r = clitest::runCli(
        {"train", "--preset", "tiny", "--steps", "2", "--threads", "1", "--save", base_});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = clitest::runCli({"train", "--model", base_, "--lora-rank", "4", "--lora-alpha", "8",
                         "--steps", "6", "--lr", "0.01", "--threads", "1", "--save", adapter_});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  }

  // Only the adapters and the classifier train; the frozen base never changes.
  void loraTrainsOnlyAdaptersAndClassifier() {
    TrainConfig c = test::tinyTrainConfig(3);
    c.learningRate = 0.01;
    c.loraRank = 2;
    Trainer t(c);
    t.prepare();
    int64_t trainable = 0;
    for (const auto& p : t.parameters()) trainable += p.numel();
    const auto& bert = t.model()->options().config();
    const int64_t h = bert.hiddenSize, layers = bert.numLayers;
    // Per layer: query and value, each A (2 x H) and B (H x 2); the classifier H x labels + bias.
    const int64_t labels = t.model()->classifier->weight.size(0);
    QCOMPARE(trainable, layers * 2 * (2 * h + h * 2) + h * labels + labels);
    QCOMPARE(t.optimizer().params().size(), size_t(layers * 4 + 2));
    const torch::Tensor query0 = t.model()->layers[0]->query->weight.clone();
    const torch::Tensor loraB0 = t.model()->layers[0]->queryLoraB->weight.clone();
    QVERIFY(torch::equal(loraB0, torch::zeros_like(loraB0)));  // B starts at zero
    while (!t.finished()) t.step();
    QVERIFY(torch::equal(t.model()->layers[0]->query->weight, query0));
    QVERIFY(!torch::equal(t.model()->layers[0]->queryLoraB->weight, loraB0));
  }

  // The lab's verdict from real runs (the tiny model, 24 steps): counted trainable parameters,
  // the optimizer state as the allocator measured it (AdamW's m and v: 8 bytes a trained
  // value), both far below full fine-tuning's.
  void labVerdictFromRealRuns() {
    const TrainConfig base = testing::tinyExperimentBase();
    LabSession session;
    const LabSession::StartResult started =
        session.startAll({scenario::kBaselineFp32, scenario::kLora}, base);
    QVERIFY2(started.ok(), started.error.c_str());
    for (session.poll(); !session.done(); session.poll())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto verdicts = session.verdicts();
    QCOMPARE(verdicts.size(), size_t{2});
    const Verdict& v = verdicts[1];
    qInfo("%s", v.summary.c_str());
    QCOMPARE(QString::fromStdString(v.scenarioId), QStringLiteral("lora"));
    QVERIFY2((v.judgedAs == EvidenceStory::LoraExperiment), v.summary.c_str());
    QCOMPARE(v.count("loraRank"), int64_t{8});
    QVERIFY2(v.count("trainableParams") > 0 &&
                 v.count("trainableParams") * 10 < v.count("baselineTrainableParams"),
             v.summary.c_str());
    QVERIFY2(v.measured("optimizerStateBytes"), v.summary.c_str());
    const auto near = [](int64_t measured, int64_t expected) {
      return std::abs(double(measured) - double(expected)) <= 0.05 * double(expected);
    };
    QVERIFY2(near(v.count("optimizerStateBytes"), 8 * v.count("trainableParams")),
             v.summary.c_str());
    QVERIFY2(near(v.count("baselineOptimizerStateBytes"), 8 * v.count("baselineTrainableParams")),
             v.summary.c_str());
    QVERIFY2(v.judgement != Judgement::TooShort && v.judgement != Judgement::Failed,
             v.summary.c_str());
    QVERIFY2(v.summary.find("(measured)") != std::string::npos, v.summary.c_str());
  }

  // The CLI's adapter: PEFT's file names, config fields and tensor names.
  void cliWritesPeftLayout() {
    const json::Value c = json::parse(readText(adapter_ + "/adapter_config.json"));
    QCOMPARE(c.find("peft_type")->asString(), std::string("LORA"));
    QCOMPARE(c.find("r")->asInt64(), int64_t(4));
    QCOMPARE(c.find("lora_alpha")->asDouble(), 8.0);
    QCOMPARE(c.find("bias")->asString(), std::string("none"));
    QCOMPARE(c.find("task_type")->asString(), std::string("SEQ_CLS"));
    QCOMPARE(c.find("lora_dropout")->asDouble(), 0.0);
    QCOMPARE(c.find("base_model_name_or_path")->asString(), base_.toStdString());
    QCOMPARE(c.find("target_modules")->asArray().size(), size_t(2));
    SafetensorsFile f((adapter_ + "/adapter_model.safetensors").toStdString());
    QCOMPARE(f.header().tensors.size(), size_t(2 * 4 + 2));  // tiny: 2 layers
    for (const char* name :
         {"base_model.model.bert.encoder.layer.0.attention.self.query.lora_A.weight",
          "base_model.model.bert.encoder.layer.1.attention.self.value.lora_B.weight",
          "base_model.model.classifier.weight", "base_model.model.classifier.bias"})
      QVERIFY2(f.find(name), name);
    const TensorEntry* a =
        f.find("base_model.model.bert.encoder.layer.0.attention.self.query.lora_A.weight");
    QCOMPARE(a->shape, (std::vector<int64_t>{4, 128}));
    // Trained: B left zero.
    const TensorEntry* b =
        f.find("base_model.model.bert.encoder.layer.0.attention.self.query.lora_B.weight");
    QVERIFY(f.load(*b, torch::kFloat).abs().max().item<float>() > 0);
    QVERIFY(!QFileInfo::exists(adapter_ + "/model.safetensors"));
  }

  // The engine reads the layout back: every tensor lands where it came from.
  void loaderReadsItBack() {
    LoadedCheckpoint ck = loadHfCheckpoint(base_.toStdString(), torch::kCPU, nullptr);
    const PeftAdapterInfo info = loadPeftAdapter(adapter_.toStdString(), *ck.model);
    QCOMPARE(info.rank, int64_t(4));
    QCOMPARE(info.alpha, 8.0);
    QCOMPARE(ck.model->loraRank(), int64_t(4));
    QCOMPARE(ck.model->layers[0]->loraScaling(), 2.0);
    SafetensorsFile f((adapter_ + "/adapter_model.safetensors").toStdString());
    const TensorEntry* b =
        f.find("base_model.model.bert.encoder.layer.1.attention.self.value.lora_B.weight");
    QVERIFY(torch::equal(ck.model->layers[1]->valueLoraB->weight, f.load(*b, torch::kFloat)));
  }

  void refusesMalformedAdapters_data() {
    QTest::addColumn<QString>("field");   // config field to break, or "" to break the weights
    QTest::addColumn<QString>("value");   // its new JSON value
    QTest::addColumn<QString>("expect");  // part of the message
    QTest::newRow("r missing") << "r"
                               << ""
                               << "adapter_config.json: field \"r\" is missing";
    QTest::newRow("r text") << "r"
                            << "\"4\""
                            << "field \"r\" must be an integer";
    QTest::newRow("r huge") << "r"
                            << "100000"
                            << "field \"r\" is 100000, outside the accepted 1..1024";
    QTest::newRow("r vs shapes") << "r"
                                 << "8"
                                 << "has shape [4, 128], the model needs [8, 128]";
    QTest::newRow("not LoRA") << "peft_type"
                              << "\"IA3\""
                              << "field \"peft_type\" must be \"LORA\"";
    QTest::newRow("targets") << "target_modules"
                             << "[\"query\", \"key\"]"
                             << "field \"target_modules\" must be";
    QTest::newRow("alpha") << "lora_alpha"
                           << "-1"
                           << "field \"lora_alpha\" must be positive";
    QTest::newRow("bias") << "bias"
                          << "\"all\""
                          << "field \"bias\" must be \"none\"";
  }

  void refusesMalformedAdapters() {
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, expect);
    QTemporaryDir dir;
    QVERIFY(QFile::copy(adapter_ + "/adapter_model.safetensors",
                        dir.filePath("adapter_model.safetensors")));
    json::Value c = json::parse(readText(adapter_ + "/adapter_config.json"));
    json::Value edited = json::Value::object();
    for (const auto& [k, v] : c.members())
      if (k != field.toStdString()) edited.set(k, v);
    if (!value.isEmpty()) edited.set(field.toStdString(), json::parse(value.toStdString()));
    writeText(dir.filePath("adapter_config.json"), json::serialize(edited));
    const QString message = refusal(base_, dir.path());
    QVERIFY2(message.contains(expect), qPrintable(message));
  }

  void refusesWhatIsNotAFile() {
    QTemporaryDir dir;
    QVERIFY(::mkfifo(dir.filePath("adapter_config.json").toLocal8Bit().constData(), 0600) == 0);
    const QString message = refusal(base_, dir.path());
    QVERIFY2(message.contains("adapter_config.json") && message.contains("FIFO"),
             qPrintable(message));
  }

  // The real PEFT loads the CLI's adapter onto transformers' BERT: equal tensors, equal logits.
  void peftLoadsTheAdapter() {
#ifndef PRECISIONLAB_REAL_TOOL_TESTS
    QSKIP(
        "skipped: the real-tool checks run in the light build only (Debian's LibTorch) "
        "(tests/engine/CMakeLists.txt)");
#endif
    if (!QFileInfo(kVenvPython).isExecutable())
      QSKIP(qPrintable("skipped: " + kVenvPython +
                       " not found (bash packaging/setup.sh creates the venv)"));
    const std::vector<int64_t> ids{2, 17, 40, 9, 23, 3}, mask{1, 1, 1, 1, 1, 0};
    json::Value input = json::Value::object();
    json::Value idRow = json::Value::array(), maskRow = json::Value::array();
    for (size_t i = 0; i < ids.size(); ++i) {
      idRow.push(ids[i]);
      maskRow.push(mask[i]);
    }
    json::Value idRows = json::Value::array(), maskRows = json::Value::array();
    idRows.push(idRow);
    maskRows.push(maskRow);
    input.set("input_ids", idRows);
    input.set("attention_mask", maskRows);
    const QString inputPath = tmp_.filePath("input.json");
    writeText(inputPath, json::serialize(input));
    QProcess python;
    python.start(kVenvPython, {PRECISIONLAB_SOURCE_DIR "/tests/engine/peft_check.py", base_,
                               adapter_, inputPath});
    QVERIFY(python.waitForFinished(180000));
    if (python.exitCode() == 2)
      QSKIP(qPrintable("skipped: " + QString::fromUtf8(python.readAllStandardError()).trimmed() +
                       " (pip install -r packaging/python-requirements.txt)"));
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    const json::Value out = json::parse(python.readAllStandardOutput().trimmed().toStdString());
    QCOMPARE(out.find("checked")->asInt64(), int64_t(10));
    QCOMPARE(out.find("loraModules")->asInt64(), int64_t(4));
    // Our engine, base + adapter, on the same input in eval mode.
    LoadedCheckpoint ck = loadHfCheckpoint(base_.toStdString(), torch::kCPU, nullptr);
    loadPeftAdapter(adapter_.toStdString(), *ck.model);
    ck.model->eval();
    torch::NoGradGuard noGrad;
    const auto n = static_cast<int64_t>(ids.size());
    const torch::Tensor logits =
        ck.model->forward(torch::tensor(ids).view({1, n}), torch::tensor(mask).view({1, n}),
                          torch::zeros({1, n}, torch::kLong));
    const auto& theirs = out.find("logits")->asArray();
    QCOMPARE(int64_t(theirs.size()), logits.numel());
    for (int64_t i = 0; i < logits.numel(); ++i)
      QVERIFY2(std::fabs(theirs[size_t(i)].asDouble() - logits.flatten()[i].item<double>()) < 1e-4,
               qPrintable(QString("logit %1: peft %2, engine %3")
                              .arg(i)
                              .arg(theirs[size_t(i)].asDouble())
                              .arg(logits.flatten()[i].item<double>())));
  }

 private:
  QTemporaryDir tmp_;
  QString base_, adapter_;
};

QTEST_GUILESS_MAIN(TestPeftAdapter)
#include "tst_peftadapter.moc"
