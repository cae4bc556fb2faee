// The lab's runs, keyed, with the one baseline rule: every run log a lab holds (trained here or
// replayed from a recording), found by its key (origin, id), grouped by scenario and by source
// (the comparable set, core/RunLog.h), and the fp32 baseline each scenario's verdict compares
// with: the newest baseline run of the scenario's own source, never another machine's.
//
// One owner: the lab driver (engine/LabSession.h) holds the store; the CLI's `lab`, `bench`,
// `record` and `train` and the window's LabController read it, and the window adds its
// replayed recordings and each run's look (legend, colour) to the same store. A revision
// counter per run, bumped on every change, lets views redraw only what changed.
//
// Not thread-safe: one thread (the CLI's loop, the window's UI thread) owns it. Plain types
// only: no torch, no Qt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/RunLog.h"
#include "core/Verdict.h"

namespace precisionlab {

// A run as a lab holds it: its one run log plus how a window draws it. The CLI leaves the look
// empty; the window sets it when it starts or replays the run.
struct TrackedRun : RunLog {
  std::string legend;  // name on the charts; "" = the label
  uint32_t argb = 0;   // colour of its curves, 0xAARRGGBB; 0 = none set
};

class RunStore {
 public:
  // Registers a run just queued, before its engine reports anything. Its revision comes from
  // this store; a key already held is replaced.
  void add(TrackedRun run);
  // Appends one drained update to the run `origin`/`update.id`; false for a run this store
  // does not hold (removed or cleared while its engine still reported).
  bool apply(RunOrigin origin, const RunUpdate& update);
  // Sets how a window draws the run; false for an unknown key.
  bool setLook(RunKey key, std::string legend, uint32_t argb);
  // Removes a scenario's runs: all of them, or only those of `source` when it is not empty.
  void removeScenario(const std::string& scenarioId, const std::string& source = {});
  void clear();

  const std::vector<TrackedRun>& runs() const { return runs_; }
  const TrackedRun* find(RunKey key) const;
  // The scenario's runs from its newest source (what its row and its verdict show), in the
  // order they were added.
  std::vector<const TrackedRun*> runsOf(const std::string& scenarioId) const;
  // The source of the scenario's newest run ("" when it has none).
  std::string sourceOf(const std::string& scenarioId) const;
  // The fp32 baseline of `source`: its most recent run there, or nullptr.
  const TrackedRun* baseline(const std::string& source) const;
  // The baseline a scenario's verdict compares with: the one of the scenario's own source.
  const TrackedRun* baselineFor(const std::string& scenarioId) const;
  // The run a chart compares `run` with (the divergence chart): a row that is its own reference
  // (judgedWithoutBaseline: kill and resume, a worker dies, sharded state) has its own reference
  // job, the newest of its source with role Uninterrupted or Replicated; any other run the fp32
  // baseline of its source. nullptr when there is none yet.
  const TrackedRun* referenceOf(const TrackedRun& run) const;
  // True when a run of `scenarioId` started from `source` needs the baseline started beside
  // it: it is not the baseline itself, and `source` holds no baseline that is running or has
  // stepped (a cancelled baseline without a step judges nothing).
  bool needsBaseline(const std::string& scenarioId, const std::string& source) const;
  // Distinct sources of the runs held, oldest first; more than one means a mixed view.
  std::vector<std::string> sources() const;
  bool anyActive() const;
  uint64_t revision() const { return revision_; }

  // The scenario's runs as a verdict reads them (runsOf()), or nullopt when it has none.
  std::optional<MeasuredScenario> measured(const std::string& scenarioId) const;
  // The scenario's verdict against baselineFor(): nullopt until it has runs and its baseline
  // has stepped.
  std::optional<Verdict> verdict(const std::string& scenarioId,
                                 const VerdictOptions& options = {}) const;
  // Every run of the scenario and its baseline have ended: the verdict is final.
  bool isFinal(const std::string& scenarioId) const;

 private:
  TrackedRun* findMutable(RunKey key);

  std::vector<TrackedRun> runs_;
  uint64_t revision_ = 0;
};

}  // namespace precisionlab
