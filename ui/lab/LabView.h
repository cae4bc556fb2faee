// The precision lab: one toggle per exam scenario, each starting or stopping a real training run
// (or replaying a recorded one), and live charts that compare the runs with the fp32 baseline.
// The runs, their records, identity and verdicts belong to a LabController (no widgets); this
// view draws what it holds when it says something changed, sends it the user's intents, and
// redraws only what changed (never once per step). It composes the parts, one job each: the
// settings line (LabSettingsStrip), the runs' rows and buttons (LabRunsPane), the evidence cards
// (EvidenceSummary), the charts (LabChartArea), the recordings and the live/recorded switching
// (LabReplay, no widgets) and the panes' splitter and its fitting (LabPaneFit), each laid out
// from one LabLayout passed down once; what is left here is starting, stopping and presenting
// runs and passing each part what changed.
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

#include "core/RunRecording.h"
#include "core/TrainConfig.h"
#include "engine/RunScheduler.h"
#include "ui/lab/LabController.h"
#include "ui/lab/LabLayout.h"
#include "ui/lab/RunDataStore.h"

class QLabel;
class QScrollArea;

namespace precisionlab {

class ChartPanel;
class EvidenceSummary;
class LabChartArea;
class LabPaneFit;
class LabReplay;
class LabRunsPane;
class LabSettingsPanel;
class LabSettingsStrip;
class LabTimeEstimate;
class RunToggle;
struct ScenarioInfo;

class LabView : public QWidget {
  Q_OBJECT

 public:
  explicit LabView(QWidget* parent = nullptr);
  ~LabView() override;

  // Settings every new run starts from (the panel's values); the test and bench hooks set them.
  TrainConfig settings() const;
  void setSettings(const TrainConfig& config);

  // The runs, their store and verdicts; the charts and the CSV export read its store.
  LabController* controller() const { return controller_; }
  const RunDataStore& store() const { return controller_->store(); }
  QList<ChartPanel*> chartPanels() const;
  LabChartArea* chartArea() const { return chartArea_; }
  // The scrolling area of the runs above the charts (the presenter's keys page it).
  QScrollArea* topArea() const;
  // The charts sit in tabs of two; tests and screenshots pick one.
  void showChartTab(int index);
  RunToggle* toggle(const QString& scenarioId) const;
  // The runs' rows, their status, verdict and source columns, and the buttons below them.
  LabRunsPane* runsPane() const { return runs_; }
  // The settings line and, when opened, the settings themselves (hidden in presenter mode).
  QWidget* settingsStrip() const;
  void showSettings(bool open);

  // True while any run of this view is queued, preparing, running or paused.
  bool anyRunActive() const;
  // The computed verdict shown on a scenario's row ("" before there is one).
  QString verdictText(const QString& scenarioId) const;
  // Speed factor of replayed recordings (1 = as recorded).
  double replaySpeed() const;
  // The last error shown in a dialog (tests read it; the dialog is not modal).
  QString lastError() const { return lastError_; }

  // Asks the user a yes/no question (a QMessageBox by default; tests answer it themselves).
  using Confirm = std::function<bool(const QString& title, const QString& text)>;
  void setConfirm(Confirm confirm);
  // The presenter on recordings: its steps show the replayed runs and never start a live one.
  void setRecordedOnly(bool on);
  // Asked before a run starts (the window's lab sessions: keep, start anew or cancel); false
  // starts nothing. None by default.
  using StartGate = std::function<bool()>;
  void setStartGate(StartGate gate) { startGate_ = std::move(gate); }
  // How long every option would take on this machine now, measured while the lab is shown and
  // idle (LabTimeEstimate); off by default (tests), on in the app.
  void setTimeEstimateEnabled(bool on);
  LabTimeEstimate* timeEstimate() const;
  bool recordedOnly() const;
  // The recordings and the live/recorded switching (no widgets).
  LabReplay* replay() const { return replay_; }

  // Intra-op threads a run started from the GUI gets: at most cores - 1 (at least 1), so one
  // core always stays with the window while runs train.
  static int guiThreads(int requested);

 public slots:
  // Starts that scenario's run (or shows it if already running) and highlights its row.
  void runScenario(const QString& scenarioId);
  // The presenter's step for an option: shows the scenario's runs if it has any (e.g. replayed
  // recordings, which a live restart would replace), else starts it like runScenario().
  void presentScenario(const QString& scenarioId);
  // Stops a scenario's runs (all trials of a sweep); its curves stay on the charts.
  void stopScenario(const QString& scenarioId);
  void setScenarioPaused(const QString& scenarioId, bool paused);
  void stopAll();
  // Cancels everything and forgets all curves.
  void clearRuns();
  // The presenter's slides (LabLayout::slides at the app's font scale now: the step's runs and
  // one large chart for a room), or back to the lab's own layout; presenting starts from no runs.
  void setPresenterMode(bool on);
  // Drains the scheduler and the replayer once (the controller's timer does it at 20 Hz).
  void pollRuns();

  // Recorded runs: pick .plrun files (starting in the shipped recordings), or replay the ones
  // compiled into the app, or replay recordings already read. Each replaces its scenario's
  // curves and is labelled "recorded on DEVICE, DATE" on its row and every chart.
  void openRecordedRunsDialog();
  void loadRecordings(const QStringList& paths);
  void replayShippedRecordings();
  // False when nothing was replayed (none given, or the user kept the live runs it would replace).
  bool replayRecordings(std::vector<RunRecording> recordings);
  void setReplaySpeed(double factor);

  // The options of the question on screen, in the order and with the letters the learner saw
  // (the evidence summary names them so); scenario id -> letter.
  void setOptionLetters(const QStringList& scenarioIds, const QHash<QString, QString>& letters);
  // "Run every option": the fp32 baseline and each option the cards show (the question in
  // front, the seed question's before any), with bf16=True beside fp16=True, side by side.
  void runEveryOption();
  // The rows "Run every option" starts, in that order (the default lab for the seed question).
  QStringList everyOptionIds() const;
  // The scenario an export is for: the highlighted one, fp16=True when none is.
  QString exportScenario() const;

 signals:
  // Emitted after a drain that brought new records or state changes (tests wait on it).
  void runsUpdated();
  // A short human message for the window's status bar.
  void statusMessage(const QString& text);
  // A batch of recordings was read and started replaying (or failed: `ok` false).
  void recordingsLoaded(bool ok);
  // The view's export and estimate buttons: the main window opens the dialogs (ui/export/).
  void gpuEstimateRequested();
  void vertexExportRequested(const QString& scenarioId);
  void runsCsvExportRequested();

 private:
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void buildUi();
  bool passesStartGate();
  void requestTimeEstimate();
  void ingested();  // after the controller's store changed: rows, notice, cards, charts
  void updateMixedNotice();
  // The evidence cards and the speed evidence chart, from the verdicts held now.
  void refreshEvidence();
  // Presenting a step: its series only, its chart in front, the panes re-fitted.
  void showStep(const ScenarioInfo& info);
  void showError(const QString& title, const QString& text);

  LabController* controller_ = nullptr;
  LabReplay* replay_ = nullptr;
  LabRunsPane* runs_ = nullptr;
  LabSettingsStrip* settings_ = nullptr;
  LabSettingsPanel* settingsPanel_ = nullptr;
  LabChartArea* chartArea_ = nullptr;
  EvidenceSummary* evidence_ = nullptr;  // one card per option, computed from the runs
  LabPaneFit* fit_ = nullptr;            // the panes' splitter and how they share the height
  QLabel* mixedNotice_ = nullptr;        // shown while runs of more than one source are held
  qint64 evidenceComputedAt_ = 0;
  QString lastError_;
  QElapsedTimer clock_;
  LabLayout layout_;  // what the panes were last laid out from
  Confirm confirm_;
  StartGate startGate_;
};

}  // namespace precisionlab
