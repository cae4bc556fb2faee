#include "ui/lab/LabSessionArchive.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <limits>

#include "core/EngineError.h"
#include "ui/lab/LabController.h"
#include "ui/lab/RunDataStore.h"

namespace precisionlab {

namespace {

bool stopped(RunState s) {
  return s == RunState::Finished || s == RunState::Failed || s == RunState::Cancelled;
}

// The trained runs worth keeping: stopped, with at least one step.
std::vector<const TrackedRun*> keptRuns(const RunDataStore& store, bool* anyActive) {
  std::vector<const TrackedRun*> kept;
  *anyActive = false;
  for (const TrackedRun& r : store.runs()) {
    if (r.replayed()) continue;
    if (!stopped(r.state))
      *anyActive = true;
    else if (!r.steps.empty())
      kept.push_back(&r);
  }
  return kept;
}

}  // namespace

LabSessionArchive::LabSessionArchive(LabController* controller, QString folder, QObject* parent)
    : QObject(parent), controller_(controller), folder_(std::move(folder)) {
  connect(controller_, &LabController::runsUpdated, this, &LabSessionArchive::runsUpdated);
}

QString LabSessionArchive::defaultFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/last-lab-session");
}

void LabSessionArchive::runsUpdated() {
  bool active = false;
  const std::vector<const TrackedRun*> kept = keptRuns(controller_->store(), &active);
  if (active || kept.empty()) return;
  // The runs and their revisions: a finished session is saved once, not on every poll.
  uint64_t signature = 1469598103934665603ull;
  for (const TrackedRun* r : kept)
    signature = (signature ^ (uint64_t(r->key.id) << 32 ^ r->revision)) * 1099511628211ull;
  if (signature == savedSignature_) return;
  savedSignature_ = signature;
  const int n = save(controller_->store(), folder_, &lastError_);
  ++saves_;
  if (n >= 0) emit saved(n);
}

int LabSessionArchive::save(const RunDataStore& store, const QString& folder, QString* error) {
  error->clear();
  bool active = false;
  const std::vector<const TrackedRun*> kept = keptRuns(store, &active);
  const QString staging = folder + QStringLiteral(".new");
  QDir(staging).removeRecursively();
  if (!QDir().mkpath(staging)) {
    *error = tr("%1: cannot create the folder; check that the data folder is writable")
                 .arg(QDir::toNativeSeparators(staging));
    return -1;
  }
  int index = 0;
  for (const TrackedRun* run : kept) {
    RunRecording r;
    static_cast<RunLog&>(r) = *run;
    r.libraries = {{"libtorch", r.provenance.torchVersion}};
    if (r.provenance.device.empty()) r.provenance.device = r.config.device;
    // Numbered so load() replays them in the order they ran; the scenario names the file.
    const QString name = QStringLiteral("%1-%2.plrun")
                             .arg(++index, 2, 10, QLatin1Char('0'))
                             .arg(QString::fromStdString(r.scenarioId));
    try {
      writeRunRecording(QDir(staging).filePath(name).toStdString(), std::move(r));
    } catch (const InputError& e) {
      *error = QString::fromStdString(e.what());
      return -1;
    }
  }
  QDir(folder).removeRecursively();
  if (!QDir().rename(staging, folder)) {
    *error = tr("%1: cannot replace it with the new session; check the data folder's permissions")
                 .arg(QDir::toNativeSeparators(folder));
    return -1;
  }
  return index;
}

std::vector<RunRecording> LabSessionArchive::load(const QString& folder, QString* error) {
  error->clear();
  // A complete session left in the staging folder by a crash between the two renames.
  const QString staging = folder + QStringLiteral(".new");
  const QString from = !QFileInfo::exists(folder) && QFileInfo::exists(staging) ? staging : folder;
  std::vector<RunRecording> out;
  const QStringList files =
      QDir(from).entryList({QStringLiteral("*.plrun")}, QDir::Files, QDir::Name);
  for (const QString& f : files) {
    try {
      out.push_back(readRunRecording(QDir(from).filePath(f).toStdString()));
    } catch (const InputError& e) {
      *error = QString::fromStdString(e.what());
    }
  }
  return out;
}

int LabSessionArchive::restore(LabController* controller, const QString& folder, QString* error) {
  std::vector<RunRecording> recordings = load(folder, error);
  if (recordings.empty()) return 0;
  const double speed = controller->replaySpeed();
  controller->setReplaySpeed(std::numeric_limits<double>::infinity());
  const int n = int(controller->replay(std::move(recordings)).size());
  controller->poll();
  controller->setReplaySpeed(speed);
  return n;
}

}  // namespace precisionlab
