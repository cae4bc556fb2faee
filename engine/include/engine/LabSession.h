// A lab session: the chosen scenarios' runs on one RunScheduler (so they progress together,
// each step timed alone), their records collected as they arrive, and verdicts computed from
// them at any time. Used by `precisionlab-cli lab`, the tests, and anything else that shows a
// lab. Not thread-safe: one thread polls it. Plain types only: no torch, no Qt.
#pragma once

#include <memory>
#include <vector>

#include "core/LabScenarios.h"
#include "core/Verdict.h"
#include "engine/RunScheduler.h"

namespace precisionlab {

class LabSession {
 public:
  // Queues every run of `scenarios`; the fp32 baseline is added first if it is missing,
  // because every verdict is measured against it.
  explicit LabSession(std::vector<LabScenario> scenarios);
  ~LabSession();  // cancels what still runs
  LabSession(const LabSession&) = delete;
  LabSession& operator=(const LabSession&) = delete;

  // Moves new records out of the scheduler; true once every run has ended.
  bool poll();
  bool done() const { return scheduler_.idle(); }

  const std::vector<LabScenario>& scenarios() const { return scenarios_; }
  const std::vector<MeasuredScenario>& results() const { return results_; }
  const RunLog& baseline() const;
  std::vector<Verdict> verdicts(const VerdictOptions& options = {}) const;

  // Scheduler id of results()[i].runs[j] (its key).
  RunId runId(size_t scenario, size_t run) const { return results_[scenario].runs[run].key.id; }
  RunScheduler& scheduler() { return scheduler_; }

 private:
  RunId addRun(const LabScenario& scenario, size_t run);

  std::vector<LabScenario> scenarios_;
  std::vector<MeasuredScenario> results_;
  RunScheduler scheduler_;
};

}  // namespace precisionlab
