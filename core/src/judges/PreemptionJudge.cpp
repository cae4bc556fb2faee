// Preemption and resume (docs/preemption-experiment.md): the killed run up to its checkpoint and
// the resumed run after it, each step against the uninterrupted run's same step. Its figures in a
// Verdict (preemptionAsVerdict) are what verdicts.json writes: checkpointStep, killedAfterStep,
// lostSteps, lostMs, comparedSteps, bitEqualSteps, firstDifferentStep, maxRelativeLossGap.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/NumberText.h"
#include "core/ScenarioIds.h"
#include "judges/JudgeKit.h"

namespace precisionlab {

// Preemption and resume: the killed run up to its checkpoint and the resumed run after it, each
// step against the uninterrupted run's same step.
PreemptionVerdict judgePreemptionResume(const PreemptionRuns& runs, const VerdictOptions& options) {
  PreemptionVerdict v;
  if (!runs.killed.empty()) v.killedAfterStep = runs.killed.back().step;
  for (const auto& r : runs.killed)
    if (r.step > runs.checkpointStep) {
      ++v.lostSteps;
      v.lostMs += r.stepMs;
    }
  const std::string lost = "lost work: " + std::to_string(v.lostSteps) + " step" +
                           (v.lostSteps == 1 ? "" : "s") + " since checkpoint-" +
                           std::to_string(runs.checkpointStep) + " (" +
                           numberText(v.lostMs, 0, 'f') + " ms measured), done again";
  // A run that ended in an error is the experiment's failure, with its cause: a child that could
  // not write its checkpoint read "killed before its first checkpoint" though nothing was killed.
  if (runs.failedRun != PreemptionRun::None) {
    v.judgement = Judgement::Failed;
    const std::string cause = runs.failure.empty() ? "no cause reported" : runs.failure;
    v.summary = runs.failedRun == PreemptionRun::Resumed ? "the resume failed: " + cause
                : runs.failedRun == PreemptionRun::Killed
                    ? "the run to be killed failed before its kill: " + cause
                    : "the uninterrupted run failed: " + cause;
    return v;
  }
  if (!runs.uninterruptedFinished || !runs.resumedFinished || runs.checkpointStep <= 0 ||
      runs.totalSteps < options.minSteps || int64_t(runs.uninterrupted.size()) != runs.totalSteps) {
    v.judgement = Judgement::TooShort;
    // Killed before a checkpoint only when the killed run did run (its steps reported) and no
    // resume started from one; a cancelled or unfinished earlier run is not a kill.
    v.summary = runs.checkpointStep <= 0 && !runs.killed.empty() && runs.uninterruptedFinished
                    ? "too short to judge: the run was killed before its first checkpoint"
                    : "too short to judge: a run did not finish or has fewer than " +
                          std::to_string(options.minSteps) + " steps";
    return v;
  }
  // The killed run's steps up to the checkpoint, then the resumed run's, must be steps
  // 1..totalSteps in order: anything else cannot be compared step by step.
  std::vector<const StepRecord*> joined;
  for (const auto& r : runs.killed)
    if (r.step <= runs.checkpointStep) joined.push_back(&r);
  for (const auto& r : runs.resumed) joined.push_back(&r);
  bool aligned = int64_t(joined.size()) == runs.totalSteps;
  for (size_t i = 0; aligned && i < joined.size(); ++i)
    aligned = joined[i]->step == int64_t(i) + 1 && runs.uninterrupted[i].step == int64_t(i) + 1;
  if (!aligned) {
    v.judgement = Judgement::Inconclusive;
    v.summary = "inconclusive: the killed and resumed runs' steps are not 1.." +
                std::to_string(runs.totalSteps) + " in order, so they cannot be compared";
    return v;
  }
  for (size_t i = 0; i < joined.size(); ++i) {
    const double a = joined[i]->loss, b = runs.uninterrupted[i].loss;
    ++v.comparedSteps;
    if (a == b) {
      ++v.bitEqualSteps;
      continue;
    }
    const double gap = std::isfinite(a) && std::isfinite(b)
                           ? std::fabs(a - b) / std::max(std::fabs(b), 1e-30)
                           : std::numeric_limits<double>::infinity();
    v.maxRelativeLossGap = std::max(v.maxRelativeLossGap, gap);
    if (gap > runs.tolerance && v.firstDifferentStep == 0) v.firstDifferentStep = joined[i]->step;
  }
  const std::string steps = std::to_string(v.comparedSteps) + " steps";
  if (v.bitEqualSteps == v.comparedSteps) {
    v.judgement = Judgement::Identical;
    v.summary = "the resumed curve equals the uninterrupted one: " + steps + " bit-equal; " + lost;
  } else if (v.firstDifferentStep == 0) {
    v.judgement = Judgement::LearnsLikeBaseline;
    v.summary = "the resumed curve continues the uninterrupted one within " +
                numberText(runs.tolerance, 2, 'g') + " relative (largest gap " +
                numberText(v.maxRelativeLossGap, 2, 'g') + ", " + std::to_string(v.bitEqualSteps) +
                " of " + steps + " bit-equal); " + lost;
  } else {
    v.judgement = Judgement::Differs;
    v.summary = "the resumed curve DIFFERS from the uninterrupted one from step " +
                std::to_string(v.firstDifferentStep) + " (largest relative gap " +
                numberText(v.maxRelativeLossGap, 2, 'g') +
                "): the checkpoint missed part of the run's state; " + lost;
  }
  return v;
}

// max |loss - uninterrupted loss| over the steps the verdict compares: the killed run's up to
// the checkpoint, then the resumed run's.
namespace {
double maxAbsLossDiff(const PreemptionRuns& runs) {
  double worst = 0;
  auto compare = [&](const StepRecord& s) {
    for (const StepRecord& u : runs.uninterrupted)
      if (u.step == s.step) {
        const double d = std::fabs(s.loss - u.loss);
        worst = std::isfinite(d) ? std::max(worst, d) : d;
        return;
      }
  };
  for (const StepRecord& s : runs.killed)
    if (s.step <= runs.checkpointStep) compare(s);
  for (const StepRecord& s : runs.resumed) compare(s);
  return worst;
}
}  // namespace

Verdict preemptionAsVerdict(const PreemptionVerdict& p, const PreemptionRuns& runs) {
  Verdict v;
  v.scenarioId = std::string(scenario::kPreemptionResume);
  v.judgement = p.judgement;
  v.judgedAs = EvidenceStory::PreemptionResume;
  v.provenance = Provenance::Live;
  v.summary = p.summary;
  v.summaryParts.push_back(VerdictText{p.summary, {}});
  using judges::figure;
  figure(v, "checkpointStep", static_cast<double>(runs.checkpointStep));
  figure(v, "killedAfterStep", static_cast<double>(p.killedAfterStep));
  figure(v, "lostSteps", static_cast<double>(p.lostSteps));
  figure(v, "lostMs", p.lostMs, "ms");
  figure(v, "comparedSteps", static_cast<double>(p.comparedSteps));
  figure(v, "bitEqualSteps", static_cast<double>(p.bitEqualSteps));
  figure(v, "firstDifferentStep", static_cast<double>(p.firstDifferentStep));
  figure(v, "maxRelativeLossGap", p.maxRelativeLossGap);
  figure(v, "maxAbsLossDiff", maxAbsLossDiff(runs));
  figure(v, "failedRun", static_cast<double>(runs.failedRun));
  return v;
}

PreemptionRuns preemptionRunsOf(const MeasuredScenario& scenario) {
  PreemptionRuns r;
  for (const RunLog& run : scenario.runs) {
    PreemptionRun role = PreemptionRun::None;
    if (run.label == kUninterruptedRunLabel) {
      role = PreemptionRun::Uninterrupted;
      r.uninterrupted = run.steps;
      r.uninterruptedFinished = run.state == RunState::Finished;
      r.totalSteps = run.config.steps;
    } else if (run.label == kKilledRunLabel) {
      role = PreemptionRun::Killed;
      r.killed = run.steps;
    } else if (run.label == kResumedRunLabel) {
      role = PreemptionRun::Resumed;
      r.resumed = run.steps;
      r.resumedFinished = run.state == RunState::Finished;
      r.checkpointStep = run.resumedStep;
    }
    // The earliest of the three that failed: the runs after it were never started.
    if (role != PreemptionRun::None && run.state == RunState::Failed &&
        (r.failedRun == PreemptionRun::None || role < r.failedRun)) {
      r.failedRun = role;
      r.failure = run.message;
    }
  }
  return r;
}

bool judgedWithoutBaseline(std::string_view scenarioId) {
  const ScenarioSpec* row = findScenario(scenarioId);
  return row && row->runSource == RunSource::KillAndResume;
}

std::optional<Verdict> ownReferenceVerdict(const MeasuredScenario& scenario,
                                           const VerdictOptions& options) {
  if (!judgedWithoutBaseline(scenario.id)) return std::nullopt;
  for (const RunLog& run : scenario.runs)
    if (run.active()) return std::nullopt;
  const PreemptionRuns runs = preemptionRunsOf(scenario);
  Verdict v = preemptionAsVerdict(judgePreemptionResume(runs, options), runs);
  v.scenarioId = scenario.id;
  if (!scenario.runs.empty()) v.provenance = scenario.runs.front().provenance.kind;
  v.label = kResumedRunLabel;
  return v;
}

}  // namespace precisionlab
