// The lab's run data as the UI owns it: every record drained from the engine, per run, plus
// what the UI knows about the run (scenario, colour, settings). Only the UI thread touches it;
// the engine's worker never sees it. A revision counter per run lets the charts redraw only
// the runs that changed.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <vector>

#include "engine/RunRecords.h"
#include "engine/RunScheduler.h"
#include "engine/TrainConfig.h"

namespace precisionlab {

struct TrackedRun {
  RunId id = 0;
  QString scenarioId;
  QString label;                 // full name (tooltips, CSV)
  QString legend;                // short name on the charts
  QColor color;
  TrainConfig config;
  RunState state = RunState::Queued;
  QString message;               // status text; the cause when Failed
  RunProvenance provenance;
  bool provenanceKnown = false;  // the engine reports it once the run is prepared
  int64_t totalSteps = 0;
  std::vector<StepRecord> steps;
  std::vector<EvalRecord> evals;
  quint64 revision = 0;          // bumped on every change

  bool active() const;           // queued, preparing, running or paused
  int64_t stepsDone() const { return steps.empty() ? 0 : steps.back().step; }
};

class RunDataStore {
 public:
  // Registers a run the view just queued, before the engine reports anything about it.
  void addRun(RunId id, const QString& scenarioId, const QString& label, const QString& legend,
              const QColor& color, const TrainConfig& config);
  // Appends one drained update; returns false for runs this store does not know (cleared).
  bool apply(const RunUpdate& update);
  void removeScenario(const QString& scenarioId);
  void clear();

  const std::vector<TrackedRun>& runs() const { return runs_; }
  const TrackedRun* find(RunId id) const;
  QList<const TrackedRun*> runsOf(const QString& scenarioId) const;
  // The most recent fp32 baseline run, or nullptr.
  const TrackedRun* baseline() const;
  bool anyActive() const;
  quint64 revision() const { return revision_; }

 private:
  std::vector<TrackedRun> runs_;
  quint64 revision_ = 0;
};

}  // namespace precisionlab
