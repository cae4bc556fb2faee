// Turns a run's records into the points each lab chart plots (x = optimizer step). Pure
// functions of the UI-owned records; non-finite values are left for the chart to drop.
#pragma once

#include <QList>
#include <QPointF>

namespace precisionlab {

struct TrackedRun;

class LabMetrics {
 public:
  static QList<QPointF> loss(const TrackedRun& run);
  // |loss - baseline loss| at the steps both runs have reached.
  static QList<QPointF> divergence(const TrackedRun& run, const TrackedRun& baseline);
  static QList<QPointF> samplesPerSec(const TrackedRun& run);
  // Running peak in MiB, so the curve reads as "the most this run has needed so far".
  static QList<QPointF> peakMemoryMiB(const TrackedRun& run);
  static QList<QPointF> lossScale(const TrackedRun& run);
  static QList<QPointF> skippedSteps(const TrackedRun& run);  // at the scale of the skipped step
  // Share of gradient values exactly 0, in %; NaN at steps whose loss or applied gradients were
  // inf/NaN (nothing was measured there; the chart marks the first).
  static QList<QPointF> gradZeroPercent(const TrackedRun& run);
  // True when the run uses a GradScaler, i.e. its loss-scale curve says something.
  static bool usesLossScaling(const TrackedRun& run);
};

}  // namespace precisionlab
