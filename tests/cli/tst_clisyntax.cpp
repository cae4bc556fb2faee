// One convention for every precisionlab-cli command, checked on the built binary: each command
// (read from the top-level --help, hidden helpers too) answers -h/--help and -V/--version with
// exit 0, refuses an unknown option with exit 2 in the one error format, takes --opt=value and
// --opt value alike, and stops reading options at --; a training setting out of range is named
// by its flag with the validator's words; the generated bash completion lists every command and
// every option each command's --help shows, and completes them in a real bash. No training:
// about 60 short processes (those the engine runs load LibTorch, about 0.4 s of CPU), four at
// a time.
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "core/ConfigFields.h"
#include "core/GpuEstimator.h"

using clitest::CliResult;
using clitest::runCli;

namespace {

const QString kSource = QStringLiteral(PRECISIONLAB_SOURCE_DIR);
const QString kRecorded = kSource + "/resources/recorded/fp16-amp.plrun";

// The commands the top-level --help lists, and the hidden helpers the build runs.
QStringList commandNames() {
  const CliResult r = runCli({"--help"});
  QStringList names;
  bool inCommands = false;
  for (const QString& line : r.out.split('\n')) {
    if (line == "Commands:") {
      inCommands = true;
      continue;
    }
    if (inCommands && line.isEmpty()) break;
    if (inCommands) names << line.trimmed().section(' ', 0, 0);
  }
  return names + QStringList{"completion", "manual"};
}

// The "--name" of every option in a command's --help.
QStringList optionsInHelp(const QString& help) {
  QStringList options;
  const QRegularExpression row(QStringLiteral("^  (--[a-z0-9-]+)"));
  for (const QString& line : help.split('\n')) {
    const auto m = row.match(line);
    if (m.hasMatch()) options << m.captured(1);
  }
  return options;
}

// COMPREPLY of the generated completion function for a command line being typed.
QString complete(const QString& script, const QStringList& words) {
  QString quoted;
  for (const QString& w : words) quoted += " '" + w + "'";
  QProcess bash;
  bash.start("bash", {"--norc", "--noprofile", "-c",
                      "source \"$1\" && COMP_WORDS=(" + quoted +
                          ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _precisionlab_cli && "
                          "printf '%s\\n' \"${COMPREPLY[@]}\"",
                      "bash", script});
  if (!bash.waitForFinished(10000)) return "bash did not finish";
  return QString::fromUtf8(bash.readAllStandardOutput() + bash.readAllStandardError()).trimmed();
}

}  // namespace

class TestCliSyntax : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void topLevel();
  void didYouMean();
  void everyCommand();
  void optionEqualsValue();
  void doubleDashEndsOptions();
  void settingsNamedByFlag();
  void flagsAreTheFieldTable();
  void estimateShowsTheCalibratedRange();
  void completionCompletes();

 private:
  QTemporaryDir dir_;
  QStringList commands_;  // every command, hidden ones included
  QString script_;        // the generated completion script
};

void TestCliSyntax::initTestCase() {
  QVERIFY2(QFileInfo(clitest::kCli).isExecutable(), qPrintable(clitest::kCli + " is not built"));
  QVERIFY(dir_.isValid());
  script_ = dir_.filePath("precisionlab-cli.bash");
  const CliResult r = runCli({"completion", "bash", "--out", script_});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  commands_ = commandNames();
  QVERIFY(commands_.size() >= 13);  // train ... replay, completion, manual; bank with the quiz
}

void TestCliSyntax::topLevel() {
  const QList<CliResult> r =
      clitest::runCliMany({{"-h"}, {"--version"}, {}, {"--frobnicate"}, {"trian"}});
  QCOMPARE(r[0].exitCode, 0);
  QVERIFY(r[0].out.startsWith("Usage: precisionlab-cli <command>"));
  QVERIFY(r[0].out.contains("Exit status:\n  0    success\n  1    a runtime error"));
  QCOMPARE(r[1].exitCode, 0);
  QVERIFY2(r[1].out.startsWith("precisionlab-cli "), qPrintable(r[1].out));
  QCOMPARE(r[2].exitCode, 2);  // no command: the usage, on stderr
  QVERIFY(r[2].err.startsWith("Usage: precisionlab-cli <command>"));
  QCOMPARE(r[3].exitCode, 2);
  QVERIFY(
      r[3].err.startsWith("precisionlab-cli: unknown option --frobnicate\n"
                          "Try 'precisionlab-cli --help' for more information."));
  QCOMPARE(r[4].exitCode, 2);
  QVERIFY(r[4].err.startsWith("precisionlab-cli: unknown command 'trian'"));
}

void TestCliSyntax::didYouMean() {
  // The nearest known word by edit distance (a swap of neighbours is one edit), still exit 2;
  // nothing is offered for a word that is no near miss.
  const QList<CliResult> r = clitest::runCliMany(
      {{"tarin"},
       {"xyzzy"},
       {"train", "--stpes", "3"},
       {"lab", "--scenarios", "fp16-anp"},
       {"lab", "--scenarios", "baseline-fp32,bf16amp"},
       {"export-vertex", "--scenario", "fp16-ampp"},
       {"import-trainer-state", "--out", "x.plrun", "--scenario", "half-layer", "dir"}});
  for (const CliResult& x : r) QCOMPARE(x.exitCode, 2);
  QVERIFY2(r[0].err.startsWith("precisionlab-cli: unknown command 'tarin' (did you mean "
                               "'train'?)\n"),
           qPrintable(r[0].err));
  QVERIFY2(!r[1].err.contains("did you mean"), qPrintable(r[1].err));
  QVERIFY2(r[2].err.contains("unknown option --stpes (did you mean '--steps'?)"),
           qPrintable(r[2].err));
  QVERIFY2(r[3].err.contains("(did you mean 'fp16-amp'?)"), qPrintable(r[3].err));
  QVERIFY2(r[4].err.contains("unknown lab scenario 'bf16amp'") &&
               r[4].err.contains("(did you mean 'bf16-amp'?)"),
           qPrintable(r[4].err));
  QVERIFY2(r[5].err.contains("(did you mean 'fp16-amp'?)"), qPrintable(r[5].err));
  QVERIFY2(r[6].err.contains("(did you mean 'half-layers'?)"), qPrintable(r[6].err));
}

void TestCliSyntax::everyCommand() {
  QList<QStringList> lines;
  for (const QString& command : std::as_const(commands_))
    lines << QStringList{command, "-h"} << QStringList{command, "--version"}
          << QStringList{command, "--no-such-option"};
  const QList<CliResult> results = clitest::runCliMany(lines);
  QFile f(script_);
  QVERIFY(f.open(QIODevice::ReadOnly));
  const QString script = QString::fromUtf8(f.readAll());
  for (qsizetype k = 0; k < commands_.size(); ++k) {
    const QString& command = commands_[k];
    const char* name = qPrintable(command);
    const CliResult& help = results[3 * k];
    QVERIFY2(help.exitCode == 0, qPrintable(command + ": " + help.err));
    QVERIFY2(help.out.startsWith("Usage: precisionlab-cli " + command + " [options]"),
             qPrintable(help.out));
    QVERIFY2(help.out.contains("\nOptions:\n  --help"), name);
    QVERIFY2(help.out.contains("Exit status:\n  0    success\n"), name);
    QVERIFY2(help.err.isEmpty(), name);

    const CliResult& version = results[3 * k + 1];
    QVERIFY2(version.exitCode == 0, qPrintable(command + ": " + version.err));
    QVERIFY2(version.out.startsWith("precisionlab-cli ") && version.out.contains("LibTorch"), name);

    const CliResult& bad = results[3 * k + 2];
    QVERIFY2(bad.exitCode == 2, name);
    QCOMPARE(bad.err, "precisionlab-cli " + command +
                          ": unknown option --no-such-option\nTry 'precisionlab-cli " + command +
                          " --help' for more information.\n");
    QVERIFY2(bad.out.isEmpty(), name);

    // Every option the help shows is in the command's completion arm, and nothing else is.
    const int start = script.indexOf("\n    " + command + ")\n");
    QVERIFY2(start >= 0, qPrintable(command + " has no arm in the completion script"));
    const QString arm = script.mid(start, script.indexOf("\n      ;;", start) - start);
    QStringList inHelp = optionsInHelp(help.out), inArm;
    QVERIFY(inHelp.contains("--help") && inHelp.contains("--version"));
    const QRegularExpression lists(QStringLiteral("(?:flags|values)=\"([^\"]*)\""));
    for (auto it = lists.globalMatch(arm); it.hasNext();)
      inArm += it.next().captured(1).split(' ', Qt::SkipEmptyParts);
    inHelp.sort();
    inArm.sort();
    QCOMPARE(inArm, inHelp);
  }
}

void TestCliSyntax::optionEqualsValue() {
  const QString out = dir_.filePath("vertex"), out2 = dir_.filePath("vertex2");
  const QList<CliResult> r = clitest::runCliMany(
      {{"export-vertex", "--scenario=fp16-amp", "--out=" + out},
       {"export-vertex", "--scenario", "bf16-amp", "--out=" + out2, "--epochs=2"},
       {"train", "--steps=abc"},
       {"train", "--jsonl=yes"},
       {"train", "--cpu-fp16=fast"}});
  QVERIFY2(r[0].exitCode == 0, qPrintable(r[0].err));
  QVERIFY(QFileInfo::exists(out + "/train.py"));
  QVERIFY2(r[1].exitCode == 0, qPrintable(r[1].err));
  QVERIFY(QFileInfo::exists(out2 + "/train.py"));
  QCOMPARE(r[2].exitCode, 2);
  QVERIFY2(r[2].err.startsWith("precisionlab-cli train: --steps: expects an integer, got 'abc'"),
           qPrintable(r[2].err));
  QCOMPARE(r[3].exitCode, 2);
  QVERIFY(r[3].err.contains("--jsonl: takes no value"));
  QCOMPARE(r[4].exitCode, 2);
  QVERIFY(r[4].err.contains("--cpu-fp16: 'fast' is not one of auto, emulate, real"));
}

void TestCliSyntax::doubleDashEndsOptions() {
  const QList<CliResult> r = clitest::runCliMany(
      {// After --, "--help" is a file name (and there is no such file), not a request for help.
       {"replay", "--speed", "0", "--", "--help"},
       // Options before --, files after it.
       {"export-tensorboard", "--out", dir_.filePath("tb"), "--", kRecorded},
       // A missing argument, too many, a forgotten value: usage errors.
       {"inspect"},
       {"inspect", "a", "b"},
       {"replay", kRecorded, "--speed"}});
  QCOMPARE(r[0].exitCode, 1);
  QVERIFY2(r[0].err.startsWith("precisionlab-cli replay: ") && r[0].err.contains("--help"),
           qPrintable(r[0].err));
  QVERIFY(!r[0].out.contains("Usage:"));
  QVERIFY2(r[1].exitCode == 0, qPrintable(r[1].err));
  QVERIFY(r[1].out.contains("scalars"));
  QCOMPARE(r[2].exitCode, 2);
  QVERIFY(r[2].err.contains("missing FILE_OR_DIR"));
  QCOMPARE(r[3].exitCode, 2);
  QCOMPARE(r[4].exitCode, 2);
  QVERIFY(r[4].err.contains("--speed: needs a value (X)"));
}

void TestCliSyntax::settingsNamedByFlag() {
  // The validator's words under the flag the user typed, every issue at once, before any run.
  const QList<CliResult> r = clitest::runCliMany(
      {{"train", "--seq-len", "1", "--steps", "0"}, {"estimate", "--batch-size", "0"}});
  QCOMPARE(r[0].exitCode, 2);
  QVERIFY2(r[0].err.contains("precisionlab-cli train: --steps: steps must be between 1 and") &&
               r[0].err.contains(
                   "precisionlab-cli train: --seq-len: sequence length must be between 2 and 512 "
                   "tokens (got 1)"),
           qPrintable(r[0].err));
  QVERIFY(r[0].out.isEmpty());
  QCOMPARE(r[1].exitCode, 2);
  QVERIFY2(r[1].err.contains("--batch-size: batch size must be between 1 and 4096"),
           qPrintable(r[1].err));
}

void TestCliSyntax::flagsAreTheFieldTable() {
  // `train` offers every flag of the config field table (core/ConfigFields.h), and a value just
  // outside each field's range, all on one line, is named by that flag with the row's title.
  using precisionlab::configFields;
  QStringList outside{"train"};
  for (const precisionlab::ConfigFieldRow& f : configFields()) {
    if (!f.flag || !f.range) continue;
    outside << QString("--") + f.flag
            << QString::number(f.range->minOpen ? f.range->min : f.range->min - 1, 'g', 17);
  }
  const QList<CliResult> r = clitest::runCliMany({{"train", "--help"}, outside});
  QCOMPARE(r[0].exitCode, 0);
  const QStringList offered = optionsInHelp(r[0].out);
  QCOMPARE(r[1].exitCode, 2);
  for (const precisionlab::ConfigFieldRow& f : configFields()) {
    if (!f.flag) continue;
    const QString flag = QString("--") + f.flag;
    QVERIFY2(offered.contains(flag), qPrintable(flag));
    if (f.range)
      QVERIFY2(r[1].err.contains(flag + ": " + f.title), qPrintable(flag + "\n" + r[1].err));
  }
}

void TestCliSyntax::estimateShowsTheCalibratedRange() {
  // `estimate` prints the same calibrated line as the lab's evidence card (one function in
  // core), ranges from the Trainer to optimized code, both baselines, bert-large with the batch
  // and sequence length asked for, and --explain the published points and their sources.
  const QList<CliResult> r = clitest::runCliMany(
      {{"estimate", "--preset", "large", "--batch-size", "32", "--seq-len", "384", "--explain"},
       {"estimate"},
       {"estimate", "--preset", "huge"}});
  QVERIFY2(r[0].exitCode == 0, qPrintable(r[0].err));
  const precisionlab::EstimateShape large =
      precisionlab::EstimateShape::forPreset("large", 32, 384);
  const QString line =
      QString::fromStdString(precisionlab::gpuestimate::summaryText(large).english());
  QVERIFY2(r[0].out.contains(line), qPrintable(r[0].out));
  for (const char* needle : {"ESTIMATED", "BERT large", "batch 32, sequence 384", "tf32=True",
                             "Hugging Face Trainer to optimized code", "A100: fp16=True ",
                             "issues/15026", "DeepLearningExamples", "perf_train_gpu_one"})
    QVERIFY2(r[0].out.contains(QLatin1String(needle)), needle);
  QVERIFY2(r[1].exitCode == 0, qPrintable(r[1].err));
  QVERIFY(r[1].out.contains(QString::fromStdString(
      precisionlab::gpuestimate::summaryText(precisionlab::gpuestimate::labShape()).english())));
  QVERIFY(r[1].out.contains("estimate --explain"));
  QCOMPARE(r[2].exitCode, 2);
  QVERIFY2(r[2].err.contains("--preset") && r[2].err.contains("large"), qPrintable(r[2].err));
}

void TestCliSyntax::completionCompletes() {
  if (QStandardPaths::findExecutable("bash").isEmpty()) QSKIP("no bash");
  const QString commands = complete(script_, {"precisionlab-cli", ""});
  for (const QString& name : std::as_const(commands_))
    if (name != "completion" && name != "manual")
      QVERIFY2(commands.split('\n').contains(name), qPrintable(commands));
  QCOMPARE(complete(script_, {"precisionlab-cli", "tra"}), QString("train"));
  QCOMPARE(complete(script_, {"precisionlab-cli", "train", "--seq"}), QString("--seq-len"));
  QCOMPARE(complete(script_, {"precisionlab-cli", "train", "--cpu-fp16", ""}),
           QString("auto\nemulate\nreal"));
  QCOMPARE(complete(script_, {"precisionlab-cli", "export-vertex", "--scenario", "vertex"}),
           QString("vertex-hp-tuning"));
  // Files where a command takes files: the recorded runs' folder.
  const QString files =
      complete(script_, {"precisionlab-cli", "replay", kSource + "/resources/recorded/fp16-a"});
  QVERIFY2(files.endsWith("fp16-amp.plrun"), qPrintable(files));
}

QTEST_GUILESS_MAIN(TestCliSyntax)
#include "tst_clisyntax.moc"
