// Replicated vs sharded optimizer state (docs/data-parallel.md, bank question 010): the same
// 2-rank data-parallel job twice (engine/PreemptionRunner.h, startShardedState), found by their
// role: AdamW's state on every rank as DistributedDataParallel keeps it (RunRole::Replicated),
// then sharded over the ranks, ZeRO stage 1 (RunRole::Sharded, TrainConfig::shardOptimizer).
// Its runs are their own reference (Stage::OwnReference). The claim: the same updates (the
// loss of every step within VerdictOptions::sameUpdateTolerance; the sharded job does the same
// arithmetic on the same gradients, only on another rank, so it is expected bit-equal), and
// each rank's optimizer state at about 1/N of the replicated one, the shards together one
// copy, from the bytes each rank measured on its own tensors (RunLog::rankMemory). Then what
// that means for 010's model, estimated by a stated formula, never measured. Judgements:
// Identical (every step bit-equal and the state divided), LearnsLikeBaseline (within the
// tolerance, state divided), Differs (a loss beyond it, or a state not divided), TooShort,
// Inconclusive (a job without per-rank memory figures, or settings that differ), Failed.
// Figures (verdicts.json): ranks, replicatedStateBytesPerRank, shardedStateBytesMaxRank,
// shardedStateBytesTotal, stateRatio, parameterBytesPerRank, gradientBytesPerRank,
// replicatedPeakBytes, shardedPeakBytes, sameSettings, sameUpdates, comparedSteps, bitEqualSteps,
// maxRelativeLossGap, maxAbsLossGap, lossTolerance, estimated010ReplicatedBytes,
// estimated010OptimizerShardedBytes, estimated010FullyShardedBytes.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/RunRecording.h"
#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

// Question 010: a 20-billion-parameter model, 8 GPUs of 80 GB. Mixed precision with Adam needs
// 16 bytes a parameter (the ZeRO paper's count, Rajbhandari et al. 2020): 2 for the fp16
// weights, 2 for their gradients, 12 for the optimizer (fp32 master weights, m and v).
constexpr double k010Parameters = 20e9;
constexpr double k010GpuBytes = 80e9;
constexpr int k010Gpus = 8;
constexpr double kWeightBytes = 2, kGradientBytes = 2, kOptimizerBytes = 12;
// A shard may be larger than 1/N (parameters are not split): the largest within 25 % of 1/N,
// and all shards together within 1 % of one replica, is divided.
constexpr double kShardSlack = 1.25, kTotalSlack = 0.01;

struct Jobs {
  const RunLog* replicated = nullptr;
  const RunLog* sharded = nullptr;
};

Jobs jobsOf(const MeasuredScenario& m) {
  Jobs j;
  for (const RunLog& r : m.runs) {
    if (r.role == RunRole::Replicated) j.replicated = &r;
    if (r.role == RunRole::Sharded) j.sharded = &r;
  }
  return j;
}

int64_t largest(const std::vector<RankMemory>& ranks, int64_t RankMemory::*field) {
  int64_t m = 0;
  for (const RankMemory& r : ranks) m = std::max(m, r.*field);
  return m;
}

int64_t total(const std::vector<RankMemory>& ranks, int64_t RankMemory::*field) {
  int64_t s = 0;
  for (const RankMemory& r : ranks) s += r.*field;
  return s;
}

// The state per rank and what the shards add up to, the claim about them and its figures.
bool stateDivided(const Jobs& j, Verdict& v, std::vector<VerdictText>& s) {
  const auto& rep = j.replicated->rankMemory;
  const auto& sh = j.sharded->rankMemory;
  const int ranks = static_cast<int>(sh.size());
  const int64_t replica = largest(rep, &RankMemory::optimizerStateBytes);
  const int64_t shardMax = largest(sh, &RankMemory::optimizerStateBytes);
  const int64_t shardSum = total(sh, &RankMemory::optimizerStateBytes);
  const double ratio =
      replica > 0 ? static_cast<double>(shardMax) / static_cast<double>(replica) : 0;
  const bool divided = replica > 0 && ranks > 1 && rep.size() == sh.size() &&
                       ratio <= kShardSlack / ranks &&
                       std::abs(static_cast<double>(shardSum - replica)) <= kTotalSlack * replica;
  figure(v, "ranks", ranks);
  figure(v, "replicatedStateBytesPerRank", static_cast<double>(replica), "bytes");
  figure(v, "shardedStateBytesMaxRank", static_cast<double>(shardMax), "bytes");
  figure(v, "shardedStateBytesTotal", static_cast<double>(shardSum), "bytes");
  figure(v, "stateRatio", ratio, "", replica > 0);
  figure(v, "parameterBytesPerRank", static_cast<double>(largest(sh, &RankMemory::parameterBytes)),
         "bytes");
  figure(v, "gradientBytesPerRank", static_cast<double>(largest(sh, &RankMemory::gradientBytes)),
         "bytes");
  const int64_t repPeak = largest(rep, &RankMemory::peakBytes);
  const int64_t shPeak = largest(sh, &RankMemory::peakBytes);
  figure(v, "replicatedPeakBytes", static_cast<double>(repPeak), "bytes", repPeak > 0);
  figure(v, "shardedPeakBytes", static_cast<double>(shPeak), "bytes", shPeak > 0);
  const std::vector<Arg> args = {num(replica / 1e6, 2),  count(ranks),
                                 num(shardMax / 1e6, 2), num(ratio, 2),
                                 num(1.0 / ranks, 2),    num(shardSum / 1e6, 2)};
  s.push_back(divided ? text(PL_TRANSLATE_NOOP("Verdict",
                                               "AdamW's state per process, measured on each of "
                                               "the %2 processes: %1 MB replicated "
                                               "(DistributedDataParallel: every process keeps "
                                               "all of it), %3 MB at most sharded, %4x the "
                                               "replicated state (1/%2 = %5); the %2 shards "
                                               "together hold %6 MB, one copy"),
                             args)
                      : text(PL_TRANSLATE_NOOP("Verdict",
                                               "the optimizer state was NOT divided: %1 MB per "
                                               "process replicated, %3 MB on the largest of the "
                                               "%2 shards (%4x, where 1/%2 = %5), %6 MB in all"),
                             args));
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                     "; weights %1 MB and gradients %2 MB stay whole on every "
                                     "process in both jobs (ZeRO stage 1 shards only the "
                                     "optimizer state); peak memory per process %3 MiB "
                                     "replicated, %4 MiB sharded (measured, the largest rank)"),
                   {num(largest(sh, &RankMemory::parameterBytes) / 1e6, 2),
                    num(largest(sh, &RankMemory::gradientBytes) / 1e6, 2),
                    num(repPeak / 1048576.0, 1), num(shPeak / 1048576.0, 1)}));
  return divided;
}

// 010's model by the formula, labelled an estimate: what sharding how much of the state means.
void tellQuestion010(Verdict& v, std::vector<VerdictText>& s) {
  const double replicated = k010Parameters * (kWeightBytes + kGradientBytes + kOptimizerBytes);
  const double optimizerSharded =
      k010Parameters * (kWeightBytes + kGradientBytes + kOptimizerBytes / k010Gpus);
  const double fullySharded =
      k010Parameters * (kWeightBytes + kGradientBytes + kOptimizerBytes) / k010Gpus;
  figure(v, "estimated010ReplicatedBytes", replicated, "bytes");
  figure(v, "estimated010OptimizerShardedBytes", optimizerSharded, "bytes");
  figure(v, "estimated010FullyShardedBytes", fullySharded, "bytes");
  s.push_back(text(
      PL_TRANSLATE_NOOP(
          "Verdict",
          "; estimated (formula) for a 20-billion-parameter model on %1 GPUs of %2 GB at 16 bytes "
          "a parameter (mixed precision with Adam: 2 for weights, 2 for gradients, 12 for the "
          "optimizer's fp32 master weights, m and v): replicated on every GPU as DDP keeps it, "
          "%3 GB per GPU, more than its %2 GB; the optimizer state sharded over the %1 GPUs as "
          "here (2 + 2 + 12/%1 bytes), %4 GB, still more; weights, gradients and optimizer state "
          "all sharded as FSDP and ZeRO-3 do (16/%1 bytes), %5 GB, which fits"),
      {count(k010Gpus), num(k010GpuBytes / 1e9, 0), num(replicated / 1e9, 0),
       num(optimizerSharded / 1e9, 0), num(fullySharded / 1e9, 0)}));
}

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const Jobs j = jobsOf(c.scenario);
  if (j.sharded) v.label = j.sharded->label;
  for (const RunLog* r : {j.replicated, j.sharded}) {
    if (r && r->state == RunState::Failed) {
      v.judgement = Judgement::Failed;
      s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "the job \"%1\" failed: %2"),
                       {word(r->label), word(r->message)}));
      return;
    }
  }
  auto finished = [&](const RunLog* r) {
    return r && r->state == RunState::Finished &&
           static_cast<int64_t>(r->steps.size()) >= c.options.minSteps;
  };
  if (!finished(j.replicated) || !finished(j.sharded)) {
    v.judgement = Judgement::TooShort;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "too short to judge: a job did not finish or has fewer "
                                       "than %1 steps"),
                     {count(c.options.minSteps)}));
    return;
  }
  TrainConfig asSharded = j.replicated->config;
  asSharded.shardOptimizer = j.sharded->config.shardOptimizer;
  const bool sameSettings =
      j.sharded->config.shardOptimizer && sameTraining(asSharded, j.sharded->config);
  figure(v, "sameSettings", sameSettings, "bool");
  if (!sameSettings || j.replicated->rankMemory.empty() || j.sharded->rankMemory.empty()) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(!sameSettings
                    ? text(PL_TRANSLATE_NOOP("Verdict",
                                             "inconclusive: the two jobs differ in more than "
                                             "where the optimizer state lives"))
                    : text(PL_TRANSLATE_NOOP("Verdict",
                                             "inconclusive: a job reported no memory per "
                                             "process (its summary line is missing)")));
    return;
  }
  const bool divided = stateDivided(j, v, s);
  const StepwiseLoss gap = compareLossByStep(*j.sharded, *j.replicated);
  const double absGap = maxAbsLossGap(*j.sharded, *j.replicated);
  const double tolerance = c.options.sameUpdateTolerance;
  const int64_t expected = static_cast<int64_t>(j.replicated->steps.size());
  const bool sameUpdates =
      gap.allFinite && gap.compared == expected && gap.maxRelativeGap <= tolerance;
  figure(v, "sameUpdates", sameUpdates, "bool");
  figure(v, "comparedSteps", static_cast<double>(gap.compared));
  figure(v, "bitEqualSteps", static_cast<double>(gap.bitEqual));
  figure(v, "maxRelativeLossGap", gap.maxRelativeGap);
  figure(v, "maxAbsLossGap", absGap);
  figure(v, "lossTolerance", tolerance);
  const std::vector<Arg> args = {num(tolerance, 1, 'g'), count(gap.compared),
                                 num(absGap, 2, 'g'),    num(gap.maxRelativeGap, 2, 'g'),
                                 count(gap.bitEqual),    count(expected)};
  s.push_back(sameUpdates
                  ? text(PL_TRANSLATE_NOOP("Verdict",
                                           "; the same updates: the sharded job's loss within "
                                           "%1 relative of the replicated job's at all %2 steps "
                                           "(largest gap %3, %4 relative; %5 steps bit-equal)"),
                         args)
                  : text(PL_TRANSLATE_NOOP("Verdict",
                                           "; NOT the same updates: %2 of %6 steps compared, the "
                                           "loss beyond %1 relative (largest gap %3, %4 "
                                           "relative; %5 bit-equal)"),
                         args));
  tellQuestion010(v, s);
  v.judgement = !(sameUpdates && divided)      ? Judgement::Differs
                : gap.bitEqual == gap.compared ? Judgement::Identical
                                               : Judgement::LearnsLikeBaseline;
}

}  // namespace

const Judge& shardedStateJudge() {
  static const Judge j{EvidenceStory::ShardedState, Stage::OwnReference, nullptr, &tell};
  return j;
}

}  // namespace precisionlab::judges
