// Plays recorded runs back as if they were training now: drain() returns the same RunUpdate
// shape as RunScheduler::drain(), releasing each step when its recorded step time has passed
// (divided by the speed factor), so the lab's charts grow exactly as in the original run.
// Provenance is always Recorded, with the device and date from the file.
// No thread: time advances when drain() is called (the UI's timer), so use one replayer from
// one thread. It will not: train, interpolate between steps, or change any recorded number.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/RunRecording.h"
#include "core/RunRecords.h"

namespace precisionlab {

class RunReplayer {
 public:
  // Milliseconds on a monotonic clock; tests pass a fake one.
  using Clock = std::function<double()>;

  explicit RunReplayer(double speed = 1.0, Clock clock = {});
  ~RunReplayer();
  RunReplayer(const RunReplayer&) = delete;
  RunReplayer& operator=(const RunReplayer&) = delete;

  // Starts replaying at once; runs added together progress together, each on its own timeline.
  RunId add(RunRecording recording);
  // 1 = real speed, 10 = ten times faster, infinity = everything at once. Takes effect from now
  // on. Throws InputError if <= 0.
  void setSpeed(double factor);
  double speed() const;
  void setPaused(RunId id, bool paused);
  void cancel(RunId id);
  void cancelAll();

  std::vector<RunUpdate> drain();
  bool idle() const;

  // "recorded on cuda:0 NVIDIA H200, 2024-05-01" for a recording's provenance.
  static std::string describe(const RunRecording& recording);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace precisionlab
