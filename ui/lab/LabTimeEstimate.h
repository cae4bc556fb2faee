// The lab's expected time, said before a lab starts: "Every option: about 9 min on this machine
// now", with its basis (how many steps, the seconds a step measured just now, what it leaves
// out) in the line's tooltip and the status bar. The figure comes from a calibration
// (engine/LabCalibration.h: a few timed steps of the baseline's own model and batch) run on
// threads of its own at the window's worker priority, so a busy machine gets a longer estimate.
// It measures only while no run trains (the lab asks before each start and when its settings
// change) and at most once a minute for the same settings.
// While live runs train, the same line says how long they have left at the pace measured since
// their first step (LivePace: every live run's steps per second together), so a lab started
// before the estimate was done, or slowed by other work since, still says how long it will take.
#pragma once

#include <QElapsedTimer>
#include <QLabel>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <utility>

#include "core/TrainConfig.h"
#include "engine/LabCalibration.h"
#include "ui/lab/LivePace.h"

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
  // A duration as the line says it: "45 s", "6 min 05 s", "1 h 02 min".
  static QString duration(double seconds);

  // The live runs' steps done and planned, all of them together (replayed runs left out), each
  // time they change: while `active`, the line says the time they have left at the pace
  // measured so far; when none is active, it goes back to the estimate (or hides).
  void showProgress(qint64 stepsDone, qint64 stepsPlanned, bool active);
  bool showingProgress() const { return pace_ != nullptr; }
  // The time left in a few words, for the window's status bar ("Lab: about 2 min 10 s left";
  // "" while none trains or the pace is still being measured).
  QString brief() const { return brief_; }

 signals:
  void estimated(const QString& line, const QString& basis);
  // The live runs' time-left line when it changes ("" once none trains).
  void progressed(const QString& line, const QString& basis);

 private:
  void finished(const LabCalibration& result, quint64 generation);
  void showEstimate();  // the last estimate's line, or hidden without one

  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> done_{true};
  quint64 generation_ = 0;
  QString measuredKey_;  // the settings last measured
  // Asked for while another measurement ran (other rows): measured when that one ends.
  std::optional<std::pair<QStringList, TrainConfig>> pending_;
  QElapsedTimer measuredAt_;
  QString estimateLine_, estimateBasis_;  // the last finished estimate ("" without one)
  std::unique_ptr<LivePace> pace_;        // while live runs train
  QElapsedTimer paceClock_;               // since they started
  qint64 paceDone_ = 0;                   // the steps done at the last sample
  QString brief_;
};

}  // namespace precisionlab
