// A smaller batch at the same learning rate (docs/smaller-batch-experiment.md). Its memory saving
// is real, but unlike gradient accumulation it is another training: each step averages the
// gradient over fewer examples, so the updates are not the baseline's, and the same number of
// steps sees fewer examples. Figures: batchSize, baselineBatchSize, maxRelativeLossGap (over the
// steps both have), samplesPerSecRatio (measured step speed x batch ratio; measurable when the
// speed is). The judgement is the run's learning against the baseline's.
#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const int64_t batch = c.run.config.batchSize, baseBatch = c.base.config.batchSize;
  const StepwiseLoss gap = compareLossByStep(c.run, c.base);
  const double batchRatio =
      baseBatch > 0 ? static_cast<double>(batch) / static_cast<double>(baseBatch) : 0;
  const bool speed = v.speedMeasurable && v.speedup > 0 && batchRatio > 0;
  figure(v, "batchSize", static_cast<double>(batch));
  figure(v, "baselineBatchSize", static_cast<double>(baseBatch));
  figure(v, "maxRelativeLossGap", gap.maxRelativeGap);
  figure(v, "samplesPerSecRatio", speed ? v.speedup * batchRatio : 0, "", speed);
  v.judgement = learningJudgement(v);
  s.push_back(
      text(PL_TRANSLATE_NOOP("Verdict",
                             "batch %1 instead of %2 at the same learning rate: other "
                             "updates (loss up to %3 relative from the baseline's at "
                             "the same step, %4 steps compared)"),
           {count(batch), count(baseBatch), num(gap.maxRelativeGap, 2, 'g'), count(gap.compared)}));
  addPeakMemoryText(v, s);
  if (speed)
    s.push_back(text(v.cpuTime ? PL_TRANSLATE_NOOP("Verdict",
                                                   "; step time %1x the baseline's, examples/s "
                                                   "%2x (CPU time per step)")
                               : PL_TRANSLATE_NOOP("Verdict",
                                                   "; step time %1x the baseline's, examples/s "
                                                   "%2x"),
                     {num(1.0 / v.speedup, 2), num(v.value("samplesPerSecRatio"), 2)}));
  else
    addStepTimeText(v, s);
  s.push_back(text("; "));
  addLearningText(v, c.options, s);
}

}  // namespace

const Judge& batchJudge() {
  static const Judge j{EvidenceStory::SmallerBatch, Stage::LearnedBaseline, nullptr, &tell};
  return j;
}

}  // namespace precisionlab::judges
