// Runs several training runs on one device, interleaving their steps on worker threads so that
// all curves grow together while each step is timed alone. With one worker, one step runs at a
// time; with two (a 2-core CPU, single-threaded runs), two runs step at once, each on its own
// core and timed by its own thread's CPU clock, which halves a lab's wall time. Runs that use
// several threads or a GPU always step alone (no other step runs beside them), so their wall
// times stay comparable. Progress leaves through a
// snapshot the reader drains (no callback per step); cancellation takes effect within a step.
// A run that fails (NaN-free error, out of memory, bad input) ends Failed with its cause and
// never takes the other runs or the process down.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/RunRecords.h"
#include "core/TrainConfig.h"

namespace precisionlab {

class RunScheduler {
 public:
  // `workers`: how many runs may step at once (1 = strictly one step at a time).
  // `workerNice` > 0 lowers the workers' scheduling priority by that much below the creating
  // thread's (Linux: per thread, at most to nice 19),
  // so a window's UI thread gets a core at once while runs keep both busy. It matters only
  // within this process, and step times are CPU time, so no figure changes.
  explicit RunScheduler(int workers = 1, int workerNice = 0);
  // The window's worker niceness. Measured side by side (bench/ui_responsiveness, same load,
  // docs/benchmarks-ui.md): toggle p95 1.5-1.7 ms against 5.0-16.7 ms at 0, the same training
  // steps done.
  static constexpr int kWindowWorkerNice = 10;
  // Lowers the calling thread's priority by `by` nice levels for good (Linux; elsewhere a no-op):
  // what each worker does with `workerNice`, and the window's calibration thread likewise.
  static void lowerThisThreadPriority(int by);
  ~RunScheduler();  // cancels every run and joins the workers
  // Workers for a lab on this machine: 2 on a CPU with at least two cores, else 1. Only
  // single-threaded CPU runs ever step beside another.
  static int labWorkers();
  RunScheduler(const RunScheduler&) = delete;
  RunScheduler& operator=(const RunScheduler&) = delete;

  // Queues a run; it starts at once if the worker is free (runs interleave step by step).
  RunId add(const TrainConfig& config, const std::string& label);
  // A run that trains nothing of its own: it reports `leader`'s records, state and provenance
  // (with a note saying so) under its own id and label. For a run whose settings equal the
  // leader's value for value (sameTraining: a sweep's trial at the baseline's rate), which would
  // otherwise repeat the leader's computation bit for bit. Cancelling the follower ends only
  // it; cancelling the leader ends the leader's own record while its training goes on for live
  // followers. Pausing a follower does nothing (pause the leader). nullopt when `leader` is not
  // queued or has already reported steps (a follower must see the whole run): add() it instead.
  std::optional<RunId> follow(RunId leader, const std::string& label);
  // follow(leader) when `config` trains exactly what `leaderConfig` does (sameTraining) and the
  // leader can still be followed; add() otherwise. The one rule both lab drivers use for a
  // sweep's trial at the baseline's own rate.
  RunId addOrFollow(const TrainConfig& config, const std::string& label, RunId leader,
                    const TrainConfig& leaderConfig);
  void setPaused(RunId id, bool paused);
  void cancel(RunId id);
  void cancelAll();

  // Non-blocking: moves out what happened since the last call, one entry per run that changed.
  std::vector<RunUpdate> drain();
  // True when no run is queued, preparing, running or paused.
  bool idle() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace precisionlab
