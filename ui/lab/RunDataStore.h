// The window's view of the lab's run store: core's RunStore (core/RunStore.h, owned by the lab
// driver, engine/LabSession.h) spoken in Qt's types. It holds no run data of its own: runs,
// their keys, sources and the baseline rule are the core store's, so the window, the CLI and
// the verdicts read one store. A default-constructed view owns an empty store of its own (tests,
// exports of hand-built runs); LabController's views the driver's.
//
// Identity and comparability travel with the run, never re-guessed:
// - RunKey = (origin, id) (core/RunLog.h): trained runs and replayed recordings come from two
//   engines whose id counters both start at 1, so an id alone is ambiguous.
// - `source` (core/RunLog.h) names the set a run can be compared with: "live:<device>" for runs
//   trained here, "recorded:<device> · <LibTorch>" for recordings. A verdict compares runs of
//   one source only (baselineFor()), so replaying a GPU recording never changes a live verdict
//   and a live run never changes a recorded one. A scenario row shows the runs of its newest
//   source; the fp32 baseline may be held once per source, each source needs its own reference.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "core/RunLog.h"
#include "core/RunRecords.h"
#include "core/RunStore.h"
#include "core/TrainConfig.h"

namespace precisionlab {

class RunDataStore {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::RunDataStore)

 public:
  RunDataStore();                          // a view of an empty store of its own
  explicit RunDataStore(RunStore& store);  // a view of `store` (it must outlive the view)
  RunDataStore(const RunDataStore&) = delete;
  RunDataStore& operator=(const RunDataStore&) = delete;

  // The source of runs trained here with `config` / replayed from a recording of `recorded`.
  static QString liveSource(const TrainConfig& config);
  static QString recordedSource(const RunProvenance& recorded);
  // "live on cpu", "recorded on cuda:0 NVIDIA H200 (LibTorch 2.5)": for banners and notes.
  static QString describeSource(const QString& source);
  // How the run is drawn: its legend (its label when none was set) and its colour.
  static QString legendOf(const TrackedRun& run);
  static QColor colorOf(const TrackedRun& run);

  // Registers a run just queued, before its engine reports anything (a legend of "" shows its
  // label).
  void addRun(RunLog log, const QString& legend, const QColor& color);
  // The same for a run outside a plan (tests): scenario details come from core's scenario table.
  void addRun(RunKey key, const QString& source, const QString& scenarioId, const QString& label,
              const QString& legend, const QColor& color, const TrainConfig& config);
  // Sets the look of a run already held (the driver added it).
  void setLook(RunKey key, const QString& legend, const QColor& color);
  // Appends one drained update; returns false for runs this store does not know (cleared).
  bool apply(RunOrigin origin, const RunUpdate& update) { return store_->apply(origin, update); }
  void removeScenario(const QString& scenarioId, const QString& source = QString());
  void clear() { store_->clear(); }

  const RunStore& core() const { return *store_; }
  const std::vector<TrackedRun>& runs() const { return store_->runs(); }
  const TrackedRun* find(RunKey key) const { return store_->find(key); }
  // The scenario's runs from its newest source (what its row and its verdict show).
  QList<const TrackedRun*> runsOf(const QString& scenarioId) const;
  // The source of the scenario's newest run ("" when it has none).
  QString sourceOf(const QString& scenarioId) const;
  // The most recent fp32 baseline run of `source`, or nullptr.
  const TrackedRun* baseline(const QString& source) const;
  // The baseline a scenario's verdict compares with: the one of the scenario's own source.
  const TrackedRun* baselineFor(const QString& scenarioId) const;
  // The run the divergence chart compares `run` with (core/RunStore.h, referenceOf): the fp32
  // baseline of its source, or the own reference job of a row that is its own reference.
  const TrackedRun* referenceOf(const TrackedRun& run) const { return store_->referenceOf(run); }
  // Distinct sources of the runs held, oldest first; more than one means a mixed view.
  QStringList sources() const;
  bool isMixed() const { return store_->sources().size() > 1; }
  bool anyActive() const { return store_->anyActive(); }
  quint64 revision() const { return store_->revision(); }

 private:
  std::unique_ptr<RunStore> own_;  // set when the view owns its store
  RunStore* store_;
};

}  // namespace precisionlab
