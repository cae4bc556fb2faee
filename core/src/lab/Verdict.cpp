// Verdicts from measured records. Every number in a summary is computed here from the runs'
// StepRecords and EvalRecords; the wording only names what the numbers show.
#include "core/Verdict.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include "core/NumberText.h"
#include "core/ScenarioIds.h"
#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab {

namespace {

using namespace judges;

// Steps per block for the speed spread (see judgeSpeed).
constexpr size_t kSpeedBlockSteps = 5;

// Per block of `block` consecutive steps (warmup excluded, in step order): the baseline's block
// median over the run's, sorted. Blocks pair by position, so runs of different lengths pair
// their common prefix.
std::vector<double> blockRatios(const RunLog& base, const RunLog& run, bool cpu, size_t block) {
  const std::vector<double> b = statisticStepTimesInOrder(base, cpu),
                            t = statisticStepTimesInOrder(run, cpu);
  std::vector<double> out;
  for (size_t i = 0; i + block <= std::min(b.size(), t.size()); i += block) {
    std::vector<double> bb(b.begin() + long(i), b.begin() + long(i + block));
    std::vector<double> tt(t.begin() + long(i), t.begin() + long(i + block));
    std::sort(bb.begin(), bb.end());
    std::sort(tt.begin(), tt.end());
    const double denominator = percentileOf(tt, 50);
    if (denominator > 0) out.push_back(percentileOf(bb, 50) / denominator);
  }
  std::sort(out.begin(), out.end());
  return out;
}

double meanLoss(const RunLog& run, size_t begin, size_t end) {
  double sum = 0;
  size_t n = 0;
  for (size_t i = begin; i < end && i < run.steps.size(); ++i) {
    sum += run.steps[i].loss;
    ++n;
  }
  return n ? sum / static_cast<double>(n) : std::nan("");
}

bool identical(const RunLog& a, const RunLog& b) {
  if (a.steps.size() != b.steps.size() || a.evals.size() != b.evals.size() || a.steps.empty())
    return false;
  for (size_t i = 0; i < a.steps.size(); ++i)
    if (!bitEqual(a.steps[i].loss, b.steps[i].loss) ||
        !bitEqual(a.steps[i].gradNorm, b.steps[i].gradNorm))
      return false;
  for (size_t i = 0; i < a.evals.size(); ++i)
    if (!bitEqual(a.evals[i].valLoss, b.evals[i].valLoss) ||
        !bitEqual(a.evals[i].valAccuracy, b.evals[i].valAccuracy))
      return false;
  return true;
}

// Mean training loss of the first and the last tenth of a run's first `n` steps.
struct LossProgress {
  double first = std::nan(""), last = std::nan("");
  double drop() const { return first - last; }
};
LossProgress progressOf(const RunLog& run, size_t n) {
  n = std::min(n, run.steps.size());
  if (n == 0) return {};
  const size_t tenth = std::max<size_t>(1, n / 10);
  return {meanLoss(run, 0, tenth), meanLoss(run, n - tenth, n)};
}

const EvalRecord* evalAt(const RunLog& run, int64_t step) {
  for (const auto& e : run.evals)
    if (e.step == step) return &e;
  return nullptr;
}

// Did the baseline itself learn? Its loss fell by VerdictOptions::baselineMinDrop and its
// validation accuracy cleared chance by chanceMargin (chance unknown: the loss alone decides).
bool baselineLearnedFrom(const RunLog& base, const VerdictOptions& o, double* drop,
                         double* chance) {
  const LossProgress p = progressOf(base, base.steps.size());
  *drop = p.drop();
  *chance = base.evals.empty() ? 0 : base.evals.back().chanceAccuracy;
  if (base.evals.empty() || !std::isfinite(*drop) || !(p.first > 0)) return false;
  if (*drop < o.baselineMinDrop * p.first) return false;
  return *chance <= 0 || base.evals.back().valAccuracy >= *chance + o.chanceMargin;
}

// Too few steps to tell anything (a run that failed for good is judged by its failure).
bool tooShort(const RunLog& run, const VerdictOptions& o) {
  if (run.state == RunState::Cancelled) return true;
  if (static_cast<int64_t>(run.steps.size()) < o.minSteps) return true;
  return run.ended() && run.totalSteps > 0 && run.stepsDone() < run.totalSteps &&
         run.state != RunState::Finished;
}

// Learning, failure and divergence figures of one run against the baseline, at the same steps.
void judgeRun(const RunLog& run, const RunLog& base, const VerdictOptions& o, Verdict& v) {
  v.label = run.label;
  v.provenance = run.provenance.kind;
  v.stepsJudged = static_cast<int64_t>(run.steps.size());
  // The evaluation compared: the last step both runs evaluated at (a run cut short is compared
  // with the baseline at its own last evaluation, not with the baseline's end).
  for (auto it = run.evals.rbegin(); it != run.evals.rend() && !v.hasEval; ++it) {
    const EvalRecord* b = evalAt(base, it->step);
    if (!b) continue;
    v.hasEval = true;
    v.evalStep = it->step;
    v.valLoss = it->valLoss;
    v.valAccuracy = it->valAccuracy;
    v.baselineValLoss = b->valLoss;
    v.baselineValAccuracy = b->valAccuracy;
  }
  std::map<int64_t, double> baseLoss;
  for (const auto& s : base.steps) baseLoss[s.step] = s.loss;
  double zeroSum = 0;
  for (const auto& s : run.steps) {
    zeroSum += s.gradZeroFraction;
    if (s.skipped) ++v.skippedSteps;
    // A scaler's skipped step is its recovery, not a failure; anything else non-finite is.
    const bool failed = !std::isfinite(s.loss) || (s.nonFinite && !s.skipped);
    if (failed && v.firstNonFiniteStep == 0) {
      v.firstNonFiniteStep = s.step;
      if (std::isnan(s.loss))
        v.failure = text(PL_TRANSLATE_NOOP("Verdict", "NaN loss at step %1"), {count(s.step)});
      else if (std::isinf(s.loss))
        v.failure = text(PL_TRANSLATE_NOOP("Verdict", "inf loss at step %1"), {count(s.step)});
      else
        v.failure =
            text(PL_TRANSLATE_NOOP("Verdict", "non-finite gradients (%1% of values) at step %2"),
                 {num(100.0 * s.gradNonFiniteFraction, 1), count(s.step)});
      v.failureCause = v.failure.english();
    }
    auto it = baseLoss.find(s.step);
    if (it != baseLoss.end() && std::isfinite(s.loss) && std::isfinite(it->second))
      v.maxLossDivergence = std::max(v.maxLossDivergence, std::abs(s.loss - it->second));
  }
  if (!run.steps.empty()) {
    v.meanGradZeroFraction = zeroSum / static_cast<double>(run.steps.size());
    v.finalLossScale = run.steps.back().lossScale;
  }
  double baseZero = 0;
  for (const auto& s : base.steps) baseZero += s.gradZeroFraction;
  if (!base.steps.empty())
    v.baselineGradZeroFraction = baseZero / static_cast<double>(base.steps.size());
  if (run.state == RunState::Failed && v.failureCause.empty()) {
    v.failure =
        text(PL_TRANSLATE_NOOP("Verdict", "the run ended in an error: %1"), {word(run.message)});
    v.failureCause = v.failure.english();
  }

  v.baselineLearned = baselineLearnedFrom(base, o, &v.baselineLossDrop, &v.chanceAccuracy);
  if (&run == &base) {
    v.stalled = !v.baselineLearned;
    v.learned = v.baselineLearned;
    v.identicalToBaseline = false;
    return;
  }
  // The same steps of both runs: a run cut short is held to the baseline's loss at its length.
  const size_t n = std::min(run.steps.size(), base.steps.size());
  const LossProgress mine = progressOf(run, n), theirs = progressOf(base, n);
  v.lossGap = mine.last - theirs.last;
  const double baseDrop = std::max(theirs.drop(), 0.0);
  v.stalled = n < 2 || !std::isfinite(mine.last) || !(mine.drop() >= o.stallShare * baseDrop);
  v.learned = v.hasEval && v.firstNonFiniteStep == 0 && std::isfinite(v.valLoss) &&
              v.valAccuracy >= v.baselineValAccuracy - o.accuracyTolerance &&
              v.valLoss <= v.baselineValLoss + o.valLossTolerance &&
              v.lossGap <= o.lossGapShare * baseDrop && !v.stalled;
  v.identicalToBaseline = identical(run, base);
}

void judgeSpeed(const RunLog& run, const RunLog& base, Verdict& v) {
  v.cpuTime = run.cpuTimed() && base.cpuTimed();
  const auto t = statisticStepTimes(run, v.cpuTime);
  const auto b = statisticStepTimes(base, v.cpuTime);
  v.medianStepMs = percentileOf(t, 50);
  v.p25StepMs = percentileOf(t, 25);
  v.p75StepMs = percentileOf(t, 75);
  // Speeds compare only between runs measured for real on one device: both live now, or both
  // recorded live on the same device (e.g. a GPU recording replayed in class).
  auto measuredLive = [](const RunProvenance& p) {
    return p.kind == Provenance::Live ||
           (p.kind == Provenance::Recorded && p.recordedKind == Provenance::Live);
  };
  const bool live = measuredLive(run.provenance) && measuredLive(base.provenance) &&
                    (run.provenance.kind == base.provenance.kind) &&
                    (run.provenance.kind == Provenance::Live ||
                     run.provenance.device == base.provenance.device) &&
                    !t.empty() && !b.empty();
  // Two live runs compare only when they stepped at the same time, under the same load: a run
  // started minutes after its baseline finished shares neither its load nor its caches (the
  // window's experiments read "faster than fp32" that way).
  v.timedApart = live && run.provenance.kind == Provenance::Live && !timedTogether(run, base);
  v.speedMeasurable = live && !v.timedApart && run.provenance.speedRepresentative &&
                      base.provenance.speedRepresentative;
  if (v.speedMeasurable) {
    v.speedup = percentileOf(b, 50) / v.medianStepMs;
    // The spread of the ratio itself, paired in time: the lab interleaves runs step by step,
    // so block k of one run and block k of the baseline ran under the same load. The ratio of
    // their block medians, over all blocks, has a p25-p75 range that narrows as runs get
    // longer; the cross ratio of two step-time quartiles (base p25 / run p75) does not, and
    // read "1.28x (0.13-7.38x)" for a run bit-identical to the baseline.
    const std::vector<double> ratios = blockRatios(base, run, v.cpuTime, kSpeedBlockSteps);
    if (ratios.size() >= 4) {
      v.speedupLow = percentileOf(ratios, 25);
      v.speedupHigh = percentileOf(ratios, 75);
    } else {
      v.speedupLow = percentileOf(b, 25) / v.p75StepMs;
      v.speedupHigh = percentileOf(b, 75) / v.p25StepMs;
    }
  }
  const int64_t peak = peakBytes(run), basePeak = peakBytes(base);
  v.memoryMeasurable = live && peak > 0 && basePeak > 0;
  if (v.memoryMeasurable) v.memoryRatio = static_cast<double>(peak) / static_cast<double>(basePeak);
}

// The baseline did not learn: what was measured all the same, without a conclusion from it.
void tellInconclusive(const RunLog& judged, bool failed, Verdict& v) {
  std::vector<VerdictText>& s = v.summaryParts;
  v.judgement = Judgement::Inconclusive;
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "inconclusive: ")));
  s.push_back(baselineNotLearnedText(v));
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", run longer")));
  if (failed) {
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; this run also hit %1"), {word(v.failureCause)}));
  } else if (v.identicalToBaseline) {
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; bit-identical to the baseline at all %1 steps"),
             {count(static_cast<int64_t>(judged.steps.size()))}));
  }
}

// A run no experiment judge tells: identical to the baseline, or its learning and speed.
void tellMeasured(const RunLog& judged, const VerdictOptions& o, Verdict& v) {
  std::vector<VerdictText>& s = v.summaryParts;
  if (v.identicalToBaseline) {
    v.judgement = Judgement::Identical;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "identical to the baseline: bit-equal loss at "
                                       "all %1 steps and equal validation; "),
                     {count(static_cast<int64_t>(judged.steps.size()))}));
    addSpeedText(v, s);
    return;
  }
  v.judgement = learningJudgement(v);
  addLearningText(v, o, s);
  s.push_back(text("; "));
  addSpeedText(v, s);
  // A training-loss gap, not the validation tolerance above: runs whose numerics differ follow
  // different paths step by step and can still end at the same place.
  if (v.maxLossDivergence > 0)
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; largest per-step training-loss gap to fp32 %1"),
             {num(v.maxLossDivergence, 3, 'g')}));
}

// What every judged run adds after its rule: a scaler's skipped steps, an early stop, zeroed
// gradients, and where to look for a speed this machine cannot measure.
void addClosingParts(const RunLog& judged, const Judge* judge, bool isBaseline, bool failed,
                     Verdict& v) {
  std::vector<VerdictText>& s = v.summaryParts;
  const bool judgedHere = v.judgement != Judgement::TooShort;
  const bool tellsScale = judge && judge->tellsLossScale && v.judgedAs == judge->story;
  if (judgedHere && !tellsScale && (v.skippedSteps > 0 || v.finalLossScale != 1.0))
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; %1 skipped steps, loss scale now %2"),
                     {count(v.skippedSteps), num(v.finalLossScale, 6, 'g')}));
  if (judgedHere && judged.state == RunState::Finished && judged.totalSteps > 0 &&
      judged.stepsDone() < judged.totalSteps && failed)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "; stopped after %1 of %2 steps: %3 non-finite steps in "
                                       "a row settle it"),
                     {count(judged.stepsDone()), count(judged.totalSteps),
                      count(judged.config.stopAfterNonFinite)}));
  if (judgedHere && !isBaseline && v.meanGradZeroFraction > v.baselineGradZeroFraction + 0.01)
    v.notes.push_back(
        text(PL_TRANSLATE_NOOP("Verdict",
                               "%1% of gradient values were exactly zero vs %2% in "
                               "the baseline (fp16 underflow)"),
             {num(100 * v.meanGradZeroFraction, 1), num(100 * v.baselineGradZeroFraction, 1)}));
  // Where fp16 speed is out of reach here: real fp16 kernels on a CPU without fp16 units, or
  // emulated fp16 (a recording of either says so too). Never for a run whose speed is simply
  // not compared (another device, another time, a story whose step time is not its claim).
  const RunProvenance& p = judged.provenance;
  const bool emulated = p.kind == Provenance::Emulated ||
                        (p.kind == Provenance::Recorded && p.recordedKind == Provenance::Emulated);
  const bool closingSpeedNote =
      !v.speedMeasurable && !v.timedApart && !v.speedNotTheClaim && !isBaseline;
  // bf16=True measures the same mechanism as fp16 autocast, not as fp16 weights (model.to(half)).
  const bool halfWeights = judged.config.precision == Precision::HalfModel;
  if (closingSpeedNote && halfWeights && (emulated || !p.speedRepresentative))
    v.notes.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "Speed is not a measure of fp16 weights here: their fp16 numerics ran on a CPU without "
        "fp16 units (converted element by element, or emulated); a CUDA GPU or a CPU with "
        "avx512_fp16 measures them.")));
  else if (closingSpeedNote && p.kind == Provenance::Live && !p.speedRepresentative)
    v.notes.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "Speed is not a measure of the method here: fp16 ran with real kernels on a CPU without "
        "fp16 units, converting element by element; its numerics and peak memory are live. The "
        "live bf16=True run measures the same mechanism's speed here; a CUDA GPU or a CPU with "
        "avx512_fp16 measures fp16 itself.")));
  else if (closingSpeedNote && emulated)
    v.notes.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "Speed cannot be measured for emulated fp16 on this CPU: the live bf16=True run "
        "measures the same mechanism here, as fast as this CPU's bf16 units allow (the speed "
        "evidence says what they allow); a CUDA GPU measures fp16 itself.")));
}

// A row whose runs are their own reference (Stage::OwnReference): its judge alone, once every
// run has ended, no baseline and none of the common rules.
Verdict ownReferenceVerdict(const MeasuredScenario& scenario, const Judge& judge,
                            const VerdictOptions& options) {
  Verdict v;
  v.scenarioId = scenario.id;
  v.judgedAs = judge.story;
  v.provenance = scenario.runs.front().provenance.kind;
  const bool running = std::any_of(scenario.runs.begin(), scenario.runs.end(),
                                   [](const RunLog& r) { return r.active(); });
  if (running) {
    v.summaryParts.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "running: judged once its runs have ended")));
  } else {
    const RunLog none;
    judge.tell(Context{scenario, scenario.runs.front(), none, options}, v, v.summaryParts);
  }
  for (const VerdictText& part : v.summaryParts) v.summary += part.english();
  return v;
}

// A sweep is judged by its best trial (highest final val accuracy, then lowest val loss).
const RunLog& judgedRun(const MeasuredScenario& scenario) {
  const RunLog* judged = &scenario.runs.front();
  for (const auto& r : scenario.runs) {
    if (r.evals.empty()) continue;
    if (judged->evals.empty() || r.evals.back().valAccuracy > judged->evals.back().valAccuracy ||
        (r.evals.back().valAccuracy == judged->evals.back().valAccuracy &&
         r.evals.back().valLoss < judged->evals.back().valLoss))
      judged = &r;
  }
  return *judged;
}

}  // namespace

Verdict computeVerdict(const MeasuredScenario& scenario, const RunLog& baseline,
                       const VerdictOptions& options) {
  Verdict v;
  v.scenarioId = scenario.id;
  if (scenario.runs.empty()) {
    v.summaryParts.push_back(text(PL_TRANSLATE_NOOP("Verdict", "no runs")));
    v.summary = v.summaryParts.back().english();
    return v;
  }
  // The rule of the story the scenario's row names (never guessed from the run's settings).
  const ScenarioSpec* row = findScenario(scenario.id);
  const Judge* storyJudge = row ? judgeFor(row->story) : nullptr;
  if (storyJudge && storyJudge->stage == Stage::OwnReference)
    return ownReferenceVerdict(scenario, *storyJudge, options);
  const RunLog& judged = judgedRun(scenario);
  judgeRun(judged, baseline, options, v);
  judgeSpeed(judged, baseline, v);
  // The baseline's own scenario (judged on a copy of its run where the window computes it); not
  // any run that happens to share the baseline's label.
  const bool isBaseline = &judged == &baseline || scenario.id == scenario::kBaselineFp32;
  const Judge* judge = isBaseline ? nullptr : storyJudge;
  if (judge && !judge->comparesSpeed) {
    v.speedNotTheClaim = true;
    v.speedMeasurable = false;
    v.speedup = v.speedupLow = v.speedupHigh = 0;
  }
  const Context context{scenario, judged, baseline, options};
  if (judge && judge->measure) judge->measure(context, v);
  auto tellBy = [&](const Judge& j) {
    v.judgedAs = j.story;
    j.tell(context, v, v.summaryParts);
  };
  const RunLog* shortRun = nullptr;
  for (const auto& r : scenario.runs)
    if (!shortRun && tooShort(r, options)) shortRun = &r;
  const bool baseShort = tooShort(baseline, options);
  // The baseline still training and not evaluated yet: whether it learns is not known, so no
  // rule that needs a learned baseline judges yet; a failure is a failure already.
  const bool basePending = baselinePending(baseline);
  const bool failed = !v.failureCause.empty();
  std::vector<VerdictText>& s = v.summaryParts;
  auto tellTooShort = [&](const RunLog& r, bool sayIdentical) {
    v.judgement = Judgement::TooShort;
    s.push_back(tooShortText(r, options));
    if (sayIdentical && v.identicalToBaseline)
      s.push_back(text(
          PL_TRANSLATE_NOOP("Verdict", "; bit-identical to the baseline at all %1 steps so far"),
          {count(static_cast<int64_t>(judged.steps.size()))}));
  };
  auto tellFailed = [&](bool withLearning) {
    v.judgement = Judgement::Failed;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "FAILED: ")));
    s.push_back(v.failure);
    if (withLearning) {
      s.push_back(text("; "));
      addLearningText(v, options, s);
    }
  };
  const bool ownsFailures = judge && judge->stage == Stage::OwnsFailures;
  if (isBaseline) {
    tellBaseline(baseline, baseShort, options, v);
  } else if (failed && !ownsFailures && (baseline.active() || baseShort)) {
    // Stopped by a non-finite loss while the baseline still trains, or beside a baseline that
    // was stopped short: the failure is the finding (a NaN run's verdict must not wait minutes
    // for the baseline, nor read "too short" once the presenter's Esc stopped the baseline).
    tellFailed(false);
  } else if (baseShort) {
    tellTooShort(baseline, true);
  } else if (ownsFailures) {
    if (shortRun)
      tellTooShort(*shortRun, false);
    else
      tellBy(*judge);
  } else if (shortRun && !failed) {
    tellTooShort(*shortRun, true);
  } else if (failed && v.baselineLearned) {
    tellFailed(true);
  } else if (judge && judge->stage == Stage::AnyBaseline) {
    tellBy(*judge);
  } else if (basePending) {
    v.judgement = Judgement::TooShort;
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict", "too early to judge: the baseline has not reached its first evaluation")));
  } else if (!v.baselineLearned) {
    tellInconclusive(judged, failed, v);
  } else if (judge) {
    tellBy(*judge);
  } else {
    tellMeasured(judged, options, v);
  }
  addClosingParts(judged, judge, isBaseline, failed, v);
  for (const VerdictText& part : s) v.summary += part.english();
  return v;
}

}  // namespace precisionlab
