#include "ui/lab/LabSessionStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>

#include "core/EngineError.h"
#include "ui/lab/RunDataStore.h"

namespace precisionlab {

namespace {

const QString kIndex = QStringLiteral("session.json");
constexpr const char* kFormat = "precisionlab-lab-session";
constexpr qint64 kMaxIndexBytes = 1 << 20;  // an index lists a few dozen runs: far below 1 MiB

QString stagingOf(const QString& folder) {
  const QFileInfo f(folder);
  return f.dir().filePath(u'.' + f.fileName() + QStringLiteral(".new"));
}
QString oldOf(const QString& folder) {
  const QFileInfo f(folder);
  return f.dir().filePath(u'.' + f.fileName() + QStringLiteral(".old"));
}

RunState stateFromName(const QString& name) {
  for (RunState s : {RunState::Finished, RunState::Failed, RunState::Cancelled})
    if (name == QLatin1String(runStateName(s))) return s;
  return RunState::Cancelled;  // an unknown ending is never counted as finished
}

// The index of `folder`, or false when it has none that reads.
bool readIndex(const QString& folder, LabSessionEntry* entry) {
  QFile f(QDir(folder).filePath(kIndex));
  const QFileInfo info(f);
  if (!info.isFile() || info.size() > kMaxIndexBytes || !f.open(QIODevice::ReadOnly)) return false;
  const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
  if (o.value(QStringLiteral("format")).toString() != QLatin1String(kFormat)) return false;
  entry->saved = QDateTime::fromString(o.value(QStringLiteral("saved")).toString(), Qt::ISODate);
  entry->runs.clear();
  for (const QJsonValue& v : o.value(QStringLiteral("runs")).toArray()) {
    const QJsonObject r = v.toObject();
    LabSessionEntry::Run run{r.value(QStringLiteral("file")).toString(),
                             r.value(QStringLiteral("scenario")).toString(),
                             stateFromName(r.value(QStringLiteral("state")).toString())};
    // Only plain names of files that are there: an index cannot point outside its folder.
    if (run.file.contains(u'/') || run.file.contains(u'\\') ||
        !QFileInfo(QDir(folder).filePath(run.file)).isFile())
      continue;
    entry->runs.append(run);
  }
  return entry->saved.isValid() && !entry->runs.isEmpty();
}

// A swap a crash interrupted: a complete new session (its index is written last) goes in; an
// old one whose replacement never arrived comes back.
void finishSwaps(const QString& root) {
  const QDir dir(root);
  const QStringList hidden = dir.entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
  for (const QString& name : hidden) {
    if (!name.startsWith(u'.')) continue;
    const QString path = dir.filePath(name);
    const bool isNew = name.endsWith(QStringLiteral(".new"));
    const bool isOld = name.endsWith(QStringLiteral(".old"));
    if (!isNew && !isOld) continue;
    const QString target = dir.filePath(name.mid(1, name.size() - 5));
    if (QFileInfo::exists(target)) {
      QDir(path).removeRecursively();  // the swap finished (or never started): leftovers
    } else if (isOld || QFileInfo(QDir(path).filePath(kIndex)).isFile()) {
      QDir().rename(path, target);
    }
  }
}

}  // namespace

int LabSessionEntry::count(RunState state) const {
  return int(std::count_if(runs.cbegin(), runs.cend(),
                           [state](const Run& r) { return r.state == state; }));
}

QString LabSessionEntry::describe() const {
  const QString when = QLocale().toString(saved.toLocalTime(), QStringLiteral("d MMM yyyy HH:mm"));
  const int n = int(runs.size());
  const int finished = count(RunState::Finished);
  QString status;
  if (complete()) {
    status = LabSessionStore::tr("%n run(s), all finished", nullptr, n);
  } else {
    QStringList parts;
    if (finished) parts.append(LabSessionStore::tr("%n finished", nullptr, finished));
    if (const int c = count(RunState::Cancelled))
      parts.append(LabSessionStore::tr("%n cancelled", nullptr, c));
    if (const int f = count(RunState::Failed))
      parts.append(LabSessionStore::tr("%n failed", nullptr, f));
    status = LabSessionStore::tr("%n run(s): %1", nullptr, n).arg(parts.join(QStringLiteral(", ")));
  }
  return when + QStringLiteral(" \u00b7 ") + status;
}

QString LabSessionStore::defaultRoot() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/lab-sessions");
}

QString LabSessionStore::legacyFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/last-lab-session");
}

QString LabSessionStore::newFolder(const QString& root) {
  const QString base =
      QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
  QString name = base;
  for (int i = 2; QFileInfo::exists(QDir(root).filePath(name)) ||
                  QFileInfo::exists(stagingOf(QDir(root).filePath(name)));
       ++i)
    name = base + u'-' + QString::number(i);
  return QDir(root).filePath(name);
}

bool LabSessionStore::adoptLegacy(const QString& legacy, const QString& root, QString* error) {
  error->clear();
  // The older single folder, or its staging copy left by a crash between its two renames.
  QString from = legacy;
  if (!QFileInfo(from).isDir() && QFileInfo(legacy + QStringLiteral(".new")).isDir())
    from = legacy + QStringLiteral(".new");
  if (!QFileInfo(from).isDir()) return false;
  QDateTime newest;
  for (const QFileInfo& f : QDir(from).entryInfoList({QStringLiteral("*.plrun")}, QDir::Files))
    newest = std::max(newest, f.lastModified().toUTC());
  if (!newest.isValid()) {
    QDir(from).removeRecursively();  // an empty session: nothing to keep
    return false;
  }
  QDir().mkpath(root);
  QString target = QDir(root).filePath(newest.toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
  if (QFileInfo::exists(target)) target = newFolder(root);
  if (!QDir().rename(from, target)) {
    *error = tr("%1: cannot move the last lab session into %2; check the data folder's "
                "permissions")
                 .arg(QDir::toNativeSeparators(from), QDir::toNativeSeparators(root));
    return false;
  }
  return true;
}

bool LabSessionStore::readEntry(const QString& folder, LabSessionEntry* entry, QString* error) {
  entry->folder = QFileInfo(folder).absoluteFilePath();
  if (readIndex(folder, entry)) return true;
  // No index (a session an older version kept): described from its files.
  entry->runs.clear();
  entry->saved = QDateTime();
  const QFileInfoList files =
      QDir(folder).entryInfoList({QStringLiteral("*.plrun")}, QDir::Files, QDir::Name);
  for (const QFileInfo& f : files) {
    try {
      const RunRecording r = readRunRecording(f.filePath().toStdString());
      entry->runs.append({f.fileName(), QString::fromStdString(r.scenarioId), r.state});
      entry->saved = std::max(entry->saved, f.lastModified().toUTC());
    } catch (const InputError& e) {
      *error = QString::fromStdString(e.what());
    }
  }
  return !entry->runs.isEmpty();
}

QList<LabSessionEntry> LabSessionStore::list(const QString& root, QString* error) {
  error->clear();
  finishSwaps(root);
  QList<LabSessionEntry> out;
  for (const QString& name : QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    LabSessionEntry e;
    if (readEntry(QDir(root).filePath(name), &e, error)) out.append(e);
  }
  std::stable_sort(out.begin(), out.end(), [](const LabSessionEntry& a, const LabSessionEntry& b) {
    return a.saved != b.saved ? a.saved > b.saved : a.folder > b.folder;
  });
  return out;
}

int LabSessionStore::write(const std::vector<Item>& items, const QString& folder, QString* error) {
  error->clear();
  const QString staging = stagingOf(folder);
  QDir(staging).removeRecursively();
  if (!QDir().mkpath(staging)) {
    *error = tr("%1: cannot create the folder; check that the data folder is writable")
                 .arg(QDir::toNativeSeparators(staging));
    return -1;
  }
  const auto fail = [&](const QString& why) {
    *error = why;
    QDir(staging).removeRecursively();
    return -1;
  };
  QJsonArray runs;
  int written = 0;
  for (const Item& item : items) {
    // Numbered so load() replays them in the order they ran; the scenario names the file.
    const QString name =
        QStringLiteral("%1-%2.plrun").arg(++written, 2, 10, QLatin1Char('0')).arg(item.scenario);
    const QString path = QDir(staging).filePath(name);
    if (item.run) {
      RunRecording r;
      static_cast<RunLog&>(r) = *item.run;
      r.libraries = {{"libtorch", r.provenance.torchVersion}};
      if (r.provenance.device.empty()) r.provenance.device = r.config.device;
      try {
        writeRunRecording(path.toStdString(), std::move(r));
      } catch (const InputError& e) {
        return fail(QString::fromStdString(e.what()));
      }
    } else if (!QFile::copy(item.file, path)) {
      return fail(tr("%1: cannot copy it into the new session; check the data folder's space "
                     "and permissions")
                      .arg(QDir::toNativeSeparators(item.file)));
    }
    runs.append(QJsonObject{{QStringLiteral("file"), name},
                            {QStringLiteral("scenario"), item.scenario},
                            {QStringLiteral("state"), QLatin1String(runStateName(item.state))}});
  }
  QSaveFile index(QDir(staging).filePath(kIndex));
  const QJsonObject o{
      {QStringLiteral("format"), QLatin1String(kFormat)},
      {QStringLiteral("version"), 1},
      {QStringLiteral("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
      {QStringLiteral("runs"), runs}};
  if (!index.open(QIODevice::WriteOnly) || index.write(QJsonDocument(o).toJson()) < 0 ||
      !index.commit())
    return fail(tr("%1: cannot write it (%2); check the data folder's space and permissions")
                    .arg(QDir::toNativeSeparators(index.fileName()), index.errorString()));
  const QString old = oldOf(folder);
  QDir(old).removeRecursively();
  if (QFileInfo::exists(folder) && !QDir().rename(folder, old))
    return fail(tr("%1: cannot replace it with the new session; check the data folder's "
                   "permissions")
                    .arg(QDir::toNativeSeparators(folder)));
  if (!QDir().rename(staging, folder)) {
    QDir().rename(old, folder);
    return fail(tr("%1: cannot replace it with the new session; check the data folder's "
                   "permissions")
                    .arg(QDir::toNativeSeparators(folder)));
  }
  QDir(old).removeRecursively();
  return written;
}

std::vector<RunRecording> LabSessionStore::load(const QString& folder, QString* error) {
  error->clear();
  LabSessionEntry entry;
  QString listError;
  readEntry(folder, &entry, &listError);
  std::vector<RunRecording> out;
  for (const LabSessionEntry::Run& run : std::as_const(entry.runs)) {
    try {
      out.push_back(readRunRecording(QDir(folder).filePath(run.file).toStdString()));
    } catch (const InputError& e) {
      *error = QString::fromStdString(e.what());
    }
  }
  if (error->isEmpty()) *error = listError;
  return out;
}

}  // namespace precisionlab
