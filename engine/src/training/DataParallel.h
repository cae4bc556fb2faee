// One rank's membership of a data-parallel job, on LibTorch's own c10d (the engine writes no
// communication layer): rendezvous through a c10d::TCPStore at MASTER_ADDR:MASTER_PORT (rank 0
// hosts it), collectives on c10d::ProcessGroupGloo on a CPU and c10d::ProcessGroupNCCL on CUDA
// (CUDA builds only). What DistributedDataParallel does around a step, done by the trainer
// through this class (Trainer::setDataParallel):
//   - broadcastFromRankZero(): every parameter and buffer as rank 0 has it, once at the start;
//   - allReduceGradients(): after backward, the gradients averaged over the ranks, flattened
//     into buckets of at most kBucketBytes (DDP's bucket_cap_mb = 25), the last parameters'
//     bucket first (the order backward produces them); every bucket's all-reduce is started
//     before the first is waited for, so the buckets overlap each other on Gloo's threads, but
//     not backward itself (no autograd hooks here: the all-reduce starts after backward);
//   - broadcastFromOwners(): ZeRO stage 1 (--shard-optimizer, PyTorch's
//     ZeroRedundancyOptimizer): after each rank stepped AdamW on its shard of the parameters
//     (shardOwners), every parameter is broadcast from its owner; gradients are all-reduced
//     whole as above (Debian's 1.13 Gloo group has no reduce_scatter);
//   - allReduceSum(): small per-step values (the GradScaler's found-inf flag, a stop request,
//     the loss), so every rank skips the same steps and stops after the same step.
// Every collective waits at most the job's timeout; a failure (a peer that died, one that hangs)
// becomes a DataParallelError naming the ranks that did not answer when the living ranks said so
// through the rendezvous store (collectiveFailed).
#pragma once

#include <torch/torch.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/TrainConfig.h"
#include "engine/DataParallelTrain.h"

namespace precisionlab {

class DataParallelGroup {
 public:
  static constexpr int64_t kBucketBytes = 25 * 1024 * 1024;

  // Joins the job: connects to (rank 0: starts) the store, checks that every rank agrees on
  // WORLD_SIZE and on `settings` (the fields that decide the numbers), and makes the process
  // group. Throws DataParallelError (Kind::Rendezvous) with the cause in words.
  DataParallelGroup(const DataParallelEnv& env, const TrainConfig& settings,
                    const torch::Device& device);
  ~DataParallelGroup();
  DataParallelGroup(const DataParallelGroup&) = delete;
  DataParallelGroup& operator=(const DataParallelGroup&) = delete;

  int rank() const { return env_.rank; }
  int worldSize() const { return env_.worldSize; }
  const std::string& backendName() const { return backendName_; }

  void broadcastFromRankZero(const std::vector<torch::Tensor>& tensors);
  // Averages the gradients of `params` (undefined gradients count as zeros) across the ranks.
  // Returns the bytes this rank put into the all-reduce (0 with one rank).
  int64_t allReduceGradients(const std::vector<torch::Tensor>& params);
  // ZeRO stage 1's partition: the owner rank of each parameter (sizes in elements, in order),
  // contiguous ranges balanced by element count: parameter i goes to the rank whose 1/N of the
  // elements holds its middle element. Deterministic, so every rank computes the same.
  static std::vector<int> shardOwners(const std::vector<int64_t>& numels, int worldSize);
  // Every tensor as its owner (owners[i]) has it, on every rank: one broadcast per owner and
  // bucket, all started before the first is waited for. Returns the bytes this rank sent as an
  // owner (0 with one rank).
  int64_t broadcastFromOwners(const std::vector<torch::Tensor>& tensors,
                              const std::vector<int>& owners);
  // Element-wise sum over the ranks of a small tensor (returned on the CPU as double).
  torch::Tensor allReduceSum(const torch::Tensor& values);
  // A text every rank publishes and rank 0 gathers (after the last step: skipped steps,
  // a checksum of the weights); "" for the other ranks. Keyed by `name`.
  std::vector<std::string> gatherText(const std::string& name, const std::string& mine);
  // Rank 0 resolves a value (the checkpoint to resume from) and every rank gets it.
  std::string shareFromRankZero(const std::string& name, const std::string& value);

  // Seconds a collective may wait; what the job's lost-rank check waits for the others.
  std::chrono::milliseconds timeout() const { return timeout_; }

 private:
  struct Impl;
  [[noreturn]] void collectiveFailed(const std::string& what, const std::exception& cause,
                                     double waitedMs);
  void runCollective(const std::string& what, const std::function<void()>& body);
  DataParallelEnv env_;
  std::chrono::milliseconds timeout_;
  std::string backendName_;
  std::unique_ptr<Impl> impl_;
  int64_t collectives_ = 0;  // a sequence number, for the keys of the lost-rank check
};

}  // namespace precisionlab
