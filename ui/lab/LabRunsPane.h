// The lab's runs: one RunToggle row per scenario under column headers (scenario, status,
// verdict, source), and below them the buttons that replay recordings, set the replay speed,
// stop every run and open the exports. It draws what the LabController holds (status, verdict,
// provenance) and says what the learner asked for; LabView decides what happens.
#pragma once

#include <QGroupBox>
#include <QHash>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>

#include "core/TrainConfig.h"
#include "ui/lab/LabLayout.h"

class QComboBox;
class QHBoxLayout;
class QLabel;

namespace precisionlab {

class LabController;
class LabTimeEstimate;
class RunToggle;

class LabRunsPane : public QGroupBox {
  Q_OBJECT

 public:
  explicit LabRunsPane(const LabController* controller, QWidget* parent = nullptr);

  RunToggle* toggle(const QString& scenarioId) const { return toggles_.value(scenarioId); }
  // How long every option would take here (hidden until it measures), above the buttons: off
  // by default; when on, measured for `base` on request while no run goes and the layout has
  // the run controls.
  LabTimeEstimate* timeEstimate() const { return estimate_; }
  void setEstimateEnabled(bool on);
  void requestEstimate(const QStringList& scenarioIds, const TrainConfig& base);
  // What a presenter step draws: the option, its fp32 reference and the row's companion (beside
  // fp16=True, the live bf16=True run: the same mechanism, measured on this machine).
  static QSet<QString> stepSeries(const QString& scenarioId);

  // The scenario being run or shown ("" for none): its row is highlighted, and in a layout of
  // the step only, only its step's rows show.
  void setHighlighted(const QString& scenarioId);
  QString highlighted() const { return highlighted_; }
  // Highlights these rows (a replayed batch) without changing the scenario shown.
  void highlightRows(const QSet<QString>& scenarioIds);
  // Forgets the highlight, the rows' verdicts and the rows being stopped (the runs are gone).
  void clear();
  // Each row's status, tick, verdict and source from the controller's store and verdicts.
  void refresh();
  // The row says why its scenario did not start, unticked.
  void showStartFailure(const QString& scenarioId, const QString& why);
  // The visible rows in the catalogue's order, at most `max`.
  QList<RunToggle*> shownRows(int max) const;

  // The layout's parts of the runs: the instruction title, buttons and estimate (the run
  // controls), the rows (the step's only or all), their columns and source column.
  void applyLayout(const LabLayout& layout);
  // Grown columns follow the width of `viewport` (the rows' scroll area's, set once).
  void followWidthOf(QWidget* viewport);
  // The rows' name and status columns, and their header: fixed in the lab; grown, as wide as
  // the step's rows need with the verdict keeping its share of the row.
  void fitColumns();
  // The export buttons beside the others when `available` px hold them, else on a second row
  // (by hand: Qt has no layout that wraps a row of widgets).
  void placeButtons(int available);
  // Shows the replay speed chosen elsewhere (emits nothing).
  void showReplaySpeed(double factor);

 signals:
  void startRequested(const QString& scenarioId);
  void stopRequested(const QString& scenarioId);
  void pauseRequested(const QString& scenarioId, bool paused);
  void replayShippedRequested();
  void openRecordingsRequested();
  void replaySpeedChosen(double factor);
  void stopAllRequested();
  void vertexExportRequested();
  void runsCsvExportRequested();

 private:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void buildRows();
  void buildButtons();
  void onToggled(const QString& scenarioId, bool on);

  const LabController* controller_;
  QList<RunToggle*> rows_;  // in the catalogue's order
  QHash<QString, RunToggle*> toggles_;
  QList<QPair<QLabel*, int>> headerLabels_;  // column header and its normal width
  QWidget* buttons_ = nullptr;
  QHBoxLayout* buttonRowA_ = nullptr;  // replay, speed, stop (and the exports where they fit)
  QHBoxLayout* buttonRowB_ = nullptr;  // the exports on a narrow window
  QWidget* exportButtons_ = nullptr;
  QComboBox* speedCombo_ = nullptr;
  LabTimeEstimate* estimate_ = nullptr;
  QWidget* viewport_ = nullptr;
  QString highlighted_;
  LabLayout layout_;
  bool estimateEnabled_ = false;
};

}  // namespace precisionlab
