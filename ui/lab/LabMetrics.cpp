#include "ui/lab/LabMetrics.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/lab/RunDataStore.h"

namespace precisionlab {

namespace {
template <typename F>
QList<QPointF> map(const TrackedRun& run, F value) {
  QList<QPointF> out;
  out.reserve(qsizetype(run.steps.size()));
  for (const StepRecord& s : run.steps) out.append(QPointF(double(s.step), value(s)));
  return out;
}
}  // namespace

QList<QPointF> LabMetrics::loss(const TrackedRun& run) {
  return map(run, [](const StepRecord& s) { return s.loss; });
}

QList<QPointF> LabMetrics::divergence(const TrackedRun& run, const TrackedRun& baseline) {
  QList<QPointF> out;
  // Both step lists are sorted by step: merge them.
  size_t j = 0;
  for (const StepRecord& s : run.steps) {
    while (j < baseline.steps.size() && baseline.steps[j].step < s.step) ++j;
    if (j == baseline.steps.size()) break;
    if (baseline.steps[j].step == s.step)
      out.append(QPointF(double(s.step), std::abs(s.loss - baseline.steps[j].loss)));
  }
  return out;
}

QList<QPointF> LabMetrics::samplesPerSec(const TrackedRun& run) {
  return map(run, [](const StepRecord& s) { return s.samplesPerSec; });
}

QList<QPointF> LabMetrics::peakMemoryMiB(const TrackedRun& run) {
  int64_t peak = 0;
  return map(run, [&peak](const StepRecord& s) {
    peak = std::max(peak, s.peakBytes);
    return double(peak) / (1024.0 * 1024.0);
  });
}

QList<QPointF> LabMetrics::lossScale(const TrackedRun& run) {
  return map(run, [](const StepRecord& s) { return s.lossScale; });
}

QList<QPointF> LabMetrics::skippedSteps(const TrackedRun& run) {
  QList<QPointF> out;
  for (const StepRecord& s : run.steps)
    if (s.skipped) out.append(QPointF(double(s.step), s.lossScale));
  return out;
}

QList<QPointF> LabMetrics::gradZeroPercent(const TrackedRun& run) {
  // At a step whose loss or applied gradients were inf/NaN no gradient value is exactly 0, so
  // the engine's 0 % there is no measurement: drawn, a run that broke at step 2 fell to 0 % next
  // to the y axis and lay on the x axis, which read as a second pair of axes. Such a step is
  // NaN here instead: the chart marks where the run broke and draws no point for such steps. A
  // step the GradScaler skipped keeps its value (fp16=True recovers from those).
  return map(run, [](const StepRecord& s) {
    if (!std::isfinite(s.loss)) return s.loss;  // inf or NaN, as the loss chart marks it
    if (s.nonFinite && !s.skipped) return std::numeric_limits<double>::quiet_NaN();
    return 100.0 * s.gradZeroFraction;
  });
}

bool LabMetrics::usesLossScaling(const TrackedRun& run) {
  return run.config.precision == Precision::Fp16Amp;
}

}  // namespace precisionlab
