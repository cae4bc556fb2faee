// Crash safety: a child process writing attempts is killed with SIGKILL mid-stream; the file
// must pass integrity_check and hold every attempt the child reported as stored.
#include "quiz/ProgressStore.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>

using namespace precisionlab::quiz;

class TestCrashSafety : public QObject {
  Q_OBJECT
 private slots:
  void killedWriterLosesNothingReported() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath("progress.sqlite3");
    QSet<qint64> reported;
    for (int round = 0; round < 3; ++round) {
      QProcess child;
      child.start(QStringLiteral(ATTEMPT_WRITER), {db});
      QVERIFY2(child.waitForStarted(5000), qPrintable(child.errorString()));
      // Kill after a random number of stored attempts, so the kill lands anywhere in a write.
      const int killAfter = 20 + static_cast<int>(QRandomGenerator::global()->bounded(60));
      QByteArray out;
      QElapsedTimer timer;
      timer.start();
      while (out.count('\n') < killAfter + 1 && timer.elapsed() < 15000) {
        child.waitForReadyRead(100);
        out += child.readAllStandardOutput();
        QVERIFY2(child.state() == QProcess::Running, child.readAllStandardError().constData());
      }
      child.kill();  // SIGKILL on Unix: no destructors, no close, no checkpoint
      QVERIFY(child.waitForFinished(5000));
      out += child.readAllStandardOutput();  // lines printed before the kill count as reported
      QCOMPARE(child.exitStatus(), QProcess::CrashExit);
      int lines = 0;
      for (const QByteArray& line : out.split('\n')) {
        bool ok = false;
        const qint64 id = line.trimmed().toLongLong(&ok);
        if (ok) {
          reported.insert(id);
          ++lines;
        }
      }
      QVERIFY2(lines >= killAfter, qPrintable(QString("only %1 attempts written").arg(lines)));

      // Inspect with a plain connection, as any SQLite tool would.
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open_v2(db.toUtf8().constData(), &raw, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
      sqlite3_stmt* st = nullptr;
      sqlite3_prepare_v2(raw, "PRAGMA integrity_check", -1, &st, nullptr);
      QCOMPARE(sqlite3_step(st), SQLITE_ROW);
      QCOMPARE(QByteArray(reinterpret_cast<const char*>(sqlite3_column_text(st, 0))), QByteArray("ok"));
      sqlite3_finalize(st);
      QSet<qint64> stored;
      sqlite3_prepare_v2(raw, "SELECT id FROM attempts", -1, &st, nullptr);
      while (sqlite3_step(st) == SQLITE_ROW) stored.insert(sqlite3_column_int64(st, 0));
      sqlite3_finalize(st);
      sqlite3_close(raw);
      for (qint64 id : reported) QVERIFY2(stored.contains(id), qPrintable(QString("attempt %1 lost").arg(id)));
      QVERIFY(stored.size() <= reported.size() + 1);  // at most the one in flight at the kill
    }

    // The store itself opens the file as intact and sees the same history.
    ProgressStore store;
    const OpenReport report = store.open(db).result();
    QVERIFY2(report.outcome == OpenReport::Outcome::Opened, qPrintable(report.message));
    QVERIFY(store.attempts(0).result().size() >= reported.size());
  }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"
