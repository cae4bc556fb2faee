// Presenter mode: the window goes full screen with the high-contrast theme and fonts scaled to
// the screen, without its menu bar and tabs, and a teacher walks the class through the current
// question with the keyboard: Space, Page Down, Down or Right scroll the slide a page and then
// move on; Page Up, Up or Left scroll back and then go back; Esc leaves (asking whether to stop
// runs still training). Question, answer, breakdown, each option run in the lab, then a
// verdict table. Live, the runs start as the question is shown, so they have trained by the lab
// slides; when the first steps say this machine cannot finish in time, the recordings are
// offered. The step logic is PresenterWalkthrough; this class maps steps to the views. It knows
// no lab view: the window hands it the lab's parts a run step needs (LabParts).
#pragma once

#include <QElapsedTimer>
#include <QFont>
#include <QObject>
#include <QPointer>
#include <QSize>
#include <functional>
#include <memory>
#include <vector>

#include "core/RunRecording.h"
#include "ui/base/AppTheme.h"
#include "ui/lab/LivePace.h"
#include "ui/presenter/PresenterWalkthrough.h"
#include "ui/presenter/VerdictSlide.h"

class QMainWindow;
class QScrollArea;
class QTabWidget;
class QLabel;
class QTimer;
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

  PresenterMode(QMainWindow* window, QTabWidget* tabs, StudyView* study, QObject* parent = nullptr);

  // What the walkthrough needs of the lab, as the window hands it over: a run step's slide (the
  // tab it brings up, laid out as slides by `layout` while presenting) and the runs pane on it
  // that the keys page; the runs and their cached verdicts (the pace, Esc's question and the
  // verdict table read them); and stopping every run (Esc, when the teacher says so).
  struct LabParts {
    QWidget* runSlide = nullptr;
    QScrollArea* runsPane = nullptr;
    const LabController* controller = nullptr;
    std::function<void(bool presenting)> layout;
    std::function<void()> stopAll;
  };
  void setLab(const LabParts& lab);

  bool isActive() const { return active_; }
  PresenterWalkthrough* walkthrough() const { return walkthrough_; }
  LabVerdictTable* verdictTable() const { return verdicts_->table(); }
  EvidenceSummary* evidenceSummary() const { return verdicts_->evidence(); }
  // The step line in the window's status bar while presenting.
  QLabel* stepLabel() const { return stepLabel_; }
  // Full screen is skipped in tests and screenshots (offscreen has no screen to fill).
  void setFullScreenEnabled(bool enabled) { fullScreen_ = enabled; }
  void setScenarioRunner(ScenarioRunner runner) { runner_ = std::move(runner); }
  // Replays a set of recordings in the lab for the walkthrough (and makes its steps show them
  // instead of training); returns false when the lab replayed nothing.
  using RecordingsPlayer = std::function<bool(std::vector<RunRecording>)>;
  void setRecordingsPlayer(RecordingsPlayer player) { player_ = std::move(player); }
  // Whether the recordings the offer would play hold a run of every one of these scenarios
  // (the question's run steps). Without it, every question's recordings are assumed to exist.
  // The shipped ones are the seed question's: offered for question 041, they replaced its
  // worker-dies run with the seed question's runs and "In short".
  using RecordingsCover = std::function<bool(const QStringList& scenarioIds)>;
  void setRecordingsCover(RecordingsCover cover) { cover_ = std::move(cover); }
  // Whether the walkthrough on screen presents recordings (no step waits for training).
  bool presentingRecordings() const { return withRecordings_; }
  // Asks the teacher a yes/no question (a QMessageBox by default; tests answer it themselves).
  using Confirm = std::function<bool(const QString& title, const QString& text)>;
  void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }
  // The default question box: modal, answered with the mouse, Enter/Esc or a clicker's keys
  // (Page Down and → yes, Page Up and ← no).
  static bool ask(QWidget* parent, const QString& title, const QString& text);
  // Seconds a teacher spends on the question, its answer and its breakdown before the first
  // lab slide: what the live runs have to finish in. An assumption, not a measurement: a
  // minute and a half for three slides (issue 38's five-minute lesson for the whole walk).
  static constexpr int kLeadSeconds = 90;
  // The font scale for a screen: 1.6x up to 1280x800, growing with the screen beyond it
  // (2.16x at 1920x1080), so a projector's large screen is used, not a 1024 px layout in it.
  static double fontScaleFor(const QSize& screen);
  // Seconds the live runs need to finish at the pace of their steps so far, from (steps done,
  // seconds) at two moments and the steps all of them plan; -1 while the pace is unknown.
  static double secondsToFinish(qint64 stepsThen, double secondsThen, qint64 stepsNow,
                                double secondsNow, qint64 stepsPlanned);
  // The live runs' estimate said they would not finish before the lab slides; the teacher was
  // asked (once per walk-through) and `accepted` says what they chose.
  bool recordingsOffered() const { return offered_; }
  // Tests: the seconds since the live runs started as the pace reads them (a clock that runs
  // faster than the wall makes the same progress look slow, deterministically).
  void setPaceClock(std::function<double()> secondsSinceStart) {
    paceClock_ = std::move(secondsSinceStart);
  }

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
  // The teacher chose the recordings over live runs that would not finish in time.
  void recordingsRequested();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void showStep(const PresenterWalkthrough::Step& step);
  void fillVerdictTable();
  // The status bar's step line: step, recordings and keys in one line, or the keys under it.
  void updateStepLine();
  // Scrolls the slide on screen a page; false when it is at that end (the walkthrough moves).
  bool scrollSlide(int direction);
  // Esc: asks whether to stop the runs still training, then leaves.
  void escape();
  // Live: starts every option's runs (through the scenario runner) as the question goes up,
  // and watches their pace.
  void startLiveRuns();
  void checkPace();
  double paceSeconds() const;  // since the live runs started (paceClock_ when set)

  QMainWindow* window_;
  QTabWidget* tabs_;
  StudyView* study_;
  QPointer<QWidget> runSlide_;
  QPointer<QScrollArea> runsPane_;
  QPointer<const LabController> labController_;  // null: no lab
  std::function<void(bool)> labLayout_;
  std::function<void()> stopAllRuns_;
  VerdictSlide* verdicts_ = nullptr;  // the last slide: the cards over the verdict table
  QLabel* stepLabel_ = nullptr;
  PresenterWalkthrough* walkthrough_;
  ScenarioRunner runner_;
  RecordingsPlayer player_;
  RecordingsCover cover_;
  bool withRecordings_ = false;
  Confirm confirm_;
  QTimer* paceTimer_ = nullptr;
  QElapsedTimer liveClock_;         // since the live runs started
  std::unique_ptr<LivePace> pace_;  // their measured progress against the slides' need
  std::function<double()> paceClock_;
  bool offered_ = false;
  int resumeIndex_ = -1;    // the slide the offer of the recordings was accepted on
  bool chromeMenu_ = true;  // the menu bar's and tab bar's visibility before presenting
  bool chromeTabs_ = true;
  bool active_ = false;
  int shownIndex_ = -1;  // the walkthrough step on screen (a lower next one: the teacher went back)
  bool fullScreen_ = true;
  bool wasMaximized_ = false;
  ThemeKind savedTheme_ = ThemeKind::System;
  double savedScale_ = 1.0;
  QFont savedFont_;  // the app font before presenting (the system's, not our base size)
};

}  // namespace precisionlab
