// What the two kill-and-resume judges share (PreemptionJudge.cpp: a process killed with SIGKILL;
// WorkerDiesJudge.cpp: a data-parallel job that lost a rank): the three runs found by their role
// (RunLog::role, set by engine/PreemptionRunner.h, never by their labels), and the resumed curve
// against the uninterrupted one: the killed run's steps up to the checkpoint the resume started
// from, then the resumed run's, compared step by step.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/Verdict.h"

namespace precisionlab::judges {

struct KillAndResumeRuns {
  const RunLog* uninterrupted = nullptr;
  const RunLog* killed = nullptr;
  const RunLog* resumed = nullptr;
  int64_t totalSteps = 0;      // the runs' config.steps
  int64_t checkpointStep = 0;  // the checkpoint the resume started from (0 = none)
  // The earliest run that ended in an error (the runs after it were never started), None when
  // none did; `failure` is its cause as the run reported it.
  RunRole failedRun = RunRole::None;
  std::string failure;

  const std::vector<StepRecord>& steps(const RunLog* r) const;
  bool finished(const RunLog* r) const { return r && r->state == RunState::Finished; }
};

KillAndResumeRuns killAndResumeRuns(const MeasuredScenario& scenario);

struct ResumedCurve {
  // The killed run's steps up to the checkpoint and the resumed run's are 1..totalSteps in
  // order, as the uninterrupted run's are; nothing else is compared when not.
  bool aligned = false;
  int64_t compared = 0, bitEqual = 0;
  int64_t firstDifferentStep = 0;  // the first step beyond the tolerance, 0 if none
  double maxRelativeLossGap = 0;
  double maxAbsLossDiff = 0;  // over the compared steps (computed whether or not aligned)
  // The killed run's steps after the checkpoint: done again by the resume.
  int64_t lostSteps = 0;
  double lostMs = 0;
};

ResumedCurve compareResumedCurve(const KillAndResumeRuns& runs, double tolerance);

// Their figures: checkpointStep, lostSteps, lostMs, comparedSteps, bitEqualSteps,
// firstDifferentStep, maxRelativeLossGap (those three 0 unless `compared`), maxAbsLossDiff,
// failedRun (a RunRole).
void curveFigures(Verdict& v, const KillAndResumeRuns& runs, const ResumedCurve& curve,
                  bool compared);

// "; lost work: 3 steps since checkpoint-12 (412 ms measured), done again".
VerdictText lostWorkText(int64_t lostSteps, int64_t checkpointStep, double lostMs);

}  // namespace precisionlab::judges
