// Writes attempts for ProgressDatabase, inside its transaction: each attempt's row with its
// review-log columns in one INSERT, and its question's schedule replayed through
// Scheduler::apply. The three statements (the row, a question's stored state, its update) are
// prepared once and reused, and each question's state is read once and saved once, at flush():
// recordAttempt writes one attempt, a review-log import a million. (Five statements prepared and
// the question's state loaded and saved for every row: 49 s of CPU for a million rows; issue 47.)
// Not thread-safe: the store's owning thread only, as ProgressDatabase.
#pragma once

#include "SqliteStatement.h"
#include "quiz/FsrsScheduler.h"
#include "quiz/ProgressTypes.h"

#include <QHash>
#include <QPair>
#include <QString>

struct sqlite3;

namespace precisionlab::quiz {

class AttemptWriter {
 public:
  // For the attempts of one profile, under its FSRS scheduler (its fitted parameters).
  AttemptWriter(sqlite3* db, qint64 profileId, const FsrsScheduler& fsrs);

  // Writes `a` (for this writer's profile, whatever a.profileId says) after the attempts added
  // before it; r, when given, gets the row id and the question's schedule after it. False on an
  // SQLite error (sqlite3_errmsg says which).
  bool add(const Attempt& a, RecordResult* r = nullptr);
  // Saves the schedules changed since the last flush, one row per question.
  bool flush();

 private:
  sqlite3* m_db;
  qint64 m_profileId;
  FsrsScheduler m_fsrs;
  SchedulerKind m_kind;
  SqliteStatement m_insert, m_load, m_save;
  struct Question {
    ReviewState state;     // its schedule so far
    bool changed = false;  // since the last flush()
  };
  QHash<QPair<QString, QString>, Question> m_questions;  // by (bank, question)
  QHash<QStringList, QString> m_chosenJson;              // chosen option ids -> the stored JSON
};

}  // namespace precisionlab::quiz
