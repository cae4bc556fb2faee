// precisionlab-cli as a user runs it: the built binary in a child process. Training on the
// built-in data with --jsonl (every line JSON, a final summary), fine-tuning a Hugging Face
// directory written by an independent Python writer, saving it, predicting and inspecting it,
// and the bad inputs people make, each of which must exit non-zero with a message naming the
// file, line or option. Tiny models, a few steps, one thread: the whole file runs in seconds.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <torch/cuda.h>

#include "cli_runner.h"

namespace {

const QString kSource = QStringLiteral(PRECISIONLAB_SOURCE_DIR);

// The smallest run that still trains: every training test uses it.
const QStringList kTinyRun = {"--preset",  "tiny", "--steps",   "3", "--batch-size", "4",
                              "--seq-len", "16",   "--threads", "1", "--eval-every", "0"};

using clitest::kCli;
using clitest::runCli;
using Result = clitest::CliResult;

bool writeFile(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return false;
  return f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every non-empty line as a JSON object; fails the test (returns false) at the first that is not.
bool parseJsonLines(const QString& text, QList<QJsonObject>* records) {
  const auto lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  for (const QString& line : lines) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
      qWarning("not a JSON object: %s", qPrintable(line));
      return false;
    }
    records->append(doc.object());
  }
  return true;
}

bool copyDir(const QString& from, const QString& to) {
  if (!QDir().mkpath(to)) return false;
  for (const QString& name : QDir(from).entryList(QDir::Files))
    if (!QFile::copy(from + "/" + name, to + "/" + name)) return false;
  return true;
}

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void trainJsonlOnBuiltinData();
  void fineTuneSavePredictInspect();
  void badInput_data();
  void badInput();
  void saveDirCheckedBeforeTraining();
  void exportKeepsUsersOwnFiles();
  void cudaWithoutCuda();
  void bankCheck();
  void verdictsNameTheDeviceOnce();
  void verdictsSayASharedNoteOnce();
  void ctrlCCancelsEveryTrainingCommand_data();
  void ctrlCCancelsEveryTrainingCommand();

 private:
  QTemporaryDir dir_;
  QString checkpoint_;  // written by tests/data/make_hf_checkpoint.py (initTestCase fails or skips
                        // without it)
  QString path(const QString& name) const { return dir_.filePath(name); }
};

void TestCli::initTestCase() {
  QVERIFY2(QFileInfo(kCli).isExecutable(), qPrintable(kCli + " is not built"));
  QVERIFY(dir_.isValid());
  if (QStandardPaths::findExecutable("python3").isEmpty()) QSKIP("python3 is not installed");
  checkpoint_ = path("checkpoint");
  QProcess py;
  py.setProcessChannelMode(QProcess::MergedChannels);
  py.start("python3", {kSource + "/tests/data/make_hf_checkpoint.py", checkpoint_,
                       kSource + "/tests/data/vocab-test.txt"});
  QVERIFY(py.waitForFinished(60000));
  QVERIFY2(py.exitCode() == 0, py.readAll().constData());

  // The broken inputs of badInput(), each next to a good original.
  QVERIFY(copyDir(checkpoint_, path("truncated")));
  const QByteArray weights = readFile(checkpoint_ + "/model.safetensors");
  QVERIFY(weights.size() > 1000);
  QVERIFY(writeFile(path("truncated/model.safetensors"), weights.left(weights.size() - 100)));
  QVERIFY(copyDir(checkpoint_, path("no-config")));
  QVERIFY(QFile::remove(path("no-config/config.json")));
  QVERIFY(copyDir(checkpoint_, path("no-vocab")));
  QVERIFY(QFile::remove(path("no-vocab/vocab.txt")));
  QVERIFY(copyDir(checkpoint_, path("pickle")));
  QVERIFY(QFile::rename(path("pickle/model.safetensors"), path("pickle/pytorch_model.bin")));

  QVERIFY(writeFile(path("no-label.csv"), "text,sentiment\ngood,pos\nbad,neg\nfine,pos\n"));
  QVERIFY(writeFile(path("bad-quote.csv"), "text,label\n\"good, really,pos\nbad,neg\nok,pos\n"));
  QVERIFY(writeFile(path("empty.csv"), ""));
  QVERIFY(writeFile(path("bad.jsonl"),
                    "{\"text\":\"a\",\"label\":\"x\"}\n{\"text\": \"b\", \"label\": \n"
                    "{\"text\":\"c\",\"label\":\"y\"}\n"));

  const QByteArray run = readFile(kSource + "/resources/recorded/fp16-amp.plrun");
  QVERIFY(run.size() > 200);
  QVERIFY(writeFile(path("truncated.plrun"), run.left(run.size() / 2)));
}

void TestCli::trainJsonlOnBuiltinData() {
  const Result r = runCli(QStringList{"train", "--jsonl"} + kTinyRun);
  QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.err));
  QList<QJsonObject> records;
  QVERIFY(parseJsonLines(r.out, &records));
  QVERIFY(records.size() >= 4);
  QList<int> steps;
  for (const QJsonObject& o : records)
    if (o.value("type").toString() == "step") {
      steps << o.value("step").toInt();
      QVERIFY(o.value("loss").isDouble());
      QVERIFY(o.value("stepMs").toDouble() > 0);
    }
  QCOMPARE(steps, (QList<int>{1, 2, 3}));
  const QJsonObject summary = records.last();
  QCOMPARE(summary.value("type").toString(), QStringLiteral("summary"));
  QCOMPARE(summary.value("state").toString(), QStringLiteral("finished"));
  QCOMPARE(summary.value("stepsDone").toInt(), 3);
  QVERIFY(summary.value("finalLoss").toDouble() > 0);
  QVERIFY(summary.value("finalValAccuracy").isDouble());  // the end-of-run validation
  QVERIFY(summary.value("device").toString().startsWith("cpu"));
  QCOMPARE(summary.value("provenance").toString(), QStringLiteral("live"));
}

void TestCli::fineTuneSavePredictInspect() {
  const QString saved = path("fine-tuned");
  const Result train =
      runCli(QStringList{"train", "--model", checkpoint_, "--save", saved, "--jsonl"} +
             kTinyRun.mid(2));  // no --preset with --model
  QVERIFY2(train.finished && train.exitCode == 0, qPrintable(train.err));
  QList<QJsonObject> records;
  QVERIFY(parseJsonLines(train.out, &records));
  QCOMPARE(records.last().value("state").toString(), QStringLiteral("finished"));
  for (const char* file : {"config.json", "vocab.txt", "model.safetensors"})
    QVERIFY2(QFileInfo::exists(saved + "/" + file), file);

  // Two texts as arguments, one per record, in order.
  const QStringList texts = {"the lab finished on time", "nothing worked at all"};
  const Result predict = runCli(QStringList{"predict", "--model", saved, "--jsonl"} + texts);
  QVERIFY2(predict.finished && predict.exitCode == 0, qPrintable(predict.err));
  QList<QJsonObject> labels;
  QVERIFY(parseJsonLines(predict.out, &labels));
  QCOMPARE(labels.size(), texts.size());
  // The fine-tuned model carries the built-in dataset's labels, not the checkpoint's two.
  const QJsonObject config = QJsonDocument::fromJson(readFile(saved + "/config.json")).object();
  const QJsonObject label2id = config.value("label2id").toObject();
  QVERIFY(label2id.size() > 2);
  for (int i = 0; i < texts.size(); ++i) {
    QCOMPARE(labels[i].value("text").toString(), texts[i]);
    QVERIFY(label2id.contains(labels[i].value("label").toString()));
    QCOMPARE(labels[i].value("logits").toArray().size(), label2id.size());
  }
  // Texts on stdin: one record per line.
  const Result stdinPredict = runCli({"predict", "--model", saved, "--jsonl"}, "one\ntwo\nthree\n");
  QVERIFY2(stdinPredict.exitCode == 0, qPrintable(stdinPredict.err));
  QList<QJsonObject> stdinLabels;
  QVERIFY(parseJsonLines(stdinPredict.out, &stdinLabels));
  QCOMPARE(stdinLabels.size(), 3);

  const Result inspect = runCli({"inspect", saved});
  QVERIFY2(inspect.exitCode == 0, qPrintable(inspect.err));
  QVERIFY(inspect.out.contains("classifier.weight"));
  QVERIFY(inspect.out.contains("bert.encoder.layer.1.output.LayerNorm.weight"));
  QVERIFY(!inspect.out.contains("gamma"));  // written back under the new names
}

void TestCli::badInput_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QStringList>("mustSay");  // each must appear in stderr
  const QString dir = dir_.path() + "/";
  const QStringList train = QStringList{"train"} + kTinyRun;

  QTest::newRow("truncated safetensors (inspect)")
      << QStringList{"inspect", dir + "truncated"} << QStringList{"model.safetensors", "truncated"};
  QTest::newRow("truncated safetensors (predict)")
      << QStringList{"predict", "--model", dir + "truncated", "hi"}
      << QStringList{"model.safetensors", "truncated"};
  QTest::newRow("truncated safetensors (train)")
      << QStringList{"train", "--model", dir + "truncated", "--steps", "1", "--threads", "1"}
      << QStringList{"model.safetensors", "truncated"};
  QTest::newRow("no config.json") << QStringList{"predict", "--model", dir + "no-config", "hi"}
                                  << QStringList{"no-config/config.json", "missing"};
  QTest::newRow("no vocab.txt") << QStringList{"predict", "--model", dir + "no-vocab", "hi"}
                                << QStringList{"no-vocab/vocab.txt", "missing"};
  QTest::newRow("pytorch_model.bin") << QStringList{"predict", "--model", dir + "pickle", "hi"}
                                     << QStringList{"pytorch_model.bin", "safetensors"};
  QTest::newRow("predict without --model")
      << QStringList{"predict", "hi"} << QStringList{"--model"};
  QTest::newRow("model dir does not exist")
      << QStringList{"train", "--model", dir + "nowhere", "--steps", "1"}
      << QStringList{"nowhere", "not a directory"};

  QTest::newRow("csv without the label column")
      << train + QStringList{"--data", dir + "no-label.csv"}
      << QStringList{"no-label.csv:1", "\"label\"", "sentiment"};
  QTest::newRow("csv with an unclosed quote")
      << train + QStringList{"--data", dir + "bad-quote.csv"}
      << QStringList{"bad-quote.csv:2", "quote"};
  QTest::newRow("empty csv") << train + QStringList{"--data", dir + "empty.csv"}
                             << QStringList{"empty.csv", "empty"};
  QTest::newRow("jsonl with a malformed line")
      << train + QStringList{"--data", dir + "bad.jsonl"} << QStringList{"bad.jsonl:2", "JSON"};
  QTest::newRow("data file missing")
      << train + QStringList{"--data", dir + "nothing.csv"} << QStringList{"nothing.csv"};

  QTest::newRow("--steps abc") << QStringList{"train", "--steps", "abc"}
                               << QStringList{"--steps", "abc"};
  QTest::newRow("--steps with its value forgotten")
      << QStringList{"train", "--steps", "--threads", "1"} << QStringList{"--steps: needs a value"};
  QTest::newRow("--batch-size 0") << QStringList{"train", "--batch-size", "0"}
                                  << QStringList{"--batch-size", "0"};
  QTest::newRow("--seq-len 100000")
      << QStringList{"train", "--seq-len", "100000"} << QStringList{"--seq-len", "100000"};
  QTest::newRow("--lr -1") << QStringList{"train", "--lr", "-1"} << QStringList{"--lr"};
  QTest::newRow("--lr nan") << QStringList{"train", "--lr", "nan"} << QStringList{"--lr", "nan"};
  QTest::newRow("--preset huge") << QStringList{"train", "--preset", "huge"}
                                 << QStringList{"huge", "tiny"};
  QTest::newRow("--precision fp8")
      << QStringList{"train", "--precision", "fp8"} << QStringList{"fp8", "fp16-amp"};
  QTest::newRow("unknown option") << QStringList{"train", "--epochs", "3"}
                                  << QStringList{"--epochs"};
  QTest::newRow("unknown command") << QStringList{"trian"} << QStringList{"trian"};
  QTest::newRow("lab --batch-size 0")
      << QStringList{"lab", "--batch-size", "0", "--out", dir + "lab"}
      << QStringList{"lab:", "--batch-size"};
  QTest::newRow("lab --preset huge") << QStringList{"lab", "--preset", "huge", "--out", dir + "lab"}
                                     << QStringList{"lab:", "huge"};
  QTest::newRow("lab --out that cannot be made") << QStringList{"lab",
                                                                "--steps",
                                                                "2",
                                                                "--scenarios",
                                                                "baseline-fp32",
                                                                "--out",
                                                                dir + "empty.csv/lab"}
                                                 << QStringList{"--out", "empty.csv/lab"};
  QTest::newRow("lab unknown scenario")
      << QStringList{"lab", "--scenarios", "fp8"} << QStringList{"fp8", "fp16-amp"};
  QTest::newRow("bench --seq-len 0")
      << QStringList{"bench", "--seq-len", "0"} << QStringList{"bench:", "--seq-len"};
  QTest::newRow("record --steps 0") << QStringList{"record", "--steps", "0", "--out", dir + "rec"}
                                    << QStringList{"record:", "--steps"};

  QTest::newRow("replay a truncated .plrun")
      << QStringList{"replay", "--speed", "0", dir + "truncated.plrun"}
      << QStringList{"truncated.plrun:", "truncated"};
  QTest::newRow("replay --speed -1")
      << QStringList{"replay", "--speed", "-1", kSource + "/resources/recorded/fp16-amp.plrun"}
      << QStringList{"--speed", "-1"};
  QTest::newRow("export-vertex into a file")
      << QStringList{"export-vertex", "--scenario", "fp16-amp", "--out", dir + "empty.csv"}
      << QStringList{"empty.csv", "a regular file, not a folder"};
  QTest::newRow("import-trainer-state without --out")
      << QStringList{"import-trainer-state", dir + "empty.csv"} << QStringList{"--out"};
  QTest::newRow("import-trainer-state of a non-JSON file")
      << QStringList{"import-trainer-state", dir + "empty.csv", "--out", dir + "imported.plrun"}
      << QStringList{"empty.csv", "not valid JSON"};
  QTest::newRow("export-vertex unknown scenario")
      << QStringList{"export-vertex", "--scenario", "fp8", "--out", dir + "vx"}
      << QStringList{"fp8"};
}

void TestCli::badInput() {
  QFETCH(QStringList, args);
  QFETCH(QStringList, mustSay);
  const Result r = runCli(args, {}, 30000);
  QVERIFY2(r.finished, "did not finish within 30 s");
  QVERIFY2(r.exitCode != 0, qPrintable("exit 0; stdout: " + r.out.left(500)));
  QVERIFY2(r.exitCode > 0, "crashed");
  for (const QString& s : mustSay)
    QVERIFY2(r.err.contains(s), qPrintable("stderr lacks '" + s + "':\n" + r.err));
  QVERIFY2(!r.out.contains("step 1/"), "trained before noticing the bad input");
  QVERIFY(!QFileInfo::exists(path("lab/steps.csv")));  // a refused lab writes no records
  QVERIFY(!QFileInfo::exists(path("rec")));            // a refused record makes no folder
}

void TestCli::saveDirCheckedBeforeTraining() {
  // A folder of the user's own files: refused before any step, and left as it was.
  QVERIFY(QDir().mkpath(path("documents")));
  QVERIFY(writeFile(path("documents/thesis.txt"), "mine"));
  const Result r = runCli(QStringList{"train", "--save", path("documents")} + kTinyRun);
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains("documents") && r.err.contains("not a model directory"),
           qPrintable(r.err));
  QVERIFY(!r.out.contains("step"));
  QCOMPARE(QDir(path("documents")).entryList(QDir::Files), QStringList{"thesis.txt"});

  const Result missingParent =
      runCli(QStringList{"train", "--save", path("no/such/place")} + kTinyRun);
  QCOMPARE(missingParent.exitCode, 2);
  QVERIFY2(missingParent.err.contains("does not exist"), qPrintable(missingParent.err));
}

void TestCli::exportKeepsUsersOwnFiles() {
  const QString out = path("vertex");
  QVERIFY(QDir().mkpath(out));
  QVERIFY(writeFile(out + "/train.py", "print('my own training script')\n"));
  const Result r = runCli({"export-vertex", "--scenario", "fp16-amp", "--out", out});
  QCOMPARE(r.exitCode, 1);
  QVERIFY2(r.err.contains("train.py") && r.err.contains("not written by PrecisionLab"),
           qPrintable(r.err));
  QCOMPARE(readFile(out + "/train.py"), QByteArray("print('my own training script')\n"));
  QVERIFY(!QFileInfo::exists(out + "/job.yaml"));  // nothing half-written

  // An earlier export in the same folder is replaced without fuss.
  QVERIFY(QFile::remove(out + "/train.py"));
  QCOMPARE(runCli({"export-vertex", "--scenario", "fp16-amp", "--out", out}).exitCode, 0);
  const Result again = runCli({"export-vertex", "--scenario", "bf16-amp", "--out", out});
  QVERIFY2(again.exitCode == 0, qPrintable(again.err));
  QVERIFY(readFile(out + "/train.py").contains("bf16"));
}

void TestCli::cudaWithoutCuda() {
  if (torch::cuda::is_available()) QSKIP("this machine has CUDA");
  const QList<QStringList> commands = {{"train", "--device", "cuda", "--steps", "1"},
                                       {"lab", "--device", "cuda", "--out", path("cuda-lab")},
                                       {"bench", "--device", "cuda:1"}};
  for (const QStringList& args : commands) {
    const Result r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    // The validator's words (no flag: the GUI shows the same) under the CLI's flag.
    QVERIFY2(r.err.contains("--device: device 'cuda") && r.err.contains("no CUDA device") &&
                 r.err.contains("use the cpu device"),
             qPrintable(r.err));
  }
  QVERIFY(!QFileInfo::exists(path("cuda-lab")));
  const Result predict = runCli({"predict", "--model", checkpoint_, "--device", "cuda", "hi"});
  QVERIFY(predict.exitCode > 0);
  QVERIFY2(predict.err.contains("CUDA"), qPrintable(predict.err));
}

// Issue 45: verdicts.txt repeated the long CPU description about 12 times. It names the device
// once, at the top of the table, and calls it "this device" after that.
void TestCli::verdictsNameTheDeviceOnce() {
  const QString out = path("device-once");
  const Result r =
      runCli(QStringList{"lab", "--scenarios", "baseline-fp32,fp16-amp,bf16-amp", "--out", out} +
             kTinyRun);
  QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
  const QString text = QString::fromUtf8(readFile(out + "/verdicts.txt"));
  const auto m = QRegularExpression(QStringLiteral("^Device: (.+) \\(\"this device\" below\\)$"),
                                    QRegularExpression::MultilineOption)
                     .match(text);
  QVERIFY2(m.hasMatch(), qPrintable(text));
  const QString device = m.captured(1);
  QVERIFY2(device.startsWith(QStringLiteral("cpu")), qPrintable(device));
  QCOMPARE(text.count(device), 1);
  QVERIFY2(text.count(QStringLiteral("this device")) >= 3, qPrintable(text));
  // The terminal's table says the same.
  QCOMPARE(r.out.count(device), 1);
}

// verdicts.txt said the word embedding's cut (a 170-character sentence) under each of the default
// lab's 8 runs: a sentence every run's note holds is said once, above them.
void TestCli::verdictsSayASharedNoteOnce() {
  const QString out = path("shared-note");
  const Result r =
      runCli(QStringList{"lab", "--scenarios", "baseline-fp32,tensorflow-container", "--out", out} +
             kTinyRun);
  QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
  const QString text = QString::fromUtf8(readFile(out + "/verdicts.txt"));
  // Both runs are fp32: their whole note is the same sentence.
  QVERIFY2(text.contains(QStringLiteral("\nEvery run below: fp32 weights")), qPrintable(text));
  QCOMPARE(text.count(QStringLiteral("optimizer state")), 1);
  QVERIFY2(text.contains(QStringLiteral("\nfp32 baseline: live on this device (LibTorch ")),
           qPrintable(text));
}

void TestCli::bankCheck() {
  // The bank command needs the quiz library, which is built only with the UI on; where it is
  // built, the command must be there (tests/engine/CMakeLists.txt).
#ifndef PRECISIONLAB_HAVE_QUIZ
  QSKIP("this precisionlab-cli has no bank command (built with PRECISIONLAB_WITH_UI=OFF)");
#endif
  QVERIFY2(runCli({"--help"}).out.contains("bank "), "--help does not list the bank command");
  const QString bank = kSource + "/resources/banks/pmle-scaling.json";
  const Result good = runCli({"bank", "check", bank});
  QVERIFY2(good.exitCode == 0, qPrintable(good.out + good.err));
  QVERIFY(good.out.contains("ok"));

  // A typo in a field name: reported at its JSON path, with the field it should have been.
  QByteArray text = readFile(bank);
  const int correct = text.indexOf("\"correct\"");
  QVERIFY(correct > 0);
  QByteArray typo = text;
  typo.replace(correct, 9, "\"corect\"");
  QVERIFY(writeFile(path("typo.json"), typo));
  const Result typoCheck = runCli({"bank", "check", path("typo.json")});
  QCOMPARE(typoCheck.exitCode, 1);
  const QString all = typoCheck.out + typoCheck.err;
  QVERIFY2(all.contains("$.questions[0].options[0].corect") && all.contains("unknown field"),
           qPrintable(all));
  QVERIFY2(all.contains("$.questions[0].options[0].correct") && all.contains("missing"),
           qPrintable(all));

  // A missing comma: a syntax error with its line, saying a comma may be missing.
  QByteArray comma = text;
  const int endOfStemLine = comma.indexOf(",\n", comma.indexOf("\"stem\""));
  QVERIFY(endOfStemLine > 0);
  comma.remove(endOfStemLine, 1);
  const int line = comma.left(endOfStemLine).count('\n') + 2;  // the error shows on the next line
  QVERIFY(writeFile(path("comma.json"), comma));
  const Result commaCheck = runCli({"bank", "check", path("comma.json")});
  QCOMPARE(commaCheck.exitCode, 1);
  const QString commaText = commaCheck.out + commaCheck.err;
  QVERIFY2(commaText.contains(QStringLiteral("line %1").arg(line)) && commaText.contains("comma"),
           qPrintable(commaText));

  // --lint: the built-in bank has no answer cues; an "All of the above" option is reported with
  // its question and option, and the exit status says so.
  const Result lint = runCli({"bank", "check", "--lint", bank});
  QVERIFY2(lint.exitCode == 0 && lint.out.contains("no lint warnings"),
           qPrintable(lint.out + lint.err));
  // A bare recall stem is a note: listed, without changing the exit status.
  QVERIFY2(lint.out.contains("  note: pmle-scaling-003: ") && lint.out.contains("[bare-recall]") &&
               !lint.out.contains("warning:"),
           qPrintable(lint.out));
  QByteArray cue = text;
  QVERIFY(cue.contains("\"Modify the model to use half-precision layers\""));
  cue.replace("\"Modify the model to use half-precision layers\"", "\"All of the above\"");
  QVERIFY(writeFile(path("cue.json"), cue));
  const Result cueCheck = runCli({"bank", "check", "--lint", path("cue.json")});
  QCOMPARE(cueCheck.exitCode, 1);
  QVERIFY2(cueCheck.out.contains("pmle-scaling-001 option a:") &&
               cueCheck.out.contains("[all-none-of-the-above]"),
           qPrintable(cueCheck.out));
  QCOMPARE(runCli({"bank", "check", "--lint"}).exitCode, 2);

  QCOMPARE(runCli({"bank"}).exitCode, 2);
}

// Ctrl-C as a user presses it, while the runs train (each command's one loop, cli/SessionLoop):
// the command cancels after the step in progress, says what it keeps, and exits 130; `record`
// writes no recording of a cut run. SIGINT is sent once the command shows training progress
// (its loop is running), never after a fixed sleep.
void TestCli::ctrlCCancelsEveryTrainingCommand_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("progress");  // a pattern its output shows once the loop runs
  const QStringList tiny = {"--preset", "tiny",      "--steps", "20000",     "--batch-size",
                            "4",        "--seq-len", "16",      "--threads", "1"};
  QTest::newRow("train") << (QStringList{"train", "--jsonl", "--eval-every", "0"} + tiny)
                         << QStringLiteral("\"type\":\"step\"");
  QTest::newRow("lab")
      << (QStringList{"lab", "--scenarios", "baseline-fp32", "--out", path("ctrlc-lab")} + tiny)
      << QStringLiteral("\\[[#.]{20}\\]");
  QTest::newRow("bench") << (QStringList{"bench", "--policies", "baseline-fp32"} + tiny)
                         << QStringLiteral("\\[[#.]{20}\\]");
  QTest::newRow("record") << (QStringList{"record", "--scenarios", "baseline-fp32", "--out",
                                          path("ctrlc-record")} +
                              tiny)
                          << QStringLiteral("running\\s+step");
}

void TestCli::ctrlCCancelsEveryTrainingCommand() {
  QFETCH(QStringList, args);
  QFETCH(QString, progress);
  QProcess p;
  p.start(kCli, args);
  QVERIFY2(p.waitForStarted(10000), qPrintable(p.errorString()));
  p.closeWriteChannel();
  const QRegularExpression shown(progress);
  QByteArray out;
  QDeadlineTimer deadline(180000);
  while (!shown.match(QString::fromUtf8(out)).hasMatch()) {
    QVERIFY2(!deadline.hasExpired() && p.state() == QProcess::Running,
             qPrintable("no progress shown: " + QString::fromUtf8(out + p.readAllStandardError())));
    p.waitForReadyRead(1000);
    out += p.readAllStandardOutput();
  }
  QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
  QVERIFY2(p.waitForFinished(180000), "did not stop after Ctrl-C");
  const QString err = QString::fromUtf8(p.readAllStandardError());
  QCOMPARE(p.exitStatus(), QProcess::NormalExit);
  QVERIFY2(p.exitCode() == 130, qPrintable(QString::number(p.exitCode()) + ": " + err));
  if (args.first() == QLatin1String("record")) {
    QVERIFY2(err.contains(QLatin1String("nothing is written")), qPrintable(err));
    QVERIFY(QDir(path("ctrlc-record")).entryList({"*.plrun"}, QDir::Files).isEmpty());
  }
  if (args.first() == QLatin1String("lab"))
    QVERIFY(QFileInfo::exists(path("ctrlc-lab") + "/verdicts.json"));  // what was measured
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
