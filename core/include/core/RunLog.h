// The one record of a run, whoever holds it: the CLI's `train` and `lab`, the engine's
// LabSession, the app's run store and the run files (.plrun). It knows which run it is (origin
// and id, the comparable set it belongs to), which scenario it runs (id, option, title, whether
// it is a trial of a sweep and at which value), how it was measured (provenance), everything it
// reported (steps, evaluations, state) and its summary. Updates from the RunScheduler or the
// RunReplayer are folded in by apply(); nothing else copies records between types.
//
// The step-time statistic is defined here once, for every front end, verdict and file: the
// median over the steps after the first kWarmupSteps. Why the median and not the mean: the
// first steps pay one-time costs (allocator growth, kernel selection, caches), and on a shared
// machine single steps stall when another process takes the core, so a mean moves with one
// outlier where a median does not; the verdicts need the same figure for their p25-p75 spread.
// Plain data: no torch, no Qt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/RunRecords.h"
#include "core/TrainConfig.h"

namespace precisionlab {

// Which engine produced the run: the scheduler (trained here), the replayer (a recording) or the
// kill-and-resume experiment's child processes (engine/PreemptionRunner.h). Their id counters
// each start at 1, so a run is known by both.
enum class RunOrigin { Trained, Replayed, Child };

// A run's part in an experiment whose runs are their own reference: the kill-and-resume
// experiment's three runs (engine/PreemptionRunner.h), which its judge finds by it (never by
// their labels). None for every other run. Ordered as the runs start.
enum class RunRole {
  None = 0,
  Uninterrupted = 1,  // kill and resume: the run uninterrupted
  Killed = 2,         // the run killed (or the job that lost a rank)
  Resumed = 3,        // its resume from the newest checkpoint
  Replicated = 4,     // sharded state: the 2-rank job with AdamW's state on every rank
  Sharded = 5,        // the same job with AdamW's state sharded over the ranks (ZeRO stage 1)
};

struct RunKey {
  RunOrigin origin = RunOrigin::Trained;
  RunId id = 0;
  friend bool operator==(const RunKey& a, const RunKey& b) {
    return a.origin == b.origin && a.id == b.id;
  }
  friend bool operator!=(const RunKey& a, const RunKey& b) { return !(a == b); }
};

// Steps left out of every step-time statistic (see the file comment).
inline constexpr int64_t kWarmupSteps = 3;

// Numbers computed from the records (never typed in by hand).
struct RunSummary {
  int64_t stepsDone = 0;
  double medianStepMs = 0;         // wall time, steps after kWarmupSteps (all, if no more)
  double medianSamplesPerSec = 0;  // same steps
  double finalLoss = 0;            // NaN when the last step's loss was not finite
  double finalValLoss = 0;         // 0 when the run never evaluated
  double finalValAccuracy = -1;    // -1 when the run never evaluated
  int64_t peakBytes = 0;           // max over steps
  int64_t skippedSteps = 0;
  int64_t nonFiniteSteps = 0;
  int64_t firstNonFiniteStep = 0;  // 0 when every loss was finite
};

struct RunLog {
  // Identity.
  RunKey key;
  // The set the run can be compared with: liveSource() for runs trained here,
  // recordedSource() for replayed recordings (one machine and LibTorch). Verdicts compare runs
  // of one source only.
  std::string source;
  std::string label;             // unique within a lab session, e.g. "HP trial 2 (lr 0.001)"
  RunRole role = RunRole::None;  // set by the run source that planned it
  // The scenario, from core's scenario table (LabScenarios::plan() and identify()); empty outside
  // the lab.
  std::string scenarioId;
  std::string optionText;  // the seed question's option it runs, "" for reference runs
  std::string title;
  bool isSweep = false;   // a trial of a sweep (even when it is the only trial left)
  double sweepValue = 0;  // the swept value of this trial (its learning rate), 0 if no sweep
  TrainConfig config;
  // How it was measured; provenanceKnown once the engine reported it (after preparing).
  RunProvenance provenance;
  bool provenanceKnown = false;
  // What it reported.
  RunState state = RunState::Queued;
  std::string message;  // status text; the cause when Failed
  std::vector<std::string> warnings;
  std::string resumedFrom;  // the checkpoint folder it resumed from, "" for a fresh run
  int64_t resumedStep = 0;  // that checkpoint's step
  // A data-parallel job that lost a rank: how long rank 0 waited in the collective that failed
  // (ms, measured by rank 0); 0 otherwise. Not in run files.
  double collectiveWaitMs = 0;
  // A data-parallel job's memory per rank, in rank order, from its summary; empty otherwise.
  // Not in run files.
  std::vector<RankMemory> rankMemory;
  int64_t totalSteps = 0;
  std::vector<StepRecord> steps;  // in step order
  std::vector<EvalRecord> evals;  // in step order
  uint64_t revision = 0;          // bumped by every apply()
  // When its first and its last step records were folded in (wall clock, ms since the epoch;
  // 0 = not known, e.g. a run built by hand): whether two runs were timed at the same time,
  // under the same load (core/Verdict.h, timedApart).
  int64_t firstStepAtMs = 0, lastStepAtMs = 0;

  // Folds one drained update of this run in (state, message, provenance, records).
  void apply(const RunUpdate& update);
  RunSummary summary() const;

  bool active() const;  // queued, preparing, running or paused
  bool ended() const { return !active(); }
  bool replayed() const { return key.origin == RunOrigin::Replayed; }
  int64_t stepsDone() const { return steps.empty() ? 0 : steps.back().step; }
  // Every step carries the training thread's CPU time (single-threaded CPU runs).
  bool cpuTimed() const;
};

// Whether two runs stepped at the same time: the shorter of their step spans overlaps the other
// by at least half, give or take a second (one drain's worth). True when either span is not
// known.
bool timedTogether(const RunLog& a, const RunLog& b);

// The comparable sets: "live:<device>" for runs trained here with `config`,
// "recorded:<device> · LibTorch <version>" for recordings made with `recorded`.
std::string liveSource(const TrainConfig& config);
std::string recordedSource(const RunProvenance& recorded);
inline constexpr const char* kLiveSourcePrefix = "live:";
inline constexpr const char* kRecordedSourcePrefix = "recorded:";

// The step times that the statistic uses, sorted: steps after kWarmupSteps (all steps when the
// run has no more), CPU time when `cpuTime`, else wall time.
std::vector<double> statisticStepTimes(const RunLog& run, bool cpuTime);
// The same steps' times in step order (for pairing two runs' blocks in time).
std::vector<double> statisticStepTimesInOrder(const RunLog& run, bool cpuTime);
// Percentile (0..100, linear interpolation) of sorted values; 0 if none.
double percentileOf(const std::vector<double>& sorted, double percentile);

}  // namespace precisionlab
