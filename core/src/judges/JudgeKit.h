// What the judges (Judges.h) and computeVerdict share: the verdict text's argument helpers, the
// learning and speed sentences, the baseline-did-not-learn sentence, and figures.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/Translatable.h"
#include "core/Verdict.h"

namespace precisionlab::judges {

using Arg = VerdictText::Arg;
inline Arg num(double v, int precision, char style = 'f') {
  return Arg{std::string(), v, precision, style};
}
inline Arg count(int64_t n) { return num(static_cast<double>(n), 0); }
inline Arg word(std::string t) { return Arg{std::move(t), 0, -1, 'f'}; }
inline VerdictText text(const char* t, std::vector<Arg> args = {}) {
  return VerdictText{t, std::move(args)};
}

// A figure for verdicts.json and the front ends (Verdict::figures).
void figure(Verdict& v, const char* key, double value, const char* unit = "",
            bool measurable = true);
void figureText(Verdict& v, const char* key, std::string value);

// The baseline is still training and has not been evaluated yet: whether it learns is unknown.
bool baselinePending(const RunLog& baseline);
bool bitEqual(double a, double b);  // the same bits (a NaN equals only the same NaN)
int64_t peakBytes(const RunLog& run);

// Learned like the baseline, stalled, or differs: the judgement of a run judged on its learning.
Judgement learningJudgement(const Verdict& v);
// "learned like the baseline (val acc ...)", "stalled: ...", "did not learn like ...".
void addLearningText(const Verdict& v, const VerdictOptions& o, std::vector<VerdictText>& out);
// "1.42x speed (p25-p75 ...)", ", 0.61x memory", or why speed is not measurable here.
void addSpeedText(const Verdict& v, std::vector<VerdictText>& out);
// "; step time 1.31x the baseline's, samples/s 0.76x (p25-p75 ...)" or why not measurable.
void addStepTimeText(const Verdict& v, std::vector<VerdictText>& out);
// "; peak memory 0.62x the baseline's, lower (measured)" or why not measurable.
void addPeakMemoryText(const Verdict& v, std::vector<VerdictText>& out);
// "the baseline did not learn (val acc ... against a chance level of ...)".
VerdictText baselineNotLearnedText(const Verdict& v);

// "too short to judge: fp16=True cancelled after 12 of 60 steps", "... ran 8 steps, ...".
VerdictText tooShortText(const RunLog& r, const VerdictOptions& o);

// Every step both runs have: how many, how many bit-equal, the largest relative loss gap, and
// whether every compared loss was finite.
struct StepwiseLoss {
  int64_t compared = 0, bitEqual = 0;
  double maxRelativeGap = 0;
  bool allFinite = true;
};
StepwiseLoss compareLossByStep(const RunLog& run, const RunLog& base);
// The largest absolute loss difference over the steps both runs have (finite losses only).
double maxAbsLossGap(const RunLog& run, const RunLog& base);

}  // namespace precisionlab::judges
