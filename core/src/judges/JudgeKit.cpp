#include "judges/JudgeKit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

namespace precisionlab::judges {

void figure(Verdict& v, const char* key, double value, const char* unit, bool measurable) {
  v.setFigure(VerdictFigure{key, value, unit, measurable, std::string()});
}

void figureText(Verdict& v, const char* key, std::string value) {
  v.setFigure(VerdictFigure{key, 0, "", true, std::move(value)});
}

bool bitEqual(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

int64_t peakBytes(const RunLog& run) {
  int64_t p = 0;
  for (const auto& s : run.steps) p = std::max(p, s.peakBytes);
  return p;
}

Judgement learningJudgement(const Verdict& v) {
  return v.learned ? Judgement::LearnsLikeBaseline
                   : (v.stalled ? Judgement::Stalled : Judgement::Differs);
}

void addLearningText(const Verdict& v, const VerdictOptions& o, std::vector<VerdictText>& out) {
  if (!v.hasEval) {
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict", "no validation result")));
    return;
  }
  std::vector<Arg> acc = {num(v.valAccuracy, 3), num(v.baselineValAccuracy, 3), num(v.valLoss, 3),
                          num(v.baselineValLoss, 3), count(v.evalStep)};
  if (v.learned) {
    acc.push_back(num(o.accuracyTolerance, 2));
    acc.push_back(num(o.valLossTolerance, 2));
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                         "learned like the baseline (val acc %1 vs %2, val loss %3 "
                                         "vs %4 at step %5; within %6 validation accuracy and %7 "
                                         "validation loss of fp32)"),
                       acc));
  } else if (v.stalled) {
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                         "stalled: its training loss did not fall while the "
                                         "baseline's did (val acc %1 vs %2, val loss %3 vs %4 at "
                                         "step %5)"),
                       acc));
  } else {
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                         "did not learn like the baseline (val acc %1 "
                                         "vs %2, val loss %3 vs %4 at step %5)"),
                       acc));
  }
}

namespace {
VerdictText speedNotMeasurableText(const Verdict& v) {
  return v.timedApart
             ? text(PL_TRANSLATE_NOOP("Verdict",
                                      "speed not comparable: the baseline was timed at another "
                                      "time, under other load; run both together to compare"))
             : text(PL_TRANSLATE_NOOP("Verdict",
                                      "speed not measurable here (emulated numerics, or not "
                                      "measured on the same device)"));
}
}  // namespace

void addSpeedText(const Verdict& v, std::vector<VerdictText>& out) {
  if (!v.speedMeasurable) {
    out.push_back(speedNotMeasurableText(v));
    return;
  }
  const std::vector<Arg> args = {num(v.speedup, 2), num(v.speedupLow, 2), num(v.speedupHigh, 2)};
  out.push_back(v.cpuTime ? text(PL_TRANSLATE_NOOP("Verdict",
                                                   "%1x speed (p25-p75 %2-%3x, CPU time per step)"),
                                 args)
                          : text(PL_TRANSLATE_NOOP("Verdict", "%1x speed (p25-p75 %2-%3x)"), args));
  if (v.memoryMeasurable)
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", %1x memory"), {num(v.memoryRatio, 2)}));
}

void addStepTimeText(const Verdict& v, std::vector<VerdictText>& out) {
  if (!v.speedMeasurable || v.speedup <= 0) {
    if (v.timedApart) {
      out.push_back(text("; "));
      out.push_back(speedNotMeasurableText(v));
    } else {
      out.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; speed not measurable here")));
    }
    return;
  }
  const std::vector<Arg> t = {num(1.0 / v.speedup, 2), num(v.speedup, 2), num(v.speedupLow, 2),
                              num(v.speedupHigh, 2)};
  out.push_back(v.cpuTime ? text(PL_TRANSLATE_NOOP("Verdict",
                                                   "; step time %1x the baseline's, samples/s "
                                                   "%2x (p25-p75 %3-%4x, CPU time per step)"),
                                 t)
                          : text(PL_TRANSLATE_NOOP("Verdict",
                                                   "; step time %1x the baseline's, samples/s "
                                                   "%2x (p25-p75 %3-%4x)"),
                                 t));
}

void addPeakMemoryText(const Verdict& v, std::vector<VerdictText>& out) {
  if (!v.memoryMeasurable) {
    out.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict", "; memory not measurable here (not measured live on the same device)")));
    return;
  }
  out.push_back(
      v.memoryRatio < 1.0
          ? text(PL_TRANSLATE_NOOP("Verdict", "; peak memory %1x the baseline's, lower (measured)"),
                 {num(v.memoryRatio, 2)})
          : text(PL_TRANSLATE_NOOP("Verdict",
                                   "; peak memory %1x the baseline's, NOT lower "
                                   "(measured)"),
                 {num(v.memoryRatio, 2)}));
}

VerdictText baselineNotLearnedText(const Verdict& v) {
  const std::vector<Arg> args = {num(v.baselineValAccuracy, 3), num(v.chanceAccuracy, 3),
                                 num(std::fabs(v.baselineLossDrop), 3)};
  return v.baselineLossDrop < 0
             ? text(PL_TRANSLATE_NOOP("Verdict",
                                      "the baseline did not learn (val acc %1 against a chance "
                                      "level of %2; training loss rose by %3)"),
                    args)
             : text(PL_TRANSLATE_NOOP("Verdict",
                                      "the baseline did not learn (val acc %1 against a chance "
                                      "level of %2; training loss fell by %3)"),
                    args);
}

bool baselinePending(const RunLog& baseline) { return baseline.active() && baseline.evals.empty(); }

// "too short to judge: fp16=True cancelled after 12 of 60 steps" or "... ran 8 steps, a verdict
// needs at least 20".
VerdictText tooShortText(const RunLog& r, const VerdictOptions& o) {
  return r.state == RunState::Cancelled
             ? text(PL_TRANSLATE_NOOP("Verdict",
                                      "too short to judge: %1 cancelled after %2 of %3 steps"),
                    {word(r.label), count(r.stepsDone()), count(r.totalSteps)})
             : text(r.stepsDone() == 1
                        ? PL_TRANSLATE_NOOP("Verdict",
                                            "too short to judge: %1 ran %2 step, a verdict needs "
                                            "at least %3")
                        : PL_TRANSLATE_NOOP("Verdict",
                                            "too short to judge: %1 ran %2 steps, a verdict needs "
                                            "at least %3"),
                    {word(r.label), count(r.stepsDone()), count(o.minSteps)});
}

StepwiseLoss compareLossByStep(const RunLog& run, const RunLog& base) {
  StepwiseLoss out;
  std::map<int64_t, double> baseLoss;
  for (const auto& st : base.steps) baseLoss[st.step] = st.loss;
  for (const auto& st : run.steps) {
    auto it = baseLoss.find(st.step);
    if (it == baseLoss.end()) continue;
    ++out.compared;
    if (bitEqual(st.loss, it->second)) {
      ++out.bitEqual;
      continue;
    }
    if (!std::isfinite(st.loss) || !std::isfinite(it->second)) {
      out.allFinite = false;
      continue;
    }
    const double gap = std::abs(st.loss - it->second) / std::max(std::abs(it->second), 1e-30);
    out.maxRelativeGap = std::max(out.maxRelativeGap, gap);
  }
  return out;
}

double maxAbsLossGap(const RunLog& run, const RunLog& base) {
  double gap = 0;
  size_t j = 0;
  for (const StepRecord& s : run.steps) {
    while (j < base.steps.size() && base.steps[j].step < s.step) ++j;
    if (j < base.steps.size() && base.steps[j].step == s.step && std::isfinite(s.loss) &&
        std::isfinite(base.steps[j].loss))
      gap = std::max(gap, std::abs(s.loss - base.steps[j].loss));
  }
  return gap;
}

}  // namespace precisionlab::judges
