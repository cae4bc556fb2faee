#include "judges/ResumedCurve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "judges/JudgeKit.h"

namespace precisionlab::judges {

const std::vector<StepRecord>& KillAndResumeRuns::steps(const RunLog* r) const {
  static const std::vector<StepRecord> none;
  return r ? r->steps : none;
}

KillAndResumeRuns killAndResumeRuns(const MeasuredScenario& scenario) {
  KillAndResumeRuns r;
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

namespace {

// max |loss - uninterrupted loss| over the steps the verdict compares: the killed run's up to
// the checkpoint, then the resumed run's.
double maxAbsLossDiff(const KillAndResumeRuns& runs) {
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

}  // namespace

ResumedCurve compareResumedCurve(const KillAndResumeRuns& runs, double tolerance) {
  ResumedCurve c;
  const std::vector<StepRecord>& killed = runs.steps(runs.killed);
  const std::vector<StepRecord>& uninterrupted = runs.steps(runs.uninterrupted);
  for (const StepRecord& r : killed)
    if (r.step > runs.checkpointStep) {
      ++c.lostSteps;
      c.lostMs += r.stepMs;
    }
  c.maxAbsLossDiff = maxAbsLossDiff(runs);
  std::vector<const StepRecord*> joined;
  for (const auto& r : killed)
    if (r.step <= runs.checkpointStep) joined.push_back(&r);
  for (const auto& r : runs.steps(runs.resumed)) joined.push_back(&r);
  c.aligned = runs.totalSteps > 0 && int64_t(joined.size()) == runs.totalSteps &&
              int64_t(uninterrupted.size()) == runs.totalSteps;
  for (size_t i = 0; c.aligned && i < joined.size(); ++i)
    c.aligned = joined[i]->step == int64_t(i) + 1 && uninterrupted[i].step == int64_t(i) + 1;
  if (!c.aligned) return c;
  for (size_t i = 0; i < joined.size(); ++i) {
    const double a = joined[i]->loss, b = uninterrupted[i].loss;
    ++c.compared;
    if (a == b) {
      ++c.bitEqual;
      continue;
    }
    const double gap = std::isfinite(a) && std::isfinite(b)
                           ? std::fabs(a - b) / std::max(std::fabs(b), 1e-30)
                           : std::numeric_limits<double>::infinity();
    c.maxRelativeLossGap = std::max(c.maxRelativeLossGap, gap);
    if (gap > tolerance && c.firstDifferentStep == 0) c.firstDifferentStep = joined[i]->step;
  }
  return c;
}

void curveFigures(Verdict& v, const KillAndResumeRuns& runs, const ResumedCurve& curve,
                  bool compared) {
  figure(v, "checkpointStep", static_cast<double>(runs.checkpointStep));
  figure(v, "lostSteps", static_cast<double>(curve.lostSteps));
  figure(v, "lostMs", curve.lostMs, "ms");
  figure(v, "comparedSteps", static_cast<double>(compared ? curve.compared : 0));
  figure(v, "bitEqualSteps", static_cast<double>(compared ? curve.bitEqual : 0));
  figure(v, "firstDifferentStep", static_cast<double>(compared ? curve.firstDifferentStep : 0));
  figure(v, "maxRelativeLossGap", compared ? curve.maxRelativeLossGap : 0);
  figure(v, "maxAbsLossDiff", curve.maxAbsLossDiff);
  figure(v, "failedRun", static_cast<double>(runs.failedRun));
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

}  // namespace precisionlab::judges
