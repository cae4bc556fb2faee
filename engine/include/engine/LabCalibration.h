// How long a lab's runs will take on this machine now, from a short measurement: the fp32
// baseline's model, data and batch are prepared once and a few of its steps timed (the first one
// is a warm-up and not counted), within a budget of a few seconds; the estimate is the steps the
// lab plans times the measured seconds a step. It is an estimate and says so, with its basis:
// what was timed, when, and what it leaves out (preparation, evaluations, and precisions that
// step faster or slower than fp32). Measured under whatever else the machine runs at the moment,
// so a busy machine gets a longer estimate. Used by `precisionlab-cli lab` and the window before
// a lab starts.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/TrainConfig.h"

namespace precisionlab {

struct LabCalibration {
  int64_t stepsTimed = 0;      // steps timed after the warm-up ones, all workers together
  int parallel = 1;            // runs stepping side by side, as the lab's scheduler does
  double secondsPerStep = 0;   // wall seconds per step of the lab: timing time / stepsTimed
  double prepareSeconds = 0;   // preparing data, tokenizer and model once
  double measuredSeconds = 0;  // the whole calibration, preparation included
  int64_t stepsPlanned = 0;    // every step the lab would train: its runs' (identical runs
                               // counted once) and its child jobs' (a killed run's steps up to
                               // the kill, a resume's from its checkpoint)
  int runsPlanned = 0;         // runs in this process and child jobs
  int childJobs = 0;           // jobs started as child processes of the CLI (each prepares its
                               // model again: prepareSeconds each)
  double waitSeconds = 0;      // fixed waits, e.g. the collective timeout a job that lost a rank
                               // waits out (kLabWorkerDiesTimeoutSeconds)
  std::string error;           // why nothing was measured ("" when it worked)

  bool ok() const { return error.empty() && stepsTimed > 0; }
  // stepsPlanned * secondsPerStep + childJobs * prepareSeconds + waitSeconds; -1 when nothing
  // was measured.
  double estimateSeconds() const;
  // "about 2 min 40 s (estimate: 1500 steps of 7 runs x 0.107 s a step, from 8 fp32 baseline
  // steps timed just now on this machine, 2 side by side as the lab steps them; preparing the
  // runs and their evaluations come on top, and precisions other than fp32 step faster or
  // slower)". English: the CLI's words.
  std::string english() const;
};

// The runs `scenarioIds` would train from `base` (their steps and count), without training; a
// row trained by child processes (RunSource other than Scheduler) counts its jobs as
// LabSession starts them: the data-parallel job's steps, or the kill-and-resume experiments'
// three jobs (uninterrupted, killed at PreemptionRunner::killStep, resumed from the checkpoint
// before it) and the collective timeout the worker-dies job waits out.
void planLab(const std::vector<std::string>& scenarioIds, const TrainConfig& base,
             LabCalibration* out);
// Plans as above, then times the baseline's steps on as many threads as the lab steps runs side
// by side (RunScheduler::labWorkers() for single-threaded CPU runs, else one): each prepares a
// trainer and takes a warm-up step, then all step together for at most `budgetSeconds` and
// `maxSteps` steps each (at least one). `cancel` (optional) stops it between stages;
// `threadNice` lowers the timing threads' priority as the window's workers are lowered
// (RunScheduler::kWindowWorkerNice), so the pace is the one its runs will get. Never throws: a
// failure is in `error`.
LabCalibration calibrateLab(const std::vector<std::string>& scenarioIds, const TrainConfig& base,
                            double budgetSeconds = 3.0, int maxSteps = 5,
                            const std::atomic<bool>* cancel = nullptr, int threadNice = 0);

// "2 min 40 s", "45 s", "1 h 05 min": a duration for the estimate lines.
std::string formatDuration(double seconds);

}  // namespace precisionlab
