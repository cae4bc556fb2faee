// The precision lab: one toggle per exam scenario, each starting or stopping a real training run,
// and live charts that compare the runs with the fp32 baseline. Runs execute on the engine's
// worker thread; a 20 Hz timer drains their progress into data this view owns, and the charts
// redraw only what changed (never once per step).
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QString>
#include <QWidget>
#include <memory>

#include "engine/TrainConfig.h"

class QTimer;
class QLabel;
class QTabWidget;

namespace precisionlab {

class RunScheduler;

class ChartPanel;
class LabSettingsPanel;
class RunToggle;
class RunDataStore;

class LabView : public QWidget {
  Q_OBJECT

 public:
  explicit LabView(QWidget* parent = nullptr);
  ~LabView() override;

  // Settings every new run starts from (the panel's values); the test and bench hooks set them.
  TrainConfig settings() const;
  void setSettings(const TrainConfig& config);

  // What the charts and the CSV export read; owned by the view, filled by the drain timer.
  const RunDataStore& store() const { return *store_; }
  QList<ChartPanel*> chartPanels() const { return charts_; }
  // The charts sit in tabs of two; tests and screenshots pick one.
  void showChartTab(int index);
  RunToggle* toggle(const QString& scenarioId) const { return toggles_.value(scenarioId); }
  LabSettingsPanel* settingsPanel() const { return settingsPanel_; }

  // True while any run of this view is queued, preparing, running or paused.
  bool anyRunActive() const;
  bool presenterMode() const { return presenterMode_; }
  // The computed verdict shown on a scenario's row ("" before there is one); the presenter's
  // verdict table reads it too.
  QString verdictText(const QString& scenarioId) const { return verdicts_.value(scenarioId); }

 public slots:
  // Starts that scenario's run (or shows it if already running) and highlights its row.
  void runScenario(const QString& scenarioId);
  // Stops a scenario's runs (all trials of a sweep); its curves stay on the charts.
  void stopScenario(const QString& scenarioId);
  void stopAll();
  // Cancels everything and forgets all curves.
  void clearRuns();
  // Big fonts, 4 px lines, high contrast (the teacher in front of a class).
  void setPresenterMode(bool on);
  // Drains the scheduler once and redraws what changed; the timer calls it at ~20 Hz.
  void pollRuns();

  // Writes all run records as CSV (one row per step per run, with provenance) to a file the user
  // picks; returns false with a dialog on error.
  void exportRunsCsv();

 signals:
  // Emitted after a drain that brought new records or state changes (tests wait on it).
  void runsUpdated();
  // A short human message for the window's status bar.
  void statusMessage(const QString& text);

 private:
  void buildUi();
  void onToggleChanged(const QString& scenarioId, bool on);
  void refreshCharts();
  void refreshToggles();
  void updateVerdict(const QString& scenarioId);

  std::unique_ptr<RunScheduler> scheduler_;
  std::unique_ptr<RunDataStore> store_;
  QHash<QString, RunToggle*> toggles_;
  QList<ChartPanel*> charts_;
  LabSettingsPanel* settingsPanel_ = nullptr;
  QTabWidget* chartTabs_ = nullptr;
  QTimer* pollTimer_ = nullptr;
  QHash<int, quint64> drawnRevisions_;  // run id -> store revision the charts last drew
  quint64 drawnBaselineRevision_ = 0;
  QHash<QString, QString> verdicts_;         // scenario id -> computed summary
  QHash<QString, QString> verdictDetails_;   // scenario id -> summary and notes (tooltip)
  QHash<QString, quint64> verdictRevision_;  // store revisions the verdict was computed from
  QHash<QString, qint64> verdictComputedAt_;
  QElapsedTimer clock_;
  bool presenterMode_ = false;
};

}  // namespace precisionlab
