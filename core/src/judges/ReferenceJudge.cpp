// The fp32 baseline's own verdict (the Reference story): its step time, its validation, and
// whether it learned, which every other verdict stands on.
#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

// The baseline's own verdict: its step time, its validation, whether it learned.
void tellBaseline(const RunLog& baseline, bool baseShort, const VerdictOptions& o, Verdict& v) {
  std::vector<VerdictText>& s = v.summaryParts;
  const std::vector<Arg> times = {num(v.medianStepMs, 1), num(v.p25StepMs, 1), num(v.p75StepMs, 1)};
  if (baseShort) {
    v.judgement = Judgement::TooShort;
    s.push_back(tooShortText(baseline, o));
    s.push_back(text("; "));
  } else if (baselinePending(baseline)) {
    v.judgement = Judgement::TooShort;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "not evaluated yet; ")));
  } else {
    v.judgement = v.baselineLearned ? Judgement::Reference : Judgement::BaselineDidNotLearn;
  }
  s.push_back(
      v.cpuTime ? text(PL_TRANSLATE_NOOP("Verdict",
                                         "reference: median %1 ms/step of CPU "
                                         "time (p25-p75 %2-%3)"),
                       times)
                : text(PL_TRANSLATE_NOOP("Verdict", "reference: median %1 ms/step (p25-p75 %2-%3)"),
                       times));
  if (v.hasEval)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", val acc %1, val loss %2"),
                     {num(v.valAccuracy, 3), num(v.valLoss, 3)}));
  if (v.chanceAccuracy > 0)
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", " (chance accuracy %1)"), {num(v.chanceAccuracy, 3)}));
  if (v.judgement == Judgement::BaselineDidNotLearn) {
    s.push_back(text("; "));
    s.push_back(baselineNotLearnedText(v));
    v.notes.push_back(
        text(PL_TRANSLATE_NOOP("Verdict",
                               "The baseline did not learn: every other verdict is "
                               "inconclusive. Run longer (--steps) or with a larger learning "
                               "rate before reading them.")));
  }
}

}  // namespace precisionlab::judges
