// Progress store: round trip through the owning thread, statistics, migrations from every older
// schema, damaged (garbage, truncated, empty), locked and newer-version files, backups, CSV.
#include "quiz/ProgressDatabase.h"
#include "quiz/ProgressStore.h"
#include "quiz/StatisticsCalculator.h"

#include <sqlite3.h>
#include <QDate>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace precisionlab::quiz;

namespace {

// A plain connection for building and inspecting files the way another program would.
struct Raw {
  sqlite3* db = nullptr;
  explicit Raw(const QString& path) { sqlite3_open(path.toUtf8().constData(), &db); }
  ~Raw() { sqlite3_close(db); }
  bool exec(const QByteArray& sql) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.constData(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) qWarning() << "sqlite:" << err;
    sqlite3_free(err);
    return rc == SQLITE_OK;
  }
  QString scalar(const QByteArray& sql) {
    sqlite3_stmt* st = nullptr;
    QString out;
    if (sqlite3_prepare_v2(db, sql.constData(), -1, &st, nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      out = QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    return out;
  }
};

QByteArray sourceSql(int version) {
  QFile f(QStringLiteral(PRECISIONLAB_SOURCE_DIR "/quiz/sql/v%1.sql").arg(version));
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

qint64 localNoon(const QDate& d) { return QDateTime(d, QTime(12, 0)).toMSecsSinceEpoch(); }

Attempt attempt(qint64 profile, const QString& question, bool correct,
                const QString& domain = "Scaling", qint64 timeMs = 0) {
  Attempt a;
  a.profileId = profile;
  a.bankId = "bank";
  a.questionId = question;
  a.domain = domain;
  a.chosenOptionIds = {"a"};
  a.correct = correct;
  a.timeTakenMs = 2000;
  a.confidence = Confidence::Sure;
  a.timeMs = timeMs;
  return a;
}

// Creates a store file with one profile and `n` attempts, then closes it.
qint64 seed(const QString& path, int n, bool backup = false) {
  ProgressStore store;
  [&] { QVERIFY(store.open(path).result().ok()); }();
  const qint64 id = store.addProfile("Ana").result().profile.id;
  for (int i = 0; i < n; ++i)
    store.recordAttempt(attempt(id, QString("q%1").arg(i % 5), i % 3 != 0));
  if (backup) store.backup(true).result();
  return id;
}

}  // namespace

class TestProgressStore : public QObject {
  Q_OBJECT
 private slots:
  // Issue 45: the last exam as the exam scored it, unanswered questions counted wrong.
  void examSittings() {
    QTemporaryDir dir;
    ProgressStore store;
    QVERIFY(store.open(dir.filePath("p.sqlite3")).result().ok());
    const qint64 id = store.addProfile("Ana").result().profile.id;
    QCOMPARE(store.lastExamSitting(id, "bank").result().id, qint64(0));  // none yet
    ExamSitting first{0, id, "bank", 1000, 10, 6, 2};
    ExamSitting second{0, id, "bank", 5000, 20, 20, 15};
    ExamSitting other{0, id, "other-bank", 9000, 5, 5, 5};
    QVERIFY(store.recordExamSitting(first).result().ok);
    QVERIFY(store.recordExamSitting(second).result().ok);
    QVERIFY(store.recordExamSitting(other).result().ok);
    const ExamSitting last = store.lastExamSitting(id, "bank").result();
    QVERIFY(last.id > 0);
    QCOMPARE(last.finishedMs, qint64(5000));
    QCOMPARE(last.questions, 20);
    QCOMPARE(last.answered, 20);
    QCOMPARE(last.correct, 15);
    // Counts that do not add up are refused, naming them; so is a profile that does not exist.
    const ExamSittingResult bad =
        store.recordExamSitting({0, id, "bank", 6000, 10, 11, 2}).result();
    QVERIFY(!bad.ok);
    QVERIFY2(bad.error.contains("10 questions with 11 answered"), qPrintable(bad.error));
    QVERIFY(!store.recordExamSitting({0, id, "bank", 6000, 10, 5, 6}).result().ok);
    QVERIFY(!store.recordExamSitting({0, id + 99, "bank", 6000, 10, 5, 2}).result().ok);
    QCOMPARE(store.lastExamSitting(id, "bank").result().finishedMs, qint64(5000));
  }

  void roundTrip() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    ProgressStore store;
    QSignalSpy spy(&store, &ProgressStore::changed);
    const OpenReport report = store.open(path).result();
    QVERIFY(report.outcome == OpenReport::Outcome::Created);
    QCOMPARE(report.toVersion, ProgressDatabase::kMaxVersion);
    QVERIFY(!report.readOnly);

    const ProfileResult ana = store.addProfile("  Ana ").result();
    QVERIFY(ana.ok);
    QCOMPARE(ana.profile.name, QString("Ana"));
    QVERIFY(!store.addProfile("Ana").result().ok);  // names are unique
    QVERIFY(!store.addProfile(" ").result().ok);
    const qint64 ben = store.addProfile("Ben").result().profile.id;
    QVERIFY(store.renameProfile(ben, "Benedikt").result().ok);
    QCOMPARE(store.profiles().result().size(), 2);

    const RecordResult r1 = store.recordAttempt(attempt(ana.profile.id, "q1", true)).result();
    QVERIFY2(r1.ok, qPrintable(r1.error));
    QCOMPARE(r1.review.intervalDays, 1);
    QVERIFY(store.recordAttempt(attempt(ana.profile.id, "q2", false)).result().ok);
    QVERIFY(store.recordAttempt(attempt(ben, "q1", true)).result().ok);
    QVERIFY(!store.recordAttempt(attempt(999, "q1", true)).result().ok);  // unknown profile

    const QVector<Attempt> mine = store.attempts(ana.profile.id).result();
    QCOMPARE(mine.size(), 2);
    QCOMPARE(mine[0].questionId, QString("q2"));  // newest first
    QCOMPARE(mine[1].chosenOptionIds, QStringList{"a"});
    QVERIFY(mine[1].confidence == Confidence::Sure);
    QCOMPARE(store.attempts(0).result().size(), 3);
    QCOMPARE(store.reviewStates(ana.profile.id, "bank").result().size(), 2);

    // FSRS (the default): a wrong answer comes back after the 1-minute learning step, a sure
    // right one (Easy) after round(w3 = 8.30) = 8 days; new questions follow the due ones.
    QVERIFY(store.profiles().result().at(0).scheduler == SchedulerKind::Fsrs);
    const qint64 tomorrow = QDateTime::currentMSecsSinceEpoch() + Scheduler::kDayMs + 1000;
    QCOMPARE(store.dueQuestions(ana.profile.id, "bank", {"q1", "q2", "q3"}, 0, tomorrow).result(),
             (QStringList{"q2", "q3"}));
    QCOMPARE(store.dueQuestions(ana.profile.id, "bank", {"q1", "q2", "q3"}).result(),
             QStringList{"q3"});
    // SM-2 for this profile: both come back tomorrow, from the same stored attempts.
    QVERIFY(store.setScheduler(ana.profile.id, SchedulerKind::Sm2).result().ok);
    QVERIFY(store.profiles().result().at(0).scheduler == SchedulerKind::Sm2);
    // Tomorrow the missed q2 is the most overdue (a lapse is due at once), then q1; now, q2 only.
    QCOMPARE(store.dueQuestions(ana.profile.id, "bank", {"q1", "q2", "q3"}, 0, tomorrow).result(),
             (QStringList{"q2", "q1", "q3"}));
    QCOMPARE(store.dueQuestions(ana.profile.id, "bank", {"q1", "q2", "q3"}).result(),
             (QStringList{"q2", "q3"}));
    QVERIFY(!store.setScheduler(999, SchedulerKind::Sm2).result().ok);

    QTRY_VERIFY(spy.size() >= 5);  // open, profiles, attempts (delivered on this thread)
    bool sawAttempts = false;
    for (const auto& args : spy)
      sawAttempts |= args.at(0).value<Changes>().testFlag(Change::Attempts);
    QVERIFY(sawAttempts);
  }

  // Issue 13: a not-yet-due question answered correctly twice in one sitting (practice appends
  // not-yet-due questions, exams use the whole bank) must not be pushed out as if it had been
  // reviewed twice on time. Under SM-2 the second answer used to give a 6-day interval.
  void earlyCorrectAnswersDoNotCountTwice() {
    QTemporaryDir dir;
    ProgressStore store;
    QVERIFY(store.open(dir.filePath("p.sqlite3")).result().ok());
    const Profile ana = store.addProfile("Ana").result().profile;
    const qint64 id = ana.id;
    const qint64 t0 = QDateTime::currentMSecsSinceEpoch() - 10 * 60'000;
    for (SchedulerKind kind : {SchedulerKind::Sm2, SchedulerKind::Fsrs}) {
      QVERIFY(store.setScheduler(id, kind).result().ok);
      const QString q = kind == SchedulerKind::Sm2 ? "sm2" : "fsrs";
      // Answered right yesterday (SM-2: due today), right today on time, then twice more a
      // minute apart in the same sitting.
      const qint64 times[] = {t0 - Scheduler::kDayMs, t0, t0 + 60'000, t0 + 120'000};
      QVector<RecordResult> results;
      for (qint64 t : times) {
        results << store.recordAttempt(attempt(id, q, true, "Scaling", t)).result();
        QVERIFY2(results.last().ok, qPrintable(results.last().error));
      }
      const RecordResult& onTime = results[1];
      const RecordResult& early2 = results[3];
      if (kind == SchedulerKind::Sm2) {
        QCOMPARE(onTime.review.intervalDays, 6);
        QCOMPARE(early2.review.intervalDays, 6);  // was round(6 * 2.7) = 16, then 45
        QCOMPARE(early2.review.dueMs, onTime.review.dueMs);
      } else {
        // FSRS-6 defines reviews before the due date itself (the retrievability at the real
        // elapsed time; same-day reviews by the short-term stability): the store must feed it
        // the real times, not treat the answers as on time; days are the profile's.
        FsrsScheduler::Parameters days;
        days.days = ana.dayClock();
        const FsrsScheduler fsrs(days);
        FsrsCard card;
        for (qint64 t : times) card = fsrs.review(card, FsrsRating::Easy, t);
        QCOMPARE(early2.review.fsrs.stability, card.stability);
        QCOMPARE(early2.review.fsrs.dueMs, card.dueMs);
        QCOMPARE(early2.review.dueMs, card.dueMs);
      }
      const QVector<Attempt> log = store.attempts(id).result();
      QCOMPARE(log.first().questionId, q);
      QVERIFY(qAbs(log.first().log.elapsedDays - 60'000.0 / Scheduler::kDayMs) < 1e-9);
      QCOMPARE(log.first().log.rating, 4);  // right and sure: Easy
      QCOMPARE(log.first().log.stateBefore, int(FsrsState::Review));
      QVERIFY(log.first().log.scheduler == kind);
    }
  }

  void statistics() {
    QTemporaryDir dir;
    ProgressStore store;
    QVERIFY(store.open(dir.filePath("p.sqlite3")).result().ok());
    const qint64 id = store.addProfile("Ana").result().profile.id;
    const QDate today = QDate::currentDate();
    // Study days: today, -1, -2 (streak 3) and -5, -6, -7, -8 (longest 4).
    for (int back : {0, 1, 2, 5, 6, 7, 8})
      store.recordAttempt(attempt(id, "q1", true, "Scaling", localNoon(today.addDays(-back))));
    for (int i = 0; i < 3; ++i)
      store.recordAttempt(attempt(id, "q9", i == 0, "Serving", localNoon(today.addDays(-1))));
    store.recordAttempt(attempt(id, "q8", false, "Tiny", localNoon(today)));  // < 3 attempts
    const Statistics s = store.statistics(id, QString(), localNoon(today) + 3600'000).result();
    QCOMPARE(s.attempts, 11);
    QCOMPARE(s.correct, 8);
    QCOMPARE(s.accuracy, 8.0 / 11.0);
    QCOMPARE(s.averageTimeMs, 2000.0);
    // An answer stored with an hour on it counts StatisticsCalculator::kMaxCountedAnswerMs.
    {
      Attempt open = attempt(id, "q7", true, "Scaling", localNoon(today));
      open.timeTakenMs = 3600'000;
      const Statistics capped = StatisticsCalculator::compute(
          {attempt(id, "q1", true, "Scaling", localNoon(today)), open}, {}, localNoon(today),
          DayClock::forZone(QString(), DayClock::kDefaultRolloverHour));
      QCOMPARE(capped.averageTimeMs,
               (2000.0 + double(StatisticsCalculator::kMaxCountedAnswerMs)) / 2.0);
    }
    // Issue 45: predicted recall counts only questions answered right at least once; a card
    // answered wrong today reads 100 % to FSRS, but that is not recall of the material.
    {
      const DayClock clock = DayClock::forZone(QString(), DayClock::kDefaultRolloverHour);
      const qint64 now = localNoon(today);
      ReviewState wrong, right;
      wrong.questionId = QStringLiteral("q-wrong");
      right.questionId = QStringLiteral("q-right");
      for (ReviewState* r : {&wrong, &right}) {
        r->lastReviewMs = now - 3600'000;
        r->dueMs = now + 600'000;
        r->fsrs.state = FsrsState::Learning;
        r->fsrs.stability = 0.5;
        r->fsrs.difficulty = 5.0;
        r->fsrs.lastReviewMs = r->lastReviewMs;
        r->fsrs.dueMs = r->dueMs;
      }
      const Attempt w = attempt(id, "q-wrong", false, "Scaling", now - 3600'000);
      const Statistics none = StatisticsCalculator::compute({w}, {wrong}, now, clock);
      QCOMPARE(none.predictedRecall, -1.0);
      QCOMPARE(none.recallQuestions, 0);
      QCOMPARE(none.reviewedQuestions, 1);
      const Statistics one = StatisticsCalculator::compute(
          {w, attempt(id, "q-right", true, "Scaling", now - 3600'000)}, {wrong, right}, now, clock);
      QCOMPARE(one.recallQuestions, 1);
      QVERIFY(one.predictedRecall > 0.0 && one.predictedRecall <= 1.0);
    }
    QCOMPARE(s.perDomain.size(), 3);
    QCOMPARE(s.perDomain[1].domain, QString("Serving"));
    QCOMPARE(s.perDomain[1].accuracy, 1.0 / 3.0);
    QCOMPARE(s.weakestDomain, QString("Serving"));  // "Tiny" is 0% but has too few attempts
    QCOMPARE(s.perDay.size(), 7);
    QCOMPARE(s.perDay.last().date, today.toString(Qt::ISODate));
    QCOMPARE(s.perDay.last().attempts, 2);
    QCOMPARE(s.currentStreakDays, 3);
    QCOMPARE(s.longestStreakDays, 4);
    // Tomorrow the streak is still alive (today counts); the day after it is broken.
    QCOMPARE(
        store.statistics(id, QString(), localNoon(today.addDays(1))).result().currentStreakDays, 3);
    QCOMPARE(
        store.statistics(id, QString(), localNoon(today.addDays(2))).result().currentStreakDays, 0);
  }

  void migrationsFromEveryOlderVersion() {
    for (int from = 1; from < ProgressDatabase::kMaxVersion; ++from) {
      QTemporaryDir dir;
      const QString path = dir.filePath("progress.sqlite3");
      {
        Raw raw(path);
        for (int v = 1; v <= from; ++v) QVERIFY(raw.exec(sourceSql(v)));
        QVERIFY(raw.exec(QString("PRAGMA user_version = %1").arg(from).toUtf8()));
        // Columns every version has (v1's).
        QVERIFY(raw.exec(
            "INSERT INTO profiles(id, name, created_ms) VALUES (1, 'Old', 5);"
            "INSERT INTO attempts(time_ms, profile_id, bank_id, question_id, domain, chosen,"
            " correct, time_taken_ms, mode) VALUES"
            " (1000, 1, 'bank', 'q1', 'Scaling', '[\"b\"]', 0, 4000, 'exam'),"
            " (2000, 1, 'bank', 'q1', 'Scaling', '[\"a\",\"c\"]', 1, 3000, 'practice');"
            "INSERT INTO reviews(profile_id, bank_id, question_id, repetitions, interval_days,"
            " easiness, due_ms, last_review_ms) VALUES (1, 'bank', 'q1', 1, 1, 2.36, 9000, "
            "2000);"));
      }
      ProgressStore store;
      const OpenReport report = store.open(path).result();
      QVERIFY2(report.outcome == OpenReport::Outcome::Migrated, qPrintable(report.message));
      QCOMPARE(report.fromVersion, from);
      QCOMPARE(report.toVersion, ProgressDatabase::kMaxVersion);
      QVERIFY(QFile::exists(report.backupMade));  // the old shape is kept
      QCOMPARE(Raw(report.backupMade).scalar("PRAGMA user_version").toInt(), from);

      const QVector<Attempt> attempts = store.attempts(1).result();
      QCOMPARE(attempts.size(), 2);
      QCOMPARE(attempts[0].chosenOptionIds, (QStringList{"a", "c"}));
      QVERIFY(attempts[0].confidence == Confidence::Unknown);  // not recorded before v2
      QVERIFY(attempts[1].mode == QuizMode::Exam);
      const QVector<ReviewState> states = store.reviewStates(1, "bank").result();
      QCOMPARE(states.size(), 1);
      QCOMPARE(states[0].easiness, 2.36);
      // The rows above have only v1's columns: a v3 file written by the app has its log and FSRS
      // columns filled already, so the replays of v2 and v3 are checked from older files only.
      if (from < 3) {
        QCOMPARE(states[0].lapses, 1);  // recomputed from the log by v2
        // v3 replayed the log through FSRS: wrong (Again), then right (Good) a second later.
        QVERIFY(states[0].fsrs.state == FsrsState::Learning);
        QCOMPARE(states[0].fsrs.step, 1);
        QCOMPARE(states[0].fsrs.dueMs, qint64(2000 + 600'000));
        QCOMPARE(attempts[0].log.rating, 3);
        QCOMPARE(attempts[1].log.rating, 1);
        QCOMPARE(attempts[1].log.elapsedDays, -1.0);
        QVERIFY(qAbs(attempts[0].log.elapsedDays - 1000.0 / Scheduler::kDayMs) < 1e-12);
      }
      // v4: no fitted FSRS parameters yet (the defaults), and they can be stored.
      QVERIFY(!store.fsrsParameters(1).result().optimized);
      FsrsParameters fitted;
      fitted.weights[0] = 0.5;
      fitted.outcome = "fitted";
      QVERIFY(store.saveFsrsParameters(1, fitted).result().ok);
      QCOMPARE(store.fsrsParameters(1).result().weights[0], 0.5);
      QVERIFY(store.recordAttempt(attempt(1, "q1", true)).result().ok);
      QCOMPARE(store.profiles().result().at(0).name, QString("Old"));
    }
  }

  // A profile's stored FSRS parameters schedule its next answers (a first Easy answer sets
  // stability w3) and recompute the memory of questions answered before (due dates kept);
  // another profile keeps the defaults.
  void fittedParametersSchedule() {
    QTemporaryDir dir;
    ProgressStore store;
    QVERIFY(store.open(dir.filePath("progress.sqlite3")).result().ok());
    const qint64 fitted = store.addProfile("Fitted").result().profile.id;
    const qint64 other = store.addProfile("Other").result().profile.id;
    const RecordResult before = store.recordAttempt(attempt(fitted, "q0", true)).result();
    QVERIFY(before.ok);
    QCOMPARE(before.review.fsrs.stability, FsrsScheduler::defaultWeights()[3]);
    FsrsParameters p;
    p.weights[3] = 20.0;
    p.outcome = "fitted";
    QVERIFY(store.saveFsrsParameters(fitted, p).result().ok);
    QVERIFY(!store.saveFsrsParameters(9999, p).result().ok);  // no such profile
    const QVector<ReviewState> recomputed = store.reviewStates(fitted, "bank").result();
    QCOMPARE(recomputed.size(), 1);
    QCOMPARE(recomputed[0].fsrs.stability, 20.0);
    QCOMPARE(recomputed[0].fsrs.dueMs, before.review.fsrs.dueMs);
    const RecordResult a = store.recordAttempt(attempt(fitted, "q1", true)).result();
    const RecordResult b = store.recordAttempt(attempt(other, "q1", true)).result();
    QVERIFY(a.ok && b.ok);
    QCOMPARE(a.review.fsrs.stability, 20.0);
    QCOMPARE(b.review.fsrs.stability, FsrsScheduler::defaultWeights()[3]);
  }

  void garbageRestoresLatestBackup() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    const qint64 id = seed(path, 4, /*backup=*/true);
    {
      ProgressStore store;  // one more attempt after the backup: only in the damaged file
      QVERIFY(store.open(path).result().ok());
      QVERIFY(store.recordAttempt(attempt(id, "q1", true)).result().ok);
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QByteArray garbage(8192, '\0');
    for (int i = 0; i < garbage.size(); ++i) garbage[i] = char((i * 7919) % 251);
    f.write(garbage);
    f.close();

    ProgressStore store;
    const OpenReport report = store.open(path).result();
    QVERIFY2(report.outcome == OpenReport::Outcome::RestoredBackup, qPrintable(report.message));
    QVERIFY(report.needsAttention());
    QVERIFY(!report.readOnly);
    QVERIFY(report.message.contains("damaged"));
    QVERIFY(report.message.contains(report.movedAsidePath));
    QFile aside(report.movedAsidePath);  // never deleted: the bytes are all still there
    QVERIFY(aside.open(QIODevice::ReadOnly));
    QCOMPARE(aside.readAll(), garbage);
    QCOMPARE(store.attempts(id).result().size(), 4);
    QVERIFY(store.recordAttempt(attempt(id, "q2", true)).result().ok);
  }

  void garbageWithoutBackupStartsEmpty() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(4096, 'x'));
    f.close();
    ProgressStore store;
    const OpenReport report = store.open(path).result();
    QVERIFY2(report.outcome == OpenReport::Outcome::StartedEmpty, qPrintable(report.message));
    QVERIFY(report.message.contains("no good backup"));
    QCOMPARE(QFileInfo(report.movedAsidePath).size(), qint64(4096));
    QVERIFY(store.profiles().result().isEmpty());
    QVERIFY(store.addProfile("Ana").result().ok);
  }

  void truncatedRestoresBackup() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    seed(path, 3, /*backup=*/true);
    {
      Raw raw(path);  // grow the file well past a few pages
      QVERIFY(raw.exec(
          "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) "
          "INSERT INTO attempts(time_ms, profile_id, bank_id, question_id, domain, chosen, "
          "correct, time_taken_ms, mode) SELECT i, 1, 'bank', 'q' || i, "
          "printf('%.200c', 'x'), '[]', 0, 1, 'exam' FROM n;"));
      QVERIFY(raw.exec("PRAGMA wal_checkpoint(TRUNCATE)"));
    }
    const qint64 size = QFileInfo(path).size();
    QVERIFY(size > 100'000);
    QVERIFY(QFile::resize(path, size / 2));

    ProgressStore store;
    const OpenReport report = store.open(path).result();
    QVERIFY2(report.outcome == OpenReport::Outcome::RestoredBackup, qPrintable(report.message));
    QCOMPARE(QFileInfo(report.movedAsidePath).size(), size / 2);
    QCOMPARE(store.attempts(0).result().size(), 3);
  }

  void emptyFileWithBackupRestores() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    seed(path, 2, /*backup=*/true);
    QVERIFY(QFile::resize(path, 0));
    ProgressStore store;
    const OpenReport report = store.open(path).result();
    QVERIFY2(report.outcome == OpenReport::Outcome::RestoredBackup, qPrintable(report.message));
    QCOMPARE(store.attempts(0).result().size(), 2);
  }

  void lockedOpensReadOnly() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    seed(path, 2);
    Raw other(path);
    QVERIFY(other.exec("BEGIN EXCLUSIVE"));  // another program holds the write lock
    ProgressStore::Options options;
    options.busyTimeoutMs = 200;
    ProgressStore store;
    const OpenReport report = store.open(path, options).result();
    QVERIFY2(report.outcome == OpenReport::Outcome::LockedReadOnly, qPrintable(report.message));
    QVERIFY(report.readOnly);
    QVERIFY(report.message.contains("read-only"));
    QCOMPARE(store.attempts(0).result().size(), 2);  // still readable
    const RecordResult r = store.recordAttempt(attempt(1, "q1", true)).result();
    QVERIFY(!r.ok);
    QVERIFY(r.error.contains("read-only"));
    QVERIFY(other.exec("COMMIT"));
    QCOMPARE(Raw(path).scalar("SELECT COUNT(*) FROM attempts").toInt(), 2);
  }

  void newerVersionOpensReadOnly() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    seed(path, 2);
    QVERIFY(Raw(path).exec("PRAGMA user_version = 99"));
    {
      ProgressStore store;
      const OpenReport report = store.open(path).result();
      QVERIFY2(report.outcome == OpenReport::Outcome::NewerReadOnly, qPrintable(report.message));
      QVERIFY(report.readOnly);
      QCOMPARE(report.fromVersion, 99);
      QVERIFY(report.message.contains("newer PrecisionLab"));
      QCOMPARE(store.attempts(0).result().size(), 2);
      QVERIFY(!store.recordAttempt(attempt(1, "q1", true)).result().ok);
      QVERIFY(!store.addProfile("Ben").result().ok);
    }
    QCOMPARE(Raw(path).scalar("PRAGMA user_version").toInt(), 99);  // untouched
  }

  void backupsRotateAndRespectInterval() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    ProgressStore::Options options;
    options.keepBackups = 3;
    ProgressStore store;
    QVERIFY(store.open(path, options).result().ok());
    const qint64 id = store.addProfile("Ana").result().profile.id;
    QStringList made;
    for (int i = 0; i < 5; ++i) {
      store.recordAttempt(attempt(id, "q1", true));
      const BackupResult b = store.backup(true).result();
      QVERIFY2(b.ok, qPrintable(b.error));
      made << b.path;
      QThread::msleep(3);  // names carry milliseconds
    }
    QStringList files = QDir(ProgressStore::backupDir(path)).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 3);
    QCOMPARE(QDir(ProgressStore::backupDir(path)).filePath(files.last()), made.last());
    QCOMPARE(Raw(made.last()).scalar("SELECT COUNT(*) FROM attempts").toInt(), 5);
    QCOMPARE(Raw(made.last()).scalar("PRAGMA integrity_check"), QString("ok"));
    // Not forced: nothing changed since -> skipped; changed but within 30 minutes -> skipped.
    BackupResult skipped = store.backup(false).result();
    QVERIFY(!skipped.ok && skipped.error.isEmpty());
    store.recordAttempt(attempt(id, "q1", true));
    skipped = store.backup(false).result();
    QVERIFY(!skipped.ok && skipped.error.isEmpty());
  }

  void backupAtOpenWhenChanged() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    ProgressStore::Options options;
    options.minBackupIntervalMs = 0;
    {
      ProgressStore store;
      QVERIFY(store.open(path, options).result().ok());
      store.addProfile("Ana").result();
      store.recordAttempt(attempt(1, "q1", true)).result();
      options.backupAtOpen = false;  // (the destructor backs up too when due: keep this test pure)
    }
    const int before = QDir(ProgressStore::backupDir(path)).entryList(QDir::Files).size();
    options.backupAtOpen = true;
    ProgressStore store;
    const OpenReport report = store.open(path, options).result();
    QVERIFY(report.outcome == OpenReport::Outcome::Opened);
    // Either the close above or this open made the backup of the changed data; opening again
    // with nothing changed makes none.
    QVERIFY(QDir(ProgressStore::backupDir(path)).entryList(QDir::Files).size() >= 1);
    QVERIFY(before >= 1 || !report.backupMade.isEmpty());
    QVERIFY(store.open(path, options).result().backupMade.isEmpty());
  }

  void csvExportQuotes() {
    QTemporaryDir dir;
    ProgressStore store;
    QVERIFY(store.open(dir.filePath("p.sqlite3")).result().ok());
    const qint64 id = store.addProfile("Ana, \"the\" learner").result().profile.id;
    Attempt a = attempt(id, "q1", true, "Multi\nline, domain", 1'700'000'000'123);
    a.chosenOptionIds = {"a", "c"};
    a.mode = QuizMode::Exam;
    QVERIFY(store.recordAttempt(a).result().ok);
    const QString file = dir.filePath("out.csv");
    const ExportResult r = store.exportCsv(0, file).result();
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.rows, 1);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray expected =
        "id,time_utc,profile,bank,question,domain,chosen,correct,time_taken_ms,mode,confidence,"
        "rating,elapsed_days,state_before,stability,difficulty,scheduled_days,scheduler\r\n"
        "1,2023-11-14T22:13:20.123Z,\"Ana, \"\"the\"\" learner\",bank,q1,\"Multi\nline, domain\","
        // FSRS review log: Easy on a new question: S = w3 = 8.2956, D clamped to 1, 8 days.
        "a;c,1,2000,exam,sure,4,-1,0,8.2956,1,8,fsrs\r\n";
    QCOMPARE(f.readAll(), expected);
    QCOMPARE(QDir(dir.path()).entryList({"out.csv*"}, QDir::Files).size(), 1);  // no temp left
  }
};

QTEST_GUILESS_MAIN(TestProgressStore)
#include "tst_progressstore.moc"
