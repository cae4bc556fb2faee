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
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

// The three runs as the judge reads them.
struct PreemptionRuns {
  const RunLog* uninterrupted = nullptr;
  const RunLog* killed = nullptr;
  const RunLog* resumed = nullptr;
  int64_t totalSteps = 0;      // the runs' config.steps
  int64_t checkpointStep = 0;  // the checkpoint the resume started from (0 = none)
  // The earliest run that ended in an error (the runs after it were never started), None when
  // none did; `failure` is its cause as the run reported it.
  RunRole failedRun = RunRole::None;
  std::string failure;

  const std::vector<StepRecord>& steps(const RunLog* r) const {
    static const std::vector<StepRecord> none;
    return r ? r->steps : none;
  }
  bool finished(const RunLog* r) const { return r && r->state == RunState::Finished; }
};

PreemptionRuns runsOf(const MeasuredScenario& scenario) {
  PreemptionRuns r;
  for (const RunLog& run : scenario.runs) {
    if (run.role == RunRole::Uninterrupted) {
      r.uninterrupted = &run;
      r.totalSteps = run.config.steps;
    } else if (run.role == RunRole::Killed) {
      r.killed = &run;
    } else if (run.role == RunRole::Resumed) {
      r.resumed = &run;
      r.checkpointStep = run.resumedStep;
    }
    if (run.role != RunRole::None && run.state == RunState::Failed &&
        (r.failedRun == RunRole::None || run.role < r.failedRun)) {
      r.failedRun = run.role;
      r.failure = run.message;
    }
  }
  return r;
}

// max |loss - uninterrupted loss| over the steps the verdict compares: the killed run's up to
// the checkpoint, then the resumed run's.
double maxAbsLossDiff(const PreemptionRuns& runs) {
  double worst = 0;
  auto compare = [&](const StepRecord& s) {
    for (const StepRecord& u : runs.steps(runs.uninterrupted))
      if (u.step == s.step) {
        const double d = std::fabs(s.loss - u.loss);
        worst = std::isfinite(d) ? std::max(worst, d) : d;
        return;
      }
  };
  for (const StepRecord& s : runs.steps(runs.killed))
    if (s.step <= runs.checkpointStep) compare(s);
  for (const StepRecord& s : runs.steps(runs.resumed)) compare(s);
  return worst;
}

VerdictText failedText(const PreemptionRuns& runs) {
  const Arg cause = word(runs.failure.empty() ? std::string("no cause reported") : runs.failure);
  if (runs.failedRun == RunRole::Resumed)
    return text(PL_TRANSLATE_NOOP("Verdict", "the resume failed: %1"), {cause});
  if (runs.failedRun == RunRole::Killed)
    return text(PL_TRANSLATE_NOOP("Verdict", "the run to be killed failed before its kill: %1"),
                {cause});
  return text(PL_TRANSLATE_NOOP("Verdict", "the uninterrupted run failed: %1"), {cause});
}

VerdictText lostWorkText(int64_t lostSteps, int64_t checkpointStep, double lostMs) {
  if (lostSteps == 1)
    return text(PL_TRANSLATE_NOOP("Verdict",
                                  "; lost work: 1 step since checkpoint-%1 (%2 ms measured), "
                                  "done again"),
                {count(checkpointStep), num(lostMs, 0)});
  return text(PL_TRANSLATE_NOOP("Verdict",
                                "; lost work: %1 steps since checkpoint-%2 (%3 ms measured), "
                                "done again"),
              {count(lostSteps), count(checkpointStep), num(lostMs, 0)});
}

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const PreemptionRuns runs = runsOf(c.scenario);
  const std::vector<StepRecord>& killed = runs.steps(runs.killed);
  const std::vector<StepRecord>& uninterrupted = runs.steps(runs.uninterrupted);
  const std::vector<StepRecord>& resumed = runs.steps(runs.resumed);
  if (runs.resumed) v.label = runs.resumed->label;
  int64_t lostSteps = 0, comparedSteps = 0, bitEqualSteps = 0, firstDifferentStep = 0;
  double lostMs = 0, maxRelativeLossGap = 0;
  for (const StepRecord& r : killed)
    if (r.step > runs.checkpointStep) {
      ++lostSteps;
      lostMs += r.stepMs;
    }
  // The figures whatever the judgement (the ones a judgement does not reach stay 0).
  auto figures = [&] {
    figure(v, "checkpointStep", static_cast<double>(runs.checkpointStep));
    figure(v, "killedAfterStep", static_cast<double>(killed.empty() ? 0 : killed.back().step));
    figure(v, "lostSteps", static_cast<double>(lostSteps));
    figure(v, "lostMs", lostMs, "ms");
    figure(v, "comparedSteps", static_cast<double>(comparedSteps));
    figure(v, "bitEqualSteps", static_cast<double>(bitEqualSteps));
    figure(v, "firstDifferentStep", static_cast<double>(firstDifferentStep));
    figure(v, "maxRelativeLossGap", maxRelativeLossGap);
    figure(v, "maxAbsLossDiff", maxAbsLossDiff(runs));
    figure(v, "failedRun", static_cast<double>(runs.failedRun));
  };
  // A run that ended in an error is the experiment's failure, with its cause: a child that could
  // not write its checkpoint read "killed before its first checkpoint" though nothing was killed.
  if (runs.failedRun != RunRole::None) {
    v.judgement = Judgement::Failed;
    s.push_back(failedText(runs));
    figures();
    return;
  }
  if (!runs.finished(runs.uninterrupted) || !runs.finished(runs.resumed) ||
      runs.checkpointStep <= 0 || runs.totalSteps < c.options.minSteps ||
      int64_t(uninterrupted.size()) != runs.totalSteps) {
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
    figures();
    return;
  }
  // The killed run's steps up to the checkpoint, then the resumed run's, must be steps
  // 1..totalSteps in order: anything else cannot be compared step by step.
  std::vector<const StepRecord*> joined;
  for (const auto& r : killed)
    if (r.step <= runs.checkpointStep) joined.push_back(&r);
  for (const auto& r : resumed) joined.push_back(&r);
  bool aligned = int64_t(joined.size()) == runs.totalSteps;
  for (size_t i = 0; aligned && i < joined.size(); ++i)
    aligned = joined[i]->step == int64_t(i) + 1 && uninterrupted[i].step == int64_t(i) + 1;
  if (!aligned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "inconclusive: the killed and resumed runs' steps are not "
                                       "1..%1 in order, so they cannot be compared"),
                     {count(runs.totalSteps)}));
    figures();
    return;
  }
  const double tolerance = c.options.resumeTolerance;
  for (size_t i = 0; i < joined.size(); ++i) {
    const double a = joined[i]->loss, b = uninterrupted[i].loss;
    ++comparedSteps;
    if (a == b) {
      ++bitEqualSteps;
      continue;
    }
    const double gap = std::isfinite(a) && std::isfinite(b)
                           ? std::fabs(a - b) / std::max(std::fabs(b), 1e-30)
                           : std::numeric_limits<double>::infinity();
    maxRelativeLossGap = std::max(maxRelativeLossGap, gap);
    if (gap > tolerance && firstDifferentStep == 0) firstDifferentStep = joined[i]->step;
  }
  if (bitEqualSteps == comparedSteps) {
    v.judgement = Judgement::Identical;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the resumed curve equals the uninterrupted one: %1 steps "
                                       "bit-equal"),
                     {count(comparedSteps)}));
  } else if (firstDifferentStep == 0) {
    v.judgement = Judgement::LearnsLikeBaseline;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the resumed curve continues the uninterrupted one within "
                                       "%1 relative (largest gap %2, %3 of %4 steps bit-equal)"),
                     {num(tolerance, 2, 'g'), num(maxRelativeLossGap, 2, 'g'), count(bitEqualSteps),
                      count(comparedSteps)}));
  } else {
    v.judgement = Judgement::Differs;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the resumed curve DIFFERS from the uninterrupted one from "
                                       "step %1 (largest relative gap %2): the checkpoint missed "
                                       "part of the run's state"),
                     {count(firstDifferentStep), num(maxRelativeLossGap, 2, 'g')}));
  }
  s.push_back(lostWorkText(lostSteps, runs.checkpointStep, lostMs));
  figures();
}

}  // namespace

const Judge& preemptionJudge() {
  static const Judge j{EvidenceStory::PreemptionResume, Stage::OwnReference, nullptr, &tell};
  return j;
}

}  // namespace precisionlab::judges
