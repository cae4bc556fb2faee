#include "ui/lab/LabRunsPane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/lab/LabController.h"
#include "ui/lab/LabTimeEstimate.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/LabView.h"
#include "ui/lab/LivePace.h"
#include "ui/lab/RunToggle.h"
#include "ui/lab/ScenarioCatalog.h"

// The texts keep LabView's translation context (they were LabView's before the split).

namespace precisionlab {

namespace {

QString instruction() { return LabView::tr("Runs: tick an option to train it, untick to stop"); }

}  // namespace

LabRunsPane::LabRunsPane(const LabController* controller, QWidget* parent)
    : QGroupBox(instruction(), parent), controller_(controller) {
  buildRows();
  buildButtons();
}

QSet<QString> LabRunsPane::stepSeries(const QString& scenarioId) {
  QSet<QString> ids{scenarioId, ScenarioCatalog::baselineId()};
  if (const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
      info && !info->companion().isEmpty())
    ids.insert(info->companion());
  return ids;
}

// One row per scenario, with column headers so the row reads like a table.
void LabRunsPane::buildRows() {
  auto* runsLayout = new QVBoxLayout(this);
  runsLayout->setSpacing(0);
  auto* header = new QHBoxLayout;
  header->setContentsMargins(6, 0, 6, 0);
  auto headerLabel = [this](const QString& text, int width) {
    auto* l = new QLabel(QStringLiteral("<b>%1</b>").arg(text), this);
    if (width > 0) {
      l->setFixedWidth(width);
      headerLabels_.append({l, width});
    }
    return l;
  };
  header->addWidget(headerLabel(LabView::tr("Scenario"), RunToggle::kNameWidth));
  header->addWidget(headerLabel(LabView::tr("Status"), RunToggle::kStatusWidth));
  // The one column that stretches: its header wraps rather than widen the table past a narrow
  // window (at 960 px, with the rows' scroll bar, one line would not fit).
  QLabel* verdictHeader = headerLabel(LabView::tr("Verdict (computed from the runs)"), 0);
  verdictHeader->setWordWrap(true);
  header->addWidget(verdictHeader, 1);
  QLabel* sourceHeader = headerLabel(LabView::tr("Source"), RunToggle::kBadgeWidth);
  sourceHeader->setToolTip(
      LabView::tr("Where the numbers come from: live on this machine, emulated, "
                  "recorded (when, on what) or estimated; hover a badge for all of it"));
  header->addWidget(sourceHeader);
  runsLayout->addLayout(header);
  for (const ScenarioInfo& info : ScenarioCatalog::all()) {
    auto* row = new RunToggle(info, this);
    rows_.append(row);
    toggles_.insert(info.id, row);
    connect(row, &RunToggle::toggled, this, &LabRunsPane::onToggled);
    connect(row, &RunToggle::pauseToggled, this, &LabRunsPane::pauseRequested);
    runsLayout->addWidget(row);
  }
}

// Below the rows: replay, replay speed, stop all, and the exports the main window opens.
void LabRunsPane::buildButtons() {
  buttons_ = new QWidget(this);
  auto* buttonRows = new QVBoxLayout(buttons_);
  buttonRows->setContentsMargins(0, 2, 0, 0);
  buttonRows->setSpacing(4);
  auto* runButtons = buttonRowA_ = new QHBoxLayout;
  buttonRowB_ = new QHBoxLayout;
  buttonRowB_->addStretch(1);
  estimate_ = new LabTimeEstimate(buttons_);  // hidden until it measures
  buttonRows->addWidget(estimate_);
  buttonRows->addLayout(buttonRowA_);
  buttonRows->addLayout(buttonRowB_);
  exportButtons_ = new QWidget(buttons_);
  auto* exportRow = new QHBoxLayout(exportButtons_);
  exportRow->setContentsMargins(0, 0, 0, 0);
  auto* replayButton = new QPushButton(LabView::tr("Replay recorded runs"), buttons_);
  replayButton->setToolTip(
      LabView::tr("Replay the runs shipped with PrecisionLab (each labelled with "
                  "the device and date it was recorded on)."));
  connect(replayButton, &QPushButton::clicked, this, &LabRunsPane::replayShippedRequested);
  auto* openButton = new QPushButton(LabView::tr("Open recorded runs…"), buttons_);
  openButton->setToolTip(LabView::tr("Replay .plrun files, e.g. runs recorded on a GPU machine."));
  connect(openButton, &QPushButton::clicked, this, &LabRunsPane::openRecordingsRequested);
  speedCombo_ = new QComboBox(buttons_);
  for (int factor : {1, 4, 16})
    speedCombo_->addItem(LabView::tr("%1x").arg(factor), double(factor));
  speedCombo_->setCurrentIndex(1);
  speedCombo_->setAccessibleName(LabView::tr("Replay speed"));
  speedCombo_->setToolTip(
      LabView::tr("How fast recorded runs replay: 1x is the speed they were "
                  "recorded at."));
  connect(speedCombo_, &QComboBox::currentIndexChanged, this,
          [this] { emit replaySpeedChosen(speedCombo_->currentData().toDouble()); });
  auto* speedLabel = new QLabel(LabView::tr("&speed"), buttons_);
  speedLabel->setBuddy(speedCombo_);
  auto* stopAllButton = new QPushButton(LabView::tr("Stop all"), buttons_);
  connect(stopAllButton, &QPushButton::clicked, this, &LabRunsPane::stopAllRequested);
  auto* vertexButton = new QPushButton(LabView::tr("Export to Vertex AI…"), exportButtons_);
  vertexButton->setToolTip(
      LabView::tr("Write the Hugging Face Trainer script and Vertex AI job spec "
                  "for the highlighted option."));
  connect(vertexButton, &QPushButton::clicked, this, &LabRunsPane::vertexExportRequested);
  auto* csvButton = new QPushButton(LabView::tr("Export runs as CSV…"), exportButtons_);
  csvButton->setToolTip(
      LabView::tr("One row per step per run, with where each number comes from."));
  connect(csvButton, &QPushButton::clicked, this, &LabRunsPane::runsCsvExportRequested);
  runButtons->addWidget(replayButton);
  runButtons->addWidget(openButton);
  runButtons->addWidget(speedLabel);
  runButtons->addWidget(speedCombo_);
  runButtons->addStretch(1);
  runButtons->addWidget(stopAllButton);
  exportRow->addWidget(vertexButton);
  exportRow->addWidget(csvButton);
  runButtons->addWidget(exportButtons_);
  layout()->addWidget(buttons_);
}

void LabRunsPane::onToggled(const QString& scenarioId, bool on) {
  RunToggle* row = toggles_.value(scenarioId);
  if (on) {
    // The tick is on screen before anything else happens: starting a run adds it to the
    // scheduler, recomputes verdicts and redraws the rows and charts, and under load the box
    // painted only after all of that.
    if (row) row->checkBox()->repaint();
    emit startRequested(scenarioId);
    return;
  }
  // The row shows the new state now, painted before the engine is told: the run itself stops
  // when its current step ends, which on a loaded machine can take seconds.
  if (row) {
    if (LabVerdicts::status(controller_->store(), scenarioId).active) {
      row->setStatus(LabView::tr("stopping…"), 0, 1, false);
    }
    row->repaint();
  }
  emit stopRequested(scenarioId);
}

void LabRunsPane::setHighlighted(const QString& scenarioId) {
  highlighted_ = scenarioId;
  for (RunToggle* row : std::as_const(rows_)) row->setHighlighted(row->scenarioId() == scenarioId);
}

void LabRunsPane::highlightRows(const QSet<QString>& scenarioIds) {
  for (RunToggle* row : std::as_const(rows_))
    row->setHighlighted(scenarioIds.contains(row->scenarioId()));
}

void LabRunsPane::clear() {
  highlighted_.clear();
  for (RunToggle* row : std::as_const(rows_)) {
    row->setHighlighted(false);
    row->setVerdict(QString(), QString());
  }
}

void LabRunsPane::showStartFailure(const QString& scenarioId, const QString& why) {
  RunToggle* row = toggles_.value(scenarioId);
  if (!row) return;
  row->setStatus(LabView::tr("could not start"), 0, 1, true);
  row->setVerdict(why, why);
  row->setOn(false);
}

QList<RunToggle*> LabRunsPane::shownRows(int max) const {
  QList<RunToggle*> shown;
  for (RunToggle* row : rows_)
    if (!row->isHidden() && shown.size() < max) shown.append(row);
  return shown;
}

void LabRunsPane::refresh() {
  const RunDataStore& store = controller_->store();
  // In front of a class only the option being run and its fp32 reference are shown, so the
  // chart gets the room; the final verdict table compares them all. Their names set the width
  // of the name column.
  bool shownChanged = false;
  for (RunToggle* row : std::as_const(rows_)) {
    const bool shown = !layout_.stepOnly || stepSeries(highlighted_).contains(row->scenarioId());
    shownChanged = shownChanged || row->isHidden() == shown;
    row->setVisible(shown);
  }
  if (layout_.columnsGrow() && shownChanged) fitColumns();  // not on every drained update
  if (layout_.controls) {  // the time the live runs have left, at their measured pace
    const LivePace::Sample live = LivePace::liveSample(store, 0);
    estimate_->showProgress(live.stepsDone, live.stepsPlanned, live.active);
  }
  for (RunToggle* row : std::as_const(rows_)) {
    const QString id = row->scenarioId();
    const ScenarioStatus status = LabVerdicts::status(store, id);
    // Unticked but still finishing its step: it stays unticked, saying so.
    const bool stopping = status.active && controller_->stopping(id);
    row->setStatus(stopping ? LabView::tr("stopping… · %1/%2").arg(status.done).arg(status.total)
                            : status.text,
                   status.done, status.total, status.failed);
    row->setOn(status.active && !stopping);
    row->setPauseState(status.active, status.paused);
    const QList<const TrackedRun*> runs = store.runsOf(id);
    // The swatch in the colour its curves have: a recording alone is drawn in the scenario's own
    // colour (LabController::replay), so the swatch is the row's colour whatever the source.
    row->setRunColor(QColor());
    if (!status.started) {
      row->setProvenancePending();
      row->setVerdict(QString(), QString());
      continue;
    }
    const QString waiting = LabVerdicts::waitingText(store, id);
    if (const CachedVerdict* verdict = controller_->verdict(id)) {
      row->setVerdict(verdict->text, verdict->details);
    } else if (!waiting.isEmpty()) {
      row->setVerdict(waiting, waiting);
    } else if (status.failed) {
      for (const TrackedRun* r : runs)
        if (r->state == RunState::Failed)
          row->setVerdict(QString::fromStdString(r->message), QString::fromStdString(r->message));
    } else {
      row->setVerdict(QString(), QString());
    }
    // Only a run that stepped measured anything: one cancelled at 0 steps is not "live".
    const TrackedRun* withProvenance = nullptr;
    for (const TrackedRun* r : runs)
      if (r->provenanceKnown && !r->steps.empty()) withProvenance = r;
    if (withProvenance)
      row->setProvenance(withProvenance->provenance);
    else if (status.active)
      row->setProvenancePending();
    else
      row->setProvenanceNeverRan();
  }
}

void LabRunsPane::applyLayout(const LabLayout& layout) {
  layout_ = layout;
  // A class does not tick rows: the box's instruction would take a line from the figure.
  setTitle(layout.controls ? instruction() : QString());
  buttons_->setVisible(layout.controls);
  if (!layout.controls) {
    estimate_->cancel();                   // the presenter's live runs start now
    estimate_->showProgress(0, 0, false);  // its bottom line is the walkthrough's
    estimate_->hide();
  }
  for (RunToggle* row : std::as_const(rows_)) row->applyLayout(layout);
  for (const auto& [label, width] : std::as_const(headerLabels_))
    if (width == RunToggle::kBadgeWidth) label->setVisible(layout.sourceColumn);  // as the badges
}

void LabRunsPane::setEstimateEnabled(bool on) {
  estimateEnabled_ = on;
  if (!on) {
    estimate_->cancel();
    estimate_->hide();
  }
}

void LabRunsPane::requestEstimate(const QStringList& scenarioIds, const TrainConfig& base) {
  // Before a lab starts only: measuring beside training runs would slow them and be slowed.
  if (!estimateEnabled_ || !layout_.controls || controller_->anyActive()) return;
  estimate_->request(scenarioIds, base);
}

void LabRunsPane::followWidthOf(QWidget* viewport) {
  viewport_ = viewport;
  viewport_->installEventFilter(this);
}

bool LabRunsPane::eventFilter(QObject* watched, QEvent* event) {
  // Grown columns follow the rows' width (the pane's, not the view's: going full screen
  // resized the pane after the view, and a status column fitted to the old width was 10 px
  // wide).
  if (layout_.columnsGrow() && watched == viewport_ && event->type() == QEvent::Resize)
    fitColumns();
  return QGroupBox::eventFilter(watched, event);
}

void LabRunsPane::fitColumns() {
  int name = RunToggle::kNameWidth;
  int status = RunToggle::kStatusWidth;
  if (layout_.columnsGrow() && viewport_) {
    // The columns grow with the presenter's font, but only as far as the rows on the slide
    // need, and the verdict keeps two fifths of the row: at 1024x768 the font-scaled columns
    // (about 480 + 290 px) left the verdict 190 px, "so far: reference: me…". By hand: a stretch
    // factor cannot say "what the widest shown name needs, at most this" across the rows' own
    // layouts (RunToggle::kNameWidth says why the columns are fixed widths).
    const int row = viewport_->width() - 2 * 6 - 2 * 6;  // box and row margins
    int need = 0;
    for (const RunToggle* r : std::as_const(rows_))
      if (!r->isHidden()) need = std::max(need, r->nameWidthNeeded());
    name = std::min(layout_.column(name), need > 0 ? need : row);
    status = std::min(layout_.column(status), row / 4);
    // A name is never cut (the class must read which run is which): the status gives way first.
    status = std::max(std::min(status, row - name - row * 2 / 5), row / 6);
  }
  for (RunToggle* r : std::as_const(rows_)) r->setColumnWidths(name, status);
  for (const auto& [label, width] : std::as_const(headerLabels_))
    if (width != RunToggle::kBadgeWidth)
      label->setFixedWidth(width == RunToggle::kNameWidth ? name : status);
}

void LabRunsPane::placeButtons(int available) {
  // One row where it fits; on a narrow window (or in German) the export buttons move to a
  // second row instead of pushing the lab wider than the window.
  const bool inRowA = buttonRowA_->indexOf(exportButtons_) >= 0;
  int need = 0;
  for (int i = 0; i < buttonRowA_->count(); ++i)
    if (QWidget* w = buttonRowA_->itemAt(i)->widget(); w && w != exportButtons_)
      need += w->sizeHint().width() + buttonRowA_->spacing();
  need += exportButtons_->sizeHint().width();
  const bool fits = need <= available;
  if (fits == inRowA) return;
  if (fits) {
    buttonRowB_->removeWidget(exportButtons_);
    buttonRowA_->addWidget(exportButtons_);
  } else {
    buttonRowA_->removeWidget(exportButtons_);
    buttonRowB_->addWidget(exportButtons_);
  }
}

void LabRunsPane::showReplaySpeed(double factor) {
  const int index = speedCombo_->findData(factor);
  if (index >= 0) {
    const QSignalBlocker block(speedCombo_);
    speedCombo_->setCurrentIndex(index);
  }
}

}  // namespace precisionlab
