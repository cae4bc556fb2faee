// Hostile inputs, round 4 (issue 47): the review-log import (`progress import-revlog`,
// RevlogCsv::read, ProgressDatabase::importRevlog). Planted files, each refused with its file,
// line and column: a repeated answer, a NUL or another control character in an id, Latin-1
// bytes, a header missing several columns. A failed import leaves no profile behind (the CLI
// then still finds the only profile). The batch writer gives the schedules that recording the
// answers one by one gives. A 200,000-row import reports its progress and prints its time
// (measured, not asserted).
#include "quiz/ProgressStore.h"
#include "quiz/RevlogCsv.h"

#include <sqlite3.h>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace precisionlab::quiz;

namespace {

const QByteArray kHeader = RevlogCsv::columns().join(QLatin1Char(',')).toUtf8() + "\r\n";
// ease 3: correct, unsure, 5 s (docs/spaced-repetition.md, "Rating from one answer").
const QByteArray kRow =
    "1700000000000,1700000000000,0,3,1,0,0,5000,0,bank,q1,3.1,a,1,unsure,5000,practice\r\n";

// kRow with its bank_id, question_id, domain or chosen replaced.
QByteArray row(const QByteArray& bank, const QByteArray& question, const QByteArray& domain = "3.1",
               const QByteArray& chosen = "a", const QByteArray& id = "1700000000000") {
  return id + "," + id + ",0,3,1,0,0,5000,0," + bank + "," + question + "," + domain + "," +
         chosen + ",1,unsure,5000,practice\r\n";
}

bool writeFile(const QString& path, const QByteArray& data) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QString scalar(const QString& db, const char* sql) {
  sqlite3* h = nullptr;
  sqlite3_stmt* st = nullptr;
  QString out;
  if (sqlite3_open(QFile::encodeName(db).constData(), &h) == SQLITE_OK &&
      sqlite3_prepare_v2(h, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    out = QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
  sqlite3_finalize(st);
  sqlite3_close(h);
  return out;
}

bool exec(const QString& db, const char* sql) {
  sqlite3* h = nullptr;
  const bool ok = sqlite3_open(QFile::encodeName(db).constData(), &h) == SQLITE_OK &&
                  sqlite3_exec(h, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(h);
  return ok;
}

QStringList profileNames(ProgressStore& store) {
  QStringList names;
  for (const Profile& p : store.profiles().result()) names << p.name;
  return names;
}

// An answer as the store would log it (log.rating is what RevlogCsv::write puts in `ease`).
Attempt answer(qint64 timeMs, int question, int k) {
  Attempt a;
  a.timeMs = timeMs;
  a.bankId = QStringLiteral("bank");
  a.questionId = QStringLiteral("q%1").arg(question);
  a.domain = QStringLiteral("3.%1").arg(1 + question % 3);
  a.chosenOptionIds = {QStringLiteral("a"), QStringLiteral("c")};
  a.correct = k % 5 != 0;
  a.confidence = static_cast<Confidence>(k % 4);
  a.timeTakenMs = 3000 + (k % 7) * 20000;  // some slower than 90 s: rated one lower
  a.mode = k % 6 == 0 ? QuizMode::Exam : QuizMode::Practice;
  a.log.rating = static_cast<int>(FsrsScheduler::ratingFor(a.correct, a.confidence, a.timeTakenMs));
  return a;
}

QString cliPath() {
#ifdef PRECISIONLAB_CLI_FOR_TEST
  return QStringLiteral(PRECISIONLAB_CLI_FOR_TEST);
#else
  return QString();
#endif
}

}  // namespace

class TestRevlogImport : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  // One row four times was imported four times; an exam's answers share one time and stay.
  void repeatedAnswerIsRefused() {
    const RevlogCsv::ReadResult four =
        RevlogCsv::read(kHeader + kRow + kRow + kRow + kRow, "f.csv");
    QCOMPARE(four.error,
             QString("f.csv:3: column 'id' is 1700000000000 again, for the same bank_id \"bank\" "
                     "and question_id \"q1\" as line 2; an answer is imported once, so that none "
                     "counts twice: remove the repeated row"));
    QVERIFY(four.attempts.isEmpty());
    // Out of time order, the repeat is still found, and named by its own line.
    const RevlogCsv::ReadResult apart =
        RevlogCsv::read(kHeader + row("bank", "q1", "3.1", "a", "1700000000500") +
                            row("bank", "q2") + row("bank", "q1", "3.1", "a", "1700000000500"),
                        "apart.csv");
    QVERIFY2(apart.error.startsWith("apart.csv:4: column 'id' is 1700000000500 again") &&
                 apart.error.contains("as line 2;"),
             qPrintable(apart.error));
    const RevlogCsv::ReadResult exam = RevlogCsv::read(
        kHeader + row("bank", "q2") + row("bank", "q1") + row("other", "q2"), "exam.csv");
    QVERIFY2(exam.ok(), qPrintable(exam.error));
    QCOMPARE(exam.attempts.size(), 3);
    QCOMPARE(exam.attempts.at(0).questionId, QString("q2"));  // file order within one time
    QCOMPARE(exam.attempts.at(1).questionId, QString("q1"));
  }

  // Card ids: a question's first answer time, the next free one on a clash, as before the
  // clashes were walked in one step (an exam of 20,000 answers at one time took 13 s).
  void cardIdsOfAnExamAtOneTime() {
    const qint64 t = 1'700'000'000'000;
    QVector<Attempt> exam;
    for (int q : {1, 2, 3}) exam << answer(t, q, 1);
    exam << answer(t + 1, 4, 1) << answer(t + 2, 1, 1) << answer(t + 9, 5, 1);
    QStringList cids;
    const QList<QByteArray> lines = RevlogCsv::write(exam).split('\n');
    for (const QByteArray& line : lines.mid(1, exam.size())) cids << line.split(',').at(1);
    const auto id = [t](int plus) { return QString::number(t + plus); };
    QCOMPARE(cids, (QStringList{id(0), id(1), id(2), id(3), id(0), id(9)}));
  }

  // A message quotes at most 80 bytes of a value (a field may be 256 MiB).
  void longValuesAreShortenedInMessages() {
    const QByteArray mode(100'000, 'x');
    const QString error =
        RevlogCsv::read(kHeader + kRow.chopped(10) + mode + "\r\n", "l.csv").error;
    QCOMPARE(error, "l.csv:2: column 'mode' is \"" + QString(80, 'x') +
                        "... (100000 bytes)\"; use practice or exam");
  }

  void controlCharactersAreRefused_data() {
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("error");  // "" = accepted
    const QString tail = "; it is stored as text: remove the character";
    QTest::newRow("NUL in question_id")
        << row("bank", QByteArray("q\0"
                                  "1",
                                  3))
        << "c.csv:2: column 'question_id' holds the control character U+0000 at character 2" + tail;
    QTest::newRow("escape in bank_id")
        << row("\x1b[31mbank", "q1")
        << "c.csv:2: column 'bank_id' holds the control character U+001B at character 1" + tail;
    QTest::newRow("line break in question_id")
        << row("bank", "\"q\n1\"")
        << "c.csv:2: column 'question_id' holds the control character U+000A at character 2" + tail;
    QTest::newRow("DEL in chosen")
        << row("bank", "q1", "3.1", "a;\x7f")
        << "c.csv:2: column 'chosen' holds the control character U+007F at character 3" + tail;
    QTest::newRow("carriage return in domain")
        << row("bank", "q1", "\"3.1\r\"")
        << "c.csv:2: column 'domain' holds the control character U+000D at character 4" + tail;
    QTest::newRow("C1 control in domain")
        << row("bank", "q1", "3.1\xc2\x85")
        << "c.csv:2: column 'domain' holds the control character U+0085 at character 4" + tail;
    QTest::newRow("tab and newline in domain")
        << row("bank", "q1", "\"3.1\tscaling\n\"") << QString();
  }
  void controlCharactersAreRefused() {
    QFETCH(QByteArray, line);
    QFETCH(QString, error);
    const RevlogCsv::ReadResult r = RevlogCsv::read(kHeader + line, "c.csv");
    QCOMPARE(r.error, error);
    QCOMPARE(r.attempts.size(), error.isEmpty() ? 1 : 0);
  }

  void nonUtf8IsRefused_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QString tail = "; save the file as UTF-8 and import it again";
    QTest::newRow("Latin-1 domain")
        << kHeader + kRow + row("bank", "q2", "caf\xe9")
        << "u.csv:3: column 'domain' is not UTF-8 (the byte 0xe9 at byte 4 of the field)" + tail;
    QTest::newRow("Latin-1 question_id")
        << kHeader + row("bank", "fr\xe9q")
        << "u.csv:2: column 'question_id' is not UTF-8 (the byte 0xe9 at byte 3 of the field)" +
               tail;
    QTest::newRow("in a column not read")
        << kHeader + "1700000000000,17\xff,0,3,1,0,0,5000,0,bank,q1,3.1,a,1,unsure,5000,practice\n"
        << "u.csv:2: column 'cid' is not UTF-8 (the byte 0xff at byte 3 of the field)" + tail;
    QTest::newRow("past the header")
        << kHeader + kRow.chopped(2) + ",\xc3\r\n"
        << "u.csv:2: field 18 is not UTF-8 (the byte 0xc3 at byte 1 of the field)" + tail;
    QTest::newRow("in the header")
        << "id,c\xe9id\n" + kRow
        << "u.csv:1: field 2 is not UTF-8 (the byte 0xe9 at byte 2 of the field)" + tail;
  }
  void nonUtf8IsRefused() {
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(RevlogCsv::read(text, "u.csv").error, error);
  }

  void missingColumnsAreAllNamed_data() {
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QString>("missing");
    QTest::newRow("three") << QByteArray(
                                  "id,cid,ease,domain,chosen,correct,confidence,"
                                  "time_taken_ms")
                           << "columns 'bank_id', 'question_id' and 'mode'";
    QTest::newRow("two") << QByteArray("id,ease,question_id,correct,confidence,time_taken_ms")
                         << "columns 'bank_id' and 'mode'";
    QTest::newRow("one") << QByteArray(
                                "id,ease,bank_id,question_id,correct,confidence,"
                                "time_taken_ms")
                         << "column 'mode'";
    QTest::newRow("all") << QByteArray("time")
                         << "columns 'id', 'ease', 'bank_id', 'question_id', 'correct', "
                            "'confidence', 'time_taken_ms' and 'mode'";
  }
  void missingColumnsAreAllNamed() {
    QFETCH(QByteArray, header);
    QFETCH(QString, missing);
    QCOMPARE(RevlogCsv::read(header + "\n1\n", "h.csv").error,
             "h.csv:1: no " + missing +
                 " in the header; a review log exported by PrecisionLab "
                 "has " +
                 RevlogCsv::columns().join(','));
  }

  // The import's profile is made in its transaction: a file refused while read, or rows refused
  // by the database while written (a planted trigger), leave no profile and no answer.
  void failedImportLeavesNoProfile() {
    const QString db = dir_.filePath("noprofile.sqlite3");
    {
      ProgressStore store;
      QVERIFY(store.open(db).result().ok());
      Attempt a = answer(1'600'000'000'000, 1, 1);
      a.profileId = store.addProfile("Ana").result().profile.id;
      QVERIFY(store.recordAttempt(a).result().ok);
    }
    QVERIFY(exec(db,
                 "CREATE TRIGGER planted BEFORE INSERT ON attempts WHEN NEW.question_id = "
                 "'boom' BEGIN SELECT RAISE(ABORT, 'planted failure'); END"));
    const QString bad = dir_.filePath("bad.csv"), boom = dir_.filePath("boom.csv"),
                  good = dir_.filePath("good.csv");
    QVERIFY(writeFile(bad, kHeader + kRow + kRow));
    QVERIFY(writeFile(boom, kHeader + kRow + row("bank", "boom", "3.1", "a", "1700000009000")));
    QVERIFY(writeFile(good, kHeader + kRow + row("bank", "q2")));
    ProgressStore store;
    QVERIFY(store.open(db).result().ok());
    const ImportResult refused = store.importRevlogAsNewProfile("Ben", bad).result();
    QVERIFY(!refused.ok);
    QVERIFY2(refused.error.startsWith(bad + ":3: column 'id'"), qPrintable(refused.error));
    QCOMPARE(profileNames(store), QStringList{"Ana"});
    const ImportResult failed = store.importRevlogAsNewProfile("Ben", boom).result();
    QCOMPARE(failed.error, QString("Nothing was imported: planted failure"));
    QCOMPARE(profileNames(store), QStringList{"Ana"});
    QCOMPARE(store.attempts(0).result().size(), 1);
    // Into a taken name or a profile with answers: refused before the file is read.
    QCOMPARE(store.importRevlogAsNewProfile("Ana", good).result().error,
             QString("A profile named \"Ana\" already exists."));
    const qint64 ana = store.profiles().result().front().id;
    QVERIFY(store.importRevlog(ana, good).result().error.contains("already has answers"));
    const ImportResult imported = store.importRevlogAsNewProfile(" Ben ", good).result();
    QVERIFY2(imported.ok, qPrintable(imported.error));
    QCOMPARE(imported.rows, 2);
    QCOMPARE(profileNames(store), (QStringList{"Ana", "Ben"}));
    QCOMPARE(store.attempts(imported.profileId).result().size(), 2);
  }

  // The CLI on the same case: after a failed `import-revlog --profile NEW` the file still has one
  // profile, so a command without --profile finds it (it used to say "several profiles").
  void cliFailedImportLeavesNoProfile() {
    if (cliPath().isEmpty()) QSKIP("no precisionlab-cli in this build");
    const QString db = dir_.filePath("cli.sqlite3"), bad = dir_.filePath("cli-bad.csv");
    {
      ProgressStore store;
      QVERIFY(store.open(db).result().ok());
      QVERIFY(store.addProfile("Ana").result().ok);
    }
    QVERIFY(writeFile(bad, kHeader + kRow + kRow));
    const auto cli = [&](const QStringList& args, QString* output) {
      QProcess p;
      p.setProcessChannelMode(QProcess::MergedChannels);
      p.start(cliPath(), QStringList{"progress"} + args + QStringList{"--db", db});
      const bool finished = p.waitForFinished(120000);
      *output = QString::fromUtf8(p.readAll());
      return finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    };
    QString out;
    QCOMPARE(cli({"import-revlog", bad, "--profile", "Ben"}, &out), 1);
    QVERIFY2(out.contains(bad + ":3: column 'id' is 1700000000000 again"), qPrintable(out));
    QCOMPARE(scalar(db, "SELECT group_concat(name) FROM profiles"), QString("Ana"));
    QCOMPARE(cli({"parameters"}, &out), 0);
    QVERIFY2(out.contains("Not optimized yet"), qPrintable(out));
  }

  // The batch (one statement per table, each question's schedule kept in memory and saved once)
  // gives the schedules and review-log columns that recording the answers one by one gives.
  void batchImportMatchesRecordingOneByOne() {
    const QString db = dir_.filePath("batch.sqlite3"), csv = dir_.filePath("batch.csv");
    QVector<Attempt> answers;
    qint64 t = 1'700'000'000'000;
    for (int k = 0; k < 90; ++k) {
      t += (k % 4 == 0 ? 3 : 1) * 7 * 3600 * 1000LL + k * 61'000;
      answers << answer(t, (k * 7) % 11, k);
    }
    QVERIFY(writeFile(csv, RevlogCsv::write(answers)));
    ProgressStore store;
    QVERIFY(store.open(db).result().ok());
    const qint64 one = store.addProfile("one by one").result().profile.id;
    for (Attempt a : answers) {
      a.profileId = one;
      QVERIFY(store.recordAttempt(a).result().ok);
    }
    const ImportResult batch = store.importRevlogAsNewProfile("batch", csv).result();
    QVERIFY2(batch.ok, qPrintable(batch.error));
    const QVector<ReviewState> expected = store.reviewStates(one, "bank").result();
    const QVector<ReviewState> got = store.reviewStates(batch.profileId, "bank").result();
    QCOMPARE(got.size(), 11);
    QCOMPARE(got.size(), expected.size());
    for (int i = 0; i < got.size(); ++i) {
      const ReviewState &x = expected.at(i), &y = got.at(i);
      QCOMPARE(y.questionId, x.questionId);
      QVERIFY(y.dueMs == x.dueMs && y.lastReviewMs == x.lastReviewMs && y.lapses == x.lapses &&
              y.repetitions == x.repetitions && y.intervalDays == x.intervalDays &&
              y.easiness == x.easiness && y.sm2DueMs == x.sm2DueMs &&
              y.fsrs.state == x.fsrs.state && y.fsrs.step == x.fsrs.step &&
              y.fsrs.stability == x.fsrs.stability && y.fsrs.difficulty == x.fsrs.difficulty &&
              y.fsrs.dueMs == x.fsrs.dueMs);
    }
    const QVector<Attempt> a = store.attempts(one).result(),
                           b = store.attempts(batch.profileId).result();
    QCOMPARE(b.size(), a.size());
    for (int i = 0; i < a.size(); ++i) {
      const ReviewLogEntry &x = a.at(i).log, &y = b.at(i).log;
      QVERIFY(y.rating == x.rating && y.sm2Grade == x.sm2Grade && y.elapsedDays == x.elapsedDays &&
              y.stateBefore == x.stateBefore && y.stability == x.stability &&
              y.difficulty == x.difficulty && y.retrievability == x.retrievability &&
              y.scheduledDays == x.scheduledDays && y.scheduler == x.scheduler);
      QCOMPARE(b.at(i).chosenOptionIds, a.at(i).chosenOptionIds);
      QVERIFY(b.at(i).mode == a.at(i).mode && b.at(i).confidence == a.at(i).confidence);
    }
  }

  // 200,000 rows (over the size at which the (question, time) index is built after the rows):
  // progress while reading and writing, every row and question stored, the index back and the
  // file sound. The time is printed for the record, never asserted.
  void largeImportReportsProgress() {
    const QString db = dir_.filePath("large.sqlite3"), csv = dir_.filePath("large.csv");
    QVector<Attempt> answers;
    answers.reserve(200'000);
    for (int k = 0; k < 200'000; ++k)
      answers << answer(1'700'000'000'000 + k * 60'000LL, k % 2000, k);
    QVERIFY(writeFile(csv, RevlogCsv::write(answers)));
    answers.clear();
    ProgressStore store;
    QVERIFY(store.open(db).result().ok());
    QVector<ImportProgress> reports;  // appended on the store's thread; read after result()
    QElapsedTimer timer;
    timer.start();
    const ImportResult r =
        store
            .importRevlogAsNewProfile("large", csv,
                                      [&reports](const ImportProgress& p) { reports << p; })
            .result();
    const qint64 ms = timer.elapsed();
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.rows, 200'000);
    qInfo("200,000 rows imported in %lld ms (%.1f us a row)", ms, ms * 1000.0 / 200'000);
    int reading = 0, writing = 0;
    qint64 last = 0;
    for (const ImportProgress& p : reports) {
      const bool isReading = p.stage == ImportProgress::Stage::Reading;
      reading += isReading;
      writing += !isReading;
      QCOMPARE(p.total, isReading ? 200'001 : 200'000);  // lines: the header's too
      QVERIFY(p.done > 0 && p.done <= p.total);
      if (!isReading) QVERIFY(p.done > last);
      if (!isReading) last = p.done;
    }
    QVERIFY(reading >= 2 && writing >= 10);
    QVERIFY(reports.size() < 30);  // every few thousand rows, not every row
    QCOMPARE(store.reviewStates(r.profileId, "bank").result().size(), 2000);
    QCOMPARE(scalar(db, "SELECT COUNT(*) FROM attempts"), QString("200000"));
    QCOMPARE(scalar(db,
                    "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = "
                    "'attempts_question_time'"),
             QString("1"));
    QCOMPARE(scalar(db, "PRAGMA integrity_check"), QString("ok"));
  }
};

QTEST_GUILESS_MAIN(TestRevlogImport)
#include "tst_revlogimport.moc"
