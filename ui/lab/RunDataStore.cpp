#include "ui/lab/RunDataStore.h"

#include <QCoreApplication>
#include <algorithm>

#include "core/LabScenarios.h"
#include "core/ScenarioTable.h"

namespace precisionlab {

namespace {

QString baselineId() { return QString::fromStdString(baselineScenario().id); }

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

QString RunDataStore::liveSource(const TrainConfig& config) {
  return qs(precisionlab::liveSource(config));
}

QString RunDataStore::recordedSource(const RunProvenance& recorded) {
  return qs(precisionlab::recordedSource(recorded));
}

QString RunDataStore::describeSource(const QString& source) {
  const QString live = QLatin1String(kLiveSourcePrefix);
  const QString recorded = QLatin1String(kRecordedSourcePrefix);
  if (source.startsWith(live)) return RunDataStore::tr("live on %1").arg(source.mid(live.size()));
  if (source.startsWith(recorded))
    return RunDataStore::tr("recorded on %1").arg(source.mid(recorded.size()));
  return source;
}

void RunDataStore::addRun(RunLog log, const QString& legend, const QColor& color) {
  TrackedRun run;
  static_cast<RunLog&>(run) = std::move(log);
  run.legend = legend.isEmpty() ? qs(run.label) : legend;
  run.color = color;
  run.revision = ++revision_;
  runs_.push_back(std::move(run));
}

void RunDataStore::addRun(RunKey key, const QString& source, const QString& scenarioId,
                          const QString& label, const QString& legend, const QColor& color,
                          const TrainConfig& config) {
  RunLog log;
  log.key = key;
  log.source = source.toStdString();
  log.label = label.toStdString();
  log.config = config;
  log.totalSteps = config.steps;
  LabScenarios::identify(log, scenarioId.toStdString());
  addRun(std::move(log), legend, color);
}

bool RunDataStore::apply(RunOrigin origin, const RunUpdate& update) {
  const RunKey key{origin, update.id};
  auto it =
      std::find_if(runs_.begin(), runs_.end(), [&](const TrackedRun& r) { return r.key == key; });
  if (it == runs_.end()) return false;
  it->apply(update);
  it->revision = ++revision_;
  return true;
}

void RunDataStore::removeScenario(const QString& scenarioId, const QString& source) {
  runs_.erase(std::remove_if(runs_.begin(), runs_.end(),
                             [&](const TrackedRun& r) {
                               return qs(r.scenarioId) == scenarioId &&
                                      (source.isEmpty() || qs(r.source) == source);
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
    if (qs(r.scenarioId) == scenarioId) source = qs(r.source);  // runs are kept in order added
  return source;
}

QList<const TrackedRun*> RunDataStore::runsOf(const QString& scenarioId) const {
  const QString source = sourceOf(scenarioId);
  QList<const TrackedRun*> out;
  for (const auto& r : runs_)
    if (qs(r.scenarioId) == scenarioId && qs(r.source) == source) out.append(&r);
  return out;
}

const TrackedRun* RunDataStore::baseline(const QString& source) const {
  const QString id = baselineId();
  const TrackedRun* found = nullptr;
  for (const auto& r : runs_)
    if (qs(r.scenarioId) == id && qs(r.source) == source) found = &r;
  return found;
}

const TrackedRun* RunDataStore::baselineFor(const QString& scenarioId) const {
  const QString source = sourceOf(scenarioId);
  return source.isEmpty() ? nullptr : baseline(source);
}

QStringList RunDataStore::sources() const {
  QStringList out;
  for (const auto& r : runs_)
    if (!out.contains(qs(r.source))) out.append(qs(r.source));
  return out;
}

bool RunDataStore::anyActive() const {
  return std::any_of(runs_.begin(), runs_.end(), [](const TrackedRun& r) { return r.active(); });
}

}  // namespace precisionlab
