#include "ui/lab/LabView.h"

#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

#include "ui/base/AppTheme.h"
#include "ui/charts/ChartPanel.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabChartArea.h"
#include "ui/lab/LabEvidence.h"
#include "ui/lab/LabPaneFit.h"
#include "ui/lab/LabReplay.h"
#include "ui/lab/LabRunsPane.h"
#include "ui/lab/LabSettingsPanel.h"
#include "ui/lab/LabSettingsStrip.h"
#include "ui/lab/LabTimeEstimate.h"
#include "ui/lab/RecordingLoader.h"
#include "ui/lab/RunToggle.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {

// The evidence cards are redrawn at most once a second while runs go (their verdicts come from
// the controller's cache, recomputed at the same pace).
constexpr qint64 kLiveVerdictIntervalMs = VerdictCache::kLiveIntervalMs;

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
  connect(replay_, &LabReplay::replayed, this, [this](const QSet<QString>& scenarioIds) {
    runs_->highlightRows(scenarioIds);
    runs_->refresh();
    chartArea_->refresh(store());
  });
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

void LabView::buildUi() {
  runs_ = new LabRunsPane(controller_, this);
  connect(runs_, &LabRunsPane::startRequested, this, &LabView::runScenario);
  connect(runs_, &LabRunsPane::stopRequested, this, &LabView::stopScenario);
  connect(runs_, &LabRunsPane::pauseRequested, this, &LabView::setScenarioPaused);
  connect(runs_, &LabRunsPane::replayShippedRequested, this, &LabView::replayShippedRecordings);
  connect(runs_, &LabRunsPane::openRecordingsRequested, this, &LabView::openRecordedRunsDialog);
  connect(runs_, &LabRunsPane::replaySpeedChosen, replay_, &LabReplay::setSpeed);
  connect(runs_, &LabRunsPane::stopAllRequested, this, &LabView::stopAll);
  connect(runs_, &LabRunsPane::vertexExportRequested, this,
          [this] { emit vertexExportRequested(exportScenario()); });
  connect(runs_, &LabRunsPane::runsCsvExportRequested, this, &LabView::runsCsvExportRequested);

  settings_ = new LabSettingsStrip(this);
  settingsPanel_ = settings_->panel();
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
  connect(settings_, &LabSettingsStrip::openChanged, this, [this] { fit_->fitSoon(); });

  // The evidence summary: its title and buttons, the conclusion and a card per option.
  evidence_ = new EvidenceSummary(this);
  connect(evidence_, &EvidenceSummary::runAllRequested, this, &LabView::runEveryOption);
  // The expected time, measured below the rows, is said where "Run every option" is pressed too
  // (at 1280x800 the line under the rows was out of view when the window opened).
  connect(runs_->timeEstimate(), &LabTimeEstimate::estimated, evidence_,
          &EvidenceSummary::setExpectedTime);
  connect(runs_->timeEstimate(), &LabTimeEstimate::progressed, evidence_,
          &EvidenceSummary::setTimeLeft);
  connect(evidence_, &EvidenceSummary::gpuEstimateRequested, this, &LabView::gpuEstimateRequested);

  auto* top = new QWidget(this);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(settings_);
  topLayout->addWidget(runs_);
  mixedNotice_ = new QLabel(this);
  mixedNotice_->setObjectName(QStringLiteral("labMixedNotice"));
  mixedNotice_->setWordWrap(true);
  mixedNotice_->setStyleSheet(QStringLiteral(
      "QLabel { border: 1px solid palette(mid); border-radius: 4px; padding: 4px 8px; }"));
  mixedNotice_->hide();
  topLayout->addWidget(mixedNotice_);

  chartArea_ = new LabChartArea(this);
  fit_ = new LabPaneFit(this, evidence_, top, runs_, chartArea_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(fit_->splitter());
}

QList<ChartPanel*> LabView::chartPanels() const { return chartArea_->panels(); }
QScrollArea* LabView::topArea() const { return fit_->runsPane(); }
LabTimeEstimate* LabView::timeEstimate() const { return runs_->timeEstimate(); }
QWidget* LabView::settingsStrip() const { return settings_; }
RunToggle* LabView::toggle(const QString& scenarioId) const { return runs_->toggle(scenarioId); }
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

void LabView::runScenario(const QString& scenarioId) {
  const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
  if (!info) {
    emit statusMessage(tr("Unknown lab scenario '%1'.").arg(scenarioId));
    return;
  }
  if (!passesStartGate()) return;
  runs_->setHighlighted(scenarioId);
  if (layout_.stepOnly) showStep(*info);

  runs_->timeEstimate()
      ->cancel();  // a calibration under way would slow the runs and be slowed by them
  TrainConfig base = settings();
  base.threads = guiThreads(base.threads);
  // The driver validates before any run starts (LabController::start): settings it refuses
  // mark the settings panel's widgets at fault, and the message names their labels, instead of
  // each run failing on its own.
  const LabController::StartResult result = controller_->start(scenarioId, base);
  if (!result.issues.empty()) {
    const QString why = settingsPanel_->showIssues(result.issues).join(QStringLiteral("; "));
    settings_->setOpen(true);  // show the marked widgets
    runs_->showStartFailure(scenarioId, why);
    emit statusMessage(tr("%1 could not start: %2").arg(info->title, why));
    return;
  }
  if (result.alreadyRunning) {
    emit statusMessage(tr("%1 is already running.").arg(ScenarioCatalog::shortName(*info)));
    runs_->refresh();
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
    runs_->refresh();
    runs_->showStartFailure(id, result.error);
    emit statusMessage(tr("%1 could not start: %2").arg(s ? s->title : id, result.error));
    return;
  }
  emit statusMessage(tr("Started %1.").arg(started.join(tr(" and "))));
  runs_->refresh();
  chartArea_->refresh(store());
}

bool LabView::passesStartGate() {
  if (!startGate_ || startGate_()) return true;
  runs_->refresh();  // a row ticked to start it shows the truth again
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
  runs_->setHighlighted(scenarioId);
  runs_->refresh();
  showStep(*info);
}

void LabView::showStep(const ScenarioInfo& info) {
  if (layout_.stepOnly) chartArea_->setScenarioFilter(LabRunsPane::stepSeries(info.id));
  chartArea_->showChart(info.focusChart());
  fit_->fitSoon();
}

void LabView::stopScenario(const QString& scenarioId) {
  controller_->stop(scenarioId);
  if (RunToggle* row = runs_->toggle(scenarioId)) row->setOn(false);
}

void LabView::setScenarioPaused(const QString& scenarioId, bool paused) {
  controller_->setPaused(scenarioId, paused);
}

void LabView::stopAll() {
  controller_->stopAll();
  for (const ScenarioInfo& info : ScenarioCatalog::all())
    if (RunToggle* row = runs_->toggle(info.id)) row->setOn(false);
}

void LabView::clearRuns() {
  mixedNotice_->hide();
  controller_->clear();
  chartArea_->clear();
  runs_->clear();
  runs_->refresh();
  refreshEvidence();
  emit statusMessage(tr("All runs cleared."));
}

void LabView::pollRuns() { controller_->poll(); }

void LabView::ingested() {
  runs_->refresh();
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
  const QStringList before = everyOptionIds();
  evidence_->setOptions(scenarioIds, letters);
  refreshEvidence();
  if (isVisible() && everyOptionIds() != before) requestTimeEstimate();  // for these options
}

QStringList LabView::everyOptionIds() const {
  // The cards' options: pressed under another question's cards, "Run every option" trained the
  // seed question's lab and left three of the four cards "Not run yet" (seen walking issue 45).
  const QStringList options = evidence_->options();
  if (options.isEmpty()) return ScenarioCatalog::defaultLabIds();
  QStringList ids{ScenarioCatalog::baselineId()};
  for (const QString& id : options)
    if (!ids.contains(id)) ids << id;
  // Beside fp16=True, the default lab's companions (the live bf16=True run that measures mixed
  // precision's speed on this machine, where fp16 is emulated).
  if (options.contains(ScenarioCatalog::answerId()))
    for (const QString& id : ScenarioCatalog::defaultLabIds())
      if (!ids.contains(id) && !ScenarioCatalog::seedOptionIds().contains(id)) ids << id;
  return ids;
}

void LabView::runEveryOption() {
  // As `precisionlab-cli lab` runs the seed question's: the baseline first (runScenario starts
  // it anyway), every option and the live bf16 run beside fp16=True; they train interleaved.
  if (!passesStartGate()) return;
  fit_->cardsRenewed();
  for (const QString& id : everyOptionIds()) {
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

void LabView::setPresenterMode(bool on) {
  // The class sees only what the walkthrough runs: no stale, half-finished or mixed results
  // from before (the verdicts at the end must be about the runs just shown).
  if (on && !layout_.stepOnly) clearRuns();
  // Laid out once from one value; each pane takes its parts (LabLayout::slides says why).
  layout_ = on ? LabLayout::slides(AppTheme::fontScale()) : LabLayout::lab();
  fit_->applyLayout(layout_);
  const QString highlighted = runs_->highlighted();
  const bool step = layout_.stepOnly && !highlighted.isEmpty();  // a step's runs, its chart
  chartArea_->setScenarioFilter(step ? LabRunsPane::stepSeries(highlighted) : QSet<QString>());
  settings_->setVisible(layout_.settings);
  runs_->applyLayout(layout_);  // the presenter's live runs start now: no estimate either
  chartArea_->applyLayout(layout_);
  if (step)
    if (const ScenarioInfo* info = ScenarioCatalog::find(highlighted))
      chartArea_->showChart(info->focusChart());
  if (!on) replay_->setRecordedOnly(false);
  // The cards were last styled under the presenter's theme and fonts: restyle them now, or the
  // black high-contrast cards and large type stay in the lab after Esc.
  refreshEvidence();
  runs_->refresh();
  runs_->fitColumns();
  // Rows and settings came or went: the charts take whatever the rows leave.
  fit_->fitSoon();
}

void LabView::showSettings(bool open) { settings_->setOpen(open); }

void LabView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  runs_->placeButtons(width() - 60);  // less the margins and the scroll bar
  fit_->restart();
}

void LabView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  // Fitted while hidden (the presenter's runs start on the question slide, the lab tab not on
  // screen), the splitter had 26 px to share; shown, it fits again, or the rows took the chart's
  // room (a 60 px throughput plot at 1024x768, seen under openbox).
  fit_->restart();
  if (layout_.columnsGrow()) runs_->fitColumns();
  requestTimeEstimate();
}

void LabView::setTimeEstimateEnabled(bool on) {
  runs_->setEstimateEnabled(on);
  if (on && isVisible()) requestTimeEstimate();
}

void LabView::requestTimeEstimate() {
  TrainConfig base = settings();
  base.threads = guiThreads(base.threads);
  runs_->requestEstimate(everyOptionIds(), base);
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
  runs_->showReplaySpeed(factor);
}

QString LabView::exportScenario() const {
  const QString highlighted = runs_->highlighted();
  return highlighted.isEmpty() ? ScenarioCatalog::answerId() : highlighted;
}

}  // namespace precisionlab
