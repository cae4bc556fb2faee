// The lab's expected time, said before a lab starts: "Every option: about 9 min on this machine
// now", with its basis (how many steps, the seconds a step measured just now, what it leaves
// out) in the line's tooltip and the status bar. The figure comes from a calibration
// (engine/LabCalibration.h: a few timed steps of the baseline's own model and batch) run on
// threads of its own at the window's worker priority, so a busy machine gets a longer estimate.
// It measures only while no run trains (the lab asks before each start and when its settings
// change) and at most once a minute for the same settings.
#pragma once

#include <QElapsedTimer>
#include <QLabel>
#include <QString>
#include <QStringList>
#include <atomic>
#include <thread>

#include "core/TrainConfig.h"
#include "engine/LabCalibration.h"

namespace precisionlab {

class LabTimeEstimate : public QLabel {
  Q_OBJECT

 public:
  explicit LabTimeEstimate(QWidget* parent = nullptr);
  ~LabTimeEstimate() override;  // cancels a calibration under way and joins its threads

  // Measures how long `scenarioIds` would take from `settings` unless a measurement of the same
  // settings is under way or less than a minute old (`force`: measure anyway).
  void request(const QStringList& scenarioIds, const TrainConfig& settings, bool force = false);
  // Stops a measurement under way (a run is starting: it would slow it and be slowed by it).
  void cancel();
  bool measuring() const { return thread_.joinable() && !done_; }
  // The line for a calibration: what is shown, and its basis (the tooltip).
  static QString line(const LabCalibration& c);
  static QString basis(const LabCalibration& c);

 signals:
  void estimated(const QString& line, const QString& basis);

 private:
  void finished(const LabCalibration& result, quint64 generation);

  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> done_{true};
  quint64 generation_ = 0;
  QString measuredKey_;  // the settings last measured
  QElapsedTimer measuredAt_;
};

}  // namespace precisionlab
