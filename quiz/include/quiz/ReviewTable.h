// The review schedule and review-log SQL of the progress store (tables `reviews`, the log
// columns of `attempts`, `profiles.scheduler`; schema in quiz/sql/v3.sql). Called only by
// ProgressDatabase on its owning thread, inside its transactions.
#pragma once

#include "quiz/ProgressTypes.h"
#include "quiz/Scheduler.h"

#include <QString>
#include <QVector>

struct sqlite3;

namespace precisionlab::quiz {

class SqliteStatement;

class ReviewTable {
 public:
  // The profile's scheduler (Fsrs when the profile or the column is missing).
  static SchedulerKind schedulerOf(sqlite3* db, qint64 profileId);
  static bool setSchedulerOf(sqlite3* db, qint64 profileId, SchedulerKind kind);

  // The stored state of one question (a new state when none is stored).
  static ReviewState load(sqlite3* db, qint64 profileId, const QString& bankId,
                          const QString& questionId);
  static bool save(sqlite3* db, qint64 profileId, const QString& bankId, const ReviewState& s);
  // load() and save() on statements prepared once from loadSql() and saveSql() and reused for
  // every question of an import (AttemptWriter); `kind` is the profile's scheduler.
  static QByteArray loadSql();
  static const char* saveSql();
  static ReviewState load(SqliteStatement& s, qint64 profileId, const QString& bankId,
                          const QString& questionId, SchedulerKind kind);
  static bool save(SqliteStatement& s, qint64 profileId, const QString& bankId,
                   const ReviewState& r);
  // Every state of a profile (0 = all) and bank ('' = all), dueMs under each profile's scheduler.
  static QVector<ReviewState> list(sqlite3* db, qint64 profileId, const QString& bankId);

  // Fills the log columns of one attempt row.
  static bool writeLog(sqlite3* db, qint64 attemptId, const ReviewLogEntry& log);
  // Reads them back (column order of logColumns()).
  static const char* logColumns();  // "rating, sm2_grade, ..." for SELECTs and INSERTs
  // Binds the log's values in logColumns() order to parameters first, first + 1, ...
  static void bindLog(SqliteStatement& s, int first, const ReviewLogEntry& log);

  // Migration to v3: replays every question's attempts in time order through FSRS, filling the
  // FSRS columns of `reviews` and the log columns of `attempts`. SM-2 fields stay as stored
  // (lapses are recounted from the log).
  static bool replayHistory(sqlite3* db, QString* error);
};

}  // namespace precisionlab::quiz
