// ProgressDatabase's FSRS part: the review log for the optimizer, the profile's fitted
// parameters (table fsrs_parameters, quiz/sql/v4.sql) and the revlog CSV export and import.
#include "AttemptWriter.h"
#include "FsrsParameterTable.h"
#include "SqliteStatement.h"
#include "quiz/AnkiPackageFormat.h"
#include "quiz/AnkiRevlog.h"
#include "quiz/OutputFile.h"
#include "quiz/ProgressDatabase.h"
#include "quiz/ReviewTable.h"
#include "quiz/RevlogCsv.h"

#include "core/EngineError.h"
#include "core/SafeFileReader.h"

#include <sqlite3.h>
#include <QFile>
#include <QHash>
#include <QTimeZone>

namespace precisionlab::quiz {
namespace {
constexpr FileKind kRevlogFile{"review log", 256u << 20};
// An Anki package may carry media, never read: its cap is the bank import's.
constexpr FileKind kRevlogPackage{"Anki package",
                                  static_cast<uint64_t>(AnkiPackageFormat::kMaxPackageBytes)};
constexpr qint64 kProgressRows = 16384;        // answers written between two progress reports
constexpr qint64 kRebuildIndexRows = 100'000;  // see importRevlogInto
}  // namespace

DayClock ProgressDatabase::profileDayClock(qint64 profileId) {
  for (const Profile& p : profiles())
    if (p.id == profileId) return p.dayClock();
  return DayClock::forZone(QString(), DayClock::kDefaultRolloverHour);
}

FsrsScheduler ProgressDatabase::profileFsrsScheduler(qint64 profileId) {
  FsrsScheduler::Parameters p;
  p.w = FsrsParameterTable::load(m_db, profileId).weights;
  p.days = profileDayClock(profileId);
  return FsrsScheduler(p);
}

ProfileResult ProgressDatabase::setDayStart(qint64 profileId, int rolloverHour,
                                            const QString& timeZone) {
  if (!m_db) return {false, lastError(), {}};
  if (m_readOnly) return {false, readOnlyError(), {}};
  if (rolloverHour < 0 || rolloverHour > 23)
    return {false,
            QStringLiteral("The hour a new day starts must be 0 to 23 (4 is Anki's default), "
                           "not %1.")
                .arg(rolloverHour),
            {}};
  if (!timeZone.isEmpty() && !QTimeZone::isTimeZoneIdAvailable(timeZone.toUtf8()))
    return {false,
            QStringLiteral("\"%1\" is not a time zone this computer knows: give an IANA name "
                           "such as Europe/Berlin or America/New_York, or nothing for this "
                           "computer's zone.")
                .arg(timeZone.left(80)),
            {}};
  const DayClock before = profileDayClock(profileId);
  QString error;
  if (!exec("BEGIN IMMEDIATE", &error)) return {false, error, {}};
  bool ok = false;
  {
    SqliteStatement s(m_db, "UPDATE profiles SET rollover_hour = ?, time_zone = ? WHERE id = ?");
    s.bind(1, qint64(rolloverHour)).bind(2, timeZone).bind(3, profileId);
    ok = s.step() == SQLITE_DONE && sqlite3_changes(m_db) == 1;
  }
  // Questions in review keep their due day (Anki stores the day itself): it now starts at the
  // new hour, in the new zone.
  const DayClock after = DayClock::forZone(timeZone, rolloverHour);
  struct Due {
    QString bank, question;
    qint64 dueMs;
  };
  QVector<Due> moved;
  if (ok) {
    SqliteStatement s(m_db,
                      "SELECT bank_id, question_id, fsrs_due_ms FROM reviews WHERE profile_id = ? "
                      "AND fsrs_state = 2");
    s.bind(1, profileId);
    while (s.step() == SQLITE_ROW)
      moved.push_back({s.text(0), s.text(1), after.startOfDay(before.day(s.i64(2)))});
    ok = s.rc() == SQLITE_DONE;
  }
  for (const Due& d : moved) {
    if (!ok) break;
    SqliteStatement u(m_db,
                      "UPDATE reviews SET fsrs_due_ms = ?1, due_ms = CASE WHEN (SELECT scheduler "
                      "FROM profiles WHERE id = ?2) = 'sm2' THEN due_ms ELSE ?1 END WHERE "
                      "profile_id = ?2 AND bank_id = ?3 AND question_id = ?4");
    u.bind(1, d.dueMs).bind(2, profileId).bind(3, d.bank).bind(4, d.question);
    ok = u.step() == SQLITE_DONE;
  }
  if (!ok || !exec("UPDATE meta SET value = '1' WHERE key = 'dirty'", &error) ||
      !exec("COMMIT", &error)) {
    if (error.isEmpty())
      error = ok ? lastError() : QStringLiteral("That profile no longer exists.");
    exec("ROLLBACK");
    return {false, error, {}};
  }
  for (const Profile& p : profiles())
    if (p.id == profileId) return {true, {}, p};
  return {false, lastError(), {}};
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
  sp.days = profileDayClock(profileId);
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

ExamSittingResult ProgressDatabase::recordExamSitting(const ExamSitting& sitting) {
  ExamSittingResult r;
  if (!m_db) return {false, lastError(), {}};
  if (m_readOnly) return {false, readOnlyError(), {}};
  if (sitting.questions <= 0 || sitting.answered < 0 || sitting.answered > sitting.questions ||
      sitting.correct < 0 || sitting.correct > sitting.answered)
    return {false,
            QStringLiteral("An exam sitting of %1 questions with %2 answered and %3 right does "
                           "not add up; it was not saved.")
                .arg(sitting.questions)
                .arg(sitting.answered)
                .arg(sitting.correct),
            {}};
  SqliteStatement s(m_db,
                    "INSERT INTO exam_sittings(profile_id, bank_id, finished_ms, questions, "
                    "answered, correct) VALUES (?, ?, ?, ?, ?, ?)");
  s.bind(1, sitting.profileId)
      .bind(2, sitting.bankId)
      .bind(3, sitting.finishedMs)
      .bind(4, qint64(sitting.questions))
      .bind(5, qint64(sitting.answered))
      .bind(6, qint64(sitting.correct));
  if (s.step() != SQLITE_DONE)
    return {false,
            (s.rc() & 0xff) == SQLITE_CONSTRAINT ? QStringLiteral("That profile no longer exists.")
                                                 : lastError(),
            {}};
  r.ok = true;
  r.sitting = sitting;
  r.sitting.id = sqlite3_last_insert_rowid(m_db);
  return r;
}

ExamSitting ProgressDatabase::lastExamSitting(qint64 profileId, const QString& bankId) {
  ExamSitting out;
  if (!m_db) return out;
  SqliteStatement s(m_db,
                    "SELECT id, finished_ms, questions, answered, correct FROM exam_sittings "
                    "WHERE profile_id = ? AND bank_id = ? ORDER BY finished_ms DESC, id DESC "
                    "LIMIT 1");
  s.bind(1, profileId).bind(2, bankId);
  if (s.step() != SQLITE_ROW) return out;
  out = {s.i64(0),
         profileId,
         bankId,
         s.i64(1),
         static_cast<int>(s.i64(2)),
         static_cast<int>(s.i64(3)),
         static_cast<int>(s.i64(4))};
  return out;
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

ImportResult ProgressDatabase::importRevlog(qint64 profileId, const QString& filePath,
                                            const ImportProgressFn& progress,
                                            const AnkiCardMatch& match) {
  return importRevlogInto(profileId, QString(), filePath, progress, match);
}

ImportResult ProgressDatabase::importRevlogAsNewProfile(const QString& profileName,
                                                        const QString& filePath,
                                                        const ImportProgressFn& progress,
                                                        const AnkiCardMatch& match) {
  return importRevlogInto(0, profileName, filePath, progress, match);
}

ImportResult ProgressDatabase::importRevlogInto(qint64 profileId, const QString& newProfileName,
                                                const QString& filePath,
                                                const ImportProgressFn& progress,
                                                const AnkiCardMatch& match) {
  if (!m_db) return {false, lastError(), 0, 0, {}};
  if (m_readOnly) return {false, readOnlyError(), 0, 0, {}};
  // Refused before the file is read: a profile that is gone or has answers, a name not free.
  const QString name = newProfileName.trimmed();
  if (profileId == 0 && name.isEmpty())
    return {false, QStringLiteral("A profile needs a name."), 0, 0, {}};
  bool known = false;
  for (const Profile& p : profiles()) {
    known = known || p.id == profileId;
    if (profileId == 0 && p.name == name)
      return {false, QStringLiteral("A profile named \"%1\" already exists.").arg(name), 0, 0, {}};
  }
  if (profileId != 0 && !known)
    return {false, QStringLiteral("That profile no longer exists."), 0, 0, {}};
  if (profileId != 0 && !attempts(profileId, 1).isEmpty())
    return {false,
            QStringLiteral("The profile already has answers; import a review log into a new "
                           "profile, so that no answer is counted twice."),
            0,
            0,
            {}};
  // Three kinds of file: an Anki package (a zip: its collection's revlog), Anki's revlog as a
  // CSV, and the app's own CSV (RevlogCsv.h), told apart by their first bytes.
  QString readError;
  QVector<Attempt> rows;
  AnkiImportCounts counts;
  try {
    const SafeFileReader file(filePath.toStdString(), kRevlogPackage);  // a regular file
    char magic[4] = {};
    if (file.size() >= 4) file.readAt(0, magic, 4);
    if (QByteArrayView(magic, 4) == QByteArrayView("PK\x03\x04", 4)) {
      QFile package(filePath);
      if (!package.open(QIODevice::ReadOnly))
        return {false,
                QStringLiteral("%1: cannot read it: %2").arg(filePath, package.errorString()),
                0,
                0,
                {}};
      AnkiRevlog::ReadResult read = AnkiRevlog::readPackage(&package, filePath, match);
      readError = read.error;
      rows = std::move(read.attempts);
      counts = read.counts;
    } else {
      const std::string bytes = SafeFileReader::readFile(filePath.toStdString(), kRevlogFile);
      const QByteArray text =
          QByteArray::fromRawData(bytes.data(), static_cast<qsizetype>(bytes.size()));
      if (AnkiRevlog::isAnkiCsv(text)) {
        AnkiRevlog::ReadResult read = AnkiRevlog::readCsv(text, filePath, match, progress);
        readError = read.error;
        rows = std::move(read.attempts);
        counts = read.counts;
      } else {
        RevlogCsv::ReadResult read = RevlogCsv::read(text, filePath, progress);
        readError = read.error;
        rows = std::move(read.attempts);
      }
    }
  } catch (const InputError& e) {
    return {false, QString::fromStdString(e.what()), 0, 0, {}};
  }
  if (!readError.isEmpty()) return {false, readError, 0, 0, {}};
  ImportResult r = writeRevlog(profileId, name, rows, progress);
  r.anki = counts;
  return r;
}

ImportResult ProgressDatabase::writeRevlog(qint64 profileId, const QString& newProfileName,
                                           const QVector<Attempt>& rows,
                                           const ImportProgressFn& progress) {
  // One transaction for the profile, every attempt and every schedule: a failed import leaves
  // nothing, a new profile included (an empty one left behind made every later command without
  // --profile ask which profile).
  QString error;
  if (!exec("BEGIN IMMEDIATE", &error)) return {false, error, 0, 0, {}};
  // A page cache of 64 MiB for the transaction (SQLite's default is 2 MiB): with the default, a
  // million rows spilled the indexes' pages to the WAL over and over, 3.7 s of system time of
  // the import's 10.7 s CPU (0.9 s with this one; issue 47). The previous size comes back after.
  const QByteArray restoreCache = [this] {
    SqliteStatement size(m_db, "PRAGMA cache_size");
    return "PRAGMA cache_size = " +
           QByteArray::number(size.step() == SQLITE_ROW ? size.i64(0) : -2000);
  }();
  exec("PRAGMA cache_size = -65536");
  const auto fail = [&](const QString& why) {
    exec("ROLLBACK");
    exec(restoreCache.constData());
    return ImportResult{false, QStringLiteral("Nothing was imported: %1").arg(why), 0, 0, {}};
  };
  if (profileId == 0) {
    const ProfileResult created = addProfile(newProfileName);
    if (!created.ok) return fail(created.error);
    profileId = created.profile.id;
  }
  const qint64 total = rows.size();
  // A large import into a smaller table drops the (question, time) index and builds it again
  // after the rows, in the same transaction: one sort instead of a million inserts at random
  // places, 2.4 s of SQLite's 4.3 s CPU per million rows (issue 47). Its SQL is the schema's.
  QByteArray questionIndex;
  if (total >= kRebuildIndexRows) {
    SqliteStatement count(m_db, "SELECT COUNT(*) FROM attempts");
    SqliteStatement index(m_db,
                          "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = "
                          "'attempts_question_time'");
    if (count.step() == SQLITE_ROW && count.i64(0) <= total && index.step() == SQLITE_ROW)
      questionIndex = index.bytes(0);
  }
  if (!questionIndex.isEmpty() && !exec("DROP INDEX attempts_question_time", &error))
    return fail(error);
  AttemptWriter writer(m_db, profileId, profileFsrsScheduler(profileId));
  for (qint64 i = 0; i < total; ++i) {
    if (!writer.add(rows.at(i))) return fail(lastError());
    if (progress && (i + 1) % kProgressRows == 0)
      progress({ImportProgress::Stage::Writing, i + 1, total});
  }
  if (!writer.flush() || (!questionIndex.isEmpty() && !exec(questionIndex.constData(), &error)))
    return fail(error.isEmpty() ? lastError() : error);
  if (!exec("UPDATE meta SET value = '1' WHERE key = 'dirty'", &error) || !exec("COMMIT", &error))
    return fail(error);
  exec(restoreCache.constData());
  return {true, {}, static_cast<int>(total), profileId, {}};
}

}  // namespace precisionlab::quiz
