// The memory experiments (gradient accumulation, activation checkpointing) change how a step is
// computed, not what it computes: the claim is the baseline's updates (loss at every step within
// VerdictOptions::sameUpdateTolerance, bit-equal where the arithmetic allows) at a lower measured
// peak memory, paid for in time. Judged whether or not the baseline learned: equal losses are
// equal whether or not they fell. Figures: sameSettings, sameUpdates, comparedSteps,
// bitEqualSteps, maxRelativeLossGap.
#include "core/RunRecording.h"
#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const TrainConfig &a = c.run.config, &b = c.base.config;
  // Comparable: every setting a run file holds is the baseline's (core's sameTraining, the one
  // field list) but the memory mechanism itself.
  TrainConfig withBaselineMechanism = a;
  withBaselineMechanism.accumulationSteps = b.accumulationSteps;
  withBaselineMechanism.checkpointActivations = b.checkpointActivations;
  const bool sameSettings = sameTraining(withBaselineMechanism, b);
  const StepwiseLoss gap = compareLossByStep(c.run, c.base);
  // Every step there is to compare: the baseline's, or while the run is still going, its own so
  // far (a run at step 12 is judged on its 12 steps, and the verdict says "so far").
  const int64_t expected =
      static_cast<int64_t>(c.run.active() ? c.run.steps.size() : c.base.steps.size());
  const double tolerance = c.options.sameUpdateTolerance;
  const bool sameUpdates = sameSettings && gap.allFinite && gap.compared > 0 &&
                           gap.compared == expected && gap.maxRelativeGap <= tolerance;
  figure(v, "sameSettings", sameSettings, "bool");
  figure(v, "sameUpdates", sameUpdates, "bool");
  figure(v, "comparedSteps", static_cast<double>(gap.compared));
  figure(v, "bitEqualSteps", static_cast<double>(gap.bitEqual));
  figure(v, "maxRelativeLossGap", gap.maxRelativeGap);
  v.judgement = sameUpdates
                    ? (v.identicalToBaseline ? Judgement::Identical : Judgement::LearnsLikeBaseline)
                    : Judgement::Differs;
  if (a.accumulationSteps > 1)
    s.push_back(text(
        PL_TRANSLATE_NOOP("Verdict", "batch %1 as %2 micro-batches of %3, one optimizer step: "),
        {count(a.batchSize), count(a.accumulationSteps),
         count(a.batchSize / a.accumulationSteps)}));
  if (a.checkpointActivations)
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict", "each encoder layer recomputed in the backward pass instead of stored: ")));
  if (!sameSettings) {
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "not comparable: its steps, batch, seed, learning rate or precision are not "
        "the baseline's")));
  } else if (sameUpdates && gap.bitEqual == gap.compared) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the same updates as the baseline: bit-equal loss at all "
                                       "%1 steps"),
                     {count(gap.compared)}));
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
                                   num(gap.maxRelativeGap, 2, 'g'), count(gap.bitEqual)};
    s.push_back(sameUpdates
                    ? text(PL_TRANSLATE_NOOP("Verdict",
                                             "the same updates as the baseline: loss within %1 "
                                             "relative at all %2 steps (largest gap %3, %4 "
                                             "steps bit-equal; float sums in another order)"),
                           args)
                    : text(PL_TRANSLATE_NOOP("Verdict",
                                             "NOT the baseline's updates: loss beyond %1 "
                                             "relative (largest gap %3 over %2 steps, %4 "
                                             "bit-equal)"),
                           args));
  }
  addPeakMemoryText(v, s);
  addStepTimeText(v, s);
}

}  // namespace

const Judge& memoryJudge() {
  static const Judge j{EvidenceStory::MemoryExperiment, Stage::AnyBaseline, nullptr, &tell};
  return j;
}

}  // namespace precisionlab::judges
