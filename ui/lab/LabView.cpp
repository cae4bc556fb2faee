#include "ui/lab/LabView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

#include "core/ConfigValidator.h"
#include "core/LabScenarios.h"
#include "core/PretrainedModels.h"
#include "core/RunRecording.h"
#include "core/RunReplayer.h"
#include "ui/charts/ChartPanel.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabChartArea.h"
#include "ui/lab/LabEvidence.h"
#include "ui/lab/LabReplay.h"
#include "ui/lab/LabSettingsPanel.h"
#include "ui/lab/LabTimeEstimate.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/RecordingLoader.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/RunToggle.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {

// The model in a few words for the one-line settings summary; the whole description (model,
// data, departures from HF defaults) leads the settings box.
QString shortModelName(const TrainConfig& c) {
  if (!c.modelDir.empty()) return QFileInfo(QString::fromStdString(c.modelDir)).fileName();
  if (c.preset == PretrainedModels::kMiniLm)
    return c.layers > 0 && c.layers < 6
               ? QStringLiteral("all-MiniLM-L6-v2 (%1 layers)").arg(c.layers)
               : QStringLiteral("all-MiniLM-L6-v2");
  return QString::fromStdString(c.preset);
}

// The evidence cards are redrawn at most once a second while runs go (their verdicts come from
// the controller's cache, recomputed at the same pace).
constexpr qint64 kLiveVerdictIntervalMs = VerdictCache::kLiveIntervalMs;
QString baselineId() { return ScenarioCatalog::baselineId(); }

// What a presenter step draws: the option, its fp32 reference and the row's companion (beside
// fp16=True, the live bf16=True run: the same mechanism, measured on this machine).
QSet<QString> stepSeries(const QString& scenarioId) {
  QSet<QString> ids{scenarioId, baselineId()};
  if (const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
      info && !info->companion().isEmpty())
    ids.insert(info->companion());
  return ids;
}

}  // namespace

LabView::LabView(QWidget* parent)
    : QWidget(parent),
      controller_(new LabController(this)),
      replay_(new LabReplay(controller_, this)) {
  setObjectName(QStringLiteral("labView"));
  setConfirm([this](const QString& title, const QString& text) {
    return QMessageBox::question(this, title, text) == QMessageBox::Yes;
  });
  connect(replay_, &LabReplay::statusMessage, this, &LabView::statusMessage);
  connect(replay_, &LabReplay::failed, this, &LabView::showError);
  connect(replay_, &LabReplay::loaded, this, &LabView::recordingsLoaded);
  connect(replay_, &LabReplay::replayed, this, &LabView::replayed);
  buildUi();
  clock_.start();
  connect(controller_, &LabController::runsUpdated, this, &LabView::ingested);
  connect(controller_, &LabController::verdictsUpdated, this, [this] {
    evidenceComputedAt_ = clock_.elapsed();
    refreshEvidence();
  });
}

LabView::~LabView() {
  // The controller cancels the runs and joins the training thread before the widgets that
  // show them go, so nothing drains into a half-destroyed view.
  disconnect(controller_, nullptr, this, nullptr);
  delete controller_;
}

QString LabView::verdictText(const QString& scenarioId) const {
  const CachedVerdict* v = controller_->verdict(scenarioId);
  return v ? v->text : QString();
}

int LabView::guiThreads(int requested) {
  const int limit = std::max(1, QThread::idealThreadCount() - 1);
  return requested <= 0 ? limit : std::min(requested, limit);
}

// The runs: one row per scenario, with column headers so the row reads like a table.
QGroupBox* LabView::buildRunsBox() {
  auto* runsBox = runsBox_ =
      new QGroupBox(tr("Runs: tick an option to train it, untick to stop"), this);
  auto* runsLayout = new QVBoxLayout(runsBox);
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
  header->addWidget(headerLabel(tr("Scenario"), RunToggle::kNameWidth));
  header->addWidget(headerLabel(tr("Status"), RunToggle::kStatusWidth));
  // The one column that stretches: its header wraps rather than widen the table past a narrow
  // window (at 960 px, with the rows' scroll bar, one line would not fit).
  QLabel* verdictHeader = headerLabel(tr("Verdict (computed from the runs)"), 0);
  verdictHeader->setWordWrap(true);
  header->addWidget(verdictHeader, 1);
  QLabel* sourceHeader = headerLabel(tr("Source"), RunToggle::kBadgeWidth);
  sourceHeader->setToolTip(
      tr("Where the numbers come from: live on this machine, emulated, "
         "recorded (when, on what) or estimated; hover a badge for all of it"));
  header->addWidget(sourceHeader);
  runsLayout->addLayout(header);
  for (const ScenarioInfo& info : ScenarioCatalog::all()) {
    auto* row = new RunToggle(info, runsBox);
    toggles_.insert(info.id, row);
    connect(row, &RunToggle::toggled, this, &LabView::onToggleChanged);
    connect(row, &RunToggle::pauseToggled, this, &LabView::setScenarioPaused);
    runsLayout->addWidget(row);
  }

  return runsBox;
}

// Below the rows: replay, replay speed, stop all, and the exports the main window opens.
void LabView::buildRunButtons(QGroupBox* runsBox) {
  runButtons_ = new QWidget(runsBox);
  auto* buttonRows = new QVBoxLayout(runButtons_);
  buttonRows->setContentsMargins(0, 2, 0, 0);
  buttonRows->setSpacing(4);
  auto* runButtons = buttonRowA_ = new QHBoxLayout;
  buttonRowB_ = new QHBoxLayout;
  buttonRowB_->addStretch(1);
  estimate_ = new LabTimeEstimate(runButtons_);  // hidden until it measures
  buttonRows->addWidget(estimate_);
  buttonRows->addLayout(buttonRowA_);
  buttonRows->addLayout(buttonRowB_);
  exportButtons_ = new QWidget(runButtons_);
  auto* exportRow = new QHBoxLayout(exportButtons_);
  exportRow->setContentsMargins(0, 0, 0, 0);
  auto* replayButton = new QPushButton(tr("Replay recorded runs"), runButtons_);
  replayButton->setToolTip(
      tr("Replay the runs shipped with PrecisionLab (each labelled with "
         "the device and date it was recorded on)."));
  connect(replayButton, &QPushButton::clicked, this, &LabView::replayShippedRecordings);
  auto* openButton = new QPushButton(tr("Open recorded runs…"), runButtons_);
  openButton->setToolTip(tr("Replay .plrun files, e.g. runs recorded on a GPU machine."));
  connect(openButton, &QPushButton::clicked, this, &LabView::openRecordedRunsDialog);
  speedCombo_ = new QComboBox(runButtons_);
  for (int factor : {1, 4, 16}) speedCombo_->addItem(tr("%1x").arg(factor), double(factor));
  speedCombo_->setCurrentIndex(1);
  speedCombo_->setAccessibleName(tr("Replay speed"));
  speedCombo_->setToolTip(
      tr("How fast recorded runs replay: 1x is the speed they were "
         "recorded at."));
  connect(speedCombo_, &QComboBox::currentIndexChanged, this,
          [this] { replay_->setSpeed(speedCombo_->currentData().toDouble()); });
  auto* speedLabel = new QLabel(tr("&speed"), runButtons_);
  speedLabel->setBuddy(speedCombo_);
  auto* stopAllButton = new QPushButton(tr("Stop all"), runButtons_);
  connect(stopAllButton, &QPushButton::clicked, this, &LabView::stopAll);
  auto* vertexButton = new QPushButton(tr("Export to Vertex AI…"), runButtons_);
  vertexButton->setToolTip(
      tr("Write the Hugging Face Trainer script and Vertex AI job spec "
         "for the highlighted option."));
  connect(vertexButton, &QPushButton::clicked, this,
          [this] { emit vertexExportRequested(exportScenario()); });
  auto* csvButton = new QPushButton(tr("Export runs as CSV…"), runButtons_);
  csvButton->setToolTip(tr("One row per step per run, with where each number comes from."));
  connect(csvButton, &QPushButton::clicked, this, &LabView::runsCsvExportRequested);
  runButtons->addWidget(replayButton);
  runButtons->addWidget(openButton);
  runButtons->addWidget(speedLabel);
  runButtons->addWidget(speedCombo_);
  runButtons->addStretch(1);
  runButtons->addWidget(stopAllButton);
  vertexButton->setParent(exportButtons_);
  csvButton->setParent(exportButtons_);
  exportRow->addWidget(vertexButton);
  exportRow->addWidget(csvButton);
  runButtons->addWidget(exportButtons_);
  runsBox->layout()->addWidget(runButtons_);
}

void LabView::buildSettingsArea() {
  // Settings fold into one summary line, so the runs and the charts get the screen; one click
  // opens them (the lesson is the comparison, the settings are for the curious).
  settingsArea_ = new QWidget(this);
  auto* settingsAreaLayout = new QVBoxLayout(settingsArea_);
  settingsAreaLayout->setContentsMargins(0, 0, 0, 0);
  settingsAreaLayout->setSpacing(2);
  settingsToggle_ = new QToolButton(settingsArea_);
  settingsToggle_->setObjectName(QStringLiteral("labSettingsToggle"));
  settingsToggle_->setCheckable(true);
  settingsToggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  settingsToggle_->setAutoRaise(true);
  settingsToggle_->setArrowType(Qt::RightArrow);
  settingsToggle_->setToolTip(tr("Show or hide the settings new runs start from"));
  settingsBox_ = new QGroupBox(settingsArea_);
  auto* settingsLayout = new QVBoxLayout(settingsBox_);
  settingsLayout->setContentsMargins(6, 4, 6, 4);
  settingsPanel_ = new LabSettingsPanel(settingsBox_);
  settingsLayout->addWidget(settingsPanel_);
  // deviations_ (made below) leads the box: what the runs train and where they depart from HF.
  settingsBox_->setVisible(false);
  connect(settingsPanel_, &LabSettingsPanel::clearRunsRequested, this, [this] {
    // Minutes of training vanish with one click: ask first when there is anything to lose.
    if (!store().runs().empty() &&
        !confirm_(tr("Clear all runs?"),
                  tr("This stops every run and removes all results and charts "
                     "from the lab (saved recordings on disk are kept).\n\n"
                     "Clear the runs?")))
      return;
    clearRuns();
  });
  connect(settingsToggle_, &QToolButton::toggled, this, [this](bool open) {
    settingsBox_->setVisible(open);
    settingsToggle_->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    QTimer::singleShot(0, this, &LabView::fitSplitter);
  });
  // What the runs train, said on screen (not only in a tooltip): the model, the data and
  // where the lab departs from Hugging Face's defaults, from the one description in core.
  deviations_ = new QLabel(settingsBox_);
  deviations_->setObjectName(QStringLiteral("labDeviations"));
  deviations_->setWordWrap(true);
  auto summarize = [this] {
    const TrainConfig c = settingsPanel_->config();
    const RunDescription d = LabScenarios::describe(c);
    settingsToggle_->setText(
        tr("Settings: %1 · %2 · batch %3 · sequence %4 · lr %5 · %6 steps · %7 · %n thread(s)",
           nullptr, c.threads)
            .arg(shortModelName(c),
                 c.dataPath.empty() ? tr("built-in data") : QString::fromStdString(c.dataPath))
            .arg(c.batchSize)
            .arg(c.seqLen)
            .arg(QLocale().toString(c.learningRate, 'g', 3))
            .arg(c.steps)
            .arg(QString::fromStdString(c.device)));
    settingsToggle_->setToolTip(QString::fromStdString(d.oneLine()));
    QStringList why;
    for (const auto& x : d.deviations) why << QString::fromStdString(x);
    deviations_->setText(
        QString::fromStdString(d.model + "; " + d.data) +
        (why.isEmpty() ? QString()
                       : QStringLiteral(". ") + tr("Departs from Hugging Face's defaults: %1.")
                                                    .arg(why.join(QStringLiteral("; ")))));
  };
  connect(settingsPanel_, &LabSettingsPanel::changed, this, summarize);
  summarize();
  settingsLayout->insertWidget(0, deviations_);
  settingsAreaLayout->addWidget(settingsToggle_, 0, Qt::AlignLeft);
  settingsAreaLayout->addWidget(settingsBox_);
}

void LabView::buildUi() {
  QGroupBox* runsBox = buildRunsBox();
  buildRunButtons(runsBox);
  buildSettingsArea();

  // The evidence summary: its title and buttons, the conclusion and a card per option. Below it
  // a stretch, so a pane taller than the summary does not stretch the cards.
  auto* cards = new QWidget(this);
  auto* cardsLayout = new QVBoxLayout(cards);
  cardsLayout->setContentsMargins(0, 0, 0, 0);
  evidence_ = new EvidenceSummary(cards);
  connect(evidence_, &EvidenceSummary::runAllRequested, this, &LabView::runEveryOption);
  connect(evidence_, &EvidenceSummary::gpuEstimateRequested, this, &LabView::gpuEstimateRequested);
  cardsLayout->addWidget(evidence_);
  cardsLayout->addStretch(1);

  auto* top = top_ = new QWidget(this);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(settingsArea_);
  topLayout->addWidget(runsBox);
  mixedNotice_ = new QLabel(this);
  mixedNotice_->setObjectName(QStringLiteral("labMixedNotice"));
  mixedNotice_->setWordWrap(true);
  mixedNotice_->setStyleSheet(QStringLiteral(
      "QLabel { border: 1px solid palette(mid); border-radius: 4px; padding: 4px 8px; }"));
  mixedNotice_->hide();
  topLayout->addWidget(mixedNotice_);

  chartArea_ = new LabChartArea(this);
  auto* splitter = splitter_ = new QSplitter(Qt::Vertical, this);
  // The cards and the rows scroll instead of being squashed when the window is short (1024 x
  // 768: rows overlapped their own progress bars); the charts keep their minimum height. Each
  // scrolls in its own pane: in one, keeping the first rows in view scrolled the cards' titles
  // out of it once "Run every option" filled them (1280x800 and 1024x768).
  auto scrolling = [this](QWidget* content, const QString& name) {
    auto* area = new QScrollArea(this);
    area->setObjectName(name);
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return area;
  };
  cardsPane_ = scrolling(cards, QStringLiteral("labCardsPane"));
  runsPane_ = scrolling(top, QStringLiteral("labRunsPane"));
  splitter->addWidget(cardsPane_);
  splitter->addWidget(runsPane_);
  // The learner's own scrolling of the cards is kept until the next resize or set of runs.
  connect(cardsPane_->verticalScrollBar(), &QScrollBar::actionTriggered, this,
          [this] { userScrolledCards_ = true; });
  // The cards appear with the first run (and wrap to more lines as verdicts come): re-fit then
  // too, not only on a resize, or they push the runs' rows below the fold (1280x800 showed the
  // runs' header only).
  top->installEventFilter(this);
  evidence_->installEventFilter(this);
  runsPane_->viewport()->installEventFilter(this);
  splitter->addWidget(chartArea_);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 0);
  splitter->setStretchFactor(2, 1);
  splitter->setChildrenCollapsible(false);
  // Until the learner drags a divider, every resize re-fits them (a narrow window's cards wrap
  // to two rows and need more height; a tall one gives the charts the rest).
  connect(splitter, &QSplitter::splitterMoved, this, [this] { userSizedSplitter_ = true; });

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(splitter);
}

QList<ChartPanel*> LabView::chartPanels() const { return chartArea_->panels(); }
QWidget* LabView::settingsStrip() const { return settingsArea_; }
void LabView::showChartTab(int index) { chartArea_->showTab(index); }
TrainConfig LabView::settings() const { return settingsPanel_->config(); }
void LabView::setSettings(const TrainConfig& config) { settingsPanel_->setConfig(config); }
bool LabView::anyRunActive() const { return controller_->anyActive(); }
double LabView::replaySpeed() const { return replay_->speed(); }
bool LabView::recordedOnly() const { return replay_->recordedOnly(); }
void LabView::setRecordedOnly(bool on) { replay_->setRecordedOnly(on); }

void LabView::setConfirm(Confirm confirm) {
  confirm_ = std::move(confirm);
  replay_->setConfirm(confirm_);
}

void LabView::onToggleChanged(const QString& scenarioId, bool on) {
  RunToggle* row = toggles_.value(scenarioId);
  if (on) {
    stopping_.remove(scenarioId);
    // The tick is on screen before anything else happens: starting a run adds it to the
    // scheduler, recomputes verdicts and redraws the rows and charts, and under load the box
    // painted only after all of that.
    if (row) row->checkBox()->repaint();
    runScenario(scenarioId);
    return;
  }
  // The row shows the new state now, painted before the engine is told: the run itself stops
  // when its current step ends, which on a loaded machine can take seconds.
  if (row) {
    if (LabVerdicts::status(store(), scenarioId).active) {
      stopping_.insert(scenarioId);
      row->setStatus(tr("stopping…"), 0, 1, false);
    }
    row->repaint();
  }
  stopScenario(scenarioId);
}

void LabView::runScenario(const QString& scenarioId) {
  const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
  if (!info) {
    emit statusMessage(tr("Unknown lab scenario '%1'.").arg(scenarioId));
    return;
  }
  if (!passesStartGate()) return;
  highlighted_ = scenarioId;
  for (RunToggle* row : std::as_const(toggles_))
    row->setHighlighted(row->scenarioId() == scenarioId);
  if (presenterMode_) {
    chartArea_->setScenarioFilter(stepSeries(scenarioId));  // only this step's series
    chartArea_->showChart(info->focusChart());
    QTimer::singleShot(0, this, &LabView::fitSplitter);
  }

  estimate_->cancel();  // a calibration under way would slow the runs and be slowed by them
  TrainConfig base = settings();
  base.threads = guiThreads(base.threads);
  // The driver validates before any run starts (LabController::start): settings it refuses
  // mark the settings panel's widgets at fault, and the message names their labels, instead of
  // each run failing on its own.
  const LabController::StartResult result = controller_->start(scenarioId, base);
  if (!result.issues.empty()) {
    const QString why = settingsPanel_->showIssues(result.issues).join(QStringLiteral("; "));
    settingsToggle_->setChecked(true);  // show the marked widgets
    toggles_.value(scenarioId)->setStatus(tr("could not start"), 0, 1, true);
    toggles_.value(scenarioId)->setVerdict(why, why);
    toggles_.value(scenarioId)->setOn(false);
    emit statusMessage(tr("%1 could not start: %2").arg(info->title, why));
    return;
  }
  if (result.alreadyRunning) {
    emit statusMessage(tr("%1 is already running.").arg(ScenarioCatalog::shortName(*info)));
    refreshToggles();
    return;
  }
  QStringList started;
  for (const QString& id : result.started)
    if (const ScenarioInfo* s = ScenarioCatalog::find(id))
      started.append(ScenarioCatalog::shortName(*s));
  if (!result.failedScenario.isEmpty()) {
    // Bad settings are the user's to fix: say so on the row, never crash the lab.
    const QString& id = result.failedScenario;
    const ScenarioInfo* s = ScenarioCatalog::find(id);
    refreshToggles();
    toggles_.value(id)->setStatus(tr("could not start"), 0, 1, true);
    toggles_.value(id)->setVerdict(result.error, result.error);
    emit statusMessage(tr("%1 could not start: %2").arg(s ? s->title : id, result.error));
    toggles_.value(id)->setOn(false);
    return;
  }
  emit statusMessage(tr("Started %1.").arg(started.join(tr(" and "))));
  refreshToggles();
  chartArea_->refresh(store());
}

bool LabView::passesStartGate() {
  if (!startGate_ || startGate_()) return true;
  refreshToggles();  // a row ticked to start it shows the truth again
  emit statusMessage(tr("Nothing started; the lab session stays as it was."));
  return false;
}

void LabView::presentScenario(const QString& scenarioId) {
  // Live runs for what the store lacks (the row's companion too), else the runs held.
  const QStringList live = replay_->liveStartsFor(scenarioId);
  for (const QString& id : live) runScenario(id);
  const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
  if (!info || live.contains(scenarioId)) return;
  if (store().runsOf(scenarioId).isEmpty())
    emit statusMessage(
        tr("No recording of %1 in this set.").arg(ScenarioCatalog::shortName(*info)));
  highlighted_ = scenarioId;
  for (RunToggle* row : std::as_const(toggles_))
    row->setHighlighted(row->scenarioId() == scenarioId);
  if (presenterMode_) chartArea_->setScenarioFilter(stepSeries(scenarioId));
  chartArea_->showChart(info->focusChart());
  refreshToggles();
  QTimer::singleShot(0, this, &LabView::fitSplitter);
}

void LabView::stopScenario(const QString& scenarioId) {
  controller_->stop(scenarioId);
  if (RunToggle* row = toggles_.value(scenarioId)) row->setOn(false);
}

void LabView::setScenarioPaused(const QString& scenarioId, bool paused) {
  controller_->setPaused(scenarioId, paused);
}

void LabView::stopAll() {
  controller_->stopAll();
  for (RunToggle* row : std::as_const(toggles_)) row->setOn(false);
}

void LabView::clearRuns() {
  mixedNotice_->hide();
  stopping_.clear();
  controller_->clear();
  chartArea_->clear();
  highlighted_.clear();
  for (RunToggle* row : std::as_const(toggles_)) {
    row->setHighlighted(false);
    row->setVerdict(QString(), QString());
  }
  refreshToggles();
  refreshEvidence();
  emit statusMessage(tr("All runs cleared."));
}

void LabView::pollRuns() { controller_->poll(); }

void LabView::ingested() {
  refreshToggles();
  updateMixedNotice();
  // The cards recompute every verdict: at most once a second while runs go, and at the end.
  const qint64 now = clock_.elapsed();
  if (!store().anyActive() || now - evidenceComputedAt_ >= kLiveVerdictIntervalMs) {
    evidenceComputedAt_ = now;
    refreshEvidence();
  }
  chartArea_->refresh(store());
  emit runsUpdated();
}

void LabView::setOptionLetters(const QStringList& scenarioIds,
                               const QHash<QString, QString>& letters) {
  evidence_->setOptions(scenarioIds, letters);
  refreshEvidence();
}

void LabView::runEveryOption() {
  // The default lab's rows, as `precisionlab-cli lab` runs them: the baseline first (runScenario
  // starts it anyway), every option and the live bf16 run that measures mixed precision's speed
  // on this machine; they train interleaved.
  if (!passesStartGate()) return;
  userScrolledCards_ = false;  // new cards: their titles come into view again
  for (const QString& id : ScenarioCatalog::defaultLabIds()) {
    const QList<const TrackedRun*> runs = store().runsOf(id);
    const bool liveAlready = !runs.isEmpty() && !runs.front()->replayed() &&
                             (runs.front()->active() || runs.front()->state == RunState::Finished);
    if (!liveAlready) runScenario(id);
  }
}

void LabView::updateMixedNotice() {
  const QStringList sources = store().sources();
  mixedNotice_->setVisible(sources.size() > 1);
  if (sources.size() <= 1) return;
  QStringList names;
  for (const QString& s : sources) names.append(RunDataStore::describeSource(s));
  mixedNotice_->setText(
      tr("Mixed view: %1. Each verdict compares runs of one source only; curves marked "
         "\"(recorded)\" come from the recording.")
          .arg(names.join(tr(" and "))));
}

void LabView::refreshEvidence() {
  evidence_->refresh(store(), controller_->verdicts());
  // The "Is it faster?" tab tells the answer's speed story with the card's figures.
  if (const ScenarioInfo* answer = ScenarioCatalog::find(ScenarioCatalog::answerId()))
    chartArea_->setSpeedStory(LabEvidence::speedStory(*answer, store(), controller_->verdicts()));
}

void LabView::refreshToggles() {
  // In front of a class only the option being run and its fp32 reference are shown, so the
  // chart gets the room; the final verdict table compares them all. Their names set the width
  // of the name column.
  bool shownChanged = false;
  for (RunToggle* row : std::as_const(toggles_)) {
    const bool shown = !presenterMode_ || stepSeries(highlighted_).contains(row->scenarioId());
    shownChanged = shownChanged || row->isHidden() == shown;
    row->setVisible(shown);
  }
  if (presenterMode_ && shownChanged) fitColumns();  // not on every drained update
  for (RunToggle* row : std::as_const(toggles_)) {
    const QString id = row->scenarioId();
    const ScenarioStatus status = LabVerdicts::status(store(), id);
    // Unticked but still finishing its step: it stays unticked, saying so.
    const bool stopping = status.active && stopping_.contains(id);
    if (!status.active) stopping_.remove(id);
    row->setStatus(
        stopping ? tr("stopping… · %1/%2").arg(status.done).arg(status.total) : status.text,
        status.done, status.total, status.failed);
    row->setOn(status.active && !stopping);
    row->setPauseState(status.active, status.paused);
    const QList<const TrackedRun*> runs = store().runsOf(id);
    // The swatch in the colour its curves have: a recording alone is drawn in the scenario's own
    // colour (LabController::replay), so the swatch is the row's colour whatever the source.
    row->setRunColor(QColor());
    if (!status.started) {
      row->setProvenancePending();
      row->setVerdict(QString(), QString());
      continue;
    }
    const QString waiting = LabVerdicts::waitingText(store(), id);
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

void LabView::setPresenterMode(bool on) {
  // The class sees only what the walkthrough runs: no stale, half-finished or mixed results
  // from before (the verdicts at the end must be about the runs just shown).
  if (on && !presenterMode_) {
    clearRuns();
    highlighted_.clear();
  }
  presenterMode_ = on;
  if (on) {
    estimate_->cancel();  // the presenter's live runs start now
    estimate_->hide();
  }
  chartArea_->setScenarioFilter(on && !highlighted_.isEmpty() ? stepSeries(highlighted_)
                                                              : QSet<QString>());
  // The room needs the runs and one big chart; the settings are the teacher's, before class.
  // The evidence summary is the walkthrough's last step, after the class has seen each run.
  settingsArea_->setVisible(!on);
  cardsPane_->setVisible(!on);
  // The class does not tick rows: the box's instruction would take a line from the figure.
  runsBox_->setTitle(on ? QString() : tr("Runs: tick an option to train it, untick to stop"));
  runButtons_->setVisible(!on);
  chartArea_->setPresenterMode(on);
  for (RunToggle* row : std::as_const(toggles_)) row->setPresenterMode(on);
  for (const auto& [label, width] : std::as_const(headerLabels_))
    if (width == RunToggle::kBadgeWidth) label->setVisible(!on);  // as the rows' badges
  if (on && !highlighted_.isEmpty())
    if (const ScenarioInfo* info = ScenarioCatalog::find(highlighted_))
      chartArea_->showChart(info->focusChart());
  if (!on) replay_->setRecordedOnly(false);
  // The cards were last styled under the presenter's theme and fonts: restyle them now, or the
  // black high-contrast cards and large type stay in the lab after Esc.
  refreshEvidence();
  refreshToggles();
  fitColumns();
  // Rows and settings came or went: the charts take whatever the rows leave.
  QTimer::singleShot(0, this, &LabView::fitSplitter);
}

void LabView::fitColumns() {
  int name = RunToggle::kNameWidth;
  int status = RunToggle::kStatusWidth;
  if (presenterMode_) {
    // The columns grow with the presenter's font, but only as far as the rows on the slide
    // need, and the verdict keeps two fifths of the row: at 1024x768 the font-scaled columns
    // (about 480 + 290 px) left the verdict 190 px, "so far: reference: me…".
    const int row = runsPane_->viewport()->width() - 2 * 6 - 2 * 6;  // box and row margins
    int need = 0;
    for (const RunToggle* r : std::as_const(toggles_))
      if (!r->isHidden()) need = std::max(need, r->nameWidthNeeded());
    name = std::min(RunToggle::scaled(name, true), need > 0 ? need : row);
    status = std::min(RunToggle::scaled(status, true), row / 4);
    // A name is never cut (the class must read which run is which): the status gives way first.
    status = std::max(std::min(status, row - name - row * 2 / 5), row / 6);
  }
  for (RunToggle* r : std::as_const(toggles_)) r->setColumnWidths(name, status);
  for (const auto& [label, width] : std::as_const(headerLabels_))
    if (width != RunToggle::kBadgeWidth)
      label->setFixedWidth(width == RunToggle::kNameWidth ? name : status);
}

void LabView::showSettings(bool open) { settingsToggle_->setChecked(open); }

void LabView::placeRunButtons() {
  // One row where it fits; on a narrow window (or in German) the export buttons move to a
  // second row instead of pushing the lab wider than the window.
  const int available = width() - 60;  // less the margins and the scroll bar
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

void LabView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  placeRunButtons();
  refitFromTop_ = true;
  if (!userSizedSplitter_) QTimer::singleShot(0, this, &LabView::fitSplitter);
}

void LabView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  // Fitted while hidden (the presenter's runs start on the question slide, the lab tab not on
  // screen), the splitter had 26 px to share; shown, it fits again, or the rows took the chart's
  // room (a 60 px throughput plot at 1024x768, seen under openbox).
  refitFromTop_ = true;
  if (presenterMode_) fitColumns();
  if (!userSizedSplitter_) QTimer::singleShot(0, this, &LabView::fitSplitter);
  requestTimeEstimate();
}

void LabView::setTimeEstimateEnabled(bool on) {
  estimateEnabled_ = on;
  if (!on) {
    estimate_->cancel();
    estimate_->hide();
  } else if (isVisible()) {
    requestTimeEstimate();
  }
}

void LabView::requestTimeEstimate() {
  // Before a lab starts only: measuring beside training runs would slow them and be slowed.
  if (!estimateEnabled_ || presenterMode_ || controller_->anyActive()) return;
  TrainConfig base = settings();
  base.threads = guiThreads(base.threads);
  estimate_->request(ScenarioCatalog::defaultLabIds(), base);
}

bool LabView::eventFilter(QObject* watched, QEvent* event) {
  // Presenting, the columns follow the rows' width (the pane's, not the view's: going full
  // screen resized the pane after the view, and a status column fitted to the old width was
  // 10 px wide).
  if (presenterMode_ && watched == runsPane_->viewport() && event->type() == QEvent::Resize)
    fitColumns();
  // Wrapped cards grow without changing the hint, so a new height of top_ counts too; the
  // summary's height is its cards' (a stretch below it takes what its pane has left).
  if (!userSizedSplitter_ &&
      ((watched == top_ &&
        ((event->type() == QEvent::LayoutRequest && top_->sizeHint().height() != fittedTopHint_) ||
         (event->type() == QEvent::Resize && top_->height() != fittedTopHeight_))) ||
       (watched == evidence_ && event->type() == QEvent::Resize &&
        evidence_->height() != fittedCardsHeight_)))
    QTimer::singleShot(0, this, &LabView::fitSplitter);
  return QWidget::eventFilter(watched, event);
}

namespace {

// The part of a pane's content that must be in view (content coordinates).
struct PaneNeed {
  int top = 0;
  int bottom = 0;
  int height() const { return std::max(0, bottom - top); }
};

// The smallest scroll that shows `need` in a viewport `height` high with the viewport's top at
// one of `edges` (the tops of the content's parts, so no line is cut in half), never past the
// need's top.
int scrollFor(const PaneNeed& need, int height, QList<int> edges) {
  if (need.bottom <= height) return 0;
  edges.append(need.top);
  std::sort(edges.begin(), edges.end());
  for (int edge : std::as_const(edges))
    if (edge >= need.bottom - height && edge <= need.top) return edge;
  return need.top;
}

// The cards' pane: its height and scroll.
struct CardsFit {
  int height = 0;
  int scroll = 0;
};

// The cards' pane in at most `room` px: what it shows, most needed first, is each card's title
// (its letter and option), then their headlines (the finding), then the summary's title,
// buttons and conclusion above them, then all of every card. Its bottom ends above a title or
// headline it would cut in half; what it leaves goes to the runs.
CardsFit fitCards(const EvidenceSummary& evidence, int room) {
  const int offset = evidence.y();  // the summary's top in the pane's content
  const int all = offset + evidence.height() + 2;
  QList<PaneNeed> needs;
  QList<int> edges;    // where the viewport's top may be: each part of the summary, each card
  QList<QRect> lines;  // what its bottom may not cut: each card's title and headline
  for (const QWidget* part : evidence.findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
    if (!part->isHidden()) edges.append(offset + part->y());
  if (const QList<EvidenceSummary::CardHeading> headings = evidence.cardHeadings();
      !headings.isEmpty()) {
    PaneNeed titles{all, 0}, headlines{all, 0};
    for (const EvidenceSummary::CardHeading& h : headings) {
      edges.append(offset + h.card.top());
      titles.top = std::min(titles.top, offset + h.card.top());
      titles.bottom = std::max(titles.bottom, offset + h.title.bottom() + 4);
      headlines.bottom = std::max(headlines.bottom, offset + h.headline.bottom() + 4);
      lines << h.title.translated(0, offset) << h.headline.translated(0, offset);
    }
    headlines.top = titles.top;
    headlines.bottom = std::max(headlines.bottom, titles.bottom);
    needs = {titles, headlines, {0, headlines.bottom}};
  }
  needs.append({0, all});
  CardsFit fit;
  fit.height = std::clamp(room, 0, all);
  PaneNeed shown = needs.first();
  for (const PaneNeed& need : std::as_const(needs))
    if (need.height() <= fit.height) shown = need;
  fit.scroll = scrollFor(shown, fit.height, edges);
  std::sort(lines.begin(), lines.end(),
            [](const QRect& a, const QRect& b) { return a.top() > b.top(); });
  for (const QRect& line : std::as_const(lines)) {
    const int bottom = fit.scroll + fit.height;
    if (!line.isEmpty() && line.top() < bottom && bottom < line.top() + line.height())
      fit.height = std::max(0, line.top() - fit.scroll);
  }
  return fit;
}

}  // namespace

void LabView::fitSplitter() {
  const bool withCards = !cardsPane_->isHidden();
  const int total = splitter_->height() - splitter_->handleWidth() * (withCards ? 2 : 1);
  top_->layout()->activate();
  cardsPane_->widget()->layout()->activate();
  fittedTopHint_ = top_->sizeHint().height();
  fittedCardsHeight_ = evidence_->height();
  // The runs: the first two rows stay on screen (their status says the runs go), then all.
  // Presenting, the slide shows only the step's rows (at most three): all of them.
  QList<RunToggle*> rows;
  const int rowsWanted = presenterMode_ ? int(toggles_.size()) : 2;
  for (const ScenarioInfo& info : ScenarioCatalog::all())
    if (RunToggle* row = toggles_.value(info.id);
        row && !row->isHidden() && rows.size() < rowsWanted)
      rows.append(row);
  const int runsAll = fittedTopHint_ + 2;
  const int rowsBottom =
      rows.isEmpty() ? 0 : rows.last()->mapTo(top_, QPoint(0, 0)).y() + rows.last()->height() + 4;
  const int cardsAll = withCards ? evidence_->y() + evidence_->height() + 2 : 0;
  // What the panes get together: all they hold when it fits beside the charts' minimum, else
  // what is left, and at least a third.
  const int chartMin = chartArea_->minimumSizeHint().height();
  const int panes = std::max(std::min(runsAll + cardsAll, total - chartMin), total / 3);
  CardsFit cards;
  auto share = [&](int room) {
    // The first two rows, then the cards (the lesson) as far as they go, then the other rows.
    const int runs = std::min({rowsBottom, runsAll, room});
    cards = withCards ? fitCards(*evidence_, std::min(cardsAll, room - runs)) : CardsFit{};
    splitter_->setSizes({cards.height, room - cards.height, std::max(0, total - room)});
  };
  share(panes);
  // The charts' minimum hint misses their wrapped texts: give back what a chart still lacks.
  int missing = 0;
  for (const ChartPanel* panel : chartArea_->panels())
    if (panel->isVisibleTo(this)) missing = std::max(missing, panel->missingHeight());
  if (missing > 0) share(std::max(total / 4, panes - missing));
  fittedTopHeight_ = top_->height();
  // After a resize the fit starts from the top again: the cards scrolled only as far as their
  // titles need, the runs as far as their first two rows need (a small window's scroll kept at
  // a larger size hid every card).
  const bool fromTop = std::exchange(refitFromTop_, false);
  if (fromTop) userScrolledCards_ = false;
  if (withCards && !userScrolledCards_) cardsPane_->verticalScrollBar()->setValue(cards.scroll);
  if (rows.isEmpty()) return;
  if (fromTop) runsPane_->verticalScrollBar()->setValue(0);
  const int shownBottom = runsPane_->verticalScrollBar()->value() + runsPane_->viewport()->height();
  if (rowsBottom > shownBottom) {
    runsPane_->ensureWidgetVisible(rows.last(), 0, 4);
    runsPane_->ensureWidgetVisible(rows.first(), 0, 4);
  }
}

void LabView::showError(const QString& title, const QString& text) {
  lastError_ = text;
  emit statusMessage(title);
  // Not modal: the lab keeps drawing while the message is read.
  auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
  box->setObjectName(QStringLiteral("labErrorDialog"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void LabView::openRecordedRunsDialog() {
  const QStringList paths = QFileDialog::getOpenFileNames(
      this, tr("Open recorded runs"), RecordingLoader::defaultFolder(),
      tr("PrecisionLab recorded runs (*.plrun);;All files (*)"));
  if (!paths.isEmpty()) loadRecordings(paths);
}

void LabView::replayShippedRecordings() { loadRecordings(RecordingLoader::builtinRecordings()); }
void LabView::loadRecordings(const QStringList& paths) { replay_->load(paths); }
bool LabView::replayRecordings(std::vector<RunRecording> recordings) {
  return replay_->replay(std::move(recordings));
}

void LabView::setReplaySpeed(double factor) {
  replay_->setSpeed(factor);
  const int index = speedCombo_->findData(factor);
  if (index >= 0) {
    const QSignalBlocker block(speedCombo_);
    speedCombo_->setCurrentIndex(index);
  }
}

void LabView::replayed(const QSet<QString>& scenarioIds) {
  for (RunToggle* row : std::as_const(toggles_))
    row->setHighlighted(scenarioIds.contains(row->scenarioId()));
  refreshToggles();
  chartArea_->refresh(store());
}

QString LabView::exportScenario() const {
  return highlighted_.isEmpty() ? ScenarioCatalog::answerId() : highlighted_;
}

}  // namespace precisionlab
