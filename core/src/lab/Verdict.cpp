// Verdicts from measured records. Every number in a summary is computed here from the runs'
// StepRecords and EvalRecords; the wording only names what the numbers show.
#include "core/Verdict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include "core/Translatable.h"

namespace precisionlab {

namespace {

// One spelling for non-finite values on every front end ("NaN", "inf"), never the C
// library's "-nan".
std::string fmt(const char* format, double a) {
  if (std::isnan(a) || std::isinf(a)) {
    const char* word = std::isnan(a) ? "NaN" : (a > 0 ? "inf" : "-inf");
    std::string f = format;
    const size_t pct = f.find('%');
    size_t end = pct;
    while (end < f.size() && std::string("diouxXeEfFgGaA").find(f[end]) == std::string::npos) ++end;
    if (pct == std::string::npos || end >= f.size()) return word;
    return f.substr(0, pct) + word + f.substr(end + 1);
  }
  char buf[96];
  std::snprintf(buf, sizeof buf, format, a);
  return buf;
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

// Learning, failure and divergence figures of one run against the baseline.
void judgeRun(const RunLog& run, const RunLog& base, const VerdictOptions& o, Verdict& v) {
  v.label = run.label;
  v.provenance = run.provenance.kind;
  if (!run.evals.empty()) {
    v.hasEval = true;
    v.valLoss = run.evals.back().valLoss;
    v.valAccuracy = run.evals.back().valAccuracy;
  }
  if (!base.evals.empty()) {
    v.baselineValLoss = base.evals.back().valLoss;
    v.baselineValAccuracy = base.evals.back().valAccuracy;
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
        v.failureCause = "NaN loss";
      else if (std::isinf(s.loss))
        v.failureCause = "inf loss";
      else
        v.failureCause =
            fmt("non-finite gradients (%.1f%% of values)", 100.0 * s.gradNonFiniteFraction);
      v.failureCause += " at step " + std::to_string(s.step);
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
  if (run.state == RunState::Failed && v.failureCause.empty()) v.failureCause = run.message;

  const size_t n = run.steps.size(), tenth = std::max<size_t>(1, n / 10);
  const double first = meanLoss(run, 0, tenth), last = meanLoss(run, n - tenth, n);
  v.stalled = n < 2 || !std::isfinite(last) || last >= first * (1.0 - o.stallFraction);
  v.learned = v.hasEval && v.firstNonFiniteStep == 0 && std::isfinite(v.valLoss) &&
              v.valAccuracy >= v.baselineValAccuracy - o.accuracyTolerance &&
              v.valLoss <= v.baselineValLoss + o.valLossTolerance && !v.stalled;
  v.identicalToBaseline = &run != &base && identical(run, base);
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

std::string speedText(const Verdict& v) {
  if (!v.speedMeasurable)
    return "speed not measurable here (emulated numerics, or not measured on the same device)";
  return fmt("%.2fx speed", v.speedup) + fmt(" (p25-p75 %.2f", v.speedupLow) +
         fmt("-%.2fx", v.speedupHigh) + (v.cpuTime ? ", CPU time per step)" : ")") +
         (v.memoryMeasurable ? fmt(", %.2fx memory", v.memoryRatio) : std::string());
}

std::string learningText(const Verdict& v, const VerdictOptions& o) {
  if (!v.hasEval) return "no validation result";
  const std::string acc = fmt("val acc %.3f", v.valAccuracy) +
                          fmt(" vs %.3f", v.baselineValAccuracy) +
                          fmt(", val loss %.3f", v.valLoss) + fmt(" vs %.3f", v.baselineValLoss);
  if (v.learned)
    return "learned like the baseline (" + acc +
           fmt("; within %.2f validation accuracy", o.accuracyTolerance) +
           fmt(" and %.2f validation loss of fp32)", o.valLossTolerance);
  if (v.stalled) return "stalled: training loss did not fall (" + acc + ")";
  return "did not learn like the baseline (" + acc + ")";
}

}  // namespace

Verdict computeVerdict(const MeasuredScenario& scenario, const RunLog& baseline,
                       const VerdictOptions& options) {
  Verdict v;
  v.scenarioId = scenario.id;
  if (scenario.runs.empty()) {
    v.summary = "no runs";
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
  const bool isBaseline = judged == &baseline || (scenario.runs.size() == 1 &&
                                                  scenario.runs.front().label == baseline.label);

  std::string s;
  if (isBaseline) {
    s = "reference: " + fmt("median %.1f ms/step", v.medianStepMs) +
        (v.cpuTime ? " of CPU time" : "") + fmt(" (p25-p75 %.1f", v.p25StepMs) +
        fmt("-%.1f)", v.p75StepMs) +
        (v.hasEval ? fmt(", val acc %.3f", v.valAccuracy) + fmt(", val loss %.3f", v.valLoss)
                   : std::string());
    if (v.stalled)
      v.notes.push_back(
          PL_TRANSLATE_NOOP("Verdict",
                            "The baseline's training loss did not fall: lengthen the runs "
                            "(--steps) before reading the other verdicts."));
  } else if (scenario.isSweep) {
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
    v.bestTrial = judged->label;
    if (v.computeMultiple > 0)
      v.notes.push_back(fmt("Measured step time x steps: %.1fx the baseline's", v.computeMultiple) +
                        " (varies with the machine's load; the headline counts samples).");
    // The headline multiple counts training samples (timing-free, so the GUI, where runs
    // share the CPU, and the CLI say the same); the measured time multiple is a note.
    s = std::to_string(v.trials) + " trials, " +
        fmt("%.1fx the baseline's compute", v.sampleMultiple) + "; best " + v.bestTrial + ": " +
        learningText(v, options) + "; precision unchanged, per trial " + speedText(v);
  } else if (!v.failureCause.empty()) {
    s = "FAILED: " + v.failureCause + "; " + learningText(v, options);
  } else if (v.identicalToBaseline) {
    s = "identical to the baseline: bit-equal loss at all " + std::to_string(judged->steps.size()) +
        " steps and equal validation; " + speedText(v);
  } else {
    s = learningText(v, options) + "; " + speedText(v);
    // A training-loss gap, not the validation tolerance above: runs whose numerics differ
    // follow different paths step by step and can still end at the same place.
    if (v.maxLossDivergence > 0)
      s += fmt("; largest per-step training-loss gap to fp32 %.3g", v.maxLossDivergence);
  }
  if (v.skippedSteps > 0 || v.finalLossScale != 1.0)
    s += "; " + std::to_string(v.skippedSteps) + " skipped steps, loss scale now " +
         fmt("%g", v.finalLossScale);
  if (!isBaseline && v.meanGradZeroFraction > v.baselineGradZeroFraction + 0.01)
    v.notes.push_back(
        fmt("%.1f%% of gradient values were exactly zero", 100 * v.meanGradZeroFraction) +
        fmt(" vs %.1f%% in the baseline (fp16 underflow)", 100 * v.baselineGradZeroFraction));
  if (!v.speedMeasurable && !isBaseline)
    v.notes.push_back(PL_TRANSLATE_NOOP(
        "Verdict",
        "Speed cannot be measured for emulated fp16 on this CPU: compare with the live "
        "bf16=True run for mixed precision's real speedup here, or run on a "
        "CUDA GPU."));
  v.summary = s;
  return v;
}

}  // namespace precisionlab
