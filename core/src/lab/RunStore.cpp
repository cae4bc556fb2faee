#include "core/RunStore.h"

#include <algorithm>
#include <cmath>

#include "core/ScenarioIds.h"

namespace precisionlab {

namespace {

bool isBaseline(const std::string& scenarioId) { return scenarioId == scenario::kBaselineFp32; }

}  // namespace

void RunStore::add(TrackedRun run) {
  run.revision = ++revision_;
  if (TrackedRun* held = findMutable(run.key)) {
    *held = std::move(run);
    return;
  }
  runs_.push_back(std::move(run));
}

bool RunStore::apply(RunOrigin origin, const RunUpdate& update) {
  TrackedRun* run = findMutable({origin, update.id});
  if (!run) return false;
  run->apply(update);
  run->revision = ++revision_;
  return true;
}

bool RunStore::setLook(RunKey key, std::string legend, uint32_t argb) {
  TrackedRun* run = findMutable(key);
  if (!run) return false;
  run->legend = std::move(legend);
  run->argb = argb;
  run->revision = ++revision_;
  return true;
}

void RunStore::removeScenario(const std::string& scenarioId, const std::string& source) {
  runs_.erase(std::remove_if(runs_.begin(), runs_.end(),
                             [&](const TrackedRun& r) {
                               return r.scenarioId == scenarioId &&
                                      (source.empty() || r.source == source);
                             }),
              runs_.end());
  ++revision_;
}

void RunStore::clear() {
  runs_.clear();
  ++revision_;
}

TrackedRun* RunStore::findMutable(RunKey key) {
  for (auto& r : runs_)
    if (r.key == key) return &r;
  return nullptr;
}

const TrackedRun* RunStore::find(RunKey key) const {
  for (const auto& r : runs_)
    if (r.key == key) return &r;
  return nullptr;
}

std::string RunStore::sourceOf(const std::string& scenarioId) const {
  std::string source;
  for (const auto& r : runs_)
    if (r.scenarioId == scenarioId) source = r.source;  // runs are kept in the order added
  return source;
}

std::vector<const TrackedRun*> RunStore::runsOf(const std::string& scenarioId) const {
  const std::string source = sourceOf(scenarioId);
  std::vector<const TrackedRun*> out;
  for (const auto& r : runs_)
    if (r.scenarioId == scenarioId && r.source == source) out.push_back(&r);
  return out;
}

const TrackedRun* RunStore::baseline(const std::string& source) const {
  const TrackedRun* found = nullptr;
  for (const auto& r : runs_)
    if (isBaseline(r.scenarioId) && r.source == source) found = &r;
  return found;
}

const TrackedRun* RunStore::baselineFor(const std::string& scenarioId) const {
  const std::string source = sourceOf(scenarioId);
  return source.empty() ? nullptr : baseline(source);
}

const TrackedRun* RunStore::referenceOf(const TrackedRun& run) const {
  if (!judgedWithoutBaseline(run.scenarioId)) return baseline(run.source);
  const TrackedRun* found = nullptr;
  for (const auto& r : runs_)
    if (r.scenarioId == run.scenarioId && r.source == run.source &&
        (r.role == RunRole::Uninterrupted || r.role == RunRole::Replicated))
      found = &r;
  return found;
}

bool RunStore::needsBaseline(const std::string& scenarioId, const std::string& source) const {
  if (isBaseline(scenarioId) || judgedWithoutBaseline(scenarioId)) return false;
  const TrackedRun* base = baseline(source);
  return !base || (!base->active() && base->steps.empty());
}

std::vector<std::string> RunStore::sources() const {
  std::vector<std::string> out;
  for (const auto& r : runs_)
    if (std::find(out.begin(), out.end(), r.source) == out.end()) out.push_back(r.source);
  return out;
}

bool RunStore::anyActive() const {
  return std::any_of(runs_.begin(), runs_.end(), [](const TrackedRun& r) { return r.active(); });
}

std::optional<MeasuredScenario> RunStore::measured(const std::string& scenarioId) const {
  const std::vector<const TrackedRun*> runs = runsOf(scenarioId);
  if (runs.empty()) return std::nullopt;
  MeasuredScenario m;
  m.id = scenarioId;
  for (const TrackedRun* r : runs) m.runs.push_back(*r);
  return m;
}

std::optional<Verdict> RunStore::verdict(const std::string& scenarioId,
                                         const VerdictOptions& options) const {
  // A row whose runs are their own reference (the kill and the resume) needs no baseline, and
  // has no verdict before its runs have ended (it compares whole curves).
  const bool ownReference = judgedWithoutBaseline(scenarioId);
  // Like with like: the baseline of the scenario's own source, never another machine's.
  const TrackedRun* base = ownReference ? nullptr : baselineFor(scenarioId);
  if (ownReference ? !isFinal(scenarioId) : !base || base->steps.empty()) return std::nullopt;
  const std::optional<MeasuredScenario> m = measured(scenarioId);
  if (!m) return std::nullopt;
  static const RunLog none;
  return computeVerdict(*m, base ? static_cast<const RunLog&>(*base) : none, options);
}

bool RunStore::isFinal(const std::string& scenarioId) const {
  bool allFailed = true;
  for (const TrackedRun* r : runsOf(scenarioId)) {
    if (r->active()) return false;
    // Failed, or stopped early by a non-finite loss (the engine ends such a run as finished).
    const bool stoppedByNaN =
        r->state != RunState::Cancelled && r->stepsDone() < r->totalSteps &&
        std::any_of(r->steps.begin(), r->steps.end(),
                    [](const StepRecord& s) { return !std::isfinite(s.loss); });
    allFailed = allFailed && (r->state == RunState::Failed || stoppedByNaN);
  }
  // Runs that stopped failing (a NaN loss) have their verdict now: the baseline still training
  // cannot change it (the lab's card read "Finished 11/60" for four minutes, then "no
  // validation result yet").
  if (allFailed && !runsOf(scenarioId).empty()) return true;
  if (judgedWithoutBaseline(scenarioId)) return true;
  const TrackedRun* base = baselineFor(scenarioId);
  return !(base && base->active());
}

}  // namespace precisionlab
