#include "ui/presenter/PresenterMode.h"

#include <QApplication>
#include <QFontMetrics>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QMainWindow>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "quiz/Question.h"
#include "ui/export/GpuEstimateDialog.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabController.h"
#include "ui/lab/LabVerdictTable.h"
#include "ui/lab/ScenarioCatalog.h"
#include "ui/study/StudyView.h"

namespace precisionlab {

namespace {
constexpr double kPresenterFontScale = 1.6;
}

PresenterMode::PresenterMode(QMainWindow* window, QTabWidget* tabs, StudyView* study, QWidget* lab,
                             QObject* parent)
    : QObject(parent),
      window_(window),
      tabs_(tabs),
      study_(study),
      lab_(lab),
      walkthrough_(new PresenterWalkthrough(this)) {
  connect(walkthrough_, &PresenterWalkthrough::stepChanged, this, [this](const auto& step) {
    if (active_) showStep(step);
  });

  // The verdict table is a page of its own, shown as a tab only while presenting.
  // It scrolls vertically: at 1280x800 with the presenter's large fonts the cards and the
  // table's rows need more than the screen, and squeezed they cut card text and hid every row.
  auto* slideScroll = new QScrollArea;
  slideScroll->setObjectName(QStringLiteral("verdictSlideScroll"));
  slideScroll->setWidgetResizable(true);
  slideScroll->setFrameShape(QFrame::NoFrame);
  slideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  verdictPage_ = slideScroll;
  verdictPage_->setAccessibleName(tr("Verdicts"));
  auto* slide = new QWidget(slideScroll);
  auto* v = new QVBoxLayout(slide);
  v->setContentsMargins(24, 16, 24, 16);
  // The lesson first (one card per option), the numbers behind it below.
  evidence_ = new EvidenceSummary(slide);
  evidence_->setPresenterMode(true);
  // Its "GPU estimate..." button opens the same dialog as the lab's: the estimate's range, the
  // formula, the calibration points and the sources one click away while presenting.
  connect(evidence_, &EvidenceSummary::gpuEstimateRequested, this, [this] {
    auto* dialog = new GpuEstimateDialog(window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
  });
  auto* title = new QLabel(tr("The measurements behind it (speed and memory relative to fp32: "
                              "1.00x = the same)"),
                           slide);
  title->setWordWrap(true);
  title->setObjectName(QStringLiteral("verdictTitle"));
  table_ = new LabVerdictTable(slide);
  v->addWidget(evidence_);
  v->addWidget(title);
  v->addWidget(table_);
  v->addStretch(1);
  slideScroll->setWidget(slide);
  stepLabel_ = new QLabel;
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
  AppTheme::setFontScale(kPresenterFontScale);
  AppTheme::apply(ThemeKind::HighContrast);
  if (labHook_) labHook_(true);
  study_->applyTheme();
  if (fullScreen_) window_->showFullScreen();
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
  walkthrough_->setOptions(options);  // emits the first step
}

void PresenterMode::enterWithRecordings(std::vector<RunRecording> recordings) {
  if (active_) leave();
  enter();  // clears the lab: the class sees only this set
  withRecordings_ = player_ && player_(std::move(recordings));
  if (withRecordings_) {
    updateStepLine();
    emit statusMessage(tr("Presenting with recorded runs: each step shows its recording."));
  }
}

void PresenterMode::leave() {
  if (!active_) return;
  active_ = false;
  withRecordings_ = false;
  qApp->removeEventFilter(this);
  const int index = tabs_->indexOf(verdictPage_);
  if (index >= 0) tabs_->removeTab(index);
  window_->statusBar()->removeWidget(stepLabel_);
  AppTheme::setFontScale(savedScale_);
  QApplication::setFont(savedFont_);
  AppTheme::apply(savedTheme_);
  if (labHook_) labHook_(false);
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
  const int room = bar->width() - 32;
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
  const bool onBreakdown =
      walkthrough_->current().kind == PresenterWalkthrough::StepKind::Breakdown;
  switch (key->key()) {
    case Qt::Key_Space:
    case Qt::Key_Right:
    case Qt::Key_PageDown:  // presentation clickers send Page Down / Page Up
      // The breakdown is longer than a screen: scroll it to its end before moving on.
      if (!(onBreakdown && study_->presenterScroll(+1))) next();
      return true;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
      if (!(onBreakdown && study_->presenterScroll(-1))) back();
      return true;
    case Qt::Key_Escape:
      leave();
      return true;
    default:
      return QObject::eventFilter(watched, event);
  }
}

void PresenterMode::showStep(const PresenterWalkthrough::Step& step) {
  updateStepLine();
  window_->statusBar()->clearMessage();  // the step line is the only text down there now
  const bool cameBack = walkthrough_->index() < shownIndex_;
  shownIndex_ = walkthrough_->index();
  using Kind = PresenterWalkthrough::StepKind;
  if (step.kind != Kind::Verdicts) {
    const int index = tabs_->indexOf(verdictPage_);
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
      if (lab_) tabs_->setCurrentWidget(lab_);
      if (runner_) runner_(step.scenarioId);
      break;
    case Kind::Verdicts:
      fillVerdictTable();
      if (tabs_->indexOf(verdictPage_) < 0) tabs_->addTab(verdictPage_, tr("Verdicts"));
      tabs_->setCurrentWidget(verdictPage_);
      break;
  }
}

void PresenterMode::refreshVerdicts() {
  if (active_ && walkthrough_->current().kind == PresenterWalkthrough::StepKind::Verdicts)
    fillVerdictTable();
}

void PresenterMode::fillVerdictTable() {
  if (auto* title = verdictPage_->findChild<QLabel*>(QStringLiteral("verdictTitle")))
    title->setFont(AppTheme::pointFont(16, QFont::DemiBold));
  // As large as the screen allows without wrapping every cell.
  table_->setFont(AppTheme::pointFont(window_->width() >= 1600 ? 11 : 8.5));
  // The fp32 reference first (every number is relative to it), then the options as shown.
  QList<LabVerdictTable::Row> rows;
  rows.append({tr("fp32 baseline (reference)"), ScenarioCatalog::baselineId(), -1});
  QStringList companions;  // the options' companion runs, after them
  if (const quiz::Question* q = study_->currentQuestion()) {
    const QStringList order = study_->currentDisplayOrder();
    for (int i = 0; i < order.size(); ++i) {
      const quiz::Option* o = q->option(order[i]);
      if (!o) continue;
      const ScenarioInfo* info = ScenarioCatalog::find(o->scenario);
      const QString what = info ? info->title : o->text;
      rows.append({QStringLiteral("%1. %2").arg(QChar(u'A' + i)).arg(what), o->scenario,
                   o->correct ? 1 : 0});
      if (info && !info->companion.isEmpty() && !companions.contains(info->companion))
        companions << info->companion;
    }
  }
  // A companion beside its option (bf16=True beside fp16=True: the same mechanism, with the
  // speed this machine can measure).
  for (const QString& id : companions)
    if (const ScenarioInfo* info = ScenarioCatalog::find(id))
      rows.append({tr("%1: the same mechanism, measured here").arg(info->title), id, -1});
  // Reads the lab's cached verdicts: refilled on every lab update, it computes none itself.
  const LabController* lab = labController_;
  table_->fill(lab ? &lab->store() : nullptr, lab ? &lab->verdicts() : nullptr, rows);
  if (lab) {
    evidence_->setOptions(study_->scenarioOrder(), study_->scenarioLetters());
    evidence_->refresh(lab->store(), lab->verdicts());
  }
}

}  // namespace precisionlab
