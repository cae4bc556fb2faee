// Verdicts on lab runs, computed only from measured records (never written in advance): speed
// against the fp32 baseline with its spread, memory ratio, whether the run learned, divergence
// from the baseline's loss, failure step and cause, compute multiple for sweeps. Where a run's
// speed is emulated, the verdict says it cannot be measured here. Plain data: no torch, no Qt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/RunLog.h"
#include "core/RunRecords.h"
#include "core/ScenarioTable.h"
#include "core/Translatable.h"

namespace precisionlab {

// A scenario's runs as a verdict reads them. Its identity (option, title, whether it sweeps) is
// what its runs carry (core/RunLog.h, from the scenario table or from a recording), not a copy.
struct MeasuredScenario {
  std::string id;  // scenario id
  std::vector<RunLog> runs;

  // The seed question's option it runs ("" for reference runs) and its title: its first run's.
  const std::string& optionText() const;
  const std::string& title() const;
};

struct VerdictOptions {
  // A verdict compares a run with the baseline's own progress, at the same step, and only once
  // the baseline has learned: a run that "differs from fp32" next to a baseline still at chance
  // is noise, not a finding (the default lab once told learners that fp16=True failed because
  // its baseline never left ln 5).
  //
  // Too short to judge: fewer steps than this (or cancelled before its last step), unless the
  // run already failed for good (non-finite with nothing to recover it).
  int64_t minSteps = 20;
  // The baseline learned: its training loss fell by at least this share (mean of the first
  // tenth of its steps vs the last tenth) and its validation accuracy is at least this margin
  // over chance (the majority label's share of the validation split).
  double baselineMinDrop = 0.10;
  double chanceMargin = 0.15;
  // Learned like the baseline: at the same steps, its last-tenth training loss is at most this
  // share of the baseline's loss drop above the baseline's, ...
  double lossGapShare = 0.25;
  // ... its validation accuracy at the same evaluation step >= the baseline's - this (two
  // standard errors of the difference of two accuracies near 0.8 on the built-in 250-example
  // validation split: 2 * sqrt(2 * 0.8 * 0.2 / 250) = 0.07), ...
  double accuracyTolerance = 0.08;
  double valLossTolerance = 0.15;  // ... and its validation loss <= the baseline's + this.
  // Stalled: its own training loss fell by less than this share of the baseline's drop.
  double stallShare = 0.25;
  // Memory experiments (gradient accumulation, activation checkpointing) claim the baseline's
  // updates: every step's training loss within this relative distance of the baseline's at the
  // same step. Accumulation sums k micro-batch gradients where one batch sums them in one GEMM,
  // so float rounding differs (measured: up to ~1e-6 relative over 150 steps); 1e-4 is far
  // below any real change of the update (a changed learning rate or batch moves it by > 1e-2).
  double sameUpdateTolerance = 1e-4;
  // A resumed run (the kill-and-resume experiment) continues the uninterrupted one: every
  // step's loss within this relative distance of its loss at the same step. 0 = bit-equal: the
  // children's CPU arithmetic is deterministic, so any difference is state the checkpoint missed.
  double resumeTolerance = 0;
};

// What a verdict concludes, in one word (the texts below say it in full).
enum class Judgement {
  Reference,            // the baseline, which learned: every comparison stands on it
  BaselineDidNotLearn,  // the baseline's own row when it did not learn: run longer
  TooShort,             // cancelled or too few steps to tell (this run or the baseline)
  Inconclusive,         // the baseline did not learn, so nothing can be compared with it
  Failed,               // inf/NaN that nothing recovered, or the run ended in an error
  Identical,            // bit-identical to the baseline at every step
  LearnsLikeBaseline,   // within the tolerances above of the baseline, nothing non-finite
  Stalled,              // its training loss did not fall while the baseline's did
  Differs,              // learned, but not like the baseline
};
const char* judgementName(Judgement j);  // "reference", "too-short", "inconclusive", ...

// A piece of a verdict's text: a fixed English template, marked for translation with
// PL_TRANSLATE_NOOP("Verdict", ...), whose %1..%n stand for its arguments. english() fills them
// locale-independently (the CLI, files); the UI translates the template and formats the
// numbers in the user's locale, so a verdict reads "1,02x" under de_DE without a second copy
// of the wording.
struct VerdictText {
  struct Arg {
    std::string text;  // a text argument (a run's label) when precision < 0
    double value = 0;
    int precision = -1;  // digits: after the point for 'f', significant for 'g'
    char style = 'f';
  };
  std::string text;
  std::vector<Arg> args;
  std::string english() const;
};

// One figure of an experiment's verdict. Numbers carry a unit ("" for counts and ratios,
// "bytes", "ms", "bool" for a yes/no finding, "log2" for a power of two); a word (a format's
// name, the best trial's label) is `text`. Not measurable here: the figure's key is kept (so
// verdicts.json writes null for it), its value means nothing.
struct VerdictFigure {
  std::string key;
  double value = 0;
  std::string unit;
  bool measurable = true;
  std::string text;
};

struct Verdict {
  std::string scenarioId;
  Judgement judgement = Judgement::TooShort;
  std::string label;  // the run judged (the best trial for a sweep)
  Provenance provenance = Provenance::Live;
  // Speed: the step-time statistic of core/RunLog.h (median after kWarmupSteps) and its
  // p25-p75 spread over the same steps; speedup = base / run.
  // Step times are the training thread's CPU time when both runs carry it (cpuTime).
  bool speedMeasurable = false;
  bool cpuTime = false;  // step times are the training thread's CPU time per step
  double medianStepMs = 0, p25StepMs = 0, p75StepMs = 0;
  // speedup = base median / run median; low-high = p25-p75 of the ratio of block medians
  // (5 steps a block, paired in time; short runs fall back to base p25 / run p75 ...).
  double speedup = 0, speedupLow = 0, speedupHigh = 0;
  // Both runs were measured live but not at the same time (one ended before the other began):
  // another load, other caches, so their speeds are not compared (speedMeasurable is false).
  bool timedApart = false;
  // The story's judge says its runs' step times are not the speed it claims (data parallel:
  // rank 0 computes half the batch beside the baseline): speedMeasurable is false, and the
  // speed column reads "not a speed test" instead of a ratio.
  bool speedNotTheClaim = false;
  bool memoryMeasurable = false;
  double memoryRatio = 0;  // run peak / baseline peak
  // Learning.
  bool hasEval = false;
  double valLoss = 0, valAccuracy = 0;
  double baselineValLoss = 0, baselineValAccuracy = 0;
  int64_t evalStep = 0;          // the evaluation compared: the last step both runs evaluated at
  double chanceAccuracy = 0;     // the majority label's share of the validation split
  bool baselineLearned = false;  // the baseline cleared VerdictOptions' bar
  double baselineLossDrop = 0;   // baseline: first-tenth minus last-tenth training loss
  double lossGap = 0;            // last-tenth training loss minus the baseline's, same steps
  int64_t stepsJudged = 0;       // steps of this run the verdict read
  bool learned = false;          // baseline: it learned; others: learned like it
  bool stalled = false;          // training loss did not fall (relative to the baseline's)
  double maxLossDivergence = 0;  // max |loss - baseline loss| over common finite steps
  bool identicalToBaseline = false;  // every step's loss and every eval bit-equal
  // Failure.
  int64_t firstNonFiniteStep = 0;  // 0 = none
  int64_t skippedSteps = 0;
  double finalLossScale = 1.0;
  double meanGradZeroFraction = 0, baselineGradZeroFraction = 0;
  std::string failureCause;  // "" when none; failure.english()
  VerdictText failure;
  // What an experiment's own judge measured (core/src/judges/, the one the scenario's row names
  // by its story): named figures, e.g. a memory experiment's "comparedSteps" and "sameUpdates",
  // a sweep's "sampleMultiple", in the order the judge measured them. verdicts.json writes them
  // under their keys.
  EvidenceStory judgedAs = EvidenceStory::Measured;  // the judge that told this verdict
  std::vector<VerdictFigure> figures;
  const VerdictFigure* figure(std::string_view key) const;  // nullptr when absent
  double value(std::string_view key) const;                 // 0 when absent
  int64_t count(std::string_view key) const { return static_cast<int64_t>(value(key)); }
  bool flag(std::string_view key) const { return value(key) != 0; }
  bool measured(std::string_view key) const;     // present and measurable
  std::string word(std::string_view key) const;  // a text figure, "" when absent
  void setFigure(VerdictFigure figure);          // replaces a figure of the same key
  // Computed text: one line (the parts in order; summary is their English), plus notes (e.g.
  // where to look for a measurable speed).
  std::vector<VerdictText> summaryParts;
  std::string summary;
  std::vector<VerdictText> notes;
};

// The verdict of `scenarioId` among `verdicts`, or nullptr.
const Verdict* findVerdict(const std::vector<Verdict>& verdicts, std::string_view scenarioId);

// The one verdict entry point. `baseline` is the fp32 baseline run of the same session (of the
// scenario's own source); a row whose runs are their own reference (judgedWithoutBaseline in
// core/ScenarioTable.h: the kill-and-resume experiment) is judged on its runs alone and ignores it:
// while one of them is active its verdict says it is running (a kill-and-resume verdict compares
// whole curves).
Verdict computeVerdict(const MeasuredScenario& scenario, const RunLog& baseline,
                       const VerdictOptions& options = {});

// The three runs of the kill-and-resume experiment, as its run source (engine/PreemptionRunner.h)
// labels them; the window translates them for its legends. The judge finds them by their role
// (RunLog::role), never by these labels.
inline constexpr const char* kUninterruptedRunLabel = PL_TRANSLATE_NOOP("LabRuns", "uninterrupted");
inline constexpr const char* kKilledRunLabel = PL_TRANSLATE_NOOP("LabRuns", "killed (SIGKILL)");
inline constexpr const char* kResumedRunLabel =
    PL_TRANSLATE_NOOP("LabRuns", "resumed from checkpoint");
// The same three roles in the worker-dies experiment: 2-rank data-parallel jobs, the second
// losing a rank (labels of their own: both experiments may run in one lab).
inline constexpr const char* kRanksUninterruptedRunLabel =
    PL_TRANSLATE_NOOP("LabRuns", "2 ranks, uninterrupted");
inline constexpr const char* kRankLostRunLabel =
    PL_TRANSLATE_NOOP("LabRuns", "2 ranks, rank 1 lost");
inline constexpr const char* kRanksResumedRunLabel =
    PL_TRANSLATE_NOOP("LabRuns", "2 ranks, all resumed from checkpoint");
// The sharded-state experiment's two 2-rank jobs (RunRole::Replicated, Sharded).
inline constexpr const char* kReplicatedStateRunLabel =
    PL_TRANSLATE_NOOP("LabRuns", "2 ranks, optimizer state replicated");
inline constexpr const char* kShardedStateRunLabel =
    PL_TRANSLATE_NOOP("LabRuns", "2 ranks, optimizer state sharded");

}  // namespace precisionlab
