// The synchronous core of the progress store: one sqlite3 connection and every SQL statement.
// Not thread-safe by design: ProgressStore creates it and calls it only on its owning thread.
// (A command-line tool may use it directly from its one thread.)
//
// Durability: WAL with synchronous=NORMAL survives a killed process (a committed transaction
// is in the WAL before COMMIT returns). Attempt writes switch to synchronous=FULL for their
// transaction: attempts are the learner's history, arrive at human pace (seconds apart), so one
// fsync each costs nothing noticeable and they then survive power loss too.
#pragma once

#include "quiz/FsrsItems.h"
#include "quiz/FsrsScheduler.h"
#include "quiz/ProgressStore.h"
#include "quiz/ProgressTypes.h"

#include <QString>
#include <QStringList>
#include <QVector>

struct sqlite3;

namespace precisionlab::quiz {

class ProgressDatabase {
 public:
  static constexpr int kMinVersion = 0;  // an empty file: v1 is applied first
  static constexpr int kMaxVersion = 6;  // this build's schema (quiz/sql/v1.sql .. v6.sql)

  ProgressDatabase() = default;
  ~ProgressDatabase();
  ProgressDatabase(const ProgressDatabase&) = delete;
  ProgressDatabase& operator=(const ProgressDatabase&) = delete;

  OpenReport open(const QString& path, const ProgressStore::Options& options);
  void close();  // backs up first when due (not forced)

  QVector<Profile> profiles();
  ProfileResult addProfile(const QString& name);
  ProfileResult renameProfile(qint64 profileId, const QString& name);
  ProfileResult setScheduler(qint64 profileId, SchedulerKind kind);

  RecordResult recordAttempt(Attempt attempt);
  QVector<Attempt> attempts(qint64 profileId, int limit, const QString& bankId = QString());
  QVector<ReviewState> reviewStates(qint64 profileId, const QString& bankId);
  Statistics statistics(qint64 profileId, const QString& bankId, qint64 nowMs);
  ExportResult exportCsv(qint64 profileId, const QString& filePath);

  // FSRS (ProgressDatabaseFsrs.cpp): the review log as the optimizer reads it (one card id per
  // bank and question), the profile's parameters, and the log as a revlog CSV (RevlogCsv.h).
  QVector<FsrsRevlogEntry> reviewLog(qint64 profileId);
  FsrsParameters fsrsParameters(qint64 profileId);
  FsrsParametersResult saveFsrsParameters(qint64 profileId, const FsrsParameters& parameters);
  ExportResult exportRevlog(qint64 profileId, const QString& filePath);
  ProfileResult setExamDate(qint64 profileId, const QString& isoDate);  // "" clears it
  // When the profile's day starts (hour 0..23) and in which zone (an IANA id, "" = this
  // computer's); questions in review keep their due day, now starting at the new hour.
  ProfileResult setDayStart(qint64 profileId, int rolloverHour, const QString& timeZone);
  // A finished exam sitting (schema v6); refused when its counts do not add up.
  ExamSittingResult recordExamSitting(const ExamSitting& sitting);
  // The profile's newest sitting in `bankId`; id 0 when there is none.
  ExamSitting lastExamSitting(qint64 profileId, const QString& bankId);
  // Replays the file's attempts into the profile, which must have none yet, or into a new
  // profile created in the same transaction: a failed import leaves nothing behind.
  // The file is the app's own CSV (RevlogCsv.h), Anki's revlog as a CSV or an Anki package
  // (AnkiRevlog.h; `match`: the bank Anki's cards may be questions of).
  ImportResult importRevlog(qint64 profileId, const QString& filePath,
                            const ImportProgressFn& progress = {}, const AnkiCardMatch& match = {});
  ImportResult importRevlogAsNewProfile(const QString& profileName, const QString& filePath,
                                        const ImportProgressFn& progress = {},
                                        const AnkiCardMatch& match = {});
  BackupResult backup(bool force);

  // Why the progress file cannot be written, in words, from SQLite's result code for the failed
  // write and the errno of opening the file for writing (0: it opens) and of creating a file in
  // its folder (0: it can). Empty when nothing says it is anything but a lock.
  static QString unwritableReason(int sqliteRc, int fileErrno, int folderErrno);

  // The SQL of one migration step (":/quiz/sql/v<version>.sql"); empty if there is none.
  static QString migrationSql(int version);

 private:
  enum class Probe { Ok, Damaged, Locked, Newer, Error };
  Probe probe(QString* detail);
  bool openConnection(bool readOnly, QString* error);
  OpenReport openReadOnly(OpenReport report, const QString& why);
  // open() before the check that a file it created and could not write is removed again.
  OpenReport openOrCreate(const QString& path, const ProgressStore::Options& options);
  OpenReport repair(OpenReport report, const QString& detail);
  bool migrate(int from, QString* error);
  FsrsScheduler profileFsrsScheduler(qint64 profileId);
  DayClock profileDayClock(qint64 profileId);
  // importRevlog's work: into profileId, or (0) a new profile named newProfileName.
  ImportResult importRevlogInto(qint64 profileId, const QString& newProfileName,
                                const QString& filePath, const ImportProgressFn& progress,
                                const AnkiCardMatch& match);
  // Its transaction: the new profile (profileId 0), the rows (oldest first), their schedules.
  ImportResult writeRevlog(qint64 profileId, const QString& newProfileName,
                           const QVector<Attempt>& rows, const ImportProgressFn& progress);
  // New parameters: every scheduled question's FSRS stability and difficulty replayed from the
  // profile's answers under them, as Anki recomputes memory states (due dates are kept).
  bool recomputeFsrsMemory(qint64 profileId, const FsrsScheduler& fsrs);
  bool exec(const char* sql, QString* error = nullptr);
  QString lastError() const;
  QString readOnlyError() const;
  bool isDirty();
  qint64 newestBackupMs() const;
  QStringList backupFiles() const;  // complete backups only, oldest first
  // Partial backups and journals of interrupted backups: those older than 10 minutes, and at
  // open also those whose writing process is gone.
  void removeBackupLeftovers(bool atOpen = false) const;

  sqlite3* m_db = nullptr;
  QString m_path;
  ProgressStore::Options m_options;
  bool m_readOnly = false;
  QString m_readOnlyReason;
  bool m_repairing = false;
  bool m_verified = false;  // opened read-write and checked: only then may close() back up
};

}  // namespace precisionlab::quiz
