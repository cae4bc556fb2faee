// Data parallelism, same updates (docs/data-parallel.md): the baseline's run trained by 2
// processes (`train --nproc 2`), each on half of every global batch, gradients averaged by an
// all-reduce after backward. The claim is the baseline's updates (loss at every step within
// 10 x VerdictOptions::sameUpdateTolerance: the averaged gradient sums the same products in
// another order), and the price is the all-reduce, measured in every step by rank 0 (StepRecord::
// allReduceMs, allReduceBytes): its median time, the median of its share of each step, and the
// rest of the step (forward, backward, optimizer: the compute). Judged whether or not the
// baseline learned: equal losses are equal whether or not they fell. A run without all-reduce
// records was not data-parallel and is not the claim. Figures: sameSettings, sameUpdates,
// comparedSteps, bitEqualSteps, maxRelativeLossGap, maxAbsLossGap, allReduceSteps,
// medianAllReduceMs, medianComputeMs, allReduceShare, allReduceBytes, peakBytesPerWorker.
#include <algorithm>
#include <cmath>

#include "core/RunRecording.h"
#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return percentileOf(values, 50);
}

struct AllReduce {
  int64_t steps = 0;  // steps with an all-reduce recorded, after kWarmupSteps
  double medianMs = 0, medianComputeMs = 0, medianShare = 0;
  int64_t bytes = 0;
};

// The all-reduce's time, the rest of the step and its share, over the step-time statistic's
// steps (core/RunLog.h: after kWarmupSteps, all of them when the run has no more).
AllReduce allReduceOf(const RunLog& run) {
  AllReduce out;
  std::vector<double> ms, compute, share;
  const bool pastWarmup = run.steps.size() > static_cast<size_t>(kWarmupSteps);
  for (const StepRecord& s : run.steps) {
    if (s.allReduceBytes <= 0 || s.stepMs <= 0) continue;
    out.bytes = std::max(out.bytes, s.allReduceBytes);
    if (pastWarmup && s.step <= kWarmupSteps) continue;
    ms.push_back(s.allReduceMs);
    compute.push_back(std::max(0.0, s.stepMs - s.allReduceMs));
    share.push_back(std::clamp(s.allReduceMs / s.stepMs, 0.0, 1.0));
  }
  out.steps = static_cast<int64_t>(ms.size());
  out.medianMs = median(ms);
  out.medianComputeMs = median(compute);
  out.medianShare = median(share);
  return out;
}

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const StepwiseLoss gap = compareLossByStep(c.run, c.base);
  const double absGap = maxAbsLossGap(c.run, c.base);
  const bool sameSettings = sameTraining(c.run.config, c.base.config);
  const int64_t expected =
      static_cast<int64_t>(c.run.active() ? c.run.steps.size() : c.base.steps.size());
  const AllReduce ar = allReduceOf(c.run);
  const bool dataParallel = ar.steps > 0;
  // Ten times the memory experiments' tolerance: the averaged gradient reorders the sum in
  // every step and AdamW carries the rounding on, so the gap grows over a run (measured on this
  // machine: 7.6e-5 relative over MiniLM's 60 lab steps, 6.9e-5 over the tiny BERT's 240), near
  // the memory experiments' 1e-4; another update (a wrong shard, unaveraged gradients,
  // rank 0's dropout masks on every rank) moves the loss by 1e-2 or more (tst_dataparallel).
  const double tolerance = 10 * c.options.sameUpdateTolerance;
  const bool sameUpdates = sameSettings && dataParallel && gap.allFinite && gap.compared > 0 &&
                           gap.compared == expected && gap.maxRelativeGap <= tolerance;
  const int64_t peak = peakBytes(c.run);
  figure(v, "sameSettings", sameSettings, "bool");
  figure(v, "sameUpdates", sameUpdates, "bool");
  figure(v, "comparedSteps", static_cast<double>(gap.compared));
  figure(v, "bitEqualSteps", static_cast<double>(gap.bitEqual));
  figure(v, "maxRelativeLossGap", gap.maxRelativeGap);
  figure(v, "maxAbsLossGap", absGap);
  figure(v, "allReduceSteps", static_cast<double>(ar.steps));
  figure(v, "medianAllReduceMs", ar.medianMs, "ms", dataParallel);
  figure(v, "medianComputeMs", ar.medianComputeMs, "ms", dataParallel);
  figure(v, "allReduceShare", ar.medianShare, "", dataParallel);
  figure(v, "allReduceBytes", static_cast<double>(ar.bytes), "bytes", dataParallel);
  figure(v, "peakBytesPerWorker", static_cast<double>(peak), "bytes", peak > 0);
  v.judgement = sameUpdates
                    ? (v.identicalToBaseline ? Judgement::Identical : Judgement::LearnsLikeBaseline)
                    : Judgement::Differs;
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                     "batch %1 split over 2 processes (%2 each), gradients "
                                     "averaged by an all-reduce: "),
                   {count(c.run.config.batchSize), count(c.run.config.batchSize / 2)}));
  if (!sameSettings) {
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "not comparable: its steps, batch, seed, learning rate or precision are not "
        "the baseline's")));
  } else if (!dataParallel) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "NOT data-parallel: none of its steps recorded an "
                                       "all-reduce (it ran as one process)")));
  } else if (!gap.allFinite) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "NOT the baseline's updates: its loss was non-finite at "
                                       "a step where the baseline's was not, or the reverse")));
  } else if (gap.compared != expected) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "NOT comparable step by step: %1 of the baseline's %2 "
                                       "steps have a loss to compare"),
                     {count(gap.compared), count(expected)}));
  } else {
    const std::vector<Arg> args = {num(tolerance, 1, 'g'), count(gap.compared),
                                   num(gap.maxRelativeGap, 2, 'g'), num(absGap, 2, 'g'),
                                   count(gap.bitEqual)};
    s.push_back(sameUpdates
                    ? text(PL_TRANSLATE_NOOP("Verdict",
                                             "the same updates as the one-process baseline: "
                                             "loss within %1 relative at all %2 steps (largest "
                                             "gap %4, %3 relative; %5 steps bit-equal: the "
                                             "averaged gradient adds the same numbers in another "
                                             "order, so it rounds differently)"),
                           args)
                    : text(PL_TRANSLATE_NOOP("Verdict",
                                             "NOT the baseline's updates: loss beyond %1 "
                                             "relative (largest gap %4, %3 relative, over %2 "
                                             "steps, %5 bit-equal)"),
                           args));
  }
  if (dataParallel)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "; each step: %1 ms compute + %2 ms gradient all-reduce "
                                       "of %3 MB per process, the all-reduce %4 % of the step "
                                       "(rank 0's wall-clock medians over %5 steps; the "
                                       "all-reduce includes waiting for the other process)"),
                     {num(ar.medianComputeMs, 1), num(ar.medianMs, 1), num(ar.bytes / 1e6, 1),
                      num(100.0 * ar.medianShare, 1), count(ar.steps)}));
  if (peak > 0 && v.memoryMeasurable)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "; peak memory %1 MiB per process, %2x the one-process "
                                       "run's (measured)"),
                     {num(static_cast<double>(peak) / 1048576.0, 1), num(v.memoryRatio, 2)}));
  else if (peak > 0)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; peak memory %1 MiB per process (measured)"),
                     {num(static_cast<double>(peak) / 1048576.0, 1)}));
  // The common speed column compares CPU time per step, and rank 0 computes half the batch: that
  // is not the job's speed. Its wall-clock scaling is `bench`'s (2 workers against 1, alone on
  // the machine), never this run's, which shares the cores with the baseline.
  if (dataParallel)
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "; not a speed measurement: each process computes half the batch, and here the 2 "
        "processes share the machine's cores with the baseline (precisionlab-cli bench "
        "measures 2 workers against 1)")));
}

}  // namespace

const Judge& dataParallelJudge() {
  static const Judge j{EvidenceStory::DataParallel, Stage::AnyBaseline,     nullptr, &tell,
                       /*tellsLossScale=*/false,    /*comparesSpeed=*/false};
  return j;
}

}  // namespace precisionlab::judges
