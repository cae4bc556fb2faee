// Data-parallel training (DistributedDataParallel's semantics) for `precisionlab-cli train`:
// one rank of a job of worldSize processes, on this machine or spread over several
// (docs/data-parallel.md). Each rank trains its shard of every global batch (the rows
// [rank * B / N, (rank + 1) * B / N) of the batch a single process would train, as
// DistributedSampler splits it), gradients are averaged over the ranks after backward, and rank 0
// alone reports records and writes checkpoints. Plain types only: no torch, no Qt.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/RunRecords.h"
#include "core/TrainConfig.h"

namespace precisionlab {

// torchrun's environment, as a rank reads it.
struct DataParallelEnv {
  int rank = 0;
  int worldSize = 1;
  int localRank = 0;
  std::string masterAddr = "127.0.0.1";
  int masterPort = 29500;
  int timeoutSeconds = 300;  // a collective (and the rendezvous) waits at most this long
};

// The default of --collective-timeout: long enough for rank 0 to write a checkpoint of a
// MiniLM-sized model while the others wait, short enough that a lost worker is noticed.
constexpr int kDefaultCollectiveTimeoutSeconds = 300;

// The job failed as a job (not this rank's input): kind says how, for the exit status.
class DataParallelError : public std::runtime_error {
 public:
  enum class Kind {
    Rendezvous,  // the ranks could not form the job: port in use, WORLD_SIZE, settings differ
    PeerLost,    // a collective failed or timed out: a rank died or hangs
  };
  DataParallelError(Kind kind, const std::string& message, double waitedMs = 0)
      : std::runtime_error(message), kind_(kind), waitedMs_(waitedMs) {}
  Kind kind() const { return kind_; }
  // PeerLost: how long this rank waited in the failed collective (wall clock, ms).
  double waitedMs() const { return waitedMs_; }

 private:
  Kind kind_;
  double waitedMs_;
};

struct DataParallelHooks {
  std::function<void(const RunUpdate&)> onUpdate;  // rank 0 only: provenance, records
  const std::atomic<bool>* cancel = nullptr;       // a stop request (Ctrl-C) on this rank
  // Every rank, after each step's update and before anything else (the CLI's fault injection,
  // --lose-rank-after: the last rank stops itself there).
  std::function<void(int64_t step)> afterStep;
};

struct DataParallelOutcome {
  int64_t stepsDone = 0;
  bool cancelled = false;  // some rank asked to stop; every rank stopped after the same step
  // Rank 0: the steps every rank skipped (GradScaler found inf/NaN) and whether they agree, and
  // whether the weights of every rank were bit-identical after the last step.
  std::vector<int64_t> skippedSteps;
  bool ranksAgree = true;
  std::string disagreement;  // the first difference in words when they do not
  // Rank 0's gradient all-reduce, measured around the collective in every step (the step-time
  // statistic's steps, core/RunLog.h: after kWarmupSteps): the median wall time, the median
  // share of the step's wall time it took, and the bytes each rank put into it a step. Its
  // wall time includes waiting for a slower rank to finish backward. 0 with one rank.
  double medianAllReduceMs = 0;
  double allReduceShare = 0;  // 0..1
  int64_t allReduceBytes = 0;
  // Rank 0: every rank's memory, in rank order (rankMemory[r] is rank r's).
  std::vector<RankMemory> rankMemory;
};

// Trains config on this rank. Throws InputError for bad settings or data (as Trainer does) and
// DataParallelError for a job that cannot form or loses a rank.
DataParallelOutcome trainDataParallel(const TrainConfig& config, const DataParallelEnv& env,
                                      const DataParallelHooks& hooks);

// Whether this build has the collectives (c10d with Gloo headers): "" when it has, else why not.
std::string dataParallelUnavailableReason();

}  // namespace precisionlab
