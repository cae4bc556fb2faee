#include "ui/presenter/PresenterMode.h"

#include <utility>

#include <QApplication>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>

#include "quiz/Question.h"
#include "ui/base/SlideScroll.h"
#include "ui/export/GpuEstimateDialog.h"
#include "ui/lab/LabController.h"
#include "ui/study/StudyView.h"

namespace precisionlab {

namespace {
constexpr double kPresenterFontScale = 1.6;
constexpr int kStepLineRightMargin = 12;  // px between the step line and the right edge
}  // namespace

double PresenterMode::fontScaleFor(const QSize& screen) {
  const double grow = std::min(screen.width() / 1280.0, screen.height() / 800.0);
  return kPresenterFontScale * std::clamp(grow, 1.0, 1.6);
}

double PresenterMode::secondsToFinish(qint64 stepsThen, double secondsThen, qint64 stepsNow,
                                      double secondsNow, qint64 stepsPlanned) {
  const qint64 steps = stepsNow - stepsThen;
  const double seconds = secondsNow - secondsThen;
  if (steps <= 0 || seconds <= 0) return -1;
  return std::max<qint64>(0, stepsPlanned - stepsNow) * seconds / double(steps);
}

PresenterMode::PresenterMode(QMainWindow* window, QTabWidget* tabs, StudyView* study,
                             QObject* parent)
    : QObject(parent),
      window_(window),
      tabs_(tabs),
      study_(study),
      walkthrough_(new PresenterWalkthrough(this)) {
  connect(walkthrough_, &PresenterWalkthrough::stepChanged, this, [this](const auto& step) {
    if (active_) showStep(step);
  });

  // The verdict slide is a page of its own, shown as a tab only while presenting. Its "GPU
  // estimate..." button opens the same dialog as the lab's: the estimate's range, the formula,
  // the calibration points and the sources one click away while presenting.
  verdicts_ = new VerdictSlide;
  connect(verdicts_, &VerdictSlide::gpuEstimateRequested, this, [this] {
    auto* dialog = new GpuEstimateDialog(window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
  });
  stepLabel_ = new QLabel;
  // Off the screen's right edge: "Esc leave" touched it at 1024x768 under a window manager.
  stepLabel_->setContentsMargins(0, 0, kStepLineRightMargin, 0);
  paceTimer_ = new QTimer(this);
  paceTimer_->setInterval(1000);
  connect(paceTimer_, &QTimer::timeout, this, &PresenterMode::checkPace);
}

void PresenterMode::setLab(const LabParts& lab) {
  runSlide_ = lab.runSlide;
  runsPane_ = lab.runsPane;
  labController_ = lab.controller;
  labLayout_ = lab.layout;
  stopAllRuns_ = lab.stopAll;
}

void PresenterMode::toggle() {
  if (active_)
    leave();
  else
    enter();
}

void PresenterMode::enter() {
  if (active_) return;
  active_ = true;
  study_->presenterBegin();
  savedTheme_ = AppTheme::current();
  savedScale_ = AppTheme::fontScale();
  savedFont_ = QApplication::font();
  wasMaximized_ = window_->isMaximized();
  // The screen it will fill (the window's own size when it stays a window, as in tests).
  const QSize screen =
      fullScreen_ && window_->screen() ? window_->screen()->size() : window_->size();
  AppTheme::setFontScale(fontScaleFor(screen));
  AppTheme::apply(ThemeKind::HighContrast);
  if (labLayout_) labLayout_(true);
  study_->applyTheme();
  if (fullScreen_) window_->showFullScreen();
  // The class sees the slide, not the app: no menu bar, no tabs (Esc brings them back).
  chromeMenu_ = !window_->menuBar()->isHidden();
  chromeTabs_ = !tabs_->tabBar()->isHidden();
  window_->menuBar()->hide();
  tabs_->tabBar()->hide();
  window_->statusBar()->addPermanentWidget(stepLabel_);
  stepLabel_->show();
  qApp->installEventFilter(this);

  QVector<PresenterWalkthrough::OptionInfo> options;
  if (const quiz::Question* q = study_->currentQuestion()) {
    const QStringList order = study_->currentDisplayOrder();
    for (int i = 0; i < order.size(); ++i)
      if (const auto* o = q->option(order[i]))
        options.push_back({QString(QChar(u'A' + i)), o->scenario});
  }
  emit activeChanged(true);
  shownIndex_ = -1;
  offered_ = false;
  walkthrough_->setOptions(options);  // emits the first step
  // Live, the options train while the teacher talks: the lab slides then show finished runs.
  // enterWithRecordings() replays instead, so it starts none (the timer stops on its own).
  QTimer::singleShot(0, this, [this] {
    if (active_ && !withRecordings_) startLiveRuns();
  });
}

namespace {

// Answers a question box from a clicker's keys, whichever of its buttons has the focus.
class ClickerAnswers : public QObject {
 public:
  explicit ClickerAnswers(QMessageBox* box) : QObject(box), box_(box) {}
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() != QEvent::KeyPress) return QObject::eventFilter(watched, event);
    switch (static_cast<QKeyEvent*>(event)->key()) {
      case Qt::Key_PageDown:
      case Qt::Key_Right:
      case Qt::Key_Down:
        box_->done(QMessageBox::Yes);
        return true;
      case Qt::Key_PageUp:
      case Qt::Key_Left:
      case Qt::Key_Up:
        box_->done(QMessageBox::No);
        return true;
      default:
        return QObject::eventFilter(watched, event);
    }
  }

 private:
  QMessageBox* box_;
};

}  // namespace

bool PresenterMode::ask(QWidget* parent, const QString& title, const QString& text) {
  // A clicker sends Page Down / Page Up (or the arrows), and a plain question box ignored them:
  // under a window manager the walk-through sat on the offer until someone reached the mouse.
  // Forward answers yes, back answers no, and the box says so.
  QMessageBox box(
      QMessageBox::Question, title,
      text + QStringLiteral("\n\n") + tr("Page Down or → answers yes; Page Up or ← answers no."),
      QMessageBox::Yes | QMessageBox::No, parent);
  box.setObjectName(QStringLiteral("presenterQuestion"));
  // In front of the full-screen slide and holding the keyboard from the first moment: under a
  // window manager the box of a full-screen window could open behind it, and the teacher's Esc
  // seemed to need a second press.
  box.setWindowModality(Qt::ApplicationModal);
  QTimer::singleShot(0, &box, [&box] {
    box.raise();
    box.activateWindow();
  });
  box.setDefaultButton(QMessageBox::Yes);
  box.setEscapeButton(QMessageBox::No);
  auto* answers = new ClickerAnswers(&box);
  box.installEventFilter(answers);
  for (QWidget* child : box.findChildren<QWidget*>()) child->installEventFilter(answers);
  return box.exec() == QMessageBox::Yes;
}

void PresenterMode::startLiveRuns() {
  if (!runner_) return;
  bool any = false;
  // Each option's step asks the lab for its runs now (with its fp32 reference and companion);
  // when the step comes, the same call shows them, trained meanwhile.
  for (const auto& step : walkthrough_->steps())
    if (step.kind == PresenterWalkthrough::StepKind::RunOption) {
      runner_(step.scenarioId);
      any = true;
    }
  if (!any) return;
  liveClock_.start();
  pace_ = std::make_unique<LivePace>(kLeadSeconds);
  paceTimer_->start();
}

double PresenterMode::paceSeconds() const {
  return paceClock_ ? paceClock_() : liveClock_.elapsed() / 1000.0;
}

void PresenterMode::checkPace() {
  const LabController* lab = labController_;
  if (!active_ || withRecordings_ || offered_ || !lab || !pace_) {
    paceTimer_->stop();
    return;
  }
  const LivePace::Sample sample = LivePace::liveSample(lab->store(), paceSeconds());
  const bool onLab = walkthrough_->current().kind == PresenterWalkthrough::StepKind::RunOption ||
                     walkthrough_->current().kind == PresenterWalkthrough::StepKind::Verdicts;
  const LivePace::Reading r = pace_->update(sample, onLab);
  if (r.verdict == LivePace::Verdict::Done) paceTimer_->stop();  // finished or stopped
  if (r.verdict != LivePace::Verdict::Offer) return;  // still measuring, or on time: watched on
  paceTimer_->stop();                                 // the teacher is asked once per walk-through
  offered_ = true;
  QStringList scenarios;
  for (const PresenterWalkthrough::Step& s : walkthrough_->steps())
    if (s.kind == PresenterWalkthrough::StepKind::RunOption && !scenarios.contains(s.scenarioId))
      scenarios << s.scenarioId;
  if (cover_ && !cover_(scenarios)) {
    emit statusMessage(
        tr("The live runs are slower than the slides need (%1 steps a second, %2 needed), and "
           "no recordings of this question's runs ship with the app: the lab slides show the "
           "live runs as far as they get.")
            .arg(LivePace::format(r.stepsPerSecond), LivePace::format(r.neededPerSecond)));
    return;
  }
  const QString measured =
      r.noStepYet
          ? tr("Measured: no live run has finished a step in the %1 s since they started (less "
               "than %2 steps a second)")
                .arg(qRound(r.measuredOver))
                .arg(LivePace::format(r.stepsPerSecond))
          : tr("Measured: the live runs do %1 steps a second together (over the last %2 s)")
                .arg(LivePace::format(r.stepsPerSecond))
                .arg(qRound(r.measuredOver));
  const QString text =
      tr("%1; the %2 steps left need %3 a second to finish in the %4 s the lab slides leave "
         "them. At this pace this machine needs about %5 s more to finish the runs.\n\nPresent "
         "the shipped recordings instead? (The live runs stop; each slide then shows its "
         "recorded run, labelled with the device and date it was recorded on.)")
          .arg(measured)
          .arg(r.stepsLeft)
          .arg(LivePace::format(r.neededPerSecond))
          .arg(qRound(r.secondsLeft))
          .arg(qRound(r.secondsNeeded));
  const QString title = tr("Present the recordings?");
  const bool yes = confirm_ ? confirm_(title, text) : ask(window_, title, text);
  if (!active_) return;
  if (yes) {
    // The class stays on the slide it is on (the walk started again at the question).
    resumeIndex_ = walkthrough_->index();
    emit recordingsRequested();
  } else
    emit statusMessage(tr("Live runs kept: the lab slides show them as far as they got."));
}

void PresenterMode::enterWithRecordings(std::vector<RunRecording> recordings) {
  const bool offered = offered_;  // the recordings may be what was offered
  if (active_) leave();
  enter();  // clears the lab: the class sees only this set
  offered_ = offered;
  withRecordings_ = player_ && player_(std::move(recordings));
  const int resume = std::exchange(resumeIndex_, -1);
  if (withRecordings_ && resume > 0) walkthrough_->moveTo(resume);
  if (withRecordings_) {
    updateStepLine();
    emit statusMessage(tr("Presenting with recorded runs: each step shows its recording."));
  }
}

void PresenterMode::leave() {
  if (!active_) return;
  active_ = false;
  withRecordings_ = false;
  paceTimer_->stop();
  window_->menuBar()->setVisible(chromeMenu_);
  tabs_->tabBar()->setVisible(chromeTabs_);
  qApp->removeEventFilter(this);
  const int index = tabs_->indexOf(verdicts_);
  if (index >= 0) tabs_->removeTab(index);
  window_->statusBar()->removeWidget(stepLabel_);
  AppTheme::setFontScale(savedScale_);
  QApplication::setFont(savedFont_);
  AppTheme::apply(savedTheme_);
  if (labLayout_) labLayout_(false);
  study_->presenterEnd();
  if (fullScreen_) {
    if (wasMaximized_)
      window_->showMaximized();
    else
      window_->showNormal();
  }
  tabs_->setCurrentWidget(study_);
  emit activeChanged(false);
  emit statusMessage(tr("Presenter mode off."));
}

void PresenterMode::next() {
  if (active_) walkthrough_->next();
}

void PresenterMode::back() {
  if (active_) walkthrough_->back();
}

void PresenterMode::updateStepLine() {
  QString step = walkthrough_->describe();
  if (withRecordings_) step += tr("  ·  on recordings");
  const QString keys = PresenterWalkthrough::keysHint();
  const QString oneLine = step + QStringLiteral("     ") + keys;
  // Whole, never elided: the keys go under the step when the bar is too narrow for one line
  // (1024 px with the presenter's large font). The bar's height follows the label's two lines.
  // Its room: the bar's width less its margins and the size grip, as QStatusBar lays it out.
  QStatusBar* bar = window_->statusBar();
  const int room = bar->width() - 32 - kStepLineRightMargin;
  const QString text = QFontMetrics(stepLabel_->font()).horizontalAdvance(oneLine) <= room
                           ? oneLine
                           : step + QLatin1Char('\n') + keys;
  if (stepLabel_->text() != text) stepLabel_->setText(text);
}

bool PresenterMode::eventFilter(QObject* watched, QEvent* event) {
  if (active_ && watched == window_->statusBar() &&
      (event->type() == QEvent::Resize || event->type() == QEvent::FontChange)) {
    updateStepLine();
    return QObject::eventFilter(watched, event);
  }
  if (!active_ || event->type() != QEvent::KeyPress) return QObject::eventFilter(watched, event);
  // Only keys aimed at our window: a dialog keeps its own Space and arrows.
  auto* widget = qobject_cast<QWidget*>(watched);
  if (!widget || widget->window() != window_) return QObject::eventFilter(watched, event);
  auto* key = static_cast<QKeyEvent*>(event);
  switch (key->key()) {
    case Qt::Key_Space:
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:  // presentation clickers send Page Down / Page Up
      // A slide longer than the screen scrolls to its end before the walkthrough moves on.
      if (!scrollSlide(+1)) next();
      return true;
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
      if (!scrollSlide(-1)) back();
      return true;
    case Qt::Key_Escape:
      escape();
      return true;
    default:
      return QObject::eventFilter(watched, event);
  }
}

bool PresenterMode::scrollSlide(int direction) {
  using Kind = PresenterWalkthrough::StepKind;
  switch (walkthrough_->current().kind) {
    case Kind::Question:
    case Kind::Reveal:
    case Kind::Breakdown:
      return study_->presenterScroll(direction);
    case Kind::RunOption:
      return runsPane_ && SlideScroll::page(runsPane_, direction);
    case Kind::Verdicts:
      return SlideScroll::page(verdicts_, direction);
  }
  return false;
}

void PresenterMode::escape() {
  const LabController* lab = labController_;
  // Runs training here (a replay costs next to nothing and is not asked about).
  const bool training =
      lab && std::any_of(lab->store().runs().begin(), lab->store().runs().end(),
                         [](const TrackedRun& r) { return r.active() && !r.replayed(); });
  if (training) {
    const QString title = tr("Stop the runs?");
    const QString text =
        tr("Runs are still training and keep the processor busy after "
           "presenter mode ends.\n\nStop them now?");
    const bool stop = confirm_ ? confirm_(title, text) : ask(window_, title, text);
    if (stop && stopAllRuns_) stopAllRuns_();
  }
  leave();
}

void PresenterMode::showStep(const PresenterWalkthrough::Step& step) {
  updateStepLine();
  window_->statusBar()->clearMessage();  // the step line is the only text down there now
  const bool cameBack = walkthrough_->index() < shownIndex_;
  shownIndex_ = walkthrough_->index();
  using Kind = PresenterWalkthrough::StepKind;
  if (step.kind != Kind::Verdicts) {
    const int index = tabs_->indexOf(verdicts_);
    if (index >= 0) tabs_->removeTab(index);
  }
  switch (step.kind) {
    case Kind::Question:
      tabs_->setCurrentWidget(study_);
      study_->presenterShowQuestion();
      break;
    case Kind::Reveal:
      tabs_->setCurrentWidget(study_);
      study_->presenterReveal();
      break;
    case Kind::Breakdown:
      tabs_->setCurrentWidget(study_);
      // Back from the lab: the breakdown where the class left it, so Page Up scrolls it up.
      study_->presenterShowBreakdown(cameBack);
      break;
    case Kind::RunOption:
      if (runSlide_) tabs_->setCurrentWidget(runSlide_);
      if (runner_) runner_(step.scenarioId);
      break;
    case Kind::Verdicts:
      fillVerdictTable();
      if (tabs_->indexOf(verdicts_) < 0) tabs_->addTab(verdicts_, tr("Verdicts"));
      tabs_->setCurrentWidget(verdicts_);
      verdicts_->showTop();
      break;
  }
}

void PresenterMode::refreshVerdicts() {
  if (active_ && walkthrough_->current().kind == PresenterWalkthrough::StepKind::Verdicts)
    fillVerdictTable();
}

void PresenterMode::fillVerdictTable() {
  verdicts_->fill(labController_, *study_, window_->width() >= 1600);
}

}  // namespace precisionlab
