// ProgressDatabase's FSRS part: the review log for the optimizer, the profile's fitted
// parameters (table fsrs_parameters, quiz/sql/v4.sql) and the revlog CSV export and import.
#include "FsrsParameterTable.h"
#include "SqliteStatement.h"
#include "quiz/OutputFile.h"
#include "quiz/ProgressDatabase.h"
#include "quiz/ReviewTable.h"
#include "quiz/RevlogCsv.h"

#include "core/EngineError.h"
#include "core/SafeFileReader.h"

#include <sqlite3.h>
#include <QHash>

namespace precisionlab::quiz {
namespace {
constexpr FileKind kRevlogFile{"review log", 256u << 20};
}

FsrsScheduler ProgressDatabase::profileFsrsScheduler(qint64 profileId) {
  FsrsScheduler::Parameters p;
  p.w = FsrsParameterTable::load(m_db, profileId).weights;
  return FsrsScheduler(p);
}

QVector<FsrsRevlogEntry> ProgressDatabase::reviewLog(qint64 profileId) {
  QVector<FsrsRevlogEntry> log;
  if (!m_db) return log;
  const QVector<Attempt> rows = attempts(profileId, 0);  // newest first
  QHash<QString, qint64> cards;
  for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
    const QString key = it->bankId + QLatin1Char('\n') + it->questionId;
    const qint64 card = cards.value(key, cards.size() + 1);
    cards.insert(key, card);
    log.push_back({card, it->timeMs, it->log.rating});
  }
  return log;
}

FsrsParameters ProgressDatabase::fsrsParameters(qint64 profileId) {
  if (!m_db) return {};
  return FsrsParameterTable::load(m_db, profileId);
}

FsrsParametersResult ProgressDatabase::saveFsrsParameters(qint64 profileId,
                                                          const FsrsParameters& parameters) {
  if (!m_db) return {false, lastError(), {}};
  if (m_readOnly) return {false, readOnlyError(), {}};
  bool known = false;
  for (const Profile& p : profiles()) known = known || p.id == profileId;
  if (!known) return {false, QStringLiteral("That profile no longer exists."), {}};
  QString error;
  if (!exec("BEGIN IMMEDIATE", &error)) return {false, error, {}};
  FsrsScheduler::Parameters sp;
  sp.w = parameters.weights;
  if (!FsrsParameterTable::save(m_db, profileId, parameters) ||
      !recomputeFsrsMemory(profileId, FsrsScheduler(sp)) ||
      !exec("UPDATE meta SET value = '1' WHERE key = 'dirty'", &error) || !exec("COMMIT", &error)) {
    if (error.isEmpty()) error = lastError();
    exec("ROLLBACK");
    return {false, QStringLiteral("The parameters were not saved: %1").arg(error), {}};
  }
  return {true, {}, FsrsParameterTable::load(m_db, profileId)};
}

ProfileResult ProgressDatabase::setExamDate(qint64 profileId, const QString& isoDate) {
  if (!m_db) return {false, lastError(), {}};
  if (m_readOnly) return {false, readOnlyError(), {}};
  SqliteStatement s(m_db, "UPDATE profiles SET exam_date = ? WHERE id = ?");
  s.bind(1, isoDate).bind(2, profileId);
  if (s.step() != SQLITE_DONE || sqlite3_changes(m_db) != 1)
    return {false, QStringLiteral("That profile no longer exists."), {}};
  for (const Profile& p : profiles())
    if (p.id == profileId) return {true, {}, p};
  return {false, lastError(), {}};
}

bool ProgressDatabase::recomputeFsrsMemory(qint64 profileId, const FsrsScheduler& fsrs) {
  QVector<Attempt> rows = attempts(profileId, 0);
  std::reverse(rows.begin(), rows.end());  // oldest first
  QHash<QString, FsrsCard> cards;          // "bank\nquestion" -> replayed card
  QHash<QString, QPair<QString, QString>> keys;
  for (const Attempt& a : rows) {
    const QString key = a.bankId + QLatin1Char('\n') + a.questionId;
    cards[key] = fsrs.review(cards.value(key), static_cast<FsrsRating>(fsrsRating(a)), a.timeMs);
    keys.insert(key, {a.bankId, a.questionId});
  }
  for (auto it = cards.cbegin(); it != cards.cend(); ++it) {
    const auto& [bank, question] = keys.value(it.key());
    ReviewState s = ReviewTable::load(m_db, profileId, bank, question);
    if (s.fsrs.state == FsrsState::New) continue;  // never scheduled: nothing to correct
    s.fsrs.stability = it.value().stability;       // memory under the new parameters;
    s.fsrs.difficulty = it.value().difficulty;     // due dates and steps stay as scheduled
    if (!ReviewTable::save(m_db, profileId, bank, s)) return false;
  }
  return true;
}

ExportResult ProgressDatabase::exportRevlog(qint64 profileId, const QString& filePath) {
  if (!m_db) return {false, lastError(), 0, filePath};
  QVector<Attempt> rows = attempts(profileId, 0);
  std::reverse(rows.begin(), rows.end());  // oldest first
  if (const QString error = writeOutputFile(filePath, RevlogCsv::write(rows)); !error.isEmpty())
    return {false, error, 0, filePath};
  return {true, {}, static_cast<int>(rows.size()), filePath};
}

ImportResult ProgressDatabase::importRevlog(qint64 profileId, const QString& filePath) {
  if (!m_db) return {false, lastError(), 0};
  if (m_readOnly) return {false, readOnlyError(), 0};
  bool known = false;
  for (const Profile& p : profiles()) known = known || p.id == profileId;
  if (!known) return {false, QStringLiteral("That profile no longer exists."), 0};
  if (const int existing = attempts(profileId, 1).size(); existing > 0)
    return {false,
            QStringLiteral("The profile already has answers; import a review log into a new "
                           "profile, so that no answer is counted twice."),
            0};
  QByteArray text;
  try {
    const std::string bytes = SafeFileReader::readFile(filePath.toStdString(), kRevlogFile);
    text = QByteArray(bytes.data(), static_cast<int>(bytes.size()));
  } catch (const InputError& e) {
    return {false, QString::fromStdString(e.what()), 0};
  }
  const RevlogCsv::ReadResult read = RevlogCsv::read(text, filePath);
  if (!read.ok()) return {false, read.error, 0};
  QString error;
  if (!exec("BEGIN IMMEDIATE", &error)) return {false, error, 0};
  const FsrsScheduler fsrs = profileFsrsScheduler(profileId);
  for (Attempt a : read.attempts) {
    a.profileId = profileId;
    RecordResult r;
    if (!insertAttempt(a, fsrs, &r)) {
      error = lastError();
      exec("ROLLBACK");
      return {false, QStringLiteral("Nothing was imported: %1").arg(error), 0};
    }
  }
  if (!exec("UPDATE meta SET value = '1' WHERE key = 'dirty'", &error) || !exec("COMMIT", &error)) {
    exec("ROLLBACK");
    return {false, QStringLiteral("Nothing was imported: %1").arg(error), 0};
  }
  return {true, {}, static_cast<int>(read.attempts.size())};
}

}  // namespace precisionlab::quiz
