#include "quiz/ProgressDatabase.h"

#include "AttemptWriter.h"
#include "QuizJson.h"
#include "SqliteStatement.h"
#include "quiz/CsvWriter.h"
#include "quiz/OutputFile.h"
#include "quiz/ReviewTable.h"
#include "quiz/Scheduler.h"
#include "quiz/StatisticsCalculator.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTimeZone>

#include <cerrno>
#include <csignal>
#include <limits>

// Q_INIT_RESOURCE must be used outside any namespace; the migrations live in a static library.
static void initQuizSqlResources() { Q_INIT_RESOURCE(quiz_sql); }

namespace precisionlab::quiz {
namespace {

using Stmt = SqliteStatement;

bool isDamagedCode(int rc) {
  rc &= 0xff;
  return rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT;
}
bool isLockedCode(int rc) {
  rc &= 0xff;
  return rc == SQLITE_BUSY || rc == SQLITE_LOCKED;
}

// A backup is written as "<name>.partial.<pid>" and renamed to "<name>" once complete and synced,
// so a name matching the backup pattern is always a whole backup, whatever moment a crash hits.
const QString kPartialSuffix = QStringLiteral(".partial");
// A leftover partial file is removed once it is this old: younger ones may belong to a backup
// another instance is writing right now. Partial files name the process writing them
// ("<name>.partial.<pid>"): at open, one whose process is gone is removed at once.
constexpr qint64 kLeftoverAgeMs = 10LL * 60 * 1000;

// False when the partial file `name` names its writer's process id and that process is gone.
bool writerMayBeAlive(const QString& name) {
  QString rest = name.section(kPartialSuffix + QLatin1Char('.'), 1);
  if (rest.endsWith(QStringLiteral("-journal"))) rest.chop(8);
  bool ok = false;
  const qint64 pid = rest.toLongLong(&ok);
  if (!ok || pid <= 0 || pid > std::numeric_limits<pid_t>::max()) return true;  // an older name
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH;
}

// fsync a file or directory by path; false if it cannot be opened or synced.
bool syncPath(const QString& path, bool directory) {
  const int fd = ::open(QFile::encodeName(path).constData(),
                        (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0 || (directory && (errno == EINVAL || errno == ENOTSUP));
  ::close(fd);
  return ok;
}

// errno of opening `path` for writing (0: it opens); the file is not changed.
int writeErrno(const QString& path) {
  const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return errno;
  ::close(fd);
  return 0;
}

// errno of creating a file in the folder of `path` (0: it can); what SQLite needs for its WAL.
int folderWriteErrno(const QString& path) {
  const QByteArray probe =
      QFile::encodeName(QFileInfo(path).absolutePath() + QStringLiteral("/.precisionlab-probe-") +
                        QString::number(::getpid()));
  const int fd = ::open(probe.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return errno == EEXIST ? 0 : errno;
  ::close(fd);
  ::unlink(probe.constData());
  return 0;
}

QString stamp() {
  return QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
}

// A backup is usable when it opens, passes quick_check and has a schema we can read.
bool backupIsGood(const QString& path) {
  sqlite3* db = nullptr;
  bool good = false;
  if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    Stmt v(db, "PRAGMA user_version");
    const int version = v.step() == SQLITE_ROW ? static_cast<int>(v.i64(0)) : -1;
    Stmt check(db, "PRAGMA quick_check");
    good = version >= 1 && version <= ProgressDatabase::kMaxVersion && check.step() == SQLITE_ROW &&
           check.text(0) == QLatin1String("ok");
  }
  sqlite3_close(db);
  return good;
}

Attempt readAttempt(const Stmt& s) {
  Attempt a;
  a.id = s.i64(0);
  a.timeMs = s.i64(1);
  a.profileId = s.i64(2);
  a.bankId = s.text(3);
  a.questionId = s.text(4);
  a.domain = s.text(5);
  // The options chosen, a JSON array of ids; a damaged value reads as none chosen.
  if (const auto chosen = quizjson::parse(s.text(6).toUtf8(), nullptr); chosen && chosen->isArray())
    for (const quizjson::Value& v : chosen->asArray()) a.chosenOptionIds << quizjson::text(v);
  a.correct = s.i64(7) != 0;
  a.timeTakenMs = s.i64(8);
  a.mode = quizModeFromString(s.text(9));
  a.confidence = confidenceFromString(s.text(10));
  a.log.rating = static_cast<int>(s.i64(11));
  a.log.sm2Grade = static_cast<int>(s.i64(12));
  a.log.elapsedDays = s.real(13);
  a.log.stateBefore = static_cast<int>(s.i64(14));
  a.log.stability = s.real(15);
  a.log.difficulty = s.real(16);
  a.log.retrievability = s.real(17);
  a.log.scheduledDays = s.real(18);
  a.log.scheduler = schedulerKindFromString(s.text(19));
  return a;
}

}  // namespace

ProgressDatabase::~ProgressDatabase() { close(); }

QString ProgressDatabase::unwritableReason(int sqliteRc, int fileErrno, int folderErrno) {
  const int rc = sqliteRc & 0xff;
  if (rc == SQLITE_FULL || fileErrno == ENOSPC || folderErrno == ENOSPC || fileErrno == EDQUOT ||
      folderErrno == EDQUOT)
    return QStringLiteral("the disk it is on is full (free some space, then restart)");
  if (fileErrno == EROFS || folderErrno == EROFS)
    return QStringLiteral("the disk or folder it is on is mounted read-only");
  if (fileErrno == EPERM)
    return QStringLiteral(
        "the file is marked immutable (chattr +i) or the system forbids changing it");
  if (fileErrno == EACCES)
    return QStringLiteral("you have no permission to write the file (check its owner and mode)");
  if (folderErrno == EACCES || folderErrno == EPERM)
    return QStringLiteral(
        "you have no permission to create files in its folder (SQLite keeps its journal there)");
  if (rc == SQLITE_READONLY || rc == SQLITE_CANTOPEN || rc == SQLITE_IOERR)
    return QStringLiteral("it cannot be written (%1)").arg(QString::fromUtf8(sqlite3_errstr(rc)));
  return {};
}

QString ProgressDatabase::migrationSql(int version) {
  initQuizSqlResources();
  QFile file(QStringLiteral(":/quiz/sql/v%1.sql").arg(version));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

QString ProgressDatabase::lastError() const {
  return m_db ? QString::fromUtf8(sqlite3_errmsg(m_db))
              : QStringLiteral("the database is not open");
}

QString ProgressDatabase::readOnlyError() const {
  return QStringLiteral("Progress is open read-only (%1), so this was not saved.")
      .arg(m_readOnlyReason);
}

bool ProgressDatabase::exec(const char* sql, QString* error) {
  char* message = nullptr;
  const int rc = sqlite3_exec(m_db, sql, nullptr, nullptr, &message);
  if (rc != SQLITE_OK && error) *error = QString::fromUtf8(message ? message : sqlite3_errstr(rc));
  sqlite3_free(message);
  return rc == SQLITE_OK;
}

bool ProgressDatabase::openConnection(bool readOnly, QString* error) {
  const int flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  const int rc = sqlite3_open_v2(m_path.toUtf8().constData(), &m_db, flags, nullptr);
  if (rc != SQLITE_OK) {
    if (error) *error = lastError();
    sqlite3_close(m_db);
    m_db = nullptr;
    return false;
  }
  sqlite3_busy_timeout(m_db, m_options.busyTimeoutMs);
  m_readOnly = readOnly;
  return true;
}

ProgressDatabase::Probe ProgressDatabase::probe(QString* detail) {
  Stmt v(m_db, "PRAGMA user_version");
  const int rc = v.step();
  if (rc != SQLITE_ROW) {
    *detail = lastError();
    if (isDamagedCode(rc) || isDamagedCode(v.rc())) return Probe::Damaged;
    if (isLockedCode(rc)) return Probe::Locked;
    return Probe::Error;
  }
  if (v.i64(0) > kMaxVersion) return Probe::Newer;
  // quick_check: O(N) structural check without the slow index cross-checks (Anki does the same).
  Stmt check(m_db, "PRAGMA quick_check");
  QStringList problems;
  int step = check.step();
  for (; step == SQLITE_ROW; step = check.step()) problems << check.text(0);
  if (step != SQLITE_DONE) {
    *detail = lastError();
    if (isLockedCode(step)) return Probe::Locked;
    return Probe::Damaged;
  }
  if (problems != QStringList{QStringLiteral("ok")}) {
    *detail = problems.mid(0, 3).join(QStringLiteral("; "));
    return Probe::Damaged;
  }
  return Probe::Ok;
}

OpenReport ProgressDatabase::open(const QString& path, const ProgressStore::Options& options) {
  const bool existed = QFileInfo::exists(path);
  OpenReport report = openOrCreate(path, options);
  // A file this open created but could not write (a full disk) holds nothing: SQLite left it
  // 0 bytes long, and the next start read that as a truncated progress file. Removed, so the
  // next start creates it anew; the message says why nothing was saved.
  if (!existed && report.outcome != OpenReport::Outcome::Created && QFileInfo(path).size() == 0 &&
      QFileInfo(path).isFile()) {
    const QString why = m_readOnlyReason;
    close();
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
      if (QFileInfo(path + QLatin1String(suffix)).size() == 0)
        QFile::remove(path + QLatin1String(suffix));
    report.outcome = OpenReport::Outcome::Failed;
    report.readOnly = false;
    report.message = QStringLiteral(
                         "A new progress file could not be created at %1%2. Nothing was left "
                         "on disk; answers are not saved in this session.")
                         .arg(path, why.isEmpty() ? QString() : QStringLiteral(": ") + why);
  }
  return report;
}

OpenReport ProgressDatabase::openOrCreate(const QString& path,
                                          const ProgressStore::Options& options) {
  close();
  m_path = path;
  m_options = options;
  OpenReport report;
  report.path = path;
  QDir().mkpath(QFileInfo(path).absolutePath());

  // A zero-length file opens as a valid empty database; when backups exist it is far more
  // likely a truncated progress file than a new one.
  const QFileInfo info(path);
  if (info.isDir()) {  // SQLite would only say "disk I/O error"
    report.message = QStringLiteral(
                         "Your progress could not be opened: %1 is a folder, not a "
                         "progress file. Give a file name inside it.")
                         .arg(path);
    return report;
  }
  // A FIFO would block SQLite's open forever (the app never quit); a device is no database.
  if (info.exists() && !info.isFile()) {
    report.message = QStringLiteral(
                         "Your progress could not be opened: %1 is not a regular file (a "
                         "device, pipe or socket). Give the name of a progress file.")
                         .arg(path);
    return report;
  }
  removeBackupLeftovers(true);  // partial backups of killed runs (1 GB after 8 kills)
  if (info.exists() && info.size() == 0 && !backupFiles().isEmpty())
    return repair(report, QStringLiteral("the file is empty"));
  // No file, but a damaged one moved aside or a restore copy beside it: a repair was cut short
  // (the app was killed between moving the damaged file aside and restoring the backup).
  // Finish it instead of starting an empty history.
  if (!info.exists() && !m_repairing && !backupFiles().isEmpty() &&
      (QFileInfo::exists(path + QStringLiteral(".restoring")) ||
       !QDir(info.absolutePath())
            .entryList({info.fileName() + QStringLiteral(".damaged-*")}, QDir::Files)
            .isEmpty()))
    return repair(report, QStringLiteral("an earlier repair was interrupted"));

  QString detail;
  if (!openConnection(false, &detail)) {
    if (info.exists())
      return openReadOnly(report, QStringLiteral("it cannot be written: %1").arg(detail));
    report.message =
        QStringLiteral("Your progress could not be opened at %1: %2").arg(path, detail);
    return report;
  }
  switch (probe(&detail)) {
    case Probe::Ok:
      break;
    case Probe::Damaged:
      return repair(report, detail);
    case Probe::Locked:
      report.outcome = OpenReport::Outcome::LockedReadOnly;
      return openReadOnly(report, QStringLiteral("another program is using the file"));
    case Probe::Newer:
      report.outcome = OpenReport::Outcome::NewerReadOnly;
      return openReadOnly(report, QStringLiteral("it was saved by a newer PrecisionLab"));
    case Probe::Error: {
      close();
      // A WAL file on a read-only mount cannot even be read (SQLite needs its -shm): say why.
      const QString why = unwritableReason(SQLITE_OK, writeErrno(path), folderWriteErrno(path));
      report.message =
          why.isEmpty()
              ? QStringLiteral("Your progress could not be opened (%1).").arg(detail)
              : QStringLiteral("Your progress could not be opened (%1): %2.").arg(detail, why);
      return report;
    }
  }

  // Statements are scoped: a stepped-but-unfinished one holds a read transaction, and
  // journal_mode cannot change inside a transaction.
  int version = 0;
  {
    Stmt v(m_db, "PRAGMA user_version");
    v.step();
    version = static_cast<int>(v.i64(0));
  }
  report.fromVersion = version;

  // WAL and taking the write lock once tell us whether another program holds the file.
  bool walOk = false;
  {
    Stmt wal(m_db, "PRAGMA journal_mode=WAL");
    walOk = wal.step() == SQLITE_ROW && wal.text(0) == QLatin1String("wal");
  }
  int writeRc = SQLITE_OK;
  if (!walOk || !exec("BEGIN IMMEDIATE")) writeRc = sqlite3_extended_errcode(m_db);
  // SQLite opens a file it cannot write read-only without a word; a failed write is a lock
  // only when nothing else explains it (an immutable file, a read-only mount, a full disk).
  if (writeRc != SQLITE_OK || sqlite3_db_readonly(m_db, "main") == 1) {
    const QString why = unwritableReason(writeRc, writeErrno(path), folderWriteErrno(path));
    if (why.isEmpty() && isLockedCode(writeRc)) {
      report.outcome = OpenReport::Outcome::LockedReadOnly;
      return openReadOnly(report, QStringLiteral("another program is using the file"));
    }
    report.outcome = OpenReport::Outcome::UnwritableReadOnly;
    return openReadOnly(report, why.isEmpty() ? QStringLiteral("it cannot be written (%1)")
                                                    .arg(QString::fromUtf8(sqlite3_errstr(writeRc)))
                                              : why);
  }
  exec("ROLLBACK");
  exec("PRAGMA synchronous=NORMAL");
  exec("PRAGMA foreign_keys=ON");

  if (version < kMaxVersion) {
    if (version > 0) {
      // A migration is one-way: keep the old shape as a backup first.
      const BackupResult b = backup(true);
      if (b.ok) report.backupMade = b.path;
    }
    QString error;
    if (!migrate(version, &error)) {
      report.outcome = OpenReport::Outcome::Failed;
      report = openReadOnly(report, QStringLiteral("upgrading it failed: %1").arg(error));
      report.outcome = OpenReport::Outcome::Failed;
      return report;
    }
    report.outcome = version == 0 ? OpenReport::Outcome::Created : OpenReport::Outcome::Migrated;
  } else {
    report.outcome = OpenReport::Outcome::Opened;
    if (options.backupAtOpen) {
      const BackupResult b = backup(false);
      if (b.ok) report.backupMade = b.path;
    }
  }
  report.toVersion = kMaxVersion;
  report.readOnly = false;
  m_verified = true;
  if (report.outcome == OpenReport::Outcome::Migrated)
    report.message = QStringLiteral(
                         "Your progress was upgraded to the current format (a copy of "
                         "the old file is in %1).")
                         .arg(report.backupMade);
  else if (report.outcome == OpenReport::Outcome::Created)
    report.message = QStringLiteral("A new progress file was created at %1.").arg(path);
  else
    report.message = QStringLiteral("Your progress was opened and checked.");
  return report;
}

OpenReport ProgressDatabase::openReadOnly(OpenReport report, const QString& why) {
  close();
  QString error;
  if (!openConnection(true, &error)) {
    report.outcome = OpenReport::Outcome::Failed;
    report.message = QStringLiteral(
                         "Your progress could not be opened (%1; %2). Nothing was "
                         "changed on disk.")
                         .arg(why, error);
    return report;
  }
  m_readOnlyReason = why;
  report.readOnly = true;
  Stmt v(m_db, "PRAGMA user_version");
  if (v.step() == SQLITE_ROW) report.fromVersion = report.toVersion = static_cast<int>(v.i64(0));
  if (report.outcome == OpenReport::Outcome::NewerReadOnly)
    report.message = QStringLiteral(
        "Your progress was saved by a newer PrecisionLab. It is shown "
        "read-only and nothing new is saved; update PrecisionLab to "
        "keep recording.");
  else if (report.outcome == OpenReport::Outcome::LockedReadOnly)
    report.message = QStringLiteral(
        "Another program (perhaps another PrecisionLab window) is using "
        "your progress file. It is open read-only: new answers are "
        "not saved until you close the other program and restart.");
  else
    report.message = QStringLiteral(
                         "Your progress is open read-only because %1. Nothing stored "
                         "was changed.")
                         .arg(why);
  return report;
}

OpenReport ProgressDatabase::repair(OpenReport report, const QString& detail) {
  close();
  if (m_repairing) {  // the restored copy failed too: stop rather than loop
    report.outcome = OpenReport::Outcome::Failed;
    report.message =
        QStringLiteral("Your progress file is damaged (%1) and could not be repaired.").arg(detail);
    return report;
  }
  // Move the damaged file and its WAL/SHM aside together: a stale WAL next to a restored file
  // would be replayed into it. Never delete anything.
  // A progress file that is a symbolic link: the damaged file it points to is moved aside and
  // the backup restored there, so the link (to a synced folder, say) stays as the user made it.
  const QFileInfo link(m_path);
  const QString file = link.isSymLink() && link.exists() ? link.canonicalFilePath() : m_path;
  if (QFileInfo::exists(file)) {  // absent when finishing an interrupted repair
    QString aside = file + QStringLiteral(".damaged-") + stamp();
    for (int n = 2; QFileInfo::exists(aside); ++n)
      aside = file + QStringLiteral(".damaged-%1-%2").arg(stamp()).arg(n);
    if (!QFile::rename(file, aside)) {
      report.outcome = OpenReport::Outcome::Failed;
      report.message = QStringLiteral(
                           "Your progress file is damaged (%1) and could not be moved "
                           "aside; it was left untouched at %2.")
                           .arg(detail, m_path);
      return report;
    }
    // SQLite names the journals after the path it was given (the link), not its target.
    for (const char* suffix : {"-wal", "-shm", "-journal"})
      if (QFileInfo::exists(m_path + QLatin1String(suffix)))
        QFile::rename(m_path + QLatin1String(suffix), aside + QLatin1String(suffix));
    report.movedAsidePath = aside;
  }

  QStringList backups = backupFiles();
  for (auto it = backups.crbegin(); it != backups.crend(); ++it) {
    if (!backupIsGood(*it)) continue;
    const QString temp = file + QStringLiteral(".restoring");
    QFile::remove(temp);  // our own leftover from an interrupted restore, never user data
    // Synced before the rename: after a crash the name holds the whole copy or nothing.
    // QFile::rename refuses to replace; ::rename onto a link's target keeps the link.
    if (QFile::copy(*it, temp) && syncPath(temp, false) &&
        ::rename(QFile::encodeName(temp).constData(), QFile::encodeName(file).constData()) == 0) {
      syncPath(QFileInfo(file).absolutePath(), true);
      report.restoredFrom = *it;
      break;
    }
    QFile::remove(temp);
  }

  const ProgressStore::Options original = m_options;
  ProgressStore::Options options = m_options;
  options.backupAtOpen =
      false;  // do not let a fresh backup of the restored copy rotate out good ones
  m_repairing = true;
  OpenReport reopened = open(m_path, options);
  m_repairing = false;
  m_options = original;
  reopened.movedAsidePath = report.movedAsidePath;
  reopened.restoredFrom = report.restoredFrom;
  if (!reopened.ok()) return reopened;
  // Empty when an interrupted repair was finished: the damaged file was moved aside then.
  const QString aside = report.movedAsidePath.isEmpty() ? m_path + QStringLiteral(".damaged-*")
                                                        : report.movedAsidePath;
  const QString when =
      QFileInfo(report.restoredFrom).lastModified().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
  if (!report.restoredFrom.isEmpty()) {
    reopened.outcome = OpenReport::Outcome::RestoredBackup;
    reopened.message = QStringLiteral(
                           "Your progress file was damaged (%1). It was moved to %2 and "
                           "the latest good backup (from %3) was restored; answers "
                           "given after that backup are only in the damaged file.")
                           .arg(detail, aside, when);
  } else {
    reopened.outcome = OpenReport::Outcome::StartedEmpty;
    reopened.message = QStringLiteral(
                           "Your progress file was damaged (%1) and there was no good "
                           "backup. It was moved to %2 (nothing was deleted) and a new, "
                           "empty progress file was started.")
                           .arg(detail, aside);
  }
  return reopened;
}

bool ProgressDatabase::migrate(int from, QString* error) {
  for (int v = std::max(from, kMinVersion) + 1; v <= kMaxVersion; ++v) {
    const QString sql = migrationSql(v);
    if (sql.isEmpty()) {
      *error = QStringLiteral("the migration to version %1 is missing from this build").arg(v);
      return false;
    }
    // One transaction per step: a failed step leaves the file at the previous version.
    const QByteArray setVersion = QStringLiteral("PRAGMA user_version = %1").arg(v).toUtf8();
    if (!exec("BEGIN IMMEDIATE", error)) return false;
    if (!exec(sql.toUtf8().constData(), error) ||
        (v == 3 && !ReviewTable::replayHistory(m_db, error)) ||
        !exec(setVersion.constData(), error) || !exec("COMMIT", error)) {
      exec("ROLLBACK");
      *error = QStringLiteral("version %1: %2").arg(v).arg(*error);
      return false;
    }
  }
  return true;
}

void ProgressDatabase::close() {
  if (m_db == nullptr) return;
  // Only a file this build opened read-write and checked: the probing connection of a
  // newer-schema, locked or damaged file must not write (a backup marks meta.dirty).
  if (!m_readOnly && m_verified && m_options.backupAtOpen) backup(false);
  m_verified = false;
  sqlite3_close(m_db);  // all statements are scoped, so this always succeeds
  m_db = nullptr;
}

QVector<Profile> ProgressDatabase::profiles() {
  QVector<Profile> out;
  if (!m_db) return out;
  Stmt s(m_db,
         "SELECT id, name, created_ms, scheduler, exam_date, rollover_hour, time_zone FROM "
         "profiles ORDER BY id");
  while (s.step() == SQLITE_ROW)
    out.push_back({s.i64(0), s.text(1), s.i64(2), schedulerKindFromString(s.text(3)), s.text(4),
                   static_cast<int>(s.i64(5)), s.text(6)});
  return out;
}

ProfileResult ProgressDatabase::addProfile(const QString& name) {
  ProfileResult r;
  const QString trimmed = name.trimmed();
  if (!m_db) return {false, lastError(), {}};
  if (m_readOnly) return {false, readOnlyError(), {}};
  if (trimmed.isEmpty()) return {false, QStringLiteral("A profile needs a name."), {}};
  r.profile.name = trimmed;
  r.profile.createdMs = QDateTime::currentMSecsSinceEpoch();
  // The days are counted in the zone the profile was made in (travelling keeps them).
  r.profile.timeZone = QString::fromUtf8(QTimeZone::systemTimeZoneId());
  if (!QTimeZone::isTimeZoneIdAvailable(r.profile.timeZone.toUtf8())) r.profile.timeZone.clear();
  Stmt s(m_db, "INSERT INTO profiles(name, created_ms, time_zone) VALUES (?, ?, ?)");
  s.bind(1, trimmed).bind(2, r.profile.createdMs).bind(3, r.profile.timeZone);
  if (s.step() != SQLITE_DONE) {
    r.error = (s.rc() & 0xff) == SQLITE_CONSTRAINT
                  ? QStringLiteral("A profile named \"%1\" already exists.").arg(trimmed)
                  : lastError();
    return r;
  }
  r.profile.id = sqlite3_last_insert_rowid(m_db);
  r.ok = true;
  return r;
}

ProfileResult ProgressDatabase::renameProfile(qint64 profileId, const QString& name) {
  const QString trimmed = name.trimmed();
  if (!m_db) return {false, lastError(), {}};
  if (m_readOnly) return {false, readOnlyError(), {}};
  if (trimmed.isEmpty()) return {false, QStringLiteral("A profile needs a name."), {}};
  Stmt s(m_db, "UPDATE profiles SET name = ? WHERE id = ?");
  s.bind(1, trimmed).bind(2, profileId);
  if (s.step() != SQLITE_DONE)
    return {false,
            (s.rc() & 0xff) == SQLITE_CONSTRAINT
                ? QStringLiteral("A profile named \"%1\" already exists.").arg(trimmed)
                : lastError(),
            {}};
  if (sqlite3_changes(m_db) == 0)
    return {false, QStringLiteral("That profile no longer exists."), {}};
  for (const Profile& p : profiles())
    if (p.id == profileId) return {true, {}, p};
  return {false, lastError(), {}};
}

ProfileResult ProgressDatabase::setScheduler(qint64 profileId, SchedulerKind kind) {
  if (!m_db) return {false, lastError(), {}};
  if (m_readOnly) return {false, readOnlyError(), {}};
  if (!ReviewTable::setSchedulerOf(m_db, profileId, kind))
    return {false, QStringLiteral("That profile no longer exists."), {}};
  for (const Profile& p : profiles())
    if (p.id == profileId) return {true, {}, p};
  return {false, lastError(), {}};
}

RecordResult ProgressDatabase::recordAttempt(Attempt a) {
  RecordResult r;
  if (!m_db) return {false, lastError(), 0, {}};
  if (m_readOnly) return {false, readOnlyError(), 0, {}};
  if (a.timeMs <= 0) a.timeMs = QDateTime::currentMSecsSinceEpoch();

  QString error;
  exec("PRAGMA synchronous=FULL");  // see the header: attempts also survive power loss
  auto fail = [&](const QString& why) {
    exec("ROLLBACK");
    exec("PRAGMA synchronous=NORMAL");
    return RecordResult{false, QStringLiteral("The answer was not saved: %1").arg(why), 0, {}};
  };
  if (!exec("BEGIN IMMEDIATE", &error)) return fail(error);

  AttemptWriter writer(m_db, a.profileId, profileFsrsScheduler(a.profileId));
  if (!writer.add(a, &r) || !writer.flush()) return fail(lastError());
  if (!exec("UPDATE meta SET value = '1' WHERE key = 'dirty'", &error)) return fail(error);
  if (!exec("COMMIT", &error)) return fail(error);
  exec("PRAGMA synchronous=NORMAL");
  r.ok = true;
  return r;
}

QVector<Attempt> ProgressDatabase::attempts(qint64 profileId, int limit, const QString& bankId) {
  QVector<Attempt> out;
  if (!m_db) return out;
  Stmt s(m_db,
         "SELECT id, time_ms, profile_id, bank_id, question_id, domain, chosen, correct, "
         "time_taken_ms, mode, confidence, rating, sm2_grade, elapsed_days, state_before, "
         "stability, difficulty, retrievability, scheduled_days, scheduler FROM attempts "
         "WHERE (?1 = 0 OR profile_id = ?1) AND (?2 = '' OR bank_id = ?2) "
         "ORDER BY time_ms DESC, id DESC LIMIT ?3");
  s.bind(1, profileId).bind(2, bankId).bind(3, qint64(limit > 0 ? limit : -1));
  while (s.step() == SQLITE_ROW) out.push_back(readAttempt(s));
  return out;
}

QVector<ReviewState> ProgressDatabase::reviewStates(qint64 profileId, const QString& bankId) {
  if (!m_db) return {};
  return ReviewTable::list(m_db, profileId, bankId);
}

Statistics ProgressDatabase::statistics(qint64 profileId, const QString& bankId, qint64 nowMs) {
  if (nowMs <= 0) nowMs = QDateTime::currentMSecsSinceEpoch();
  return StatisticsCalculator::compute(attempts(profileId, 0, bankId),
                                       reviewStates(profileId, bankId), nowMs,
                                       profileDayClock(profileId));
}

ExportResult ProgressDatabase::exportCsv(qint64 profileId, const QString& filePath) {
  ExportResult r;
  r.path = filePath;
  if (!m_db) return {false, lastError(), 0, filePath};
  // Refused before the work when the path is a folder, device or FIFO.
  if (const QString no = outputFileRefusal(filePath); !no.isEmpty())
    return {false, QStringLiteral("cannot write %1: %2").arg(filePath, no), 0, filePath};
  QMap<qint64, QString> names;
  for (const Profile& p : profiles()) names.insert(p.id, p.name);
  QString out =
      CsvWriter::record({"id", "time_utc", "profile", "bank", "question", "domain", "chosen",
                         "correct", "time_taken_ms", "mode", "confidence", "rating", "elapsed_days",
                         "state_before", "stability", "difficulty", "scheduled_days", "scheduler"});
  QVector<Attempt> rows = attempts(profileId, 0);
  for (auto it = rows.crbegin(); it != rows.crend(); ++it) {  // oldest first
    const Attempt& a = *it;
    out += CsvWriter::record(
        {QString::number(a.id),
         QDateTime::fromMSecsSinceEpoch(a.timeMs).toUTC().toString(Qt::ISODateWithMs),
         names.value(a.profileId), a.bankId, a.questionId, a.domain,
         a.chosenOptionIds.join(QLatin1Char(';')), a.correct ? "1" : "0",
         QString::number(a.timeTakenMs), toString(a.mode), toString(a.confidence),
         // The review log (docs/spaced-repetition.md); QString::number never uses the locale.
         QString::number(a.log.rating), QString::number(a.log.elapsedDays, 'g', 10),
         QString::number(a.log.stateBefore), QString::number(a.log.stability, 'g', 10),
         QString::number(a.log.difficulty, 'g', 10), QString::number(a.log.scheduledDays, 'g', 10),
         toString(a.log.scheduler)});
    ++r.rows;
  }
  // Written to a temporary and renamed: never a half-written export.
  if (const QString error = writeOutputFile(filePath, out.toUtf8()); !error.isEmpty())
    return {false, error, 0, filePath};
  r.ok = true;
  return r;
}

QStringList ProgressDatabase::backupFiles() const {
  const QString base = QFileInfo(m_path).completeBaseName();
  QDir dir(ProgressStore::backupDir(m_path));
  QStringList out;
  for (const QString& name :
       dir.entryList({base + QStringLiteral("-*.sqlite3")}, QDir::Files, QDir::Name)) {
    // One with a -journal beside it was cut short while written in place (older versions).
    if (QFileInfo::exists(dir.filePath(name + QStringLiteral("-journal")))) continue;
    out << dir.filePath(name);
  }
  return out;  // the UTC stamp in the name sorts oldest first
}

void ProgressDatabase::removeBackupLeftovers(bool atOpen) const {
  const QString base = QFileInfo(m_path).completeBaseName();
  QDir dir(ProgressStore::backupDir(m_path));
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  // Partial backups and their journals, once old enough not to be another instance's work in
  // progress; a journal beside a backup's own name is from a version that wrote in place.
  for (const QString& name : dir.entryList({base + QStringLiteral("-*.sqlite3.partial"),
                                            base + QStringLiteral("-*.sqlite3.partial-journal"),
                                            base + QStringLiteral("-*.sqlite3.partial.*"),
                                            base + QStringLiteral("-*.sqlite3-journal")},
                                           QDir::Files)) {
    const QFileInfo info(dir.filePath(name));
    // At open, a partial file no other process still writes is a killed run's: removed now. One
    // that a process holds open (another instance backing up) is left until it is old.
    const bool stale = now - info.lastModified().toMSecsSinceEpoch() >= kLeftoverAgeMs ||
                       (atOpen && !writerMayBeAlive(name));
    if (!stale) continue;
    if (name.endsWith(QStringLiteral(".sqlite3-journal")))
      QFile::remove(dir.filePath(name.chopped(8)));  // the backup it belongs to never completed
    QFile::remove(info.filePath());
  }
}

qint64 ProgressDatabase::newestBackupMs() const {
  const QStringList files = backupFiles();
  if (files.isEmpty()) return 0;
  const QString name = QFileInfo(files.last()).completeBaseName();
  const QDateTime t = QDateTime::fromString(name.right(19), QStringLiteral("yyyyMMdd-HHmmss-zzz"));
  if (!t.isValid()) return QFileInfo(files.last()).lastModified().toMSecsSinceEpoch();
  // The name's time is UTC (the backup writer's): the same fields, read in UTC.
  return QDateTime(t.date(), t.time(), QTimeZone::utc()).toMSecsSinceEpoch();
}

bool ProgressDatabase::isDirty() {
  Stmt s(m_db, "SELECT value FROM meta WHERE key = 'dirty'");
  return s.step() != SQLITE_ROW || s.text(0) != QLatin1String("0");
}

BackupResult ProgressDatabase::backup(bool force) {
  BackupResult r;
  if (!m_db) return {false, lastError(), {}, {}};
  if (!force) {
    if (!isDirty()) return r;
    const qint64 newest = newestBackupMs();
    if (newest > 0 && QDateTime::currentMSecsSinceEpoch() - newest < m_options.minBackupIntervalMs)
      return r;
  }
  const QString dir = ProgressStore::backupDir(m_path);
  if (!QDir().mkpath(dir)) return {false, QStringLiteral("cannot create %1").arg(dir), {}, {}};
  const QString base = QFileInfo(m_path).completeBaseName();
  r.path = QDir(dir).filePath(base + QLatin1Char('-') + stamp() + QStringLiteral(".sqlite3"));
  if (QFileInfo::exists(r.path))
    return {false, QStringLiteral("a backup was made this millisecond"), {}, {}};
  removeBackupLeftovers();
  // VACUUM INTO writes a consistent, compacted copy from a read transaction: never copy the
  // live file (its WAL holds recent commits). It writes under a temporary name (with its own
  // -journal), which is synced and then renamed: a crash leaves no partial file under a
  // backup's name for rotation to count.
  const QString partial = r.path + kPartialSuffix + QLatin1Char('.') + QString::number(::getpid());
  QFile::remove(partial);
  {
    Stmt vacuum(m_db, "VACUUM INTO ?");
    vacuum.bind(1, partial);
    if (vacuum.step() != SQLITE_DONE) {
      const QString error = lastError();
      QFile::remove(partial);
      QFile::remove(partial + QStringLiteral("-journal"));
      return {false, error, {}, {}};
    }
  }
  if (!syncPath(partial, false) || !QFile::rename(partial, r.path)) {
    QFile::remove(partial);
    return {false, QStringLiteral("cannot complete the backup %1").arg(r.path), {}, {}};
  }
  syncPath(dir, true);
  if (!m_readOnly) exec("UPDATE meta SET value = '0' WHERE key = 'dirty'");
  QStringList files = backupFiles();
  while (files.size() > std::max(1, m_options.keepBackups)) {
    const QString old = files.takeFirst();
    if (QFile::remove(old)) r.removed << old;
  }
  r.ok = true;
  return r;
}

}  // namespace precisionlab::quiz
