// A worker dies (docs/data-parallel.md, bank question 041): three 2-rank data-parallel jobs
// (engine/PreemptionRunner.h, startRanks), found by their role: the job uninterrupted; the same
// job whose rank 1 stops mid-run without closing its connections (SIGSTOP, as a worker whose
// machine vanished; killed with SIGKILL once the job failed), so that rank 0 waits in its
// collective until the collective timeout and the job fails naming the rank; and every rank
// restarted from the newest checkpoint the failed job left. Its runs are their own reference
// (Stage::OwnReference). The claim is 041's key: the job fails at the timeout whatever rank 0
// does, and restarting the whole job from a checkpoint continues the uninterrupted curve (so a
// longer timeout, 041 b, only waits longer, and Gloo, 041 c, fails the same way: this job runs
// on Gloo). Judgements: Identical (every step's loss bit-equal), LearnsLikeBaseline (within
// VerdictOptions::resumeTolerance), Differs (the first step outside it), TooShort (a run
// unfinished, no checkpoint before the stop, fewer than minSteps), Inconclusive (the second job
// did not end as one that lost a rank, or the steps do not line up), Failed (a job ended in an
// error: its cause). Figures (verdicts.json): stoppedAfterStep, collectiveWaitMs,
// collectiveTimeoutMs, waitedUntilTimeout, checkpointStep, lostSteps, lostMs, comparedSteps,
// bitEqualSteps, firstDifferentStep, maxRelativeLossGap, maxAbsLossDiff, failedRun (a RunRole).
#include <string>

#include "judges/JudgeKit.h"
#include "judges/Judges.h"
#include "judges/ResumedCurve.h"

namespace precisionlab::judges {

namespace {

// Gloo's timeout fires at the deadline or a scheduler tick after it; a wait this close to it
// is the timeout, one far shorter is a peer whose connections closed.
constexpr double kTimeoutShare = 0.9;

VerdictText failedText(const KillAndResumeRuns& runs) {
  const Arg cause = word(runs.failure.empty() ? std::string("no cause reported") : runs.failure);
  if (runs.failedRun == RunRole::Resumed)
    return text(PL_TRANSLATE_NOOP("Verdict", "the restart of every rank failed: %1"), {cause});
  if (runs.failedRun == RunRole::Killed)
    return text(PL_TRANSLATE_NOOP("Verdict",
                                  "the job that was to lose a rank did not fail as one that "
                                  "lost a rank: %1"),
                {cause});
  return text(PL_TRANSLATE_NOOP("Verdict", "the uninterrupted 2-rank job failed: %1"), {cause});
}

// What the stop did: rank 0's wait and the job's end, in the job's own words.
VerdictText stopText(const RunLog& killed, bool waitedOut, double timeoutMs) {
  const std::vector<Arg> args = {count(killed.stepsDone()), num(killed.collectiveWaitMs / 1000, 1),
                                 num(timeoutMs / 1000, 0), word(killed.message)};
  if (waitedOut)
    return text(PL_TRANSLATE_NOOP("Verdict",
                                  "rank 1 stopped after step %1 without closing its connections "
                                  "(SIGSTOP, as a worker whose machine vanished; killed with "
                                  "SIGKILL once the job had failed, since a killed process "
                                  "closes its connections and Gloo then fails at once), so rank "
                                  "0 waited %2 s in its collective, the whole collective timeout "
                                  "of %3 s, and the job failed: %4"),
                args);
  return text(PL_TRANSLATE_NOOP("Verdict",
                                "rank 1 stopped after step %1, but rank 0's collective failed "
                                "after %2 s, before the collective timeout of %3 s (the stopped "
                                "rank's connections closed), and the job failed: %4"),
              args);
}

VerdictText curveText(const ResumedCurve& curve, int64_t checkpointStep, double tolerance) {
  if (curve.bitEqual == curve.compared)
    return text(PL_TRANSLATE_NOOP("Verdict",
                                  "; then every rank restarted from checkpoint-%1 and the "
                                  "resumed curve equals the uninterrupted job's: %2 steps "
                                  "bit-equal"),
                {count(checkpointStep), count(curve.compared)});
  if (curve.firstDifferentStep == 0)
    return text(
        PL_TRANSLATE_NOOP("Verdict",
                          "; then every rank restarted from checkpoint-%1 and the "
                          "resumed curve continues the uninterrupted job's within %2 "
                          "relative (largest gap %3, %4 of %5 steps bit-equal)"),
        {count(checkpointStep), num(tolerance, 2, 'g'), num(curve.maxRelativeLossGap, 2, 'g'),
         count(curve.bitEqual), count(curve.compared)});
  return text(PL_TRANSLATE_NOOP("Verdict",
                                "; then every rank restarted from checkpoint-%1, but the resumed "
                                "curve DIFFERS from the uninterrupted job's from step %2 "
                                "(largest relative gap %3)"),
              {count(checkpointStep), count(curve.firstDifferentStep),
               num(curve.maxRelativeLossGap, 2, 'g')});
}

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  const KillAndResumeRuns runs = killAndResumeRuns(c.scenario);
  if (runs.resumed) v.label = runs.resumed->label;
  const ResumedCurve curve = compareResumedCurve(runs, c.options.resumeTolerance);
  const double timeoutMs = 1000.0 * kLabWorkerDiesTimeoutSeconds;
  const double waitedMs = runs.killed ? runs.killed->collectiveWaitMs : 0;
  // The second job ended as one that lost a rank: its runner ends it Cancelled for that alone
  // (exit status 3), and rank 0 measured the collective that failed.
  const bool lostRank = runs.killed && runs.killed->state == RunState::Cancelled && waitedMs > 0;
  const bool waitedOut = lostRank && waitedMs >= kTimeoutShare * timeoutMs;
  auto figures = [&](bool compared) {
    figure(v, "stoppedAfterStep", static_cast<double>(runs.killed ? runs.killed->stepsDone() : 0));
    figure(v, "collectiveWaitMs", waitedMs, "ms", lostRank);
    figure(v, "collectiveTimeoutMs", timeoutMs, "ms");
    figure(v, "waitedUntilTimeout", waitedOut, "bool");
    curveFigures(v, runs, curve, compared);
  };
  if (runs.failedRun != RunRole::None) {
    v.judgement = Judgement::Failed;
    s.push_back(failedText(runs));
    figures(false);
    return;
  }
  if (!runs.finished(runs.uninterrupted) || !runs.finished(runs.resumed) ||
      runs.checkpointStep <= 0 || runs.totalSteps < c.options.minSteps) {
    v.judgement = Judgement::TooShort;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "too short to judge: a run did not finish or has fewer "
                                       "than %1 steps"),
                     {count(c.options.minSteps)}));
    figures(false);
    return;
  }
  if (!lostRank || !curve.aligned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(
        !lostRank
            ? text(PL_TRANSLATE_NOOP("Verdict",
                                     "inconclusive: the second job did not end as a job that "
                                     "lost a rank (no failed collective measured)"))
            : text(PL_TRANSLATE_NOOP("Verdict",
                                     "inconclusive: the failed and resumed jobs' steps are not "
                                     "1..%1 in order, so they cannot be compared"),
                   {count(runs.totalSteps)}));
    figures(false);
    return;
  }
  v.judgement = curve.bitEqual == curve.compared ? Judgement::Identical
                : curve.firstDifferentStep == 0  ? Judgement::LearnsLikeBaseline
                                                 : Judgement::Differs;
  s.push_back(stopText(*runs.killed, waitedOut, timeoutMs));
  s.push_back(curveText(curve, runs.checkpointStep, c.options.resumeTolerance));
  s.push_back(lostWorkText(curve.lostSteps, runs.checkpointStep, curve.lostMs));
  // 041's distractors, from what this run shows.
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                     "; restarting only the lost worker would not help: the new "
                                     "process cannot join the group rank 0 waits in, so a longer "
                                     "timeout only makes rank 0 wait longer before the same "
                                     "failure, and this job ran on Gloo, whose group did not "
                                     "survive the lost rank either")));
  figures(true);
}

}  // namespace

const Judge& workerDiesJudge() {
  static const Judge j{EvidenceStory::WorkerDies, Stage::OwnReference, nullptr, &tell};
  return j;
}

}  // namespace precisionlab::judges
