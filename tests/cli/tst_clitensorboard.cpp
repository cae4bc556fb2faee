// The CLI's TensorBoard export: one run folder per recording (the HP sweep's three trials no
// longer overwrite one another), a folder an earlier export left refused or --replace'd, and
// TensorBoard's own reader (EventAccumulator, the project venv's tensorboard package; skipped,
// saying so, without it) on the export of every shipped recording: one run per recording, every
// tag, step and value. The library's export read back by a reader written from the format's
// specification is tests/core/tst_tensorboard.cpp.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <map>

#include "cli_runner.h"
#include "core/EngineError.h"
#include "core/RecordFields.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"

using namespace precisionlab;

namespace {

const QString kRecorded = QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/recorded");
const QString kVenvPython = QStringLiteral(PRECISIONLAB_SOURCE_DIR "/.venv/bin/python");

QStringList shippedRecordings() {
  QStringList files;
  for (const QString& name : QDir(kRecorded).entryList({"*.plrun"}, QDir::Files, QDir::Name))
    files << kRecorded + "/" + name;
  return files;
}

QStringList eventFiles(const QString& runFolder) {
  return QDir(runFolder).entryList({"*tfevents*"}, QDir::Files);
}

// (tag, step) -> value, as the export writes a recording: every field with a TensorBoard group.
std::map<std::pair<QString, int64_t>, float> expectedScalars(const RunRecording& run) {
  std::map<std::pair<QString, int64_t>, float> out;
  for (const StepRecord& s : run.steps)
    for (const StepField& f : stepFields())
      if (f.tensorboardGroup)
        out[{QString::fromStdString(tensorboardTag(f)), s.step}] = static_cast<float>(f.get(s));
  for (const EvalRecord& e : run.evals)
    for (const EvalField& f : evalFields())
      if (f.tensorboardGroup)
        out[{QString::fromStdString(tensorboardTag(f)), e.step}] = static_cast<float>(f.get(e));
  return out;
}

}  // namespace

class TestCliTensorBoard : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // The three trials of the HP sweep share scenario, provenance, host and recording second:
  // they used to land in one folder under one file name, the last overwriting the others while
  // the CLI reported success for each. Now each recording is its own run, a second recording of
  // the same name is numbered, and a folder an earlier export left is refused (or --replace'd).
  void everyRecordingIsItsOwnRun() {
    QTemporaryDir dir;
    const QString out = dir.path() + "/tb";
    const QStringList trials = {kRecorded + "/vertex-hp-tuning-trial1.plrun",
                                kRecorded + "/vertex-hp-tuning-trial2.plrun",
                                kRecorded + "/vertex-hp-tuning-trial3.plrun"};
    const clitest::CliResult r =
        clitest::runCli(QStringList{"export-tensorboard"} << trials << trials[0] << "--out" << out);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList runs = QDir(out).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QCOMPARE(runs.size(), 4);
    QSet<QString> files;
    for (const QString& run : runs) {
      QVERIFY2(run.startsWith("vertex-hp-tuning.live.HP-trial-"), qPrintable(run));
      QCOMPARE(eventFiles(out + "/" + run).size(), 1);
      files.insert(eventFiles(out + "/" + run).first());
    }
    QCOMPARE(files.size(), 4);  // no two event files share a name either
    // The second copy of trial 1 is numbered (its name carries the recorded learning rate).
    QVERIFY2(std::any_of(runs.begin(), runs.end(),
                         [](const QString& run) {
                           return run.startsWith("vertex-hp-tuning.live.HP-trial-1-lr-") &&
                                  run.endsWith(".2");
                         }),
             qPrintable(runs.join(' ')));

    // Again into the same folder: refused, with the folder named, and nothing overwritten.
    const clitest::CliResult again =
        clitest::runCli(QStringList{"export-tensorboard"} << trials[1] << "--out" << out);
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains("already holds TensorBoard events"), qPrintable(again.err));
    QVERIFY2(again.err.contains("add --replace"), qPrintable(again.err));  // here it is true
    QVERIFY(!again.out.contains("scalars ->"));
    const clitest::CliResult replaced = clitest::runCli(
        QStringList{"export-tensorboard"} << trials[1] << "--out" << out << "--replace");
    QVERIFY2(replaced.exitCode == 0, qPrintable(replaced.err));
    for (const QString& run : runs) QCOMPARE(eventFiles(out + "/" + run).size(), 1);

    // The library refuses the same way when asked for a taken name.
    const RunRecording one = readRunRecording(trials[0].toStdString());
    QVERIFY_THROWS_EXCEPTION(InputError,
                             exportTensorBoard(one, out.toStdString(), runs.first().toStdString()));
  }

  // TensorBoard's own reader on the CLI's export of every shipped recording.
  void tensorBoardReadsEveryScalar() {
#ifndef PRECISIONLAB_REAL_TOOL_TESTS
    QSKIP(
        "skipped: the real-tool checks run in the light build only (Debian's LibTorch) "
        "(tests/engine/CMakeLists.txt)");
#endif
    if (!QFileInfo(kVenvPython).isExecutable())
      QSKIP(qPrintable("skipped: " + kVenvPython +
                       " not found (bash packaging/setup.sh creates the venv)"));
    QTemporaryDir dir;
    const QString out = dir.path() + "/tb";
    const QStringList files = shippedRecordings();
    QVERIFY(files.size() >= 9);
    const clitest::CliResult r =
        clitest::runCli(QStringList{"export-tensorboard"} << files << "--out" << out);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QProcess python;
    python.start(kVenvPython, {PRECISIONLAB_SOURCE_DIR "/tests/cli/tensorboard_read.py", out});
    QVERIFY(python.waitForFinished(120000));
    if (python.exitCode() == 2)
      QSKIP(qPrintable("skipped: " + QString::fromUtf8(python.readAllStandardError()).trimmed() +
                       " (pip install -r packaging/python-requirements.txt)"));
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    // run -> (tag, step) -> value as TensorBoard decoded it; a repeated (tag, step) would be two
    // runs merged into one folder.
    std::map<QString, std::map<std::pair<QString, int64_t>, float>> read;
    const QList<QByteArray> lines = python.readAllStandardOutput().split('\n');
    for (const QByteArray& line : lines) {
      if (line.isEmpty()) continue;
      const QList<QByteArray> f = line.split('\t');
      QCOMPARE(f.size(), 4);
      bool ok = false;
      const double value = QString::fromLatin1(f[3]).toDouble(&ok);  // repr: 0.5, nan, inf
      QVERIFY2(ok, line.constData());
      const auto key = std::make_pair(QString::fromUtf8(f[1]), f[2].toLongLong());
      QVERIFY2(!read[QString::fromUtf8(f[0])].count(key), line.constData());
      read[QString::fromUtf8(f[0])][key] = static_cast<float>(value);
    }
    QCOMPARE(read.size(), static_cast<size_t>(files.size()));
    size_t scalars = 0;
    for (const QString& file : files) {
      const RunRecording run = readRunRecording(file.toStdString());
      const QString name = QString::fromStdString(defaultTensorBoardRunName(run));
      QVERIFY2(read.count(name), qPrintable(name));
      const auto& got = read[name];
      const auto want = expectedScalars(run);
      QCOMPARE(got.size(), want.size());
      for (const auto& [key, value] : want) {
        const auto it = got.find(key);
        QVERIFY2(it != got.end(),
                 qPrintable(name + " " + key.first + " " + QString::number(key.second)));
        const bool same = std::isnan(value) ? std::isnan(it->second) : it->second == value;
        QVERIFY2(same, qPrintable(QString("%1 %2 step %3: TensorBoard read %4, recorded %5")
                                      .arg(name, key.first)
                                      .arg(key.second)
                                      .arg(it->second)
                                      .arg(value)));
      }
      scalars += want.size();
    }
    qInfo("TensorBoard's EventAccumulator read %zu scalars of %lld recordings, all as recorded",
          scalars, static_cast<long long>(files.size()));
  }
};

QTEST_GUILESS_MAIN(TestCliTensorBoard)
#include "tst_clitensorboard.moc"
