// The lab's run data as the UI owns it: every record drained from the engine, per run, plus
// what the UI knows about the run (scenario, colour, settings, source). Only the UI thread
// touches it; the engine's worker never sees it. A revision counter per run lets the charts
// redraw only the runs that changed.
//
// Identity and comparability travel with the run, never re-guessed:
// - RunKey = (origin, id) (core/RunLog.h): trained runs and replayed recordings come from two
//   engines whose id counters both start at 1, so an id alone is ambiguous.
// - `source` (core/RunLog.h) names the set a run can be compared with: "live:<device>" for runs
// trained here,
//   "recorded:<device> · <LibTorch>" for recordings. A verdict compares runs of one source only
//   (baselineFor()), so replaying a GPU recording never changes a live verdict and a live run
//   never changes a recorded one. A scenario row shows the runs of its newest source; the fp32
//   baseline may be held once per source, because each source needs its own reference.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

#include "core/RunLog.h"
#include "core/RunRecords.h"
#include "core/TrainConfig.h"
#include "engine/RunScheduler.h"

namespace precisionlab {

// A run as the lab shows it: the one run log (core/RunLog.h: identity, scenario, source,
// provenance, records) plus its colour and legend on the charts.
struct TrackedRun : RunLog {
  QString legend;  // name on the charts
  QColor color;
};

class RunDataStore {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::RunDataStore)

 public:
  // The source of runs trained here with `config` / replayed from a recording of `recorded`.
  static QString liveSource(const TrainConfig& config);
  static QString recordedSource(const RunProvenance& recorded);
  // "live on cpu", "recorded on cuda:0 NVIDIA H200 (LibTorch 2.5)": for banners and notes.
  static QString describeSource(const QString& source);

  // Registers a run just queued, before the engine reports anything about it (a legend of ""
  // shows its label). Its revision comes from this store.
  void addRun(RunLog log, const QString& legend, const QColor& color);
  // The same for a run outside a plan (tests): scenario details come from core's scenario table.
  void addRun(RunKey key, const QString& source, const QString& scenarioId, const QString& label,
              const QString& legend, const QColor& color, const TrainConfig& config);
  // Appends one drained update; returns false for runs this store does not know (cleared).
  bool apply(RunOrigin origin, const RunUpdate& update);
  // Removes a scenario's runs: all of them, or only those of `source` when it is not empty.
  void removeScenario(const QString& scenarioId, const QString& source = QString());
  void clear();

  const std::vector<TrackedRun>& runs() const { return runs_; }
  const TrackedRun* find(RunKey key) const;
  // The scenario's runs from its newest source (what its row and its verdict show).
  QList<const TrackedRun*> runsOf(const QString& scenarioId) const;
  // The source of the scenario's newest run ("" when it has none).
  QString sourceOf(const QString& scenarioId) const;
  // The most recent fp32 baseline run of `source`, or nullptr.
  const TrackedRun* baseline(const QString& source) const;
  // The baseline a scenario's verdict compares with: the one of the scenario's own source.
  const TrackedRun* baselineFor(const QString& scenarioId) const;
  // Distinct sources of the runs held, oldest first; more than one means a mixed view.
  QStringList sources() const;
  bool isMixed() const { return sources().size() > 1; }
  bool anyActive() const;
  quint64 revision() const { return revision_; }

 private:
  std::vector<TrackedRun> runs_;
  quint64 revision_ = 0;
};

}  // namespace precisionlab
