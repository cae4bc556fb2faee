// Presenter mode: the window goes full screen with the high-contrast theme and large fonts, and
// a teacher walks the class through the current question with the keyboard (Space/Right next,
// Left back, Esc leaves): question, answer, breakdown, each option run in the lab, then a
// verdict table. The step logic is PresenterWalkthrough; this class maps steps to the views.
#pragma once

#include <QFont>
#include <QObject>
#include <QPointer>
#include <functional>
#include <vector>

#include "core/RunRecording.h"
#include "ui/app/AppTheme.h"
#include "ui/presenter/PresenterWalkthrough.h"

class QMainWindow;
class QTabWidget;
class QLabel;
class QWidget;

namespace precisionlab {

class StudyView;
class EvidenceSummary;
class LabController;
class LabVerdictTable;

class PresenterMode : public QObject {
  Q_OBJECT

 public:
  // Starts a scenario in the lab (and turns on the lab's presenter look).
  using ScenarioRunner = std::function<void(const QString& scenarioId)>;

  PresenterMode(QMainWindow* window, QTabWidget* tabs, StudyView* study, QWidget* lab,
                QObject* parent = nullptr);

  bool isActive() const { return active_; }
  PresenterWalkthrough* walkthrough() const { return walkthrough_; }
  LabVerdictTable* verdictTable() const { return table_; }
  EvidenceSummary* evidenceSummary() const { return evidence_; }
  // The step line in the window's status bar while presenting.
  QLabel* stepLabel() const { return stepLabel_; }
  // Full screen is skipped in tests and screenshots (offscreen has no screen to fill).
  void setFullScreenEnabled(bool enabled) { fullScreen_ = enabled; }
  // The lab whose runs and cached verdicts the final verdict table shows (null: no lab).
  void setLabController(const LabController* lab) { labController_ = lab; }
  void setScenarioRunner(ScenarioRunner runner) { runner_ = std::move(runner); }
  void setLabPresenterHook(std::function<void(bool)> hook) { labHook_ = std::move(hook); }
  // Replays a set of recordings in the lab for the walkthrough (and makes its steps show them
  // instead of training); returns false when the lab replayed nothing.
  using RecordingsPlayer = std::function<bool(std::vector<RunRecording>)>;
  void setRecordingsPlayer(RecordingsPlayer player) { player_ = std::move(player); }
  // Whether the walkthrough on screen presents recordings (no step waits for training).
  bool presentingRecordings() const { return withRecordings_; }

 public slots:
  void enter();
  // The same steps and evidence slide on a chosen set of recordings (RecordingLoader::
  // likeWithLike checks them first): a two-minute walk-through that never waits for a run.
  void enterWithRecordings(std::vector<RunRecording> recordings);
  void leave();
  void toggle();
  void next();
  void back();
  // Re-reads the lab's verdicts while the verdict table is on screen (runs finish live).
  void refreshVerdicts();

 signals:
  void activeChanged(bool active);
  void statusMessage(const QString& text);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void showStep(const PresenterWalkthrough::Step& step);
  void fillVerdictTable();
  // The status bar's step line: step, recordings and keys in one line, or the keys under it.
  void updateStepLine();

  QMainWindow* window_;
  QTabWidget* tabs_;
  StudyView* study_;
  QPointer<QWidget> lab_;
  QWidget* verdictPage_ = nullptr;
  LabVerdictTable* table_ = nullptr;
  EvidenceSummary* evidence_ = nullptr;
  QLabel* stepLabel_ = nullptr;
  PresenterWalkthrough* walkthrough_;
  const LabController* labController_ = nullptr;
  ScenarioRunner runner_;
  std::function<void(bool)> labHook_;
  RecordingsPlayer player_;
  bool withRecordings_ = false;
  bool active_ = false;
  int shownIndex_ = -1;  // the walkthrough step on screen (a lower next one: the teacher went back)
  bool fullScreen_ = true;
  bool wasMaximized_ = false;
  ThemeKind savedTheme_ = ThemeKind::System;
  double savedScale_ = 1.0;
  QFont savedFont_;  // the app font before presenting (the system's, not our base size)
};

}  // namespace precisionlab
