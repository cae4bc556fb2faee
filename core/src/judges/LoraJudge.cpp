// LoRA trains rank-r adapters on a frozen base: the claim is a small share of the parameters and
// of the optimizer's memory (both measured: the counts the optimizer updated, the bytes its first
// step allocated and kept), at some step time, for some validation accuracy. The accuracy part
// needs a baseline that learned (else "inconclusive"); the counts do not. Figures: loraRank,
// trainableParams, baselineTrainableParams (0 = not recorded), optimizerStateBytes,
// baselineOptimizerStateBytes (measurable when allocator-measured on both, live on one device).
#include <algorithm>

#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

int64_t trainableParams(const RunLog& run) {
  return run.steps.empty() ? 0 : run.steps.front().trainableParams;
}
int64_t optimizerStateBytes(const RunLog& run) {
  int64_t bytes = 0;
  for (const auto& s : run.steps) bytes = std::max(bytes, s.optimizerStateBytes);
  return bytes;
}
// Optimizer-state sizes in the verdict line, in MiB.
Arg mebibytes(int64_t bytes) { return num(static_cast<double>(bytes) / (1024.0 * 1024.0), 2); }

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const int64_t rank = c.run.config.loraRank;
  const int64_t params = trainableParams(c.run), baseParams = trainableParams(c.base);
  const int64_t state = optimizerStateBytes(c.run), baseState = optimizerStateBytes(c.base);
  const bool stateMeasurable = v.memoryMeasurable && state > 0 && baseState > 0;
  figure(v, "loraRank", static_cast<double>(rank));
  figure(v, "trainableParams", static_cast<double>(params));
  figure(v, "baselineTrainableParams", static_cast<double>(baseParams));
  figure(v, "optimizerStateBytes", static_cast<double>(state), "bytes", stateMeasurable);
  figure(v, "baselineOptimizerStateBytes", static_cast<double>(baseState), "bytes",
         stateMeasurable);
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "LoRA r=%1 on query and value, base frozen: "),
                   {count(rank)}));
  if (params > 0 && baseParams > 0) {
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict",
                               "trains %1 parameters, %3 % of the %2 full "
                               "fine-tuning trains (counted)"),
             {count(params), count(baseParams),
              num(100.0 * static_cast<double>(params) / static_cast<double>(baseParams), 2)}));
  } else {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "trainable parameters not recorded")));
  }
  if (stateMeasurable) {
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; optimizer state %1 MiB vs %2 MiB, %3x (measured)"),
             {mebibytes(state), mebibytes(baseState),
              num(static_cast<double>(state) / static_cast<double>(baseState), 3)}));
  } else {
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "; optimizer state not measurable here (not measured live on the same device)")));
  }
  if (v.speedMeasurable && v.speedup > 0)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; step time %1x the baseline's"),
                     {num(1.0 / v.speedup, 2)}));
  else
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; speed not measurable here")));
  s.push_back(text("; "));
  if (!v.baselineLearned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "accuracy inconclusive: ")));
    s.push_back(baselineNotLearnedText(v));
    return;
  }
  v.judgement = learningJudgement(v);
  addLearningText(v, c.options, s);
}

}  // namespace

const Judge& loraJudge() {
  static const Judge j{EvidenceStory::LoraExperiment, Stage::AnyBaseline, nullptr, &tell};
  return j;
}

}  // namespace precisionlab::judges
