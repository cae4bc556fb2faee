// Turns a run's records into the points each lab chart plots (x = optimizer step). Pure
// functions of the UI-owned records; non-finite values are left for the chart to drop.
#pragma once

#include <QList>
#include <QPointF>

namespace precisionlab {

struct LabRun;

class LabMetrics {
 public:
  static QList<QPointF> loss(const LabRun& run);
  // |loss - baseline loss| at the steps both runs have reached.
  static QList<QPointF> divergence(const LabRun& run, const LabRun& baseline);
  static QList<QPointF> samplesPerSec(const LabRun& run);
  // Running peak in MiB, so the curve reads as "the most this run has needed so far".
  static QList<QPointF> peakMemoryMiB(const LabRun& run);
  static QList<QPointF> lossScale(const LabRun& run);
  static QList<QPointF> skippedSteps(const LabRun& run);  // at the scale of the skipped step
  static QList<QPointF> gradZeroPercent(const LabRun& run);
  // True when the run uses a GradScaler, i.e. its loss-scale curve says something.
  static bool usesLossScaling(const LabRun& run);
};

}  // namespace precisionlab
