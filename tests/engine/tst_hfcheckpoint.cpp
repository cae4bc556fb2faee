// Hugging Face model directories: a checkpoint written by an independent Python writer
// (tests/data/make_hf_checkpoint.py: struct + json only) loads with the classifier warning,
// predicts, fine-tunes, saves, and the saved directory loads again with identical logits.
// Malformed config.json / vocab.txt / weights and pickle files are rejected with clear errors.
#include <QtTest>

#include <fstream>

#include "../support/ScopedFileSizeLimit.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "engine/HfClassifier.h"
#include "engine/HfModelDirectory.h"
#include "model/HfCheckpoint.h"
#include "model/SafetensorsWriter.h"

using namespace precisionlab;

namespace {

const QString kSource = QStringLiteral(PRECISIONLAB_SOURCE_DIR);

void writeText(const QString& path, const std::string& text) {
  std::ofstream out(path.toStdString(), std::ios::binary);
  out << text;
}

std::string readText(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

bool makeCheckpoint(const QString& dir, const QStringList& extra = {}) {
  QProcess p;
  p.start("python3", QStringList{kSource + "/tests/data/make_hf_checkpoint.py", dir,
                                 kSource + "/resources/data/vocab.txt"} +
                         extra);
  if (!p.waitForFinished(30000) || p.exitCode() != 0) {
    qWarning() << p.readAllStandardError();
    return false;
  }
  return true;
}

// A fixed batch of texts as model inputs.
struct Inputs {
  torch::Tensor ids, mask, types;
};

Inputs encode(const WordPieceTokenizer& tok, const std::vector<std::string>& texts) {
  EncodedBatch b = tok.encodeBatch(texts, 32);
  const auto opts = torch::TensorOptions().dtype(torch::kInt64);
  return {torch::from_blob(b.inputIds.data(), {b.batch, b.length}, opts).clone(),
          torch::from_blob(b.attentionMask.data(), {b.batch, b.length}, opts).clone(),
          torch::from_blob(b.tokenTypeIds.data(), {b.batch, b.length}, opts).clone()};
}

torch::Tensor logitsOf(BertForSequenceClassificationImpl& m, const Inputs& in) {
  torch::NoGradGuard g;
  m.eval();
  return m.forward(in.ids, in.mask, in.types);
}

bool anyContains(const std::vector<std::string>& v, const std::string& needle) {
  for (const auto& s : v)
    if (s.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace

class TestHfCheckpoint : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void loadsIndependentCheckpoint_data();
  void loadsIndependentCheckpoint();
  void predictFineTuneSaveReload();
  void saveFailureKeepsPreviousDirectory();
  void saveRefusesForeignDirectory();
  void newLabelSet();
  void malformedConfig_data();
  void malformedConfig();
  void malformedVocab();
  void weightMismatchListedOnce();
  void pickleRefused();
  void inspect();

 private:
  QTemporaryDir tmp_;
  QString base_;  // the F32 checkpoint
  std::vector<std::string> texts_ = {"the loss went nan after warmup", "learning rate too high",
                                     "shuffle the data", "bf16 was slower"};
};

void TestHfCheckpoint::initTestCase() {
  torch::set_num_threads(2);
  QVERIFY(tmp_.isValid());
  base_ = tmp_.filePath("base");
  QVERIFY(makeCheckpoint(base_));
}

void TestHfCheckpoint::loadsIndependentCheckpoint_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<double>("tolerance");
  QTest::newRow("F32") << QStringList{} << 0.0;
  QTest::newRow("F16") << QStringList{"--dtype", "F16"} << 0.0;
  QTest::newRow("BF16 sharded") << QStringList{"--dtype", "BF16", "--shards", "2"} << 0.0;
  QTest::newRow("F32 sharded x3") << QStringList{"--shards", "3"} << 0.0;
}

void TestHfCheckpoint::loadsIndependentCheckpoint() {
  QFETCH(QStringList, args);
  QFETCH(double, tolerance);
  const QString dir =
      tmp_.filePath("ck_" + QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_'));
  QVERIFY(makeCheckpoint(dir, args));
  std::vector<std::string> warnings;
  torch::manual_seed(1);
  LoadedCheckpoint ck = loadHfCheckpoint(dir.toStdString(), torch::kCPU, &warnings);
  QCOMPARE(ck.config.hiddenSize, int64_t(32));
  QCOMPARE(ck.config.numLayers, int64_t(2));
  QVERIFY(ck.config.labels == (std::vector<std::string>{"negative", "positive"}));
  QVERIFY(ck.tokenizer.lowercase());
  // The classifier warning names both tensors; cls.* are reported as ignored.
  QVERIFY(anyContains(warnings, "classifier.weight, classifier.bias"));
  QVERIFY(anyContains(warnings, "newly initialized"));
  QVERIFY(anyContains(warnings, "cls.seq_relationship.weight"));
  // Values equal what the independent writer wrote (probe.json), gamma/beta mapped by name.
  const json::Value probe = json::parse(readText(dir + "/probe.json"));
  auto params = ck.model->named_parameters();
  int checked = 0;
  for (const auto& [name, first] : probe.members()) {
    if (name.rfind("cls.", 0) == 0) continue;
    std::string mapped = name;
    if (mapped.size() > 6 && mapped.compare(mapped.size() - 6, 6, ".gamma") == 0)
      mapped = mapped.substr(0, mapped.size() - 6) + ".weight";
    if (mapped.size() > 5 && mapped.compare(mapped.size() - 5, 5, ".beta") == 0)
      mapped = mapped.substr(0, mapped.size() - 5) + ".bias";
    const torch::Tensor* p = params.find(mapped);
    QVERIFY2(p, mapped.c_str());
    const torch::Tensor flat = p->flatten();
    for (size_t k = 0; k < first.asArray().size(); ++k) {
      const double expected = first.asArray()[k].asDouble();
      QVERIFY2(std::abs(flat[int64_t(k)].item<double>() - expected) <= tolerance + 1e-7,
               mapped.c_str());
    }
    ++checked;
  }
  QVERIFY(checked >= 30);
}

void TestHfCheckpoint::predictFineTuneSaveReload() {
  std::vector<std::string> warnings;
  torch::manual_seed(3);
  LoadedCheckpoint ck = loadHfCheckpoint(base_.toStdString(), torch::kCPU, &warnings);
  const Inputs in = encode(ck.tokenizer, texts_);
  const torch::Tensor before = logitsOf(*ck.model, in);
  QVERIFY(before.sizes() == torch::IntArrayRef({4, 2}));
  QVERIFY(torch::isfinite(before).all().item<bool>());

  // Fine-tune a few steps on the fixed batch: the loss must go down.
  const torch::Tensor labels = torch::tensor({0, 1, 0, 1}, torch::kInt64);
  torch::optim::AdamW opt(ck.model->parameters(), torch::optim::AdamWOptions(3e-3));
  ck.model->train();
  double first = 0, last = 0;
  for (int step = 0; step < 12; ++step) {
    opt.zero_grad();
    const torch::Tensor loss =
        torch::cross_entropy_loss(ck.model->forward(in.ids, in.mask, in.types), labels);
    loss.backward();
    opt.step();
    (step == 0 ? first : last) = loss.item<double>();
  }
  QVERIFY2(last < first, qPrintable(QString("loss %1 -> %2").arg(first).arg(last)));
  const torch::Tensor tuned = logitsOf(*ck.model, in);

  const QString out = tmp_.filePath("saved");
  saveHfCheckpoint(out.toStdString(), ck.config, ck.tokenizer, *ck.model);
  for (const char* f : {"config.json", "vocab.txt", "tokenizer_config.json", "model.safetensors"})
    QVERIFY2(QFileInfo::exists(out + "/" + f), f);
  const json::Value config = json::parse(readText(out + "/config.json"));
  QCOMPARE(QString::fromStdString(config.find("architectures")->asArray()[0].asString()),
           "BertForSequenceClassification");
  QCOMPARE(QString::fromStdString(config.find("id2label")->find("1")->asString()), "positive");
  QCOMPARE(config.find("label2id")->find("negative")->asInt64(), int64_t(0));
  QCOMPARE(config.find("hidden_size")->asInt64(), int64_t(32));
  QVERIFY(json::parse(readText(out + "/tokenizer_config.json")).find("do_lower_case")->asBool());
  QVERIFY(readText(out + "/vocab.txt") == readText(kSource + "/resources/data/vocab.txt"));

  std::vector<std::string> warnings2;
  LoadedCheckpoint again = loadHfCheckpoint(out.toStdString(), torch::kCPU, &warnings2);
  QVERIFY2(!anyContains(warnings2, "newly initialized"), "the saved classifier must load");
  QVERIFY(torch::equal(logitsOf(*again.model, in), tuned));

  // Saving again over the directory replaces it (atomically) and leaves no temporary folders.
  saveHfCheckpoint(out.toStdString(), again.config, again.tokenizer, *again.model);
  QCOMPARE(QDir(tmp_.path()).entryList({".saved*"}, QDir::Dirs | QDir::Hidden).size(), 0);

  // The torch-free facade predicts the same.
  HfClassifier classifier(out.toStdString());
  const auto preds = classifier.predict(texts_);
  QCOMPARE(int(preds.size()), 4);
  for (int i = 0; i < 4; ++i) {
    QCOMPARE(preds[size_t(i)].logits[0], tuned[i][0].item<float>());
    QVERIFY(preds[size_t(i)].label == ck.config.labels[size_t(tuned[i].argmax().item<int64_t>())]);
  }
}

void TestHfCheckpoint::saveFailureKeepsPreviousDirectory() {
  std::vector<std::string> warnings;
  torch::manual_seed(4);
  LoadedCheckpoint ck = loadHfCheckpoint(base_.toStdString(), torch::kCPU, &warnings);
  const QString out = tmp_.filePath("keep");
  saveHfCheckpoint(out.toStdString(), ck.config, ck.tokenizer, *ck.model);
  const std::string oldWeights = readText(out + "/model.safetensors");
  {
    torch::NoGradGuard g;
    for (auto& p : ck.model->parameters()) p.add_(1.0);
  }
  // A write failure half-way (file-size limit below the weights' size: EFBIG, like a full disk).
  QString what;
  {
    precisionlab::test::ScopedFileSizeLimit limit(64 * 1024);
    QVERIFY(limit.ok());
    try {
      saveHfCheckpoint(out.toStdString(), ck.config, ck.tokenizer, *ck.model);
    } catch (const InputError& e) {
      what = e.what();
    }
  }
  QVERIFY2(what.contains("failed") && what.contains("unchanged"), qPrintable(what));
  QVERIFY(readText(out + "/model.safetensors") == oldWeights);
  QCOMPARE(QDir(tmp_.path()).entryList({".keep*"}, QDir::Dirs | QDir::Hidden).size(), 0);
  std::vector<std::string> w2;
  QVERIFY(loadHfCheckpoint(out.toStdString(), torch::kCPU, &w2).model);
}

void TestHfCheckpoint::saveRefusesForeignDirectory() {
  std::vector<std::string> warnings;
  LoadedCheckpoint ck = loadHfCheckpoint(base_.toStdString(), torch::kCPU, &warnings);
  const QString foreign = tmp_.filePath("foreign");
  QVERIFY(QDir().mkpath(foreign));
  writeText(foreign + "/notes.txt", "precious");
  QVERIFY_THROWS_EXCEPTION(
      InputError, saveHfCheckpoint(foreign.toStdString(), ck.config, ck.tokenizer, *ck.model));
  QVERIFY(readText(foreign + "/notes.txt") == "precious");
}

void TestHfCheckpoint::newLabelSet() {
  std::vector<std::string> warnings;
  const std::vector<std::string> labels = {"a", "b", "c"};
  LoadedCheckpoint ck = loadHfCheckpoint(base_.toStdString(), torch::kCPU, &warnings, &labels);
  QVERIFY(ck.config.labels == labels);
  QCOMPARE(ck.model->classifier->weight.size(0), int64_t(3));
  QVERIFY(anyContains(warnings, "replaced by the dataset's 3"));
}

void TestHfCheckpoint::malformedConfig_data() {
  QTest::addColumn<QString>("find");     // text in the valid config.json ...
  QTest::addColumn<QString>("replace");  // ... replaced by this
  QTest::addColumn<QString>("expected");
  QTest::newRow("missing field") << "\"hidden_size\": 32,"
                                 << ""
                                 << "field \"hidden_size\" is missing";
  QTest::newRow("wrong type") << "\"hidden_size\": 32"
                              << "\"hidden_size\": \"32\""
                              << "field \"hidden_size\" must be a positive integer, found string";
  QTest::newRow("float size") << "\"hidden_size\": 32"
                              << "\"hidden_size\": 32.5"
                              << "found 32.5";
  QTest::newRow("zero layers") << "\"num_hidden_layers\": 2"
                               << "\"num_hidden_layers\": 0"
                               << "\"num_hidden_layers\" must be a positive integer, found 0";
  QTest::newRow("gpt2") << "\"model_type\": \"bert\""
                        << "\"model_type\": \"gpt2\""
                        << "\"model_type\" is \"gpt2\", but PrecisionLab loads BERT models only";
  QTest::newRow("heads do not divide") << "\"num_attention_heads\": 2"
                                       << "\"num_attention_heads\": 5"
                                       << "not a multiple";
  QTest::newRow("activation") << "\"hidden_act\": \"gelu\""
                              << "\"hidden_act\": \"swish\""
                              << "\"hidden_act\" = \"swish\" is not supported";
  QTest::newRow("eps type") << "\"layer_norm_eps\": 1e-12"
                            << "\"layer_norm_eps\": true"
                            << "\"layer_norm_eps\" must be a number, found boolean";
  QTest::newRow("dropout range") << "\"hidden_dropout_prob\": 0.1"
                                 << "\"hidden_dropout_prob\": 1.5"
                                 << "out of range";
  QTest::newRow("id2label gap") << "\"1\": \"positive\""
                                << "\"2\": \"positive\""
                                << "keys must be the ids 0..1";
  QTest::newRow("label2id not inverse") << "\"positive\": 1"
                                        << "\"positive\": 0"
                                        << "not the inverse of id2label";
  QTest::newRow("invalid JSON") << "\"vocab_size\""
                                << "vocab_size"
                                << "config.json: line";
  QTest::newRow("duplicate key") << "\"hidden_size\": 32,"
                                 << "\"hidden_size\": 32, \"hidden_size\": 64,"
                                 << "duplicate key \"hidden_size\"";
  QTest::newRow("vocab_size too small")
      << "\"vocab_size\": 1320"
      << "\"vocab_size\": 100"
      << "vocab.txt has 1320 tokens but config.json's vocab_size is 100";
}

void TestHfCheckpoint::malformedConfig() {
  QFETCH(QString, find);
  QFETCH(QString, replace);
  QFETCH(QString, expected);
  const QString dir = tmp_.filePath("badconfig");
  QDir(dir).removeRecursively();
  QVERIFY(makeCheckpoint(dir));
  QString config = QString::fromStdString(readText(dir + "/config.json"));
  QVERIFY2(config.contains(find), qPrintable(find));
  config.replace(find, replace);
  writeText(dir + "/config.json", config.toStdString());
  std::vector<std::string> warnings;
  try {
    loadHfCheckpoint(dir.toStdString(), torch::kCPU, &warnings);
    QFAIL("loaded a malformed config.json");
  } catch (const InputError& e) {
    const QString what = e.what();
    QVERIFY2(what.contains(expected), qPrintable(what));
    QVERIFY2(what.contains("config.json"), qPrintable(what));
  }
}

void TestHfCheckpoint::malformedVocab() {
  const QString dir = tmp_.filePath("badvocab");
  QVERIFY(makeCheckpoint(dir));
  std::vector<std::string> warnings;
  QFile::remove(dir + "/vocab.txt");
  try {
    loadHfCheckpoint(dir.toStdString(), torch::kCPU, &warnings);
    QFAIL("loaded without vocab.txt");
  } catch (const InputError& e) {
    QVERIFY2(QString(e.what()).contains("vocab.txt: missing"), e.what());
  }
  writeText(dir + "/vocab.txt", "[PAD]\n[UNK]\nhello\n");  // no [CLS]/[SEP]
  try {
    loadHfCheckpoint(dir.toStdString(), torch::kCPU, &warnings);
    QFAIL("loaded a vocab.txt without [CLS]");
  } catch (const InputError& e) {
    QVERIFY2(QString(e.what()).contains("vocab.txt"), e.what());
  }
  writeText(dir + "/vocab.txt", readText(kSource + "/resources/data/vocab.txt"));
  writeText(dir + "/tokenizer_config.json", "{\"do_lower_case\": \"yes\"}");
  try {
    loadHfCheckpoint(dir.toStdString(), torch::kCPU, &warnings);
    QFAIL("accepted do_lower_case \"yes\"");
  } catch (const InputError& e) {
    QVERIFY2(QString(e.what()).contains("tokenizer_config.json: field \"do_lower_case\""),
             e.what());
  }
}

void TestHfCheckpoint::weightMismatchListedOnce() {
  const QString dir = tmp_.filePath("mismatch");
  QVERIFY(makeCheckpoint(dir));
  // Replace the weights with a file missing one tensor, with an unexpected one, and a wrong shape.
  std::vector<std::string> warnings;
  LoadedCheckpoint ck = loadHfCheckpoint(base_.toStdString(), torch::kCPU, &warnings);
  SafetensorsWriter w;
  for (const auto& p : ck.model->named_parameters()) {
    if (p.key() == "bert.pooler.dense.bias") continue;
    if (p.key() == "bert.encoder.layer.1.output.dense.weight") {
      w.add(p.key(), torch::zeros({32, 63}));
      continue;
    }
    w.add(p.key(), p.value());
  }
  w.add("bert.encoder.layer.2.output.dense.weight", torch::zeros({2}));
  w.setMetadata("format", "pt");
  w.write((dir + "/model.safetensors").toStdString());
  try {
    loadHfCheckpoint(dir.toStdString(), torch::kCPU, &warnings);
    QFAIL("loaded mismatching weights");
  } catch (const InputError& e) {
    const QString what = e.what();
    QVERIFY2(what.contains("missing tensors: bert.pooler.dense.bias"), qPrintable(what));
    QVERIFY2(what.contains("unexpected tensors: bert.encoder.layer.2.output.dense.weight"),
             qPrintable(what));
    QVERIFY2(what.contains("wrong shape: bert.encoder.layer.1.output.dense.weight (checkpoint "
                           "[32, 63], model [32, 64])"),
             qPrintable(what));
  }
}

void TestHfCheckpoint::pickleRefused() {
  const QString dir = tmp_.filePath("pickle");
  QVERIFY(makeCheckpoint(dir));
  QFile::remove(dir + "/model.safetensors");
  writeText(dir + "/pytorch_model.bin", std::string("\x80\x02}q\x00.", 6));
  std::vector<std::string> warnings;
  try {
    loadHfCheckpoint(dir.toStdString(), torch::kCPU, &warnings);
    QFAIL("loaded a pickle");
  } catch (const InputError& e) {
    const QString what = e.what();
    QVERIFY2(what.contains("pytorch_model.bin") && what.contains("never unpickles") &&
                 what.contains("save_file"),
             qPrintable(what));
  }
  QVERIFY_THROWS_EXCEPTION(InputError,
                           inspectCheckpoint((dir + "/pytorch_model.bin").toStdString()));
}

void TestHfCheckpoint::inspect() {
  const CheckpointSummary s = inspectCheckpoint(base_.toStdString());
  QVERIFY(QString::fromStdString(s.weightsSource).endsWith("model.safetensors"));
  QVERIFY(!s.configText.empty());
  QVERIFY2(s.configProblem.empty(), s.configProblem.c_str());
  QCOMPARE(s.vocabLines, int64_t(1320));
  bool sawPositionIds = false;
  for (const auto& t : s.tensors) {
    if (t.name == "bert.embeddings.position_ids") {
      sawPositionIds = true;
      QCOMPARE(QString::fromStdString(t.dtype), "I64");
      QCOMPARE(t.bytes, uint64_t(64 * 8));
    }
  }
  QVERIFY(sawPositionIds);
  QVERIFY(s.metadata.at(0).second == "pt");
  QVERIFY(s.totalBytes > 0 && s.totalElements > 0);
}

QTEST_GUILESS_MAIN(TestHfCheckpoint)
#include "tst_hfcheckpoint.moc"
