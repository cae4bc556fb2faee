#include "ui/lab/VerdictCache.h"

#include <QCoreApplication>
#include <QStringList>

#include "ui/lab/LabVerdicts.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

bool VerdictCache::update(const RunDataStore& store, qint64 nowMs) {
  bool changed = false;
  for (const ScenarioInfo& info : ScenarioCatalog::all()) {
    const QString& id = info.id;
    const TrackedRun* base = store.baselineFor(id);
    const QList<const TrackedRun*> runs = store.runsOf(id);
    // A row whose runs are their own reference (the kill and the resume) needs no baseline.
    const bool ownReference = judgedWithoutBaseline(id.toStdString());
    if (runs.isEmpty() || (!ownReference && (!base || base->steps.empty()))) {
      changed = entries_.remove(id) > 0 || changed;
      continue;
    }
    quint64 revision = base && !ownReference ? base->revision : 0;
    for (const TrackedRun* r : runs) revision += r->revision;
    auto it = entries_.find(id);
    if (it != entries_.end() && it->revision == revision) continue;
    const bool final = LabVerdicts::isFinal(store, id);
    if (it != entries_.end() && !final && nowMs - it->computedAt < liveIntervalMs_) continue;

    const std::optional<Verdict> verdict = LabVerdicts::compute(store, id);
    ++computations_;
    if (!verdict) continue;
    Entry e;
    e.revision = revision;
    e.computedAt = nowMs;
    e.shown.verdict = *verdict;
    e.shown.final = final;
    e.shown.text = LabVerdicts::localizedSummary(*verdict);
    // Numbers from unfinished runs move; say so rather than let them read as final.
    if (!final)
      e.shown.text = QCoreApplication::translate("precisionlab::LabController", "so far: %1")
                         .arg(e.shown.text);
    QStringList details = {e.shown.text};
    for (const VerdictText& note : verdict->notes) details.append(LabVerdicts::localized(note));
    e.shown.details = details.join(QLatin1Char('\n'));
    entries_.insert(id, e);
    changed = true;
  }
  return changed;
}

const CachedVerdict* VerdictCache::find(const QString& scenarioId) const {
  auto it = entries_.constFind(scenarioId);
  return it == entries_.cend() ? nullptr : &it->shown;
}

void VerdictCache::remove(const QString& scenarioId) { entries_.remove(scenarioId); }

void VerdictCache::clear() { entries_.clear(); }

}  // namespace precisionlab
