// Attempt rows and their schedules, written in the caller's transaction: see AttemptWriter.h.
#include "AttemptWriter.h"

#include "QuizJson.h"
#include "quiz/ReviewTable.h"
#include "quiz/Scheduler.h"

#include <sqlite3.h>

namespace precisionlab::quiz {
namespace {

QByteArray insertSql() {
  return QByteArray(
             "INSERT INTO attempts(time_ms, profile_id, bank_id, question_id, domain, chosen, "
             "correct, time_taken_ms, mode, confidence, ") +
         ReviewTable::logColumns() + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
}

}  // namespace

AttemptWriter::AttemptWriter(sqlite3* db, qint64 profileId, const FsrsScheduler& fsrs)
    : m_db(db),
      m_profileId(profileId),
      m_fsrs(fsrs),
      m_kind(ReviewTable::schedulerOf(db, profileId)),
      m_insert(db, insertSql().constData()),
      m_load(db, ReviewTable::loadSql().constData()),
      m_save(db, ReviewTable::saveSql()) {}

bool AttemptWriter::add(const Attempt& a, RecordResult* r) {
  const QPair<QString, QString> key(a.bankId, a.questionId);
  auto question = m_questions.find(key);
  if (question == m_questions.end())
    question = m_questions.insert(
        key, {ReviewTable::load(m_load, m_profileId, a.bankId, a.questionId, m_kind), false});
  ReviewLogEntry log;
  question->state = Scheduler::apply(question->state, a.correct, a.confidence, a.timeTakenMs,
                                     a.timeMs, &log, &m_fsrs);
  question->changed = true;
  auto chosen = m_chosenJson.constFind(a.chosenOptionIds);
  if (chosen == m_chosenJson.cend())
    chosen = m_chosenJson.insert(a.chosenOptionIds,
                                 quizjson::compactText(quizjson::strings(a.chosenOptionIds)));

  m_insert.reset().bind(1, a.timeMs).bind(2, m_profileId).bind(3, a.bankId).bind(4, a.questionId);
  m_insert.bind(5, a.domain).bind(6, chosen.value());
  m_insert.bind(7, qint64(a.correct ? 1 : 0)).bind(8, a.timeTakenMs).bind(9, toString(a.mode));
  m_insert.bind(10, toString(a.confidence));
  ReviewTable::bindLog(m_insert, 11, log);
  if (m_insert.step() != SQLITE_DONE) return false;
  if (r) {
    r->attemptId = sqlite3_last_insert_rowid(m_db);
    r->review = question->state;
  }
  return true;
}

bool AttemptWriter::flush() {
  for (auto it = m_questions.begin(); it != m_questions.end(); ++it) {
    if (!it->changed) continue;
    if (!ReviewTable::save(m_save, m_profileId, it.key().first, it->state)) return false;
    it->changed = false;
  }
  return true;
}

}  // namespace precisionlab::quiz
