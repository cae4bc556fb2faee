// The range experiment: an outlier channel whose activations exceed fp16's 65504 while staying
// far inside bf16's range. The claim is about the format, not the optimiser: a run that stored
// them in fp16 overflows in the forward pass (non-finite loss, skipped steps, a scale that falls
// without helping); one that stored them in bf16 trains like the fp32 baseline, which computes
// the same values without the outlier (powers of two scale exactly). Judged before the failure
// rules: an overflow a GradScaler keeps skipping is this judge's finding, counted. Figures:
// format (what the forward pass stored), outlierScaleLog2, overflowed, skippedSteps,
// nonFiniteLossSteps, stepsJudged, initialLossScale.
#include <cmath>
#include <string>

#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

// The format a precision's forward pass stores activations in, and its largest finite value.
const char* storedFormat(Precision p) {
  switch (p) {
    case Precision::Fp16Amp:
    case Precision::HalfModel:
    case Precision::Fp16AmpNoScaler:
      return "fp16";
    case Precision::Bf16Amp:
      return "bf16";
    case Precision::Fp32:
      break;
  }
  return "fp32";
}
double largestFinite(Precision p) {
  const std::string f = storedFormat(p);
  if (f == "fp16") return 65504.0;
  if (f == "bf16") return 3.3895313892515355e38;  // (2 - 2^-7) * 2^127
  return 3.4028234663852886e38;                   // FLT_MAX
}

// How the run's numbers were obtained, as a word inside its verdict: live, emulated (fp16
// numerics rounded on fp32 kernels), or recorded (and how the recording was measured).
VerdictText provenanceWord(const RunProvenance& p) {
  const Provenance kind = p.kind == Provenance::Recorded ? p.recordedKind : p.kind;
  const bool recorded = p.kind == Provenance::Recorded;
  if (kind == Provenance::Emulated)
    return recorded ? text(PL_TRANSLATE_NOOP("Verdict", "recorded, emulated fp16 numerics"))
                    : text(PL_TRANSLATE_NOOP("Verdict", "emulated fp16 numerics"));
  return recorded ? text(PL_TRANSLATE_NOOP("Verdict", "recorded live"))
                  : text(PL_TRANSLATE_NOOP("Verdict", "live"));
}

void tellOverflow(const Context& c, Verdict& v, std::vector<VerdictText>& s, const Arg& format,
                  const Arg& scale, const VerdictText& how) {
  v.judgement = Judgement::Failed;
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "%1 overflowed ("), {format}));
  s.push_back(how);
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                     "): %1 of %2 steps skipped, loss non-finite at %3 of %2 "
                                     "steps (first at step %4)"),
                   {count(v.skippedSteps), count(v.stepsJudged),
                    count(v.count("nonFiniteLossSteps")), count(v.firstNonFiniteStep)}));
  if (v.skippedSteps > 0)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; the loss scale fell from %1 to %2"),
                     {num(v.value("initialLossScale"), 6, 'g'), num(v.finalLossScale, 3, 'g')}));
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                     "; an outlier channel at 2^%1 times its value exceeds "
                                     "%2's largest finite value (%3) in the forward pass, "
                                     "where loss scaling and gradient clipping do not reach"),
                   {scale, format, num(largestFinite(c.run.config.precision), 6, 'g')}));
}

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const RunLog& run = c.run;
  int64_t nonFiniteLoss = 0;
  for (const auto& st : run.steps)
    if (!std::isfinite(st.loss)) ++nonFiniteLoss;
  const bool overflowed = nonFiniteLoss > 0 || v.skippedSteps > 0;
  figureText(v, "format", storedFormat(run.config.precision));
  figure(v, "outlierScaleLog2", static_cast<double>(run.config.outlierScaleLog2), "log2");
  figure(v, "overflowed", overflowed, "bool");
  figure(v, "skippedSteps", static_cast<double>(v.skippedSteps));
  figure(v, "nonFiniteLossSteps", static_cast<double>(nonFiniteLoss));
  figure(v, "stepsJudged", static_cast<double>(v.stepsJudged));
  figure(v, "initialLossScale", run.steps.empty() ? 1.0 : run.steps.front().lossScale);
  const Arg format = word(v.word("format"));
  const Arg scale = count(run.config.outlierScaleLog2);
  const Arg total = count(v.stepsJudged);
  // Each figure says how it was obtained (live, emulated, recorded): its own part, so the UI
  // translates it like every other template.
  const VerdictText how = provenanceWord(run.provenance);
  if (overflowed) {
    tellOverflow(c, v, s, format, scale, how);
    return;
  }
  if (v.baselineLearned && v.learned) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "%1 trained like fp32 ("), {format}));
    s.push_back(how);
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "): loss finite at all %1 steps, none skipped, with an "
                                       "outlier channel at 2^%2 times its value; "),
                     {total, scale}));
  } else {
    s.push_back(text(v.baselineLearned
                         ? PL_TRANSLATE_NOOP("Verdict",
                                             "%1 held the outlier channel at 2^%2 times its "
                                             "value (")
                         : PL_TRANSLATE_NOOP("Verdict",
                                             "inconclusive: %1 held the outlier channel at 2^%2 "
                                             "times its value ("),
                     {format, scale}));
    s.push_back(how);
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; loss finite at all %1 steps, none skipped), but "),
             {total}));
  }
  if (!v.baselineLearned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(baselineNotLearnedText(v));
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", run longer")));
    return;
  }
  v.judgement = learningJudgement(v);
  addLearningText(v, c.options, s);
  if (v.maxLossDivergence > 0)
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; largest per-step training-loss gap to fp32 %1"),
             {num(v.maxLossDivergence, 3, 'g')}));
}

}  // namespace

const Judge& rangeJudge() {
  static const Judge j{EvidenceStory::RangeExperiment, Stage::OwnsFailures, nullptr, &tell,
                       /*tellsLossScale=*/true};
  return j;
}

}  // namespace precisionlab::judges
