#include "quiz/ProgressStore.h"

#include "quiz/ProgressDatabase.h"
#include "quiz/Scheduler.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QPromise>
#include <QStandardPaths>

namespace precisionlab::quiz {

ProgressStore::ProgressStore(QObject* parent)
    : QObject(parent), m_db(std::make_shared<ProgressDatabase>()) {
  m_thread.setObjectName(QStringLiteral("ProgressStore"));
  m_context = new QObject;  // no parent: it moves to the owning thread
  m_context->moveToThread(&m_thread);
  m_thread.start();
}

ProgressStore::~ProgressStore() {
  // Queued calls run first (FIFO), then the connection closes on its own thread.
  post<bool>([](ProgressDatabase& db) {
    db.close();
    return true;
  }).waitForFinished();
  m_thread.quit();
  m_thread.wait();
  delete m_context;  // its thread has finished: nothing can touch it any more
}

QString ProgressStore::defaultPath() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/progress.sqlite3");
}

QString ProgressStore::backupDir(const QString& databasePath) {
  return QFileInfo(databasePath).absolutePath() + QStringLiteral("/backups");
}

template <typename T, typename Fn>
QFuture<T> ProgressStore::post(Fn fn) {
  // shared_ptr: invokeMethod copies the functor, QPromise is move-only.
  auto promise = std::make_shared<QPromise<T>>();
  QFuture<T> future = promise->future();
  promise->start();
  QMetaObject::invokeMethod(
      m_context,
      [promise, db = m_db, fn = std::move(fn)]() mutable {
        promise->addResult(fn(*db));
        promise->finish();
      },
      Qt::QueuedConnection);
  return future;
}

void ProgressStore::notify(Changes what) {
  // Called on the owning thread; the signal is emitted on the thread that created the store.
  QMetaObject::invokeMethod(
      this, [this, what] { emit changed(what); }, Qt::QueuedConnection);
}

QFuture<OpenReport> ProgressStore::open(const QString& path, const Options& options) {
  return post<OpenReport>([this, path, options](ProgressDatabase& db) {
    OpenReport report = db.open(path, options);
    notify(Change::Database | Change::Profiles | Change::Attempts | Change::Reviews);
    return report;
  });
}

QFuture<QVector<Profile>> ProgressStore::profiles() {
  return post<QVector<Profile>>([](ProgressDatabase& db) { return db.profiles(); });
}

QFuture<ProfileResult> ProgressStore::addProfile(const QString& name) {
  return post<ProfileResult>([this, name](ProgressDatabase& db) {
    ProfileResult r = db.addProfile(name);
    if (r.ok) notify(Change::Profiles);
    return r;
  });
}

QFuture<ProfileResult> ProgressStore::renameProfile(qint64 profileId, const QString& name) {
  return post<ProfileResult>([this, profileId, name](ProgressDatabase& db) {
    ProfileResult r = db.renameProfile(profileId, name);
    if (r.ok) notify(Change::Profiles);
    return r;
  });
}

QFuture<ProfileResult> ProgressStore::setScheduler(qint64 profileId, SchedulerKind kind) {
  return post<ProfileResult>([this, profileId, kind](ProgressDatabase& db) {
    ProfileResult r = db.setScheduler(profileId, kind);
    if (r.ok) notify(Change::Profiles | Change::Reviews);
    return r;
  });
}

QFuture<RecordResult> ProgressStore::recordAttempt(const Attempt& attempt) {
  return post<RecordResult>([this, attempt](ProgressDatabase& db) {
    RecordResult r = db.recordAttempt(attempt);
    if (r.ok) notify(Change::Attempts | Change::Reviews);
    return r;
  });
}

QFuture<QVector<Attempt>> ProgressStore::attempts(qint64 profileId, int limit) {
  return post<QVector<Attempt>>(
      [profileId, limit](ProgressDatabase& db) { return db.attempts(profileId, limit); });
}

QFuture<QVector<ReviewState>> ProgressStore::reviewStates(qint64 profileId, const QString& bankId) {
  return post<QVector<ReviewState>>(
      [profileId, bankId](ProgressDatabase& db) { return db.reviewStates(profileId, bankId); });
}

QFuture<QStringList> ProgressStore::dueQuestions(qint64 profileId, const QString& bankId,
                                                 const QStringList& bankQuestionIds, int limit,
                                                 qint64 nowMs) {
  return post<QStringList>([=](ProgressDatabase& db) {
    const qint64 now = nowMs > 0 ? nowMs : QDateTime::currentMSecsSinceEpoch();
    return Scheduler::dueQueue(bankQuestionIds, db.reviewStates(profileId, bankId), now, limit);
  });
}

QFuture<Statistics> ProgressStore::statistics(qint64 profileId, const QString& bankId,
                                              qint64 nowMs) {
  return post<Statistics>(
      [=](ProgressDatabase& db) { return db.statistics(profileId, bankId, nowMs); });
}

QFuture<ExportResult> ProgressStore::exportCsv(qint64 profileId, const QString& filePath) {
  return post<ExportResult>(
      [profileId, filePath](ProgressDatabase& db) { return db.exportCsv(profileId, filePath); });
}

QFuture<QVector<FsrsRevlogEntry>> ProgressStore::reviewLog(qint64 profileId) {
  return post<QVector<FsrsRevlogEntry>>(
      [profileId](ProgressDatabase& db) { return db.reviewLog(profileId); });
}

QFuture<FsrsParameters> ProgressStore::fsrsParameters(qint64 profileId) {
  return post<FsrsParameters>(
      [profileId](ProgressDatabase& db) { return db.fsrsParameters(profileId); });
}

QFuture<FsrsParametersResult> ProgressStore::saveFsrsParameters(qint64 profileId,
                                                                const FsrsParameters& parameters) {
  return post<FsrsParametersResult>([this, profileId, parameters](ProgressDatabase& db) {
    FsrsParametersResult r = db.saveFsrsParameters(profileId, parameters);
    if (r.ok) notify(Change::Parameters);
    return r;
  });
}

QFuture<ExportResult> ProgressStore::exportRevlog(qint64 profileId, const QString& filePath) {
  return post<ExportResult>(
      [profileId, filePath](ProgressDatabase& db) { return db.exportRevlog(profileId, filePath); });
}

QFuture<ImportResult> ProgressStore::importRevlog(qint64 profileId, const QString& filePath,
                                                  const ImportProgressFn& progress,
                                                  const AnkiCardMatch& match) {
  return post<ImportResult>([this, profileId, filePath, progress, match](ProgressDatabase& db) {
    ImportResult r = db.importRevlog(profileId, filePath, progress, match);
    if (r.ok) notify(Change::Attempts | Change::Reviews);
    return r;
  });
}

QFuture<ImportResult> ProgressStore::importRevlogAsNewProfile(const QString& profileName,
                                                              const QString& filePath,
                                                              const ImportProgressFn& progress,
                                                              const AnkiCardMatch& match) {
  return post<ImportResult>([this, profileName, filePath, progress, match](ProgressDatabase& db) {
    ImportResult r = db.importRevlogAsNewProfile(profileName, filePath, progress, match);
    if (r.ok) notify(Change::Profiles | Change::Attempts | Change::Reviews);
    return r;
  });
}

QFuture<ProfileResult> ProgressStore::setExamDate(qint64 profileId, const QString& isoDate) {
  return post<ProfileResult>([this, profileId, isoDate](ProgressDatabase& db) {
    ProfileResult r = db.setExamDate(profileId, isoDate);
    if (r.ok) notify(Change::Profiles);
    return r;
  });
}

QFuture<ProfileResult> ProgressStore::setDayStart(qint64 profileId, int rolloverHour,
                                                  const QString& timeZone) {
  return post<ProfileResult>([this, profileId, rolloverHour, timeZone](ProgressDatabase& db) {
    ProfileResult r = db.setDayStart(profileId, rolloverHour, timeZone);
    if (r.ok) notify(Change::Profiles | Change::Reviews);
    return r;
  });
}

QFuture<ExamSittingResult> ProgressStore::recordExamSitting(const ExamSitting& sitting) {
  return post<ExamSittingResult>([this, sitting](ProgressDatabase& db) {
    ExamSittingResult r = db.recordExamSitting(sitting);
    if (r.ok) notify(Change::Attempts);
    return r;
  });
}

QFuture<ExamSitting> ProgressStore::lastExamSitting(qint64 profileId, const QString& bankId) {
  return post<ExamSitting>(
      [profileId, bankId](ProgressDatabase& db) { return db.lastExamSitting(profileId, bankId); });
}

QFuture<BackupResult> ProgressStore::backup(bool force) {
  return post<BackupResult>([force](ProgressDatabase& db) { return db.backup(force); });
}

void ProgressStore::waitForIdle() {
  post<bool>([](ProgressDatabase&) { return true; }).waitForFinished();
}

}  // namespace precisionlab::quiz
