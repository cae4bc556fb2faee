// Preemption and resume (docs/preemption-experiment.md): an uninterrupted run, the same run
// killed with SIGKILL after some steps, and its continuation from the last checkpoint the killed
// run wrote; the row's runs are their own reference (Stage::OwnReference), found by their role
// (RunLog::role, set by the run source engine/PreemptionRunner.h), never by their labels. The
// killed run up to its checkpoint and the resumed run after it are compared step by step with
// the uninterrupted run: Identical (every step's loss bit-equal), LearnsLikeBaseline (within the
// tolerance, relative), Differs (first step outside it named), TooShort (a run unfinished, no
// checkpoint before the kill, or fewer than minSteps), Inconclusive (the runs' steps do not line
// up), Failed (one of the three runs ended in an error: its cause, never blamed on the kill).
// Figures (verdicts.json): checkpointStep, killedAfterStep, lostSteps, lostMs, comparedSteps,
// bitEqualSteps, firstDifferentStep, maxRelativeLossGap, maxAbsLossDiff, failedRun (a RunRole).
#include <string>

#include "judges/JudgeKit.h"
#include "judges/Judges.h"
#include "judges/ResumedCurve.h"

namespace precisionlab::judges {

namespace {

VerdictText failedText(const KillAndResumeRuns& runs) {
  const Arg cause = word(runs.failure.empty() ? std::string("no cause reported") : runs.failure);
  if (runs.failedRun == RunRole::Resumed)
    return text(PL_TRANSLATE_NOOP("Verdict", "the resume failed: %1"), {cause});
  if (runs.failedRun == RunRole::Killed)
    return text(PL_TRANSLATE_NOOP("Verdict", "the run to be killed failed before its kill: %1"),
                {cause});
  return text(PL_TRANSLATE_NOOP("Verdict", "the uninterrupted run failed: %1"), {cause});
}

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const KillAndResumeRuns runs = killAndResumeRuns(c.scenario);
  const std::vector<StepRecord>& killed = runs.steps(runs.killed);
  if (runs.resumed) v.label = runs.resumed->label;
  const ResumedCurve curve = compareResumedCurve(runs, c.options.resumeTolerance);
  // The figures whatever the judgement (the ones a judgement does not reach stay 0).
  auto figures = [&](bool compared) {
    figure(v, "killedAfterStep", static_cast<double>(killed.empty() ? 0 : killed.back().step));
    curveFigures(v, runs, curve, compared);
  };
  // A run that ended in an error is the experiment's failure, with its cause: a child that could
  // not write its checkpoint read "killed before its first checkpoint" though nothing was killed.
  if (runs.failedRun != RunRole::None) {
    v.judgement = Judgement::Failed;
    s.push_back(failedText(runs));
    figures(false);
    return;
  }
  if (!runs.finished(runs.uninterrupted) || !runs.finished(runs.resumed) ||
      runs.checkpointStep <= 0 || runs.totalSteps < c.options.minSteps ||
      int64_t(runs.steps(runs.uninterrupted).size()) != runs.totalSteps) {
    v.judgement = Judgement::TooShort;
    // Killed before a checkpoint only when the killed run did run (its steps reported) and no
    // resume started from one; a cancelled or unfinished earlier run is not a kill.
    if (runs.checkpointStep <= 0 && !killed.empty() && runs.finished(runs.uninterrupted))
      s.push_back(text(PL_TRANSLATE_NOOP(
          "Verdict", "too short to judge: the run was killed before its first checkpoint")));
    else
      s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                         "too short to judge: a run did not finish or has fewer "
                                         "than %1 steps"),
                       {count(c.options.minSteps)}));
    figures(false);
    return;
  }
  if (!curve.aligned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "inconclusive: the killed and resumed runs' steps are not "
                                       "1..%1 in order, so they cannot be compared"),
                     {count(runs.totalSteps)}));
    figures(false);
    return;
  }
  if (curve.bitEqual == curve.compared) {
    v.judgement = Judgement::Identical;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the resumed curve equals the uninterrupted one: %1 steps "
                                       "bit-equal"),
                     {count(curve.compared)}));
  } else if (curve.firstDifferentStep == 0) {
    v.judgement = Judgement::LearnsLikeBaseline;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the resumed curve continues the uninterrupted one within "
                                       "%1 relative (largest gap %2, %3 of %4 steps bit-equal)"),
                     {num(c.options.resumeTolerance, 2, 'g'), num(curve.maxRelativeLossGap, 2, 'g'),
                      count(curve.bitEqual), count(curve.compared)}));
  } else {
    v.judgement = Judgement::Differs;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the resumed curve DIFFERS from the uninterrupted one from "
                                       "step %1 (largest relative gap %2): the checkpoint missed "
                                       "part of the run's state"),
                     {count(curve.firstDifferentStep), num(curve.maxRelativeLossGap, 2, 'g')}));
  }
  s.push_back(lostWorkText(curve.lostSteps, runs.checkpointStep, curve.lostMs));
  figures(true);
}

}  // namespace

const Judge& preemptionJudge() {
  static const Judge j{EvidenceStory::PreemptionResume, Stage::OwnReference, nullptr, &tell};
  return j;
}

}  // namespace precisionlab::judges
