#include "ui/lab/LabSessionArchive.h"

#include <QDir>
#include <QHash>
#include <algorithm>
#include <limits>

#include "core/EngineError.h"
#include "ui/lab/LabController.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {

bool stopped(RunState s) {
  return s == RunState::Finished || s == RunState::Failed || s == RunState::Cancelled;
}

// A trained run worth keeping: stopped, with at least one step.
bool keptTrained(const TrackedRun& r) {
  return !r.replayed() && stopped(r.state) && !r.steps.empty();
}

using Items = std::vector<LabSessionStore::Item>;

bool allFinished(const Items& group) {
  return !group.empty() && std::all_of(group.cbegin(), group.cend(),
                                       [](const auto& i) { return i.state == RunState::Finished; });
}

}  // namespace

LabSessionArchive::LabSessionArchive(LabController* controller, QString root, QObject* parent)
    : QObject(parent), controller_(controller), root_(std::move(root)) {
  connect(controller_, &LabController::runsUpdated, this, &LabSessionArchive::runsUpdated);
}

QList<LabSessionEntry> LabSessionArchive::history(QString* error) const {
  return LabSessionStore::list(root_, error);
}

int LabSessionArchive::restoreLatest(const QString& legacy, QString* error) {
  error->clear();
  QString moveError;
  if (!legacy.isEmpty()) LabSessionStore::adoptLegacy(legacy, root_, &moveError);
  const QList<LabSessionEntry> sessions = history(error);
  if (error->isEmpty()) *error = moveError;
  if (sessions.isEmpty()) return 0;
  QString loadError;
  const int n = reopen(sessions.first().folder, &loadError);
  if (!loadError.isEmpty()) *error = loadError;
  return n;
}

int LabSessionArchive::reopen(const QString& folder, QString* error) {
  std::vector<RunRecording> recordings = LabSessionStore::load(folder, error);
  if (recordings.empty()) return 0;
  const QList<RunKey> keys = replayNow(controller_, std::move(recordings));
  restoredRuns_.clear();
  for (const RunKey& k : keys) restoredRuns_.insert(quint64(k.id));
  keptFolder_ = folder;
  currentFolder_.clear();
  decided_ = false;
  savedSignature_ = 0;
  return int(keys.size());
}

QList<RunKey> LabSessionArchive::replayNow(LabController* controller,
                                           std::vector<RunRecording> recordings) {
  QSet<int> before;
  for (const TrackedRun& r : controller->store().runs())
    if (r.replayed()) before.insert(r.key.id);
  const double speed = controller->replaySpeed();
  controller->setReplaySpeed(std::numeric_limits<double>::infinity());
  controller->replay(std::move(recordings));
  controller->poll();
  controller->setReplaySpeed(speed);
  QList<RunKey> keys;
  for (const TrackedRun& r : controller->store().runs())
    if (r.replayed() && !before.contains(r.key.id)) keys.append(r.key);
  return keys;
}

bool LabSessionArchive::wouldAsk() const {
  if (decided_ || controller_->anyActive()) return false;
  for (const TrackedRun& r : controller_->store().runs())
    if (keptTrained(r) || (r.replayed() && restoredRuns_.contains(quint64(r.key.id)))) return true;
  return false;
}

LabSessionArchive::Choice LabSessionArchive::askBeforeStart() {
  if (!wouldAsk()) return Choice::KeepAndAdd;
  LabSessionEntry shown;
  QString error;
  const QString folder = shownFolder();
  const QString what = !folder.isEmpty() && LabSessionStore::readEntry(folder, &shown, &error)
                           ? shown.describe()
                           : tr("trained in this window");
  const Choice choice =
      ask_ ? ask_(tr("Keep the lab session?"),
                  tr("The lab shows a stopped session (%1). A new run changes it.\n\n"
                     "Keep and add: the new runs join it; a finished run stays in the session "
                     "unless the new run of that option finishes too.\n"
                     "Start a new session: the lab is emptied; this session stays in File > "
                     "Reopen lab session.")
                      .arg(what))
           : Choice::KeepAndAdd;
  if (choice == Choice::KeepAndAdd) decided_ = true;
  if (choice == Choice::StartNew) {
    currentFolder_.clear();
    keptFolder_.clear();
    restoredRuns_.clear();
    savedSignature_ = 0;
  }
  return choice;
}

Items LabSessionArchive::compose(const RunDataStore& store, const QStringList& keptFolders) {
  // The candidates per scenario: the trained runs first, then each kept session's files.
  QStringList order;
  std::vector<QHash<QString, Items>> sides(size_t(keptFolders.size()) + 1);
  for (const TrackedRun& r : store.runs()) {
    if (!keptTrained(r)) continue;
    const QString scenario = QString::fromStdString(r.scenarioId);
    sides[0][scenario].push_back({&r, QString(), scenario, r.state});
  }
  QStringList freshOrder;
  for (const TrackedRun& r : store.runs())
    if (keptTrained(r) && !freshOrder.contains(QString::fromStdString(r.scenarioId)))
      freshOrder.append(QString::fromStdString(r.scenarioId));
  for (int i = 0; i < keptFolders.size(); ++i) {
    LabSessionEntry entry;
    QString error;
    if (!LabSessionStore::readEntry(keptFolders[i], &entry, &error)) continue;
    for (const LabSessionEntry::Run& run : std::as_const(entry.runs)) {
      if (!order.contains(run.scenario)) order.append(run.scenario);
      sides[size_t(i) + 1][run.scenario].push_back(
          {nullptr, QDir(entry.folder).filePath(run.file), run.scenario, run.state});
    }
  }
  for (const QString& s : std::as_const(freshOrder))
    if (!order.contains(s)) order.append(s);
  Items out;
  for (const QString& scenario : std::as_const(order)) {
    const Items* pick = nullptr;
    for (const auto& side : sides)
      if (allFinished(side.value(scenario))) {
        pick = &side.find(scenario).value();
        break;
      }
    for (const auto& side : sides)
      if (!pick && side.contains(scenario)) pick = &side.find(scenario).value();
    if (pick) out.insert(out.end(), pick->cbegin(), pick->cend());
  }
  return out;
}

void LabSessionArchive::runsUpdated() {
  const RunDataStore& store = controller_->store();
  if (store.runs().empty()) {
    // The lab was emptied: what comes next is a new session (the old one stays on disk).
    currentFolder_.clear();
    keptFolder_.clear();
    restoredRuns_.clear();
    decided_ = false;
    savedSignature_ = 0;
    return;
  }
  if (controller_->anyActive()) return;
  // The trained runs, their revisions and what is kept: a stopped session is saved once, not on
  // every poll.
  uint64_t signature = 1469598103934665603ull;
  bool anyTrained = false;
  for (const TrackedRun& r : store.runs()) {
    if (!keptTrained(r)) continue;
    anyTrained = true;
    signature = (signature ^ (uint64_t(r.key.id) << 32 ^ r.revision)) * 1099511628211ull;
  }
  if (!anyTrained) return;  // a session from disk, shown as it is: nothing new to write
  signature ^= qHash(currentFolder_ + u'|' + keptFolder_);
  if (signature == savedSignature_) return;
  savedSignature_ = signature;
  QStringList kept;
  for (const QString& f : {currentFolder_, keptFolder_})
    if (!f.isEmpty()) kept.append(f);
  const Items items = compose(store, kept);
  // A session from disk is never written over: the runs added to it go into a new folder.
  if (currentFolder_.isEmpty()) currentFolder_ = LabSessionStore::newFolder(root_);
  const int n = LabSessionStore::write(items, currentFolder_, &lastError_);
  ++saves_;
  if (n < 0) return;
  emit saved(n);
  showKeptRuns(items);
}

void LabSessionArchive::showKeptRuns(const Items& items) {
  // Scenarios whose kept file won over a trained run that did not finish: the lab shows the
  // kept run again, from the session just written, with that session's baseline (the one it
  // compares with) unless a recorded baseline is shown already.
  const RunDataStore& store = controller_->store();
  QStringList scenarios;
  for (const LabSessionStore::Item& item : items) {
    if (item.file.isEmpty() || scenarios.contains(item.scenario)) continue;
    const QList<const TrackedRun*> shown = store.runsOf(item.scenario);
    if (!shown.isEmpty() && !shown.front()->replayed()) scenarios.append(item.scenario);
  }
  if (scenarios.isEmpty()) return;
  // The live baseline started for those runs stopped with them: it goes too unless a live run
  // that stays compares with it. Kept, its cancelled curve stood beside the restored baseline,
  // which then took the turned colour of a recording beside a live run (slate blue, the caption
  // saying dark grey; seen walking issue 45: restart, one option, Stop all).
  if (scenarios.contains(ScenarioCatalog::baselineId())) {
    QString liveBaseline;
    bool alone = true;
    for (const TrackedRun& r : store.runs()) {
      if (r.replayed()) continue;
      const QString id = QString::fromStdString(r.scenarioId);
      if (id == ScenarioCatalog::baselineId()) liveBaseline = QString::fromStdString(r.source);
      alone = alone && scenarios.contains(id);
    }
    if (alone && !liveBaseline.isEmpty())
      controller_->forget(ScenarioCatalog::baselineId(), liveBaseline);
  }
  const QList<const TrackedRun*> base = store.runsOf(ScenarioCatalog::baselineId());
  const bool needBaseline = base.isEmpty() || !base.front()->replayed();
  LabSessionEntry entry;
  QString error;
  LabSessionStore::readEntry(currentFolder_, &entry, &error);
  std::vector<RunRecording> recordings;
  for (const LabSessionEntry::Run& run : std::as_const(entry.runs)) {
    if (!scenarios.contains(run.scenario) &&
        !(needBaseline && run.scenario == ScenarioCatalog::baselineId()))
      continue;
    try {
      recordings.push_back(readRunRecording(QDir(entry.folder).filePath(run.file).toStdString()));
    } catch (const InputError& e) {
      lastError_ = QString::fromStdString(e.what());
    }
  }
  if (recordings.empty()) return;
  for (const RunKey& k : replayNow(controller_, std::move(recordings)))
    restoredRuns_.insert(quint64(k.id));
  emit restoredKept(scenarios);
}

}  // namespace precisionlab
