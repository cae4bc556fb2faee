#include "ui/RunDataStore.h"

#include <algorithm>

#include "engine/ScenarioIds.h"

namespace precisionlab {

bool TrackedRun::active() const {
  return state == RunState::Queued || state == RunState::Preparing ||
         state == RunState::Running || state == RunState::Paused;
}

void RunDataStore::addRun(RunId id, const QString& scenarioId, const QString& label,
                          const QString& legend, const QColor& color, const TrainConfig& config) {
  TrackedRun run;
  run.id = id;
  run.scenarioId = scenarioId;
  run.label = label;
  run.legend = legend.isEmpty() ? label : legend;
  run.color = color;
  run.config = config;
  run.totalSteps = config.steps;
  run.revision = ++revision_;
  runs_.push_back(std::move(run));
}

bool RunDataStore::apply(const RunUpdate& update) {
  auto it = std::find_if(runs_.begin(), runs_.end(),
                         [&](const TrackedRun& r) { return r.id == update.id; });
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

void RunDataStore::removeScenario(const QString& scenarioId) {
  runs_.erase(std::remove_if(runs_.begin(), runs_.end(),
                             [&](const TrackedRun& r) { return r.scenarioId == scenarioId; }),
              runs_.end());
  ++revision_;
}

void RunDataStore::clear() {
  runs_.clear();
  ++revision_;
}

const TrackedRun* RunDataStore::find(RunId id) const {
  for (const auto& r : runs_)
    if (r.id == id) return &r;
  return nullptr;
}

QList<const TrackedRun*> RunDataStore::runsOf(const QString& scenarioId) const {
  QList<const TrackedRun*> out;
  for (const auto& r : runs_)
    if (r.scenarioId == scenarioId) out.append(&r);
  return out;
}

const TrackedRun* RunDataStore::baseline() const {
  const QString id = QString::fromLatin1(scenario::kBaselineFp32.data(),
                                         qsizetype(scenario::kBaselineFp32.size()));
  const TrackedRun* found = nullptr;
  for (const auto& r : runs_)
    if (r.scenarioId == id) found = &r;
  return found;
}

bool RunDataStore::anyActive() const {
  return std::any_of(runs_.begin(), runs_.end(), [](const TrackedRun& r) { return r.active(); });
}

}  // namespace precisionlab
