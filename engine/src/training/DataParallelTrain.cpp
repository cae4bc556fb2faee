// One rank of a data-parallel run (engine/DataParallelTrain.h): the job forms first (so a wrong
// WORLD_SIZE or differing settings are said before any data is read), then the trainer prepares
// and steps as one process would, with the collectives of training/DataParallel.h in its step.
// After the last step every rank tells rank 0 which steps it skipped and a checksum of its
// weights: replicas that drifted apart fail the run instead of passing silently.
#include "engine/DataParallelTrain.h"

#include <algorithm>
#include <cstring>
#include <sstream>

#include "core/EngineError.h"
#include "core/RunLog.h"
#include "platform/DeviceInfo.h"
#include "training/DataParallel.h"
#include "training/Trainer.h"

namespace precisionlab {

namespace {

// FNV-1a over the bytes of every parameter, in order: equal for bit-identical weights.
std::string weightChecksum(Trainer& trainer) {
  uint64_t h = 1469598103934665603ull;
  for (const auto& p : trainer.module().parameters()) {
    const torch::Tensor t = p.detach().cpu().contiguous();
    const auto* b = static_cast<const unsigned char*>(t.data_ptr());
    const size_t n = static_cast<size_t>(t.numel()) * t.element_size();
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  }
  std::ostringstream s;
  s << std::hex << h;
  return s.str();
}

// The median over the steps the step-time statistic uses (core/RunLog.h): after kWarmupSteps,
// or all of them when the run has no more.
double medianAfterWarmup(std::vector<double> v) {
  if (v.size() > size_t(kWarmupSteps)) v.erase(v.begin(), v.begin() + kWarmupSteps);
  std::sort(v.begin(), v.end());
  return percentileOf(v, 50);
}

std::string joinSteps(const std::vector<int64_t>& steps) {
  std::string s;
  for (int64_t v : steps) s += (s.empty() ? "" : ",") + std::to_string(v);
  return s;
}

}  // namespace

DataParallelOutcome trainDataParallel(const TrainConfig& config, const DataParallelEnv& env,
                                      const DataParallelHooks& hooks) {
  if (env.worldSize >= 1 && config.batchSize % env.worldSize != 0)
    throw InputError("the batch size " + std::to_string(config.batchSize) +
                     " does not split over WORLD_SIZE=" + std::to_string(env.worldSize) +
                     " ranks: use a multiple of " + std::to_string(env.worldSize));
  if (env.worldSize >= 1 &&
      (config.batchSize / env.worldSize) % std::max<int64_t>(1, config.accumulationSteps) != 0)
    throw InputError("each rank's " + std::to_string(config.batchSize / env.worldSize) +
                     " rows do not split into " + std::to_string(config.accumulationSteps) +
                     " accumulation micro-batches");
  if (config.shardOptimizer && (config.checkpointEvery > 0 || !config.resumeFrom.empty()))
    throw InputError(
        "--shard-optimizer with --checkpoint-every or --resume-from: checkpoints of a sharded "
        "optimizer are not supported yet (rank 0 holds only its shard of AdamW's state); "
        "train without checkpoints, or without --shard-optimizer");
  DataParallelGroup group(env, config, parseDevice(config.device));
  const bool reports = env.rank == 0;
  auto report = [&](RunUpdate u) {
    if (reports && hooks.onUpdate) hooks.onUpdate(u);
  };

  Trainer trainer(config);
  trainer.setDataParallel(&group);
  trainer.setCancelFlag(hooks.cancel);
  {
    RunUpdate u;
    u.state = RunState::Preparing;
    u.message = "preparing data and model";
    u.totalSteps = config.steps;
    report(u);
  }
  trainer.prepare();
  {
    RunUpdate u;
    u.state = RunState::Running;
    u.message = "running";
    u.totalSteps = config.steps;
    u.provenance = trainer.provenance();
    u.provenance.note += std::string(u.provenance.note.empty() ? "" : " ") +
                         "Data-parallel: " + std::to_string(env.worldSize) + " ranks (" +
                         group.backendName() + "), each training " +
                         std::to_string(config.batchSize / env.worldSize) +
                         " rows of every batch of " + std::to_string(config.batchSize) + ".";
    u.warnings = trainer.loadWarnings();
    u.resumedFrom = trainer.resumedFrom();
    u.resumedStep = trainer.resumedStep();
    report(u);
  }

  DataParallelOutcome out;
  std::vector<int64_t> skipped;
  std::vector<double> allReduceMs, allReduceShare;  // per step
  int64_t peakBytes = 0;
  while (!trainer.finished()) {
    RunUpdate u;
    u.state = RunState::Running;
    u.message = "running";
    u.totalSteps = config.steps;
    u.steps.push_back(trainer.step());
    const StepRecord& r = u.steps.back();
    if (hooks.afterStep) hooks.afterStep(r.step);
    if (r.skipped) skipped.push_back(r.step);
    peakBytes = std::max(peakBytes, r.peakBytes);
    allReduceMs.push_back(trainer.lastAllReduceMs());
    allReduceShare.push_back(r.stepMs > 0 ? trainer.lastAllReduceMs() / r.stepMs : 0.0);
    out.allReduceBytes = trainer.lastAllReduceBytes();
    if (reports && trainer.evaluationDue()) u.evals.push_back(trainer.evaluate());
    report(u);
    if (trainer.stopAgreed()) {
      out.cancelled = true;
      break;
    }
  }
  out.stepsDone = trainer.currentStep();
  out.medianAllReduceMs = medianAfterWarmup(allReduceMs);
  out.allReduceShare = medianAfterWarmup(allReduceShare);
  if (reports && !out.cancelled && !config.saveDir.empty()) trainer.saveModel(config.saveDir);

  // Every rank took the same steps to the same weights, or the run says where they parted.
  const std::vector<std::string> skips = group.gatherText("skipped", joinSteps(skipped));
  const std::vector<std::string> sums = group.gatherText("weights", weightChecksum(trainer));
  const std::vector<std::string> memory = group.gatherText(
      "memory",
      std::to_string(trainer.parameterBytes()) + " " + std::to_string(trainer.lastGradientBytes()) +
          " " + std::to_string(trainer.optimizerStateBytes()) + " " + std::to_string(peakBytes));
  for (const std::string& text : memory) {
    std::istringstream in(text);
    RankMemory m;
    in >> m.parameterBytes >> m.gradientBytes >> m.optimizerStateBytes >> m.peakBytes;
    out.rankMemory.push_back(m);
  }
  out.skippedSteps = skipped;
  for (size_t r = 1; r < skips.size() && out.ranksAgree; ++r) {
    if (skips[r] != skips[0]) {
      out.ranksAgree = false;
      out.disagreement = "rank " + std::to_string(r) + " skipped steps [" + skips[r] +
                         "], rank 0 [" + skips[0] + "]";
    } else if (sums[r] != sums[0]) {
      out.ranksAgree = false;
      out.disagreement = "rank " + std::to_string(r) + "'s weights differ from rank 0's";
    }
  }
  return out;
}

}  // namespace precisionlab
