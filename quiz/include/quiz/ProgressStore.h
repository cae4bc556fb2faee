// The learner's progress on SQLite (attempts log, review schedule, profiles, statistics).
//
// Threading: one QThread owns the sqlite3 connection. Every public call is marshalled onto it
// (QMetaObject::invokeMethod, functor form) and returns a QFuture that the owning thread
// fulfils. The UI chains without blocking:
//     store.statistics(profileId).then(this, [this](const Statistics& s) { show(s); });
// tests and the CLI simply block: store.statistics(id).result(). Calls run in the order made.
// After each write the store emits changed() on the thread that created it, naming what
// changed, so each view refreshes only that.
//
// Safety: WAL; synchronous=NORMAL, FULL around attempt writes (see ProgressDatabase.h); every
// write is one transaction; quick_check at open; rotating `VACUUM INTO` backups. A damaged,
// locked or newer-version file never loses what it holds: see OpenReport.
#pragma once

#include "quiz/FsrsItems.h"
#include "quiz/ProgressTypes.h"

#include <QFuture>
#include <QObject>
#include <QString>
#include <QThread>
#include <QVector>
#include <memory>
#include <optional>

namespace precisionlab::quiz {

class ProgressDatabase;

class ProgressStore : public QObject {
  Q_OBJECT
 public:
  struct Options {
    int busyTimeoutMs = 3000;                       // wait this long for another program's lock
    int keepBackups = 5;                            // backups kept in <dir>/backups
    qint64 minBackupIntervalMs = 30LL * 60 * 1000;  // at most one backup per 30 min (unless forced)
    bool backupAtOpen = true;  // back up at open and at close when changed (and interval passed)
  };

  explicit ProgressStore(QObject* parent = nullptr);
  ~ProgressStore() override;  // finishes queued calls, backs up when due, closes

  // Default file: QStandardPaths::AppDataLocation + "/progress.sqlite3".
  static QString defaultPath();
  // Backups of `databasePath` live in "<its
  // folder>/backups/progress-<yyyyMMdd-HHmmss-zzz>.sqlite3".
  static QString backupDir(const QString& databasePath);

  // Opens (creating, migrating, repairing as needed). Call once before anything else.
  QFuture<OpenReport> open(const QString& path, const Options& options);
  QFuture<OpenReport> open(const QString& path) { return open(path, Options{}); }

  // Profiles (several learners on one machine). A new database has none.
  QFuture<QVector<Profile>> profiles();
  QFuture<ProfileResult> addProfile(const QString& name);
  QFuture<ProfileResult> renameProfile(qint64 profileId, const QString& name);
  // FSRS (the default) or SM-2 for this profile's due times; both schedules are always kept.
  QFuture<ProfileResult> setScheduler(qint64 profileId, SchedulerKind kind);

  // Stores the attempt and updates the question's review schedule in one durable transaction.
  // `attempt.id` is ignored; the new id comes back. timeMs 0 means now.
  QFuture<RecordResult> recordAttempt(const Attempt& attempt);
  // Newest first; profileId 0 = every profile; limit 0 = all.
  QFuture<QVector<Attempt>> attempts(qint64 profileId, int limit = 0);

  // Review schedule of a profile for one bank.
  QFuture<QVector<ReviewState>> reviewStates(qint64 profileId, const QString& bankId);
  // Scheduler::dueQueue over the stored states. nowMs 0 = now.
  QFuture<QStringList> dueQuestions(qint64 profileId, const QString& bankId,
                                    const QStringList& bankQuestionIds, int limit = 0,
                                    qint64 nowMs = 0);

  // bankId empty = all banks. nowMs 0 = now (streaks and dueNow are relative to it).
  QFuture<Statistics> statistics(qint64 profileId, const QString& bankId = QString(),
                                 qint64 nowMs = 0);

  // CSV (RFC 4180) of the attempts, written atomically (writeOutputFile). profileId 0 = all.
  QFuture<ExportResult> exportCsv(qint64 profileId, const QString& filePath);

  // FSRS parameters fitted to the learner (docs/spaced-repetition.md). The optimizer itself runs
  // off this thread (FsrsOptimizer on a worker, as Anki does): reviewLog() hands it a snapshot,
  // saveFsrsParameters() stores the result, which later answers are scheduled by.
  QFuture<QVector<FsrsRevlogEntry>> reviewLog(qint64 profileId);
  QFuture<FsrsParameters> fsrsParameters(qint64 profileId);
  QFuture<FsrsParametersResult> saveFsrsParameters(qint64 profileId,
                                                   const FsrsParameters& parameters);
  // The attempts as a CSV in Anki's revlog column names (quiz/RevlogCsv.h), written atomically;
  // and read back into a profile that has no attempts yet, or into a new profile created in the
  // import's transaction (a failed import leaves no profile behind). `progress` is called on
  // the store's thread.
  QFuture<ExportResult> exportRevlog(qint64 profileId, const QString& filePath);
  // The file may also be Anki's own review log, a CSV or an Anki package (AnkiRevlog.h);
  // `match`: the bank whose questions Anki's cards may be.
  QFuture<ImportResult> importRevlog(qint64 profileId, const QString& filePath,
                                     const ImportProgressFn& progress = {},
                                     const AnkiCardMatch& match = {});
  QFuture<ImportResult> importRevlogAsNewProfile(const QString& profileName,
                                                 const QString& filePath,
                                                 const ImportProgressFn& progress = {},
                                                 const AnkiCardMatch& match = {});

  // The learner's exam day ("YYYY-MM-DD", "" = none), for exam readiness (ExamReadiness.h).
  QFuture<ProfileResult> setExamDate(qint64 profileId, const QString& isoDate);
  // The profile's days (quiz/DayClock.h): the hour a day starts (0..23, Anki's "Next day starts
  // at", 4 by default) and the IANA time zone ("" = this computer's). Refuses others, naming them.
  QFuture<ProfileResult> setDayStart(qint64 profileId, int rolloverHour, const QString& timeZone);
  // Each finished exam sitting, as the exam scored it (unanswered questions count wrong), and
  // the newest one of a profile and bank (id 0: none), for the Progress view's last exam.
  QFuture<ExamSittingResult> recordExamSitting(const ExamSitting& sitting);
  QFuture<ExamSitting> lastExamSitting(qint64 profileId, const QString& bankId);

  // VACUUM INTO a new backup and rotate; skipped (ok=false, empty error) when not forced and
  // nothing changed or the last backup is younger than Options::minBackupIntervalMs.
  QFuture<BackupResult> backup(bool force = false);

  // Blocks until every call made so far has run (tests, shutdown).
  void waitForIdle();

 signals:
  void changed(precisionlab::quiz::Changes what);

 private:
  template <typename T, typename Fn>
  QFuture<T> post(Fn fn);
  void notify(Changes what);

  QThread m_thread;
  QObject* m_context = nullptr;            // lives on m_thread: the target of invokeMethod
  std::shared_ptr<ProgressDatabase> m_db;  // used only on m_thread
};

}  // namespace precisionlab::quiz
