// Runs the built precisionlab-cli in a child process, as a user would, for the tests that drive
// the CLI (tst_cli, tst_hostile, tst_clisyntax): exit code (-1 for a crash or a run that did not
// finish in time), standard output and error as bytes and as UTF-8 text, and the wall time.
#pragma once

#include <algorithm>

#include <QByteArray>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace clitest {

inline const QString kCli = QStringLiteral(PRECISIONLAB_BINARY_DIR "/cli/precisionlab-cli");

struct CliResult {
  int exitCode = -1;  // -1: crashed (signal), could not start or did not finish
  bool finished = false;
  qint64 ms = 0;
  QByteArray outBytes, errBytes;  // exactly what the CLI wrote
  QString out, err;               // the same, decoded as UTF-8
};

// timeoutMs is a hang guard, never a speed check: 5 minutes by default, since on CI's two loaded
// cores (two Debian roots building and testing side by side) a short training command took
// minutes; the test's CTest TIMEOUT bounds the whole.
inline CliResult runCli(const QStringList& args, const QByteArray& input = {},
                        int timeoutMs = 300000) {
  QProcess p;
  QElapsedTimer t;
  t.start();
  p.start(kCli, args);
  CliResult r;
  if (!p.waitForStarted(10000)) {
    r.err = QStringLiteral("could not start %1: %2").arg(kCli, p.errorString());
    return r;
  }
  if (!input.isEmpty()) p.write(input);
  p.closeWriteChannel();
  r.finished = p.waitForFinished(timeoutMs);
  if (!r.finished) {
    p.kill();
    p.waitForFinished(5000);
  }
  r.ms = t.elapsed();
  r.outBytes = p.readAllStandardOutput();
  r.errBytes = p.readAllStandardError();
  r.out = QString::fromUtf8(r.outBytes);
  r.err = QString::fromUtf8(r.errBytes);
  r.exitCode = r.finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  return r;
}

// Several command lines at once, `parallel` processes at a time (each CLI start costs about
// 0.4 s of CPU loading LibTorch, so a table of checks runs side by side); results in order.
inline QList<CliResult> runCliMany(const QList<QStringList>& commandLines, int parallel = 4,
                                   int timeoutMs = 300000) {
  QList<CliResult> results;
  for (qsizetype first = 0; first < commandLines.size(); first += parallel) {
    QList<QProcess*> batch;
    for (qsizetype i = first; i < std::min<qsizetype>(first + parallel, commandLines.size()); ++i) {
      auto* p = new QProcess;
      p->start(kCli, commandLines[i]);
      p->closeWriteChannel();
      batch.append(p);
    }
    for (QProcess* p : batch) {
      CliResult r;
      r.finished = p->waitForFinished(timeoutMs);
      if (!r.finished) {
        p->kill();
        p->waitForFinished(5000);
      }
      r.outBytes = p->readAllStandardOutput();
      r.errBytes = p->readAllStandardError();
      r.out = QString::fromUtf8(r.outBytes);
      r.err = QString::fromUtf8(r.errBytes);
      r.exitCode = r.finished && p->exitStatus() == QProcess::NormalExit ? p->exitCode() : -1;
      results.append(r);
      delete p;
    }
  }
  return results;
}

// Everything a failed lab command left, for the test log (QtTest cuts a QVERIFY2 message at
// about 1,000 characters, which hid where a worker-dies lab stood when its hang guard ended it):
// how it ended, its standard output and error, and the child processes' stderr files in
// `outDir`, line by line through qInfo. Call it before the check that fails.
inline void logLabFailure(const CliResult& r, const QString& outDir) {
  qInfo("exit code %d%s after %lld ms", r.exitCode,
        r.finished ? "" : " (did not finish: ended by the test's hang guard)",
        static_cast<long long>(r.ms));
  auto lines = [](const char* what, const QString& text) {
    qInfo("--- %s ---", what);
    for (const QString& line : text.split(QLatin1Char('\n'))) qInfo("%s", qPrintable(line));
  };
  lines("standard output", r.out);
  lines("standard error", r.err);
  const QStringList childLogs =
      QDir(outDir).entryList({QStringLiteral("*.stderr.txt")}, QDir::Files);
  for (const QString& name : childLogs) {
    QFile f(QDir(outDir).filePath(name));
    if (f.open(QIODevice::ReadOnly)) lines(qPrintable(name), QString::fromUtf8(f.read(64 * 1024)));
  }
}

// The verdict of `scenario` in a lab's verdicts.json under `outDir` (an array, or an object
// with "verdicts"); empty when the file or the verdict is missing.
inline QJsonObject labVerdict(const QString& outDir, const QString& scenario) {
  QFile json(outDir + "/verdicts.json");
  if (!json.open(QIODevice::ReadOnly)) return {};
  const QJsonDocument doc = QJsonDocument::fromJson(json.readAll());
  const QJsonArray all =
      doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("verdicts")).toArray();
  for (const QJsonValue& each : all)
    if (each.toObject().value(QStringLiteral("scenario")).toString() == scenario)
      return each.toObject();
  return {};
}

}  // namespace clitest
