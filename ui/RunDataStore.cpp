#include "ui/RunDataStore.h"

#include <QCoreApplication>
#include <algorithm>

#include "engine/ScenarioIds.h"

namespace precisionlab {

namespace {

QString baselineScenario() {
  return QString::fromLatin1(scenario::kBaselineFp32.data(),
                             qsizetype(scenario::kBaselineFp32.size()));
}

const QString kLivePrefix = QStringLiteral("live:");
const QString kRecordedPrefix = QStringLiteral("recorded:");

}  // namespace

bool TrackedRun::active() const {
  return state == RunState::Queued || state == RunState::Preparing || state == RunState::Running ||
         state == RunState::Paused;
}

QString RunDataStore::liveSource(const TrainConfig& config) {
  return kLivePrefix + QString::fromStdString(config.device.empty() ? "cpu" : config.device);
}

QString RunDataStore::recordedSource(const RunProvenance& recorded) {
  // One machine and one LibTorch make one comparable set; the date may differ between files
  // recorded in one `record` call, so it is not part of the key.
  QString source = kRecordedPrefix + QString::fromStdString(recorded.device);
  if (!recorded.torchVersion.empty())
    source += QStringLiteral(" · LibTorch %1").arg(QString::fromStdString(recorded.torchVersion));
  return source;
}

QString RunDataStore::describeSource(const QString& source) {
  if (source.startsWith(kLivePrefix))
    return RunDataStore::tr("live on %1").arg(source.mid(kLivePrefix.size()));
  if (source.startsWith(kRecordedPrefix))
    return RunDataStore::tr("recorded on %1").arg(source.mid(kRecordedPrefix.size()));
  return source;
}

void RunDataStore::addRun(RunKey key, const QString& source, const QString& scenarioId,
                          const QString& label, const QString& legend, const QColor& color,
                          const TrainConfig& config) {
  TrackedRun run;
  run.key = key;
  run.source = source;
  run.scenarioId = scenarioId;
  run.label = label;
  run.legend = legend.isEmpty() ? label : legend;
  run.color = color;
  run.config = config;
  run.totalSteps = config.steps;
  run.revision = ++revision_;
  runs_.push_back(std::move(run));
}

bool RunDataStore::apply(RunOrigin origin, const RunUpdate& update) {
  const RunKey key{origin, update.id};
  auto it =
      std::find_if(runs_.begin(), runs_.end(), [&](const TrackedRun& r) { return r.key == key; });
  if (it == runs_.end()) return false;
  it->state = update.state;
  it->message = QString::fromStdString(update.message);
  if (!update.provenance.device.empty() || update.provenance.kind != Provenance::Live) {
    it->provenance = update.provenance;
    it->provenanceKnown = true;
  }
  if (update.totalSteps > 0) it->totalSteps = update.totalSteps;
  it->steps.insert(it->steps.end(), update.steps.begin(), update.steps.end());
  it->evals.insert(it->evals.end(), update.evals.begin(), update.evals.end());
  it->revision = ++revision_;
  return true;
}

void RunDataStore::removeScenario(const QString& scenarioId, const QString& source) {
  runs_.erase(std::remove_if(runs_.begin(), runs_.end(),
                             [&](const TrackedRun& r) {
                               return r.scenarioId == scenarioId &&
                                      (source.isEmpty() || r.source == source);
                             }),
              runs_.end());
  ++revision_;
}

void RunDataStore::clear() {
  runs_.clear();
  ++revision_;
}

const TrackedRun* RunDataStore::find(RunKey key) const {
  for (const auto& r : runs_)
    if (r.key == key) return &r;
  return nullptr;
}

QString RunDataStore::sourceOf(const QString& scenarioId) const {
  QString source;
  for (const auto& r : runs_)
    if (r.scenarioId == scenarioId) source = r.source;  // runs are kept in the order added
  return source;
}

QList<const TrackedRun*> RunDataStore::runsOf(const QString& scenarioId) const {
  const QString source = sourceOf(scenarioId);
  QList<const TrackedRun*> out;
  for (const auto& r : runs_)
    if (r.scenarioId == scenarioId && r.source == source) out.append(&r);
  return out;
}

const TrackedRun* RunDataStore::baseline(const QString& source) const {
  const QString id = baselineScenario();
  const TrackedRun* found = nullptr;
  for (const auto& r : runs_)
    if (r.scenarioId == id && r.source == source) found = &r;
  return found;
}

const TrackedRun* RunDataStore::baselineFor(const QString& scenarioId) const {
  const QString source = sourceOf(scenarioId);
  return source.isEmpty() ? nullptr : baseline(source);
}

QStringList RunDataStore::sources() const {
  QStringList out;
  for (const auto& r : runs_)
    if (!out.contains(r.source)) out.append(r.source);
  return out;
}

bool RunDataStore::anyActive() const {
  return std::any_of(runs_.begin(), runs_.end(), [](const TrackedRun& r) { return r.active(); });
}

}  // namespace precisionlab
