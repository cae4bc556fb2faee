// The experiments' judges: one file per evidence story that has a rule of its own (a sweep, the
// memory experiments, the range experiment, LoRA, a smaller batch, preemption and resume).
// computeVerdict (core/src/lab/Verdict.cpp) keeps the rules every run shares (too short, failed,
// learned, speed) and hands the run to the judge its scenario's row names by its story
// (ScenarioSpec::story; a recording names its scenario, so its row), never by reading the
// run's settings. A judge fills the verdict's judgement, its figures and its summary parts.
//
// Adding an experiment: one id (ScenarioIds.h), one row (ScenarioTable.cpp) with a story of its
// own, one judge file here listed in Judges.cpp (allJudges; tst_core_judges fails for a judge
// file left off the list), one wording function for the window's card.
#pragma once

#include <vector>

#include "core/Verdict.h"

namespace precisionlab::judges {

struct Context {
  const MeasuredScenario& scenario;
  const RunLog& run;   // the run judged (a sweep's best trial)
  const RunLog& base;  // the fp32 baseline
  const VerdictOptions& options;
};

// Where a judge's rule stands among the common rules, in computeVerdict's order.
enum class Stage {
  // Before the failure rules: the judge reads non-finite steps as its own finding (an overflow a
  // GradScaler keeps skipping is counted, not called a failure); a run too short is still too
  // short.
  OwnsFailures,
  // After the failure rules, whether or not the baseline learned (equal updates are equal
  // whether or not the loss fell; counted parameters need no learning baseline).
  AnyBaseline,
  // Only once the baseline learned (else the verdict is inconclusive).
  LearnedBaseline,
  // The row's runs are their own reference (judgedWithoutBaseline): no baseline, none of the
  // common rules; judged once every run of the row has ended.
  OwnReference,
};

struct Judge {
  EvidenceStory story;
  Stage stage;
  // Figures measured whatever the verdict (a sweep's compute), before the common rules; may be
  // null.
  void (*measure)(const Context&, Verdict&);
  // The judgement and the summary's parts.
  void (*tell)(const Context&, Verdict&, std::vector<VerdictText>&);
  // Its summary reports skipped steps and the loss scale itself (the common line is left out).
  bool tellsLossScale = false;
  // Its runs' step times are not the speed of what the story claims (a data-parallel rank
  // computes half the batch): computeVerdict leaves the speed unmeasured and says why
  // (Verdict::speedNotTheClaim), so no table or card shows a speedup for it.
  bool comparesSpeed = true;
};

// The judge of a story, or nullptr (the common rules alone: learned like the baseline, speed).
const Judge* judgeFor(EvidenceStory story);

// The baseline's own verdict (ReferenceJudge.cpp): computeVerdict tells it first, before any
// comparison.
void tellBaseline(const RunLog& baseline, bool baseShort, const VerdictOptions& o, Verdict& v);

// Each story's judge (one file each).
const Judge& sweepJudge();
const Judge& memoryJudge();
const Judge& rangeJudge();
const Judge& loraJudge();
const Judge& batchJudge();
const Judge& preemptionJudge();
const Judge& dataParallelJudge();
const Judge& workerDiesJudge();
const Judge& shardedStateJudge();

// Every judge above, once: judgeFor's list. tst_core_judges checks that each judge file
// (core/src/judges/*Judge.cpp defining a Judge) is on it, so a judge left off fails a test
// instead of its story being judged silently by the common rules.
const std::vector<const Judge*>& allJudges();

}  // namespace precisionlab::judges
