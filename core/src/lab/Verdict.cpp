// Verdicts from measured records. Every number in a summary is computed here from the runs'
// StepRecords and EvalRecords; the wording only names what the numbers show.
#include "core/Verdict.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include "core/NumberText.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/Translatable.h"

namespace precisionlab {

namespace {

using Arg = VerdictText::Arg;
Arg num(double v, int precision, char style = 'f') {
  return Arg{std::string(), v, precision, style};
}
Arg count(int64_t n) { return num(static_cast<double>(n), 0); }
Arg word(std::string t) { return Arg{std::move(t), 0, -1, 'f'}; }
VerdictText text(const char* t, std::vector<Arg> args = {}) {
  return VerdictText{t, std::move(args)};
}

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

int64_t peakBytes(const RunLog& run) {
  int64_t p = 0;
  for (const auto& s : run.steps) p = std::max(p, s.peakBytes);
  return p;
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

bool bitEqual(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

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
  v.speedMeasurable =
      live && run.provenance.speedRepresentative && base.provenance.speedRepresentative;
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

void addSpeedText(const Verdict& v, std::vector<VerdictText>& out) {
  if (!v.speedMeasurable) {
    out.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "speed not measurable here (emulated numerics, or not measured on the same device)")));
    return;
  }
  const std::vector<Arg> args = {num(v.speedup, 2), num(v.speedupLow, 2), num(v.speedupHigh, 2)};
  out.push_back(v.cpuTime ? text(PL_TRANSLATE_NOOP("Verdict",
                                                   "%1x speed (p25-p75 %2-%3x, CPU time per step)"),
                                 args)
                          : text(PL_TRANSLATE_NOOP("Verdict", "%1x speed (p25-p75 %2-%3x)"), args));
  if (v.memoryMeasurable)
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", %1x memory"), {num(v.memoryRatio, 2)}));
}

void addLearningText(const Verdict& v, const VerdictOptions& o, std::vector<VerdictText>& out) {
  if (!v.hasEval) {
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict", "no validation result")));
    return;
  }
  std::vector<Arg> acc = {num(v.valAccuracy, 3), num(v.baselineValAccuracy, 3), num(v.valLoss, 3),
                          num(v.baselineValLoss, 3), count(v.evalStep)};
  if (v.learned) {
    acc.push_back(num(o.accuracyTolerance, 2));
    acc.push_back(num(o.valLossTolerance, 2));
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                         "learned like the baseline (val acc %1 vs %2, val loss %3 "
                                         "vs %4 at step %5; within %6 validation accuracy and %7 "
                                         "validation loss of fp32)"),
                       acc));
  } else if (v.stalled) {
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                         "stalled: its training loss did not fall while the "
                                         "baseline's did (val acc %1 vs %2, val loss %3 vs %4 at "
                                         "step %5)"),
                       acc));
  } else {
    out.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                         "did not learn like the baseline (val acc %1 "
                                         "vs %2, val loss %3 vs %4 at step %5)"),
                       acc));
  }
}

// "the baseline did not learn (val acc 0.348, chance 0.200; training loss 1.61 to 1.60)"
VerdictText baselineNotLearnedText(const Verdict& v) {
  return text(
      PL_TRANSLATE_NOOP("Verdict",
                        "the baseline did not learn (val acc %1 against a chance level "
                        "of %2; training loss fell by %3)"),
      {num(v.baselineValAccuracy, 3), num(v.chanceAccuracy, 3), num(v.baselineLossDrop, 3)});
}

// A sweep counts its trials' compute against the baseline's.
void judgeSweep(const MeasuredScenario& scenario, const RunLog& baseline, const RunLog& judged,
                Verdict& v) {
  v.trials = static_cast<int>(scenario.runs.size());
  // Steps x median step time: robust to the odd slow step a shared machine produces.
  bool cpu = baseline.cpuTimed();
  for (const auto& r : scenario.runs) cpu = cpu && r.cpuTimed();
  auto compute = [cpu](const RunLog& r) {
    return static_cast<double>(r.steps.size()) * percentileOf(statisticStepTimes(r, cpu), 50);
  };
  double total = 0;
  for (const auto& r : scenario.runs) total += compute(r);
  const double base = compute(baseline);
  v.computeMultiple = base > 0 ? total / base : 0;
  // The same question without timing noise: how many training samples the sweep consumed.
  auto samples = [](const RunLog& r) {
    return static_cast<double>(r.steps.size()) * static_cast<double>(r.config.batchSize);
  };
  double sweepSamples = 0;
  for (const auto& r : scenario.runs) sweepSamples += samples(r);
  v.sampleMultiple = samples(baseline) > 0 ? sweepSamples / samples(baseline) : 0;
  v.bestTrial = judged.label;
  // A trial at the baseline's own settings is the baseline's run; where the lab trained it
  // once for both (RunScheduler::follow), its measured time is the baseline's, and says so.
  for (const auto& r : scenario.runs) {
    if (!sameTraining(r.config, baseline.config)) continue;
    const bool shared = r.provenance.note.find(kTrainedOnceNote) != std::string::npos;
    v.notes.push_back(text(shared ? PL_TRANSLATE_NOOP("Verdict",
                                                      "%1 has the fp32 baseline's settings and "
                                                      "seed, so it is the same run: trained once "
                                                      "here and shown under both names (a tuning "
                                                      "service trains every trial).")
                                  : PL_TRANSLATE_NOOP("Verdict",
                                                      "%1 has the fp32 baseline's settings and "
                                                      "seed, so it is the same run."),
                           {word(r.label)}));
  }
  if (v.computeMultiple > 0)
    v.notes.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                             "Measured step time x steps: %1x the baseline's "
                                             "(varies with the machine's load; the headline "
                                             "counts samples)."),
                           {num(v.computeMultiple, 1)}));
}

bool isMemoryExperiment(const RunLog& run) {
  return run.config.accumulationSteps > 1 || run.config.checkpointActivations;
}

// Gradient accumulation and activation checkpointing change how a step is computed, not what it
// computes: the claim is the baseline's updates (loss at every step within the tolerance,
// bit-equal where the arithmetic allows) at a lower measured peak memory, paid for in time.
void judgeMemoryExperiment(const RunLog& run, const RunLog& base, const VerdictOptions& o,
                           Verdict& v, std::vector<VerdictText>& s) {
  v.memoryExperiment = true;
  const TrainConfig &a = run.config, &b = base.config;
  v.sameSettings = a.steps == b.steps && a.batchSize == b.batchSize && a.seed == b.seed &&
                   a.learningRate == b.learningRate && a.precision == b.precision &&
                   a.seqLen == b.seqLen && a.preset == b.preset;
  std::map<int64_t, double> baseLoss;
  for (const auto& st : base.steps) baseLoss[st.step] = st.loss;
  bool allFinite = true;
  for (const auto& st : run.steps) {
    auto it = baseLoss.find(st.step);
    if (it == baseLoss.end()) continue;
    ++v.comparedSteps;
    if (bitEqual(st.loss, it->second)) {
      ++v.bitEqualSteps;
      continue;
    }
    if (!std::isfinite(st.loss) || !std::isfinite(it->second)) {
      allFinite = false;
      continue;
    }
    const double gap = std::abs(st.loss - it->second) / std::max(std::abs(it->second), 1e-30);
    v.maxRelativeLossGap = std::max(v.maxRelativeLossGap, gap);
  }
  v.sameUpdates = v.sameSettings && allFinite && v.comparedSteps > 0 &&
                  v.comparedSteps == static_cast<int64_t>(base.steps.size()) &&
                  v.maxRelativeLossGap <= o.sameUpdateTolerance;
  v.judgement = v.sameUpdates
                    ? (v.identicalToBaseline ? Judgement::Identical : Judgement::LearnsLikeBaseline)
                    : Judgement::Differs;
  if (a.accumulationSteps > 1)
    s.push_back(text(
        PL_TRANSLATE_NOOP("Verdict", "batch %1 as %2 micro-batches of %3, one optimizer step: "),
        {count(a.batchSize), count(a.accumulationSteps),
         count(a.batchSize / a.accumulationSteps)}));
  if (a.checkpointActivations)
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict", "each encoder layer recomputed in the backward pass instead of stored: ")));
  if (!v.sameSettings) {
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "not comparable: its steps, batch, seed, learning rate or precision are not "
        "the baseline's")));
  } else if (v.sameUpdates && v.bitEqualSteps == v.comparedSteps) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "the same updates as the baseline: bit-equal loss at all "
                                       "%1 steps"),
                     {count(v.comparedSteps)}));
  } else {
    const std::vector<Arg> args = {num(o.sameUpdateTolerance, 1, 'g'), count(v.comparedSteps),
                                   num(v.maxRelativeLossGap, 2, 'g'), count(v.bitEqualSteps)};
    s.push_back(v.sameUpdates
                    ? text(PL_TRANSLATE_NOOP("Verdict",
                                             "the same updates as the baseline: loss within %1 "
                                             "relative at all %2 steps (largest gap %3, %4 "
                                             "steps bit-equal; float sums in another order)"),
                           args)
                    : text(PL_TRANSLATE_NOOP("Verdict",
                                             "NOT the baseline's updates: loss beyond %1 "
                                             "relative (largest gap %3 over %2 steps, %4 "
                                             "bit-equal)"),
                           args));
  }
  if (v.memoryMeasurable) {
    s.push_back(v.memoryRatio < 1.0
                    ? text(PL_TRANSLATE_NOOP("Verdict",
                                             "; peak memory %1x the baseline's, lower (measured)"),
                           {num(v.memoryRatio, 2)})
                    : text(PL_TRANSLATE_NOOP("Verdict",
                                             "; peak memory %1x the baseline's, NOT lower "
                                             "(measured)"),
                           {num(v.memoryRatio, 2)}));
  } else {
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict", "; memory not measurable here (not measured live on the same device)")));
  }
  if (v.speedMeasurable && v.speedup > 0) {
    const std::vector<Arg> t = {num(1.0 / v.speedup, 2), num(v.speedup, 2), num(v.speedupLow, 2),
                                num(v.speedupHigh, 2)};
    s.push_back(v.cpuTime ? text(PL_TRANSLATE_NOOP("Verdict",
                                                   "; step time %1x the baseline's, samples/s "
                                                   "%2x (p25-p75 %3-%4x, CPU time per step)"),
                                 t)
                          : text(PL_TRANSLATE_NOOP("Verdict",
                                                   "; step time %1x the baseline's, samples/s "
                                                   "%2x (p25-p75 %3-%4x)"),
                                 t));
  } else {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; speed not measurable here")));
  }
}

bool isLoraExperiment(const RunLog& run) { return run.config.loraRank > 0; }

int64_t trainableParams(const RunLog& run) {
  return run.steps.empty() ? 0 : run.steps.front().trainableParams;
}
int64_t optimizerStateBytes(const RunLog& run) {
  int64_t bytes = 0;
  for (const auto& s : run.steps) bytes = std::max(bytes, s.optimizerStateBytes);
  return bytes;
}

// "1.23 MiB", "456 KiB": optimizer-state sizes in the verdict line.
Arg mebibytes(int64_t bytes) { return num(static_cast<double>(bytes) / (1024.0 * 1024.0), 2); }

// LoRA trains rank-r adapters on a frozen base: the claim is a small share of the parameters
// and of the optimizer's memory (both measured: the counts the optimizer updated, the bytes its
// first step allocated and kept), at some step time, for some validation accuracy. The
// accuracy part needs a baseline that learned (else "inconclusive"); the counts do not.
void judgeLoraExperiment(const RunLog& run, const RunLog& base, const VerdictOptions& o, Verdict& v,
                         std::vector<VerdictText>& s) {
  v.loraExperiment = true;
  v.loraRank = run.config.loraRank;
  v.trainableParams = trainableParams(run);
  v.baselineTrainableParams = trainableParams(base);
  v.optimizerStateBytes = optimizerStateBytes(run);
  v.baselineOptimizerStateBytes = optimizerStateBytes(base);
  v.optimizerStateMeasurable =
      v.memoryMeasurable && v.optimizerStateBytes > 0 && v.baselineOptimizerStateBytes > 0;
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "LoRA r=%1 on query and value, base frozen: "),
                   {count(v.loraRank)}));
  if (v.trainableParams > 0 && v.baselineTrainableParams > 0) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "trains %1 parameters, %3 % of the %2 full "
                                       "fine-tuning trains (counted)"),
                     {count(v.trainableParams), count(v.baselineTrainableParams),
                      num(100.0 * static_cast<double>(v.trainableParams) /
                              static_cast<double>(v.baselineTrainableParams),
                          2)}));
  } else {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "trainable parameters not recorded")));
  }
  if (v.optimizerStateMeasurable) {
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; optimizer state %1 MiB vs %2 MiB, %3x (measured)"),
             {mebibytes(v.optimizerStateBytes), mebibytes(v.baselineOptimizerStateBytes),
              num(static_cast<double>(v.optimizerStateBytes) /
                      static_cast<double>(v.baselineOptimizerStateBytes),
                  3)}));
  } else {
    s.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "; optimizer state not measurable here (not measured live on the same device)")));
  }
  if (v.speedMeasurable && v.speedup > 0)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; step time %1x the baseline's"),
                     {num(1.0 / v.speedup, 2)}));
  else
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; speed not measurable here")));
  s.push_back(text("; "));
  if (!v.baselineLearned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "accuracy inconclusive: ")));
    s.push_back(baselineNotLearnedText(v));
    return;
  }
  v.judgement = v.learned   ? Judgement::LearnsLikeBaseline
                : v.stalled ? Judgement::Stalled
                            : Judgement::Differs;
  addLearningText(v, o, s);
}

bool isRangeExperiment(const RunLog& run) { return run.config.outlierScaleLog2 > 0; }

// The format a precision's forward pass stores activations in, and its largest finite value.
const char* storedFormat(Precision p) {
  switch (p) {
    case Precision::Fp16Amp:
    case Precision::HalfModel:
    case Precision::Fp16AmpNoScaler:
      return "fp16";
    case Precision::Bf16Amp:
      return "bf16";
    case Precision::Fp32:
      break;
  }
  return "fp32";
}
double largestFinite(Precision p) {
  const std::string f = storedFormat(p);
  if (f == "fp16") return 65504.0;
  if (f == "bf16") return 3.3895313892515355e38;  // (2 - 2^-7) * 2^127
  return 3.4028234663852886e38;                   // FLT_MAX
}

// How the run's numbers were obtained, as a word inside its verdict: live, emulated (fp16
// numerics rounded on fp32 kernels), or recorded (and how the recording was measured).
VerdictText provenanceWord(const RunProvenance& p) {
  const Provenance kind = p.kind == Provenance::Recorded ? p.recordedKind : p.kind;
  const bool recorded = p.kind == Provenance::Recorded;
  if (kind == Provenance::Emulated)
    return recorded ? text(PL_TRANSLATE_NOOP("Verdict", "recorded, emulated fp16 numerics"))
                    : text(PL_TRANSLATE_NOOP("Verdict", "emulated fp16 numerics"));
  return recorded ? text(PL_TRANSLATE_NOOP("Verdict", "recorded live"))
                  : text(PL_TRANSLATE_NOOP("Verdict", "live"));
}

// The range experiment: an outlier channel whose activations exceed fp16's 65504 while staying
// far inside bf16's range. The claim is about the format, not the optimiser: a run that stored
// them in fp16 overflows in the forward pass (non-finite loss, skipped steps, a scale that falls
// without helping); one that stored them in bf16 trains like the fp32 baseline.
void judgeRangeExperiment(const RunLog& run, const VerdictOptions& o, Verdict& v,
                          std::vector<VerdictText>& s) {
  v.rangeExperiment = true;
  v.outlierScaleLog2 = run.config.outlierScaleLog2;
  v.format = storedFormat(run.config.precision);
  for (const auto& st : run.steps)
    if (!std::isfinite(st.loss)) ++v.nonFiniteLossSteps;
  if (!run.steps.empty()) v.initialLossScale = run.steps.front().lossScale;
  v.overflowed = v.nonFiniteLossSteps > 0 || v.skippedSteps > 0;
  const Arg format = word(v.format);
  const Arg scale = count(v.outlierScaleLog2);
  const Arg total = count(v.stepsJudged);
  // Each figure says how it was obtained (live, emulated, recorded): its own part, so the UI
  // translates it like every other template.
  const VerdictText how = provenanceWord(run.provenance);
  if (v.overflowed) {
    v.judgement = Judgement::Failed;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "%1 overflowed ("), {format}));
    s.push_back(how);
    s.push_back(text(
        PL_TRANSLATE_NOOP("Verdict",
                          "): %1 of %2 steps skipped, loss non-finite at %3 of %2 "
                          "steps (first at step %4)"),
        {count(v.skippedSteps), total, count(v.nonFiniteLossSteps), count(v.firstNonFiniteStep)}));
    if (v.skippedSteps > 0)
      s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; the loss scale fell from %1 to %2"),
                       {num(v.initialLossScale, 6, 'g'), num(v.finalLossScale, 3, 'g')}));
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "; an outlier channel at 2^%1 times its value exceeds "
                                       "%2's largest finite value (%3) in the forward pass, "
                                       "where loss scaling and gradient clipping do not reach"),
                     {scale, format, num(largestFinite(run.config.precision), 6, 'g')}));
    return;
  }
  const bool learned = v.baselineLearned && v.learned;
  if (learned) {
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "%1 trained like fp32 ("), {format}));
    s.push_back(how);
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "): loss finite at all %1 steps, none skipped, with an "
                                       "outlier channel at 2^%2 times its value; "),
                     {total, scale}));
  } else {
    s.push_back(text(v.baselineLearned
                         ? PL_TRANSLATE_NOOP("Verdict",
                                             "%1 held the outlier channel at 2^%2 times its "
                                             "value (")
                         : PL_TRANSLATE_NOOP("Verdict",
                                             "inconclusive: %1 held the outlier channel at 2^%2 "
                                             "times its value ("),
                     {format, scale}));
    s.push_back(how);
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; loss finite at all %1 steps, none skipped), but "),
             {total}));
  }
  if (!v.baselineLearned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(baselineNotLearnedText(v));
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", run longer")));
    return;
  }
  v.judgement = v.learned   ? Judgement::LearnsLikeBaseline
                : v.stalled ? Judgement::Stalled
                            : Judgement::Differs;
  addLearningText(v, o, s);
  if (v.maxLossDivergence > 0)
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "; largest per-step training-loss gap to fp32 %1"),
             {num(v.maxLossDivergence, 3, 'g')}));
}

}  // namespace

const Verdict* findVerdict(const std::vector<Verdict>& verdicts, std::string_view scenarioId) {
  for (const Verdict& v : verdicts)
    if (v.scenarioId == scenarioId) return &v;
  return nullptr;
}

const char* judgementName(Judgement j) {
  switch (j) {
    case Judgement::Reference:
      return "reference";
    case Judgement::BaselineDidNotLearn:
      return "baseline-did-not-learn";
    case Judgement::TooShort:
      return "too-short";
    case Judgement::Inconclusive:
      return "inconclusive";
    case Judgement::Failed:
      return "failed";
    case Judgement::Identical:
      return "identical";
    case Judgement::LearnsLikeBaseline:
      return "learns-like-baseline";
    case Judgement::Stalled:
      return "stalled";
    case Judgement::Differs:
      return "differs";
  }
  return "unknown";
}

const std::string& MeasuredScenario::optionText() const {
  static const std::string none;
  return runs.empty() ? none : runs.front().optionText;
}

const std::string& MeasuredScenario::title() const {
  static const std::string none;
  return runs.empty() ? none : runs.front().title;
}

Verdict computeVerdict(const MeasuredScenario& scenario, const RunLog& baseline,
                       const VerdictOptions& options) {
  Verdict v;
  v.scenarioId = scenario.id;
  if (scenario.runs.empty()) {
    v.summaryParts.push_back(text(PL_TRANSLATE_NOOP("Verdict", "no runs")));
    v.summary = v.summaryParts.back().english();
    return v;
  }
  // A sweep is judged by its best trial (highest final val accuracy, then lowest val loss).
  const RunLog* judged = &scenario.runs.front();
  for (const auto& r : scenario.runs) {
    if (r.evals.empty()) continue;
    if (judged->evals.empty() || r.evals.back().valAccuracy > judged->evals.back().valAccuracy ||
        (r.evals.back().valAccuracy == judged->evals.back().valAccuracy &&
         r.evals.back().valLoss < judged->evals.back().valLoss))
      judged = &r;
  }
  judgeRun(*judged, baseline, options, v);
  judgeSpeed(*judged, baseline, v);
  // The baseline's own scenario (judged on a copy of its run where the window computes it); not
  // any run that happens to share the baseline's label.
  const bool isBaseline = judged == &baseline || scenario.id == scenario::kBaselineFp32;
  bool runShort = false;
  for (const auto& r : scenario.runs) runShort = runShort || tooShort(r, options);
  const bool baseShort = tooShort(baseline, options);
  const bool failed = !v.failureCause.empty();
  if (scenario.isSweep() && !isBaseline) judgeSweep(scenario, baseline, *judged, v);

  std::vector<VerdictText>& s = v.summaryParts;
  auto tooShortText = [&](const RunLog& r, bool cancelled) {
    s.push_back(cancelled ? text(PL_TRANSLATE_NOOP("Verdict",
                                                   "too short to judge: %1 cancelled after %2 of "
                                                   "%3 steps"),
                                 {word(r.label), count(r.stepsDone()), count(r.totalSteps)})
                          : text(PL_TRANSLATE_NOOP("Verdict",
                                                   "too short to judge: %1 ran %2 steps, a verdict "
                                                   "needs at least %3"),
                                 {word(r.label), count(r.stepsDone()), count(options.minSteps)}));
  };
  auto shortRun = [&]() -> const RunLog& {
    for (const auto& r : scenario.runs)
      if (tooShort(r, options)) return r;
    return *judged;
  };
  if (isBaseline) {
    const std::vector<Arg> times = {num(v.medianStepMs, 1), num(v.p25StepMs, 1),
                                    num(v.p75StepMs, 1)};
    if (baseShort) {
      v.judgement = Judgement::TooShort;
      tooShortText(baseline, baseline.state == RunState::Cancelled);
      s.push_back(text("; "));
    } else {
      v.judgement = v.baselineLearned ? Judgement::Reference : Judgement::BaselineDidNotLearn;
    }
    s.push_back(v.cpuTime ? text(PL_TRANSLATE_NOOP("Verdict",
                                                   "reference: median %1 ms/step of CPU "
                                                   "time (p25-p75 %2-%3)"),
                                 times)
                          : text(PL_TRANSLATE_NOOP("Verdict",
                                                   "reference: median %1 ms/step (p25-p75 %2-%3)"),
                                 times));
    if (v.hasEval)
      s.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", val acc %1, val loss %2"),
                       {num(v.valAccuracy, 3), num(v.valLoss, 3)}));
    if (v.chanceAccuracy > 0)
      s.push_back(text(PL_TRANSLATE_NOOP("Verdict", " (chance %1)"), {num(v.chanceAccuracy, 3)}));
    if (v.judgement == Judgement::BaselineDidNotLearn) {
      s.push_back(text("; "));
      s.push_back(baselineNotLearnedText(v));
      v.notes.push_back(
          text(PL_TRANSLATE_NOOP("Verdict",
                                 "The baseline did not learn: every other verdict is "
                                 "inconclusive. Run longer (--steps) or with a larger learning "
                                 "rate before reading them.")));
    }
  } else if (baseShort) {
    v.judgement = Judgement::TooShort;
    tooShortText(baseline, baseline.state == RunState::Cancelled);
    if (v.identicalToBaseline)
      s.push_back(text(
          PL_TRANSLATE_NOOP("Verdict", "; bit-identical to the baseline at all %1 steps so far"),
          {count(static_cast<int64_t>(judged->steps.size()))}));
  } else if (isRangeExperiment(*judged) && !scenario.isSweep()) {
    // Before the failure rules: an overflow a GradScaler keeps skipping is judged by its own
    // counts, and only over enough steps to count them.
    if (runShort) {
      v.judgement = Judgement::TooShort;
      const RunLog& r = shortRun();
      tooShortText(r, r.state == RunState::Cancelled);
    } else {
      judgeRangeExperiment(*judged, options, v, s);
    }
  } else if (runShort && !failed) {
    v.judgement = Judgement::TooShort;
    const RunLog& r = shortRun();
    tooShortText(r, r.state == RunState::Cancelled);
    if (v.identicalToBaseline)
      s.push_back(text(
          PL_TRANSLATE_NOOP("Verdict", "; bit-identical to the baseline at all %1 steps so far"),
          {count(static_cast<int64_t>(judged->steps.size()))}));
  } else if (failed && v.baselineLearned) {
    v.judgement = Judgement::Failed;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "FAILED: ")));
    s.push_back(v.failure);
    s.push_back(text("; "));
    addLearningText(v, options, s);
  } else if (isLoraExperiment(*judged) && !scenario.isSweep()) {
    judgeLoraExperiment(*judged, baseline, options, v, s);
  } else if (isMemoryExperiment(*judged) && !scenario.isSweep()) {
    // The same updates need no learning baseline: equal losses are equal whether or not they fell.
    judgeMemoryExperiment(*judged, baseline, options, v, s);
  } else if (!v.baselineLearned) {
    v.judgement = Judgement::Inconclusive;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "inconclusive: ")));
    s.push_back(baselineNotLearnedText(v));
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", ", run longer")));
    // What was measured all the same, without a conclusion drawn from it.
    if (failed) {
      s.push_back(
          text(PL_TRANSLATE_NOOP("Verdict", "; this run also hit %1"), {word(v.failureCause)}));
    } else if (v.identicalToBaseline) {
      s.push_back(
          text(PL_TRANSLATE_NOOP("Verdict", "; bit-identical to the baseline at all %1 steps"),
               {count(static_cast<int64_t>(judged->steps.size()))}));
    }
  } else if (scenario.isSweep()) {
    v.judgement = v.learned   ? Judgement::LearnsLikeBaseline
                  : v.stalled ? Judgement::Stalled
                              : Judgement::Differs;
    // The headline multiple counts training samples (timing-free, so the GUI, where runs
    // share the CPU, and the CLI say the same); the measured time multiple is a note.
    s.push_back(
        text(PL_TRANSLATE_NOOP("Verdict", "%1 trials, %2x the baseline's compute; best %3: "),
             {count(v.trials), num(v.sampleMultiple, 1), word(v.bestTrial)}));
    addLearningText(v, options, s);
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; precision unchanged, per trial ")));
    addSpeedText(v, s);
  } else if (v.identicalToBaseline) {
    v.judgement = Judgement::Identical;
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "identical to the baseline: bit-equal loss at "
                                       "all %1 steps and equal validation; "),
                     {count(static_cast<int64_t>(judged->steps.size()))}));
    addSpeedText(v, s);
  } else {
    v.judgement = v.learned   ? Judgement::LearnsLikeBaseline
                  : v.stalled ? Judgement::Stalled
                              : Judgement::Differs;
    addLearningText(v, options, s);
    s.push_back(text("; "));
    addSpeedText(v, s);
    // A training-loss gap, not the validation tolerance above: runs whose numerics differ
    // follow different paths step by step and can still end at the same place.
    if (v.maxLossDivergence > 0)
      s.push_back(
          text(PL_TRANSLATE_NOOP("Verdict", "; largest per-step training-loss gap to fp32 %1"),
               {num(v.maxLossDivergence, 3, 'g')}));
  }
  const bool judgedHere = v.judgement != Judgement::TooShort;
  if (judgedHere && !v.rangeExperiment && (v.skippedSteps > 0 || v.finalLossScale != 1.0))
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; %1 skipped steps, loss scale now %2"),
                     {count(v.skippedSteps), num(v.finalLossScale, 6, 'g')}));
  if (judgedHere && judged->state == RunState::Finished && judged->totalSteps > 0 &&
      judged->stepsDone() < judged->totalSteps && failed)
    s.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                       "; stopped after %1 of %2 steps: %3 non-finite steps in "
                                       "a row settle it"),
                     {count(judged->stepsDone()), count(judged->totalSteps),
                      count(judged->config.stopAfterNonFinite)}));
  if (judgedHere && !isBaseline && v.meanGradZeroFraction > v.baselineGradZeroFraction + 0.01)
    v.notes.push_back(
        text(PL_TRANSLATE_NOOP("Verdict",
                               "%1% of gradient values were exactly zero vs %2% in "
                               "the baseline (fp16 underflow)"),
             {num(100 * v.meanGradZeroFraction, 1), num(100 * v.baselineGradZeroFraction, 1)}));
  if (!v.speedMeasurable && !isBaseline)
    v.notes.push_back(text(PL_TRANSLATE_NOOP(
        "Verdict",
        "Speed cannot be measured for emulated fp16 on this CPU: the live bf16=True run "
        "measures the same mechanism here, as fast as this CPU's bf16 units allow (the speed "
        "evidence says what they allow); a CUDA GPU measures fp16 itself.")));
  for (const VerdictText& part : s) v.summary += part.english();
  return v;
}

std::string VerdictText::english() const {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t n = i + 1 < text.size() ? static_cast<size_t>(text[i + 1] - '0') : 0;
    if (text[i] != '%' || n < 1 || n > args.size() || n > 9) {
      out += text[i];
      continue;
    }
    const Arg& a = args[n - 1];
    if (a.precision < 0) {
      out += a.text;
    } else {
      out += numberText(a.value, a.precision, a.style);
    }
    ++i;
  }
  return out;
}

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
  if (!runs.resumeError.empty()) {
    v.judgement = Judgement::Failed;
    v.summary = "the resume failed: " + runs.resumeError;
    return v;
  }
  if (!runs.uninterruptedFinished || !runs.resumedFinished || runs.checkpointStep <= 0 ||
      runs.totalSteps < options.minSteps || int64_t(runs.uninterrupted.size()) != runs.totalSteps) {
    v.judgement = Judgement::TooShort;
    v.summary = runs.checkpointStep <= 0
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

}  // namespace precisionlab
