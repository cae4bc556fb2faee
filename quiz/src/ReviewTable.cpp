#include "quiz/ReviewTable.h"

#include "SqliteStatement.h"

namespace precisionlab::quiz {
namespace {

using Stmt = SqliteStatement;

constexpr const char* kStateColumns =
    "question_id, repetitions, interval_days, easiness, due_ms, last_review_ms, lapses, "
    "fsrs_state, fsrs_step, fsrs_stability, fsrs_difficulty, fsrs_due_ms";

// Columns 0..11 of kStateColumns.
ReviewState readState(const Stmt& s, SchedulerKind kind) {
  ReviewState r;
  r.questionId = s.text(0);
  r.repetitions = static_cast<int>(s.i64(1));
  r.intervalDays = static_cast<int>(s.i64(2));
  r.easiness = s.real(3);
  r.sm2DueMs = s.i64(4);
  r.lastReviewMs = s.i64(5);
  r.lapses = static_cast<int>(s.i64(6));
  r.fsrs.state = static_cast<FsrsState>(std::clamp<qint64>(s.i64(7), 0, 3));
  r.fsrs.step = static_cast<int>(s.i64(8));
  r.fsrs.stability = s.real(9);
  r.fsrs.difficulty = s.real(10);
  r.fsrs.dueMs = s.i64(11);
  r.fsrs.lastReviewMs = r.fsrs.state == FsrsState::New ? 0 : r.lastReviewMs;
  r.scheduler = kind;
  // A v2 row that was never replayed has no FSRS state yet: it is new to FSRS, due at once.
  r.dueMs = kind == SchedulerKind::Sm2
                ? r.sm2DueMs
                : (r.fsrs.state == FsrsState::New ? r.lastReviewMs : r.fsrs.dueMs);
  return r;
}

}  // namespace

SchedulerKind ReviewTable::schedulerOf(sqlite3* db, qint64 profileId) {
  Stmt s(db, "SELECT scheduler FROM profiles WHERE id = ?");
  s.bind(1, profileId);
  return s.step() == SQLITE_ROW ? schedulerKindFromString(s.text(0)) : SchedulerKind::Fsrs;
}

bool ReviewTable::setSchedulerOf(sqlite3* db, qint64 profileId, SchedulerKind kind) {
  Stmt s(db, "UPDATE profiles SET scheduler = ? WHERE id = ?");
  s.bind(1, toString(kind)).bind(2, profileId);
  return s.step() == SQLITE_DONE && sqlite3_changes(db) == 1;
}

QByteArray ReviewTable::loadSql() {
  return QByteArray("SELECT ") + kStateColumns +
         " FROM reviews WHERE profile_id = ? AND bank_id = ? AND question_id = ?";
}

const char* ReviewTable::saveSql() {
  return "INSERT INTO reviews(profile_id, bank_id, question_id, repetitions, interval_days, "
         "easiness, due_ms, last_review_ms, lapses, fsrs_state, fsrs_step, fsrs_stability, "
         "fsrs_difficulty, fsrs_due_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) "
         "ON CONFLICT(profile_id, bank_id, question_id) DO UPDATE SET "
         "repetitions=excluded.repetitions, interval_days=excluded.interval_days, "
         "easiness=excluded.easiness, due_ms=excluded.due_ms, "
         "last_review_ms=excluded.last_review_ms, lapses=excluded.lapses, "
         "fsrs_state=excluded.fsrs_state, fsrs_step=excluded.fsrs_step, "
         "fsrs_stability=excluded.fsrs_stability, fsrs_difficulty=excluded.fsrs_difficulty, "
         "fsrs_due_ms=excluded.fsrs_due_ms";
}

ReviewState ReviewTable::load(sqlite3* db, qint64 profileId, const QString& bankId,
                              const QString& questionId) {
  Stmt s(db, loadSql().constData());
  return load(s, profileId, bankId, questionId, schedulerOf(db, profileId));
}

ReviewState ReviewTable::load(Stmt& s, qint64 profileId, const QString& bankId,
                              const QString& questionId, SchedulerKind kind) {
  s.reset().bind(1, profileId).bind(2, bankId).bind(3, questionId);
  if (s.step() == SQLITE_ROW) return readState(s, kind);
  ReviewState fresh;
  fresh.questionId = questionId;
  fresh.scheduler = kind;
  return fresh;
}

bool ReviewTable::save(sqlite3* db, qint64 profileId, const QString& bankId, const ReviewState& r) {
  Stmt s(db, saveSql());
  return save(s, profileId, bankId, r);
}

bool ReviewTable::save(Stmt& s, qint64 profileId, const QString& bankId, const ReviewState& r) {
  s.reset().bind(1, profileId).bind(2, bankId).bind(3, r.questionId);
  s.bind(4, qint64(r.repetitions)).bind(5, qint64(r.intervalDays)).bind(6, r.easiness);
  s.bind(7, r.sm2DueMs).bind(8, r.lastReviewMs).bind(9, qint64(r.lapses));
  s.bind(10, qint64(static_cast<int>(r.fsrs.state))).bind(11, qint64(r.fsrs.step));
  s.bind(12, r.fsrs.stability).bind(13, r.fsrs.difficulty).bind(14, r.fsrs.dueMs);
  return s.step() == SQLITE_DONE;
}

QVector<ReviewState> ReviewTable::list(sqlite3* db, qint64 profileId, const QString& bankId) {
  QVector<ReviewState> out;
  const QByteArray sql = QByteArray("SELECT ") + kStateColumns +
                         ", (SELECT scheduler FROM profiles p WHERE p.id = reviews.profile_id) "
                         "FROM reviews WHERE (?1 = 0 OR profile_id = ?1) AND "
                         "(?2 = '' OR bank_id = ?2) ORDER BY question_id";
  Stmt s(db, sql.constData());
  s.bind(1, profileId).bind(2, bankId);
  while (s.step() == SQLITE_ROW) out.push_back(readState(s, schedulerKindFromString(s.text(12))));
  return out;
}

const char* ReviewTable::logColumns() {
  return "rating, sm2_grade, elapsed_days, state_before, stability, difficulty, retrievability, "
         "scheduled_days, scheduler";
}

void ReviewTable::bindLog(Stmt& s, int first, const ReviewLogEntry& log) {
  s.bind(first, qint64(log.rating)).bind(first + 1, qint64(log.sm2Grade));
  s.bind(first + 2, log.elapsedDays).bind(first + 3, qint64(log.stateBefore));
  s.bind(first + 4, log.stability).bind(first + 5, log.difficulty);
  s.bind(first + 6, log.retrievability).bind(first + 7, log.scheduledDays);
  s.bind(first + 8, toString(log.scheduler));
}

bool ReviewTable::writeLog(sqlite3* db, qint64 attemptId, const ReviewLogEntry& log) {
  Stmt s(db,
         "UPDATE attempts SET rating = ?, sm2_grade = ?, elapsed_days = ?, state_before = ?, "
         "stability = ?, difficulty = ?, retrievability = ?, scheduled_days = ?, scheduler = ? "
         "WHERE id = ?");
  bindLog(s, 1, log);
  s.bind(10, attemptId);
  return s.step() == SQLITE_DONE;
}

bool ReviewTable::replayHistory(sqlite3* db, QString* error) {
  struct Row {
    qint64 id, time, profile;
    QString bank, question;
    bool correct;
    qint64 taken;
    Confidence confidence;
  };
  QVector<Row> rows;
  {
    Stmt s(db,
           "SELECT id, time_ms, profile_id, bank_id, question_id, correct, time_taken_ms, "
           "confidence FROM attempts ORDER BY profile_id, bank_id, question_id, time_ms, id");
    while (s.step() == SQLITE_ROW)
      rows.push_back({s.i64(0), s.i64(1), s.i64(2), s.text(3), s.text(4), s.i64(5) != 0, s.i64(6),
                      confidenceFromString(s.text(7))});
    if (s.rc() != SQLITE_DONE) {
      *error = QString::fromUtf8(sqlite3_errmsg(db));
      return false;
    }
  }
  const auto flush = [&](const Row& last, const ReviewState& replayed) {
    ReviewState stored = load(db, last.profile, last.bank, last.question);
    stored.questionId = last.question;
    stored.fsrs = replayed.fsrs;
    stored.lapses = replayed.lapses;  // wrong answers in the log, as v2 counted them
    if (stored.lastReviewMs == 0) {   // no v2 row: take the replayed SM-2 state too
      stored = replayed;
    }
    return save(db, last.profile, last.bank, stored);
  };
  ReviewState state;
  for (int i = 0; i < rows.size(); ++i) {
    const Row& r = rows.at(i);
    const bool first = i == 0 || rows.at(i - 1).profile != r.profile ||
                       rows.at(i - 1).bank != r.bank || rows.at(i - 1).question != r.question;
    if (first) {
      state = ReviewState{};
      state.questionId = r.question;
      state.scheduler = schedulerOf(db, r.profile);
    }
    ReviewLogEntry log;
    state = Scheduler::apply(state, r.correct, r.confidence, r.taken, r.time, &log);
    const bool last = i + 1 == rows.size() || rows.at(i + 1).profile != r.profile ||
                      rows.at(i + 1).bank != r.bank || rows.at(i + 1).question != r.question;
    if (!writeLog(db, r.id, log) || (last && !flush(r, state))) {
      *error = QString::fromUtf8(sqlite3_errmsg(db));
      return false;
    }
  }
  return true;
}

}  // namespace precisionlab::quiz
