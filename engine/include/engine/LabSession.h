// The one lab driver: every front end that trains runs does it through a LabSession, the CLI's
// `lab`, `bench`, `record` and `train` and the window's LabController alike. It owns the only
// RunScheduler outside the tests (runs toggled together interleave their steps on one device,
// each step timed alone) and the run store (core/RunStore.h) with its one baseline rule, and it
// decides run identity:
// - start() validates the settings first (core/ConfigValidator.h): settings that cannot train
//   start nothing and come back as issues naming their fields;
// - a scenario's runs come from its row of the scenario table (core/LabScenarios.h, the row's
//   configure hook shapes them); the live fp32 baseline of the same source is started beside
//   them unless one is running or has stepped, because every verdict is measured against it;
// - a restart replaces the scenario's runs (the baseline only those of its own source);
// - a sweep's trial at the baseline's own rate follows the baseline's run instead of training
//   the same bits twice (RunScheduler::addOrFollow);
// - runs that write checkpoints write them under the session's checkpoint folder: the one the
//   caller names, or a temporary one the session removes when it ends;
// - a row trained as child processes (preemption and resume: RunSource::KillAndResume; a worker
//   dies: RankKillAndResume; data parallel: DataParallelChild) runs on a PreemptionRunner of the
//   session instead of the scheduler; its runs enter the same store (origin Child); the two
//   kill-and-resume experiments' three runs are their own reference, so no baseline starts
//   beside them.
// The window adds what only it needs on top: replayed recordings (into the same store), the poll
// timer and each run's look.
//
// Not thread-safe: one thread drives it. Plain types only: no torch, no Qt.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ConfigValidator.h"
#include "core/RunStore.h"
#include "core/ScenarioTable.h"
#include "core/TrainConfig.h"
#include "core/Verdict.h"

namespace precisionlab {

class PreemptionRunner;
class RunScheduler;
struct LabScenario;

class LabSession {
 public:
  struct Options {
    int workers = 0;     // runs stepping at once; 0 = RunScheduler::labWorkers()
    int workerNice = 0;  // lower the workers' priority by this much (the window: 10)
    // Where runs that save checkpoints write them (one sub-folder per run); "" = a temporary
    // folder, created when the first such run starts and removed with the session.
    std::string checkpointRoot;
    // The precisionlab-cli binary that rows trained as child processes run
    // (RunSource other than Scheduler, engine/PreemptionRunner.h): the CLI passes /proc/self/exe,
    // the window the binary it finds. "" = such rows cannot start, and say so.
    std::string childExecutable;
    // Where those rows write their records (each run's JSON lines, preemption.csv); "" = beside
    // their checkpoints.
    std::string recordsDir;
  };

  LabSession();
  explicit LabSession(Options options);
  ~LabSession();  // cancels what still runs, joins the workers, removes a temporary folder
  LabSession(const LabSession&) = delete;
  LabSession& operator=(const LabSession&) = delete;

  struct StartResult {
    std::vector<std::string> started;  // scenario ids started, the baseline first when added
    bool alreadyRunning = false;       // the scenario's runs were still active: nothing started
    // Set when nothing (more) could start: the scenario, and why in words.
    std::string failedScenario;
    std::string error;
    std::vector<ConfigIssue> issues;  // the settings' issues, when validation refused them
    bool ok() const { return !alreadyRunning && failedScenario.empty(); }
  };

  // Every issue of `settings` on this build and machine (validate() with trainEnvironment()).
  static std::vector<ConfigIssue> check(const TrainConfig& settings);
  // Why `scenarioId` cannot run with `settings` beyond check(), "" when it can: a row trained
  // as kill-and-resume child processes needs PreemptionRunner::minSteps() steps to be judged, and
  // the worker-dies row an even batch (2 processes).
  static std::string rowProblem(const std::string& scenarioId, const TrainConfig& settings);

  // Starts the scenario's runs from `settings` (see the file comment). An unknown id fails
  // naming the known ones.
  StartResult start(const std::string& scenarioId, const TrainConfig& settings);
  // start() for each id in order, stopping at the first that cannot start.
  StartResult startAll(const std::vector<std::string>& scenarioIds, const TrainConfig& settings);
  StartResult startAll(std::initializer_list<std::string_view> scenarioIds,
                       const TrainConfig& settings);
  // One run outside the scenario table (`train`), validated like a scenario's; its key, or
  // nullopt with the issues in `result`.
  std::optional<RunKey> startRun(const TrainConfig& config, const std::string& label,
                                 StartResult* result = nullptr);

  // Cancels its runs (all trials); the curves stay. A live baseline that start() added only
  // because this row needed one is cancelled too when no other row's trained run still goes
  // (nothing would be compared with it); a baseline started by name keeps training.
  void stop(const std::string& scenarioId);
  void setPaused(const std::string& scenarioId, bool paused);
  void cancel(RunKey key);  // a trained run; replayed runs belong to their replayer
  // True while a run of the scenario that was stopped or cancelled is still finishing its step
  // (a front end shows the row as stopping, not as training).
  bool stopping(const std::string& scenarioId) const;
  void cancelAll();
  // Cancels a scenario's runs and removes them: all of them, or those of `source` only.
  void forget(const std::string& scenarioId, const std::string& source = {});
  // Cancels every run and forgets every run.
  void clear();

  // Moves what the runs reported since the last call into the store; returns it (in the order
  // it arrived) for front ends that print records as they come.
  std::vector<RunUpdate> poll();
  // True when, at the last poll(), every trained run had ended and its last update was applied.
  bool done() const { return doneAtLastPoll_; }

  RunStore& store() { return store_; }
  const RunStore& store() const { return store_; }

  // The scenarios started, in order (the baseline first when it was added), and what they
  // measured and what the verdicts say, in the same order: the CLI's tables and files.
  // results() stays valid until the next call that changes the store (poll, start, forget).
  const std::vector<std::string>& scenarioIds() const { return scenarioIds_; }
  const std::vector<MeasuredScenario>& results() const;
  std::vector<Verdict> verdicts(const VerdictOptions& options = {}) const;
  // The live fp32 baseline of the first scenario started (an empty log before one started).
  const RunLog& baseline() const;

 private:
  void startScenario(const std::string& id, const TrainConfig& settings, const std::string& source);
  void startChildren(const LabScenario& scenario, const std::string& source);
  std::string checkpointFolder(const TrackedRun& run);

  Options options_;
  std::unique_ptr<RunScheduler> scheduler_;
  // The child-process rows' runners, one per RunSource (kill-and-resume, data-parallel, worker
  // dies), so that those experiments can run in one lab; each made when a row first needs it.
  std::map<RunSource, std::unique_ptr<PreemptionRunner>> children_;
  RunStore store_;
  std::vector<std::string> scenarioIds_;
  std::string firstSource_;
  std::vector<int> companionBaselines_;  // trained baselines start() added for another row
  std::vector<RunKey>
      cancelAsked_;  // active runs cancel() was called for (poll() drops ended ones)
  bool cancelAsked(RunKey key) const;
  std::string tempCheckpointRoot_;  // made by this session, removed with it
  // results(), rebuilt when the store's revision moved.
  mutable std::vector<MeasuredScenario> results_;
  mutable uint64_t resultsRevision_ = 0;
  mutable size_t resultsScenarios_ = 0;
  bool doneAtLastPoll_ = true;
};

}  // namespace precisionlab
