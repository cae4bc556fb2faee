// The lab's conclusion (core/LabConclusion.h): each sentence from one verdict's judgement and
// figures, never written in advance.
#include "core/LabConclusion.h"

#include "core/ScenarioTable.h"
#include "core/Translatable.h"

namespace precisionlab {

namespace {

using Arg = VerdictText::Arg;
Arg word(std::string t) { return Arg{std::move(t), 0, -1, 'f'}; }
Arg num(double v, int precision) { return Arg{std::string(), v, precision, 'f'}; }

// "%1" is the option's title; `key` says whether it is the question's answer.
VerdictText optionSentence(const ScenarioSpec& row, const Verdict& v) {
  const Arg title = word(row.title);
  switch (v.judgement) {
    case Judgement::Failed:
      return {PL_TRANSLATE_NOOP("Verdict", "%1 failed (%2)."), {title, word(v.failureCause)}};
    case Judgement::Identical:
      return {PL_TRANSLATE_NOOP("Verdict", "%1 changed nothing: bit-identical to fp32."), {title}};
    case Judgement::LearnsLikeBaseline:
      if (row.isSweep)
        return {PL_TRANSLATE_NOOP("Verdict",
                                  "%1 ran %2 fp32 trials, %3x the training, and never changed "
                                  "precision."),
                {title, num(v.value("trials"), 0), num(v.value("sampleMultiple"), 1)}};
      return {row.correct ? PL_TRANSLATE_NOOP("Verdict", "%1, the answer, learned like fp32.")
                          : PL_TRANSLATE_NOOP("Verdict", "%1 learned like fp32."),
              {title}};
    case Judgement::Stalled:
    case Judgement::Differs:
      if (row.isSweep)
        return {PL_TRANSLATE_NOOP("Verdict",
                                  "%1 ran %2 fp32 trials, %3x the training; none learned like "
                                  "the baseline."),
                {title, num(v.value("trials"), 0), num(v.value("sampleMultiple"), 1)}};
      return {PL_TRANSLATE_NOOP("Verdict", "%1 did not learn like fp32."), {title}};
    case Judgement::TooShort:
      return {PL_TRANSLATE_NOOP("Verdict", "%1: too short to judge."), {title}};
    case Judgement::Inconclusive:
    case Judgement::Reference:
    case Judgement::BaselineDidNotLearn:
      break;
  }
  return {PL_TRANSLATE_NOOP("Verdict", "%1: inconclusive."), {title}};
}

}  // namespace

std::vector<VerdictText> labConclusion(const std::vector<Verdict>& verdicts,
                                       const SpeedStory* speed) {
  std::vector<VerdictText> out;
  const Verdict* base = findVerdict(verdicts, baselineScenario().id);
  if (!base) return out;
  if (base->judgement == Judgement::BaselineDidNotLearn) {
    out.push_back({PL_TRANSLATE_NOOP("Verdict",
                                     "Inconclusive: the fp32 baseline did not learn, so no option "
                                     "can be judged; run longer or with a larger learning rate."),
                   {}});
    return out;
  }
  if (base->judgement == Judgement::TooShort) {
    out.push_back(
        {PL_TRANSLATE_NOOP("Verdict", "Too short to judge: the fp32 baseline did not finish."),
         {}});
    return out;
  }
  for (const ScenarioSpec& row : scenarioTable()) {
    if (row.optionText.empty()) continue;
    if (const Verdict* v = findVerdict(verdicts, row.id)) out.push_back(optionSentence(row, *v));
  }
  if (speed && !out.empty()) {
    out.push_back(speed->conclusion);
    if (!speed->memoryConclusion.text.empty()) out.push_back(speed->memoryConclusion);
  }
  return out;
}

}  // namespace precisionlab
