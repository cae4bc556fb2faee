// Runs several training runs on one device, interleaving their steps on one worker thread so
// that all curves grow together while each step is timed alone. Progress leaves through a
// snapshot the reader drains (no callback per step); cancellation takes effect within a step.
// A run that fails (NaN-free error, out of memory, bad input) ends Failed with its cause and
// never takes the other runs or the process down.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/RunRecords.h"
#include "engine/TrainConfig.h"

namespace precisionlab {

class RunScheduler {
 public:
  RunScheduler();
  ~RunScheduler();  // cancels every run and joins the worker
  RunScheduler(const RunScheduler&) = delete;
  RunScheduler& operator=(const RunScheduler&) = delete;

  // Queues a run; it starts at once if the worker is free (runs interleave step by step).
  RunId add(const TrainConfig& config, const std::string& label);
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
