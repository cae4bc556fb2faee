// The CLI as two executables (issue 46, item 4; cli/EngineCommands.h): precisionlab-cli, the light
// front, loads no LibTorch; the commands that need it run in precisionlab-cli-engine, which the
// front finds beside itself (build tree) or in ../libexec/precisionlab/ (installed) and execs.
// Start-up times are a benchmark (bench/cli-startup.sh), not asserted here.
#include "cli_runner.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kEngine = QStringLiteral(PRECISIONLAB_BINARY_DIR "/cli/precisionlab-cli-engine");

// The shared libraries the dynamic loader maps for `program` (what ldd prints), without running
// it: LD_TRACE_LOADED_OBJECTS makes the loader list them and exit.
QString loadedLibraries(const QString& program) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("LD_TRACE_LOADED_OBJECTS"), QStringLiteral("1"));
  p.setProcessEnvironment(env);
  p.start(program, {});
  if (!p.waitForFinished(60000)) return QStringLiteral("did not finish");
  return QString::fromUtf8(p.readAllStandardOutput());
}

clitest::CliResult runProgram(const QString& program, const QStringList& args) {
  QProcess p;
  p.start(program, args);
  clitest::CliResult r;
  r.finished = p.waitForFinished(120000);
  r.exitCode = r.finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

}  // namespace

class TestCliFront : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // The front maps no LibTorch library; the engine does (so the check can tell them apart).
  void frontLoadsNoLibTorch() {
    const QString front = loadedLibraries(clitest::kCli);
    const QString engine = loadedLibraries(kEngine);
    QVERIFY2(front.contains(QLatin1String("libc.so")), qPrintable(front));
    QVERIFY2(!front.contains(QLatin1String("libtorch")) && !front.contains(QLatin1String("libc10")),
             qPrintable(front));
    QVERIFY2(engine.contains(QLatin1String("libtorch")) || engine.contains(QLatin1String("libc10")),
             qPrintable(engine));
  }

  // Both list the same commands with the same summaries: the engine's are the front's table.
  void helpIsTheEngines() {
    const clitest::CliResult front = clitest::runCli({QStringLiteral("--help")});
    const clitest::CliResult engine = runProgram(kEngine, {QStringLiteral("--help")});
    QCOMPARE(front.exitCode, 0);
    QCOMPARE(front.out, engine.out);
    QVERIFY(front.out.contains(QLatin1String("  train ")));
#ifdef PRECISIONLAB_HAVE_QUIZ  // the quiz library's commands exist where the UI is built
    QVERIFY(front.out.contains(QLatin1String("  progress ")));
#endif
  }

  // A command that needs LibTorch reaches the engine with its arguments, exit status and output:
  // its --version says what the engine loaded, the front's what it was built against; a usage
  // error is the engine's, with its exit status 2.
  void engineCommandsAreHandedOver() {
    const clitest::CliResult frontVersion = clitest::runCli({QStringLiteral("--version")});
    QCOMPARE(frontVersion.exitCode, 0);
    QVERIFY2(frontVersion.out.contains(QLatin1String("LibTorch ")) &&
                 !frontVersion.out.contains(QLatin1String("BLAS loaded")),
             qPrintable(frontVersion.out));
    const clitest::CliResult trainVersion =
        clitest::runCli({QStringLiteral("train"), QStringLiteral("--version")});
    QCOMPARE(trainVersion.exitCode, 0);
    QVERIFY2(trainVersion.out.contains(QLatin1String("BLAS loaded: ")),
             qPrintable(trainVersion.out));
    const clitest::CliResult bad =
        clitest::runCli({QStringLiteral("train"), QStringLiteral("--steps"), QStringLiteral("x")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.startsWith(QLatin1String("precisionlab-cli train: ")), qPrintable(bad.err));
    const clitest::CliResult completion =
        clitest::runCli({QStringLiteral("completion"), QStringLiteral("bash")});
    QCOMPARE(completion.exitCode, 0);
    QVERIFY(completion.out.contains(QLatin1String("--lora-rank")));  // train's, from the engine
  }

  // A front without its engine: the quiz commands still run; a training command says what is
  // missing and where it looked, with exit status 1.
  void frontWithoutEngineSaysWhatIsMissing() {
    QTemporaryDir dir;
    const QString alone = dir.filePath(QStringLiteral("precisionlab-cli"));
    QVERIFY(QFile::copy(clitest::kCli, alone));
    QVERIFY(QFile::setPermissions(alone, QFile::ReadOwner | QFile::ExeOwner));
    const clitest::CliResult version = runProgram(alone, {QStringLiteral("--version")});
    QCOMPARE(version.exitCode, 0);
    const clitest::CliResult train = runProgram(alone, {QStringLiteral("train")});
    QCOMPARE(train.exitCode, 1);
    QVERIFY2(
        train.err.contains(QLatin1String("needs the training engine (precisionlab-cli-engine")) &&
            train.err.contains(dir.path() + QStringLiteral("/precisionlab-cli-engine")) &&
            train.err.contains(QLatin1String("libexec/precisionlab/precisionlab-cli-engine")),
        qPrintable(train.err));
  }

  // Installed layout: bin/precisionlab-cli finds libexec/precisionlab/precisionlab-cli-engine.
  void installedLayoutFindsTheEngine() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("bin")) &&
            QDir(dir.path()).mkpath(QStringLiteral("libexec/precisionlab")));
    const QString front = dir.filePath(QStringLiteral("bin/precisionlab-cli"));
    QVERIFY(QFile::copy(clitest::kCli, front));
    QVERIFY(QFile::link(
        kEngine, dir.filePath(QStringLiteral("libexec/precisionlab/precisionlab-cli-engine"))));
    const clitest::CliResult r =
        runProgram(front, {QStringLiteral("inspect"), QStringLiteral("--version")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QLatin1String("BLAS loaded: ")), qPrintable(r.out + r.err));
  }
};

QTEST_GUILESS_MAIN(TestCliFront)
#include "tst_clifront.moc"
