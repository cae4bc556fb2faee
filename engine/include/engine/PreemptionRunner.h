// Preemption and resume as a run source (docs/preemption-experiment.md): three `train --jsonl`
// children of the CLI binary, one after the other, in a process group of their own:
//  1. the run uninterrupted;
//  2. the same run, killed with SIGKILL once it has reported step killAfter (never asked to
//     stop: a preempted Spot VM), between two of its checkpoints;
//  3. its resume (`--resume-from latest`) from the newest checkpoint the killed run left.
// Their JSON lines come back from drain() as RunUpdates, the shape RunScheduler::drain() and
// RunReplayer::drain() hand out, so a lab's run store holds them as three runs (origin Child,
// role RunRole::Uninterrupted, Killed, Resumed; labelled kUninterruptedRunLabel, kKilledRunLabel,
// kResumedRunLabel for the legends) and the scenario's verdict is the preemption judge's over
// them (core/src/judges/PreemptionJudge.cpp, through computeVerdict). The child's argv is
// the config field table's flags (core/ConfigFields.h, configArgs).
//
// Every front end drives it through LabSession (the row's RunSource::KillAndResume): the CLI's
// `lab` and the window alike. No thread: drain() reads what the children printed (non-blocking),
// kills the second at its step and starts the next child when one ends. Records it writes to its
// records folder: each run's JSON lines (uninterrupted.jsonl, killed.jsonl, resumed.jsonl), its
// standard error, and the three curves side by side (preemption.csv) once the last one ended.
// Plain types only: no torch, no Qt. Not thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/RunLog.h"
#include "core/RunRecords.h"
#include "core/TrainConfig.h"

namespace precisionlab {

class PreemptionRunner {
 public:
  // A run the experiment will train, for the store to hold before it reports anything.
  struct PlannedRun {
    RunId id = 0;
    std::string label;             // kUninterruptedRunLabel, kKilledRunLabel, kResumedRunLabel
                                   // (startRanks: the kRanks... labels)
    RunRole role = RunRole::None;  // how the judge finds it
    TrainConfig config;
  };

  // `executable`: the precisionlab-cli binary the children run.
  // `firstId`: its runs' ids count on from there, so two runners of one session (the preemption
  // experiment's and the data-parallel experiment's) never share an id.
  explicit PreemptionRunner(std::string executable, RunId firstId = 1);
  ~PreemptionRunner();  // kills a running child group and waits for it
  PreemptionRunner(const PreemptionRunner&) = delete;
  PreemptionRunner& operator=(const PreemptionRunner&) = delete;

  // The step after which the second run is killed: about 3/5 of the way, past the first
  // checkpoint and off the checkpoint grid, so some work since the last checkpoint is lost.
  static int64_t killStep(const TrainConfig& config);
  // The fewest steps the experiment can judge (VerdictOptions::minSteps): a checkpoint every
  // quarter before the kill at 3/5 and steps after it.
  static int64_t minSteps();

  // Starts the experiment with `config` (its checkpointEvery > 0), the runs' checkpoints under
  // `checkpointDir` (uninterrupted/ and preempted/) and the records in `recordsDir` (both
  // created). Ids go on from the previous start. Throws InputError naming the folder or the
  // system call that failed, and when a start is still running; nothing runs then.
  std::vector<PlannedRun> start(const TrainConfig& config, const std::string& checkpointDir,
                                const std::string& recordsDir);
  // The data-parallel experiment's one child instead (RunSource::DataParallelChild):
  // `train --jsonl --nproc <nproc>` with `config`, whose rank 0 reports; its JSON lines and
  // standard error go to `recordsDir` (data-parallel.jsonl). Throws as start() does.
  std::vector<PlannedRun> startDataParallel(const TrainConfig& config, int nproc,
                                            const std::string& recordsDir);
  // The worker-dies experiment (RunSource::RankKillAndResume, docs/data-parallel.md): the same
  // three runs, each a `train --nproc <nproc> --collective-timeout <seconds>` job. At killStep
  // the second job's last rank is stopped with SIGSTOP, as a worker whose machine vanished
  // (its connections stay open, so the other ranks wait in their collective until the timeout;
  // a SIGKILLed process would close them and Gloo would fail at once), and killed with SIGKILL
  // once rank 0 reported that the job failed; it ends Cancelled when the job failed as one that
  // lost a rank (exit status 3), with rank 0's words and its wait (RunUpdate::collectiveWaitMs).
  // The third job restarts every rank from the newest checkpoint. Labels kRanks...RunLabel;
  // records worker-dies-*.jsonl and worker-dies.csv. Throws as start() does.
  std::vector<PlannedRun> startRanks(const TrainConfig& config, int nproc,
                                     int collectiveTimeoutSeconds, const std::string& checkpointDir,
                                     const std::string& recordsDir);
  // The sharded-state experiment (RunSource::ShardedStateJobs, docs/data-parallel.md): two
  // `train --nproc <nproc>` jobs with `config`, one after the other: AdamW's state on every rank
  // (RunRole::Replicated), then sharded over the ranks (config.shardOptimizer, RunRole::Sharded;
  // not started when the first did not finish). Labels kReplicatedStateRunLabel,
  // kShardedStateRunLabel; records sharded-state-{replicated,sharded}.jsonl and .stderr.txt and
  // sharded-state.csv (the two curves). Throws as start() does.
  std::vector<PlannedRun> startShardedState(const TrainConfig& config, int nproc,
                                            const std::string& recordsDir);
  // Everything new since the last call: records, states, the resume's checkpoint.
  std::vector<RunUpdate> drain();
  // Kills the child group: the run in progress and those not started end Cancelled (at the
  // next drain).
  void cancel();
  bool active() const;        // a child runs or one is still to start
  bool owns(RunId id) const;  // one of the runs of its latest start

 private:
  std::vector<PlannedRun> startThree(const TrainConfig& config, const std::string& checkpointDir,
                                     const std::string& recordsDir,
                                     const std::array<const char*, 3>& labels);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace precisionlab
