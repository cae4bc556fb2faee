#include "ui/LabView.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QSplitter>
#include <QTabWidget>
#include <QStandardPaths>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <exception>
#include <utility>

#include "engine/RunScheduler.h"
#include "engine/ScenarioIds.h"
#include "engine/Verdict.h"
#include "ui/ChartPanel.h"
#include "ui/LabMetrics.h"
#include "ui/LabSettingsPanel.h"
#include "ui/LiveChart.h"
#include "ui/ProvenanceBadge.h"
#include "ui/RunCsvExporter.h"
#include "ui/RunDataStore.h"
#include "ui/RunToggle.h"
#include "ui/ScenarioCatalog.h"

namespace precisionlab {

namespace {

// 20 Hz: smooth to the eye, and each drain moves a few steps' records at most.
constexpr int kPollIntervalMs = 50;
// A verdict over a running run is recomputed at most once a second (it scans every record).
constexpr qint64 kLiveVerdictIntervalMs = 1000;

enum ChartIndex { kLoss, kDivergence, kThroughput, kMemory, kLossScale, kUnderflow, kChartCount };

QString baselineId() {
  return QString::fromLatin1(scenario::kBaselineFp32.data(),
                             qsizetype(scenario::kBaselineFp32.size()));
}

MeasuredRun measured(const TrackedRun& run) {
  MeasuredRun m;
  m.label = run.label.toStdString();
  m.state = run.state;
  m.message = run.message.toStdString();
  m.provenance = run.provenance;
  m.totalSteps = run.totalSteps;
  m.batchSize = run.config.batchSize;
  m.steps = run.steps;
  m.evals = run.evals;
  return m;
}

QString runKey(const TrackedRun& run) { return QString::number(run.id); }

bool emulated(const TrackedRun& run) {
  return run.provenanceKnown && run.provenance.kind == Provenance::Emulated;
}

// The provenance line under a chart, grouped so it stays short:
// "live on cpu (2 threads): fp32 baseline, B TF container · emulated on cpu (2 threads): A, D".
QString provenanceFooter(const QList<const TrackedRun*>& runs) {
  QMap<QString, QStringList> byBadge;
  QStringList order;
  for (const TrackedRun* run : runs) {
    const QString badge = run->provenanceKnown ? ProvenanceBadge::text(run->provenance)
                                               : LabView::tr("starting");
    if (!byBadge.contains(badge)) order.append(badge);
    QStringList& names = byBadge[badge];
    if (!names.contains(run->legend)) names.append(run->legend);
  }
  QStringList parts;
  for (const QString& badge : order)
    parts.append(QStringLiteral("%1: %2").arg(badge, byBadge[badge].join(QStringLiteral(", "))));
  return parts.join(QStringLiteral("  ·  "));
}

}  // namespace

LabView::LabView(QWidget* parent)
    : QWidget(parent), scheduler_(std::make_unique<RunScheduler>()),
      store_(std::make_unique<RunDataStore>()) {
  setObjectName(QStringLiteral("labView"));
  buildUi();
  clock_.start();
  pollTimer_ = new QTimer(this);
  pollTimer_->setInterval(kPollIntervalMs);
  connect(pollTimer_, &QTimer::timeout, this, &LabView::pollRuns);
}

LabView::~LabView() {
  // The scheduler's destructor cancels the runs and joins its worker; the widgets that show
  // them go after it, so nothing drains into a half-destroyed view.
  pollTimer_->stop();
  scheduler_.reset();
}

void LabView::buildUi() {
  // Runs: one row per scenario, with column headers so the row reads like a table.
  auto* runsBox = new QGroupBox(tr("Runs: tick an option to train it, untick to stop"), this);
  auto* runsLayout = new QVBoxLayout(runsBox);
  runsLayout->setSpacing(0);
  auto* header = new QHBoxLayout;
  header->setContentsMargins(6, 0, 6, 0);
  auto headerLabel = [this](const QString& text, int width) {
    auto* l = new QLabel(QStringLiteral("<b>%1</b>").arg(text), this);
    if (width > 0) l->setFixedWidth(width);
    return l;
  };
  header->addWidget(headerLabel(tr("Scenario"), RunToggle::kNameWidth));
  header->addWidget(headerLabel(tr("Status"), RunToggle::kStatusWidth));
  header->addWidget(headerLabel(tr("Verdict (computed from the runs)"), 0), 1);
  header->addWidget(headerLabel(tr("Where the numbers come from"), RunToggle::kBadgeWidth));
  runsLayout->addLayout(header);
  for (const ScenarioInfo& info : ScenarioCatalog::all()) {
    auto* row = new RunToggle(info, runsBox);
    toggles_.insert(info.id, row);
    connect(row, &RunToggle::toggled, this, &LabView::onToggleChanged);
    runsLayout->addWidget(row);
  }
  auto* runButtons = new QHBoxLayout;
  auto* stopAllButton = new QPushButton(tr("Stop all"), runsBox);
  connect(stopAllButton, &QPushButton::clicked, this, &LabView::stopAll);
  auto* csvButton = new QPushButton(tr("Export runs as CSV…"), runsBox);
  csvButton->setToolTip(tr("One row per step per run, with where each number comes from."));
  connect(csvButton, &QPushButton::clicked, this, &LabView::exportRunsCsv);
  runButtons->addStretch(1);
  runButtons->addWidget(stopAllButton);
  runButtons->addWidget(csvButton);
  runsLayout->addLayout(runButtons);

  auto* settingsBox = new QGroupBox(tr("Settings"), this);
  auto* settingsLayout = new QVBoxLayout(settingsBox);
  settingsLayout->setContentsMargins(6, 2, 6, 4);
  settingsPanel_ = new LabSettingsPanel(settingsBox);
  settingsLayout->addWidget(settingsPanel_);
  connect(settingsPanel_, &LabSettingsPanel::clearRunsRequested, this, &LabView::clearRuns);

  auto* top = new QWidget(this);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(settingsBox);
  topLayout->addWidget(runsBox);

  // Charts: a 3 x 2 grid, loss first (the figure the lesson hinges on).
  struct ChartSpec {
    const char* id;
    QString title;
    QString how;
    QString yTitle;
    LiveChart::YScale scale;
    bool includeZero;
    QString emptyHint;
  };
  const ChartSpec specs[kChartCount] = {
      {"loss", tr("Training loss"),
       tr("Every run over the fp32 baseline (dark grey). Lower is better; a curve that stops "
          "hit inf/NaN."),
       tr("loss"), LiveChart::YScale::Linear, false,
       tr("Tick a run above: its loss appears here within seconds.")},
      {"divergence", tr("Divergence from the fp32 baseline"),
       tr("|loss − baseline loss| at the same step. Near 0: learns like fp32."),
       tr("|Δ loss|"), LiveChart::YScale::Linear, true,
       tr("Needs the fp32 baseline and one more run.")},
      {"throughput", tr("Throughput"),
       tr("Samples per second; higher is faster. Dashed: emulated, speed not meaningful."),
       tr("samples/s"), LiveChart::YScale::Linear, true, tr("Start a run to measure its speed.")},
      {"memory", tr("Peak memory"),
       tr("Most memory a step has needed so far. Dashed: emulated, not meaningful."),
       tr("MiB"), LiveChart::YScale::Linear, true, tr("Start a run to measure its memory.")},
      {"loss-scale", tr("Loss scale (fp16=True)"),
       tr("The GradScaler halves the scale and skips the step (squares) when gradients "
          "overflow."),
       tr("scale (log₂)"), LiveChart::YScale::Log2, false,
       tr("Start D fp16=True: only runs with loss scaling have a loss scale.")},
      {"underflow", tr("Gradients flushed to zero"),
       tr("Share of gradient values exactly 0. Loss scaling keeps small fp16 gradients alive."),
       tr("% of values"), LiveChart::YScale::Linear, true,
       tr("Start a run to see how many gradients vanish.")},
  };
  // Charts in pairs, one tab per question a learner asks: does it learn, is it faster, what
  // happens inside fp16. Two charts per tab stay large enough to read at 1280 x 800.
  auto* chartTabs = new QTabWidget(this);
  chartTabs->setObjectName(QStringLiteral("labChartTabs"));
  const QString tabTitles[] = {tr("Does it learn? (loss, divergence)"),
                               tr("Is it faster? (throughput, memory)"),
                               tr("Inside fp16 (loss scale, underflow)")};
  QWidget* tabPages[3];
  for (int t = 0; t < 3; ++t) {
    tabPages[t] = new QWidget(chartTabs);
    auto* pageLayout = new QHBoxLayout(tabPages[t]);
    pageLayout->setContentsMargins(4, 4, 4, 4);
    chartTabs->addTab(tabPages[t], tabTitles[t]);
  }
  for (int i = 0; i < kChartCount; ++i) {
    const ChartSpec& s = specs[i];
    auto* chart = new LiveChart(tr("step"), s.yTitle, s.scale);
    chart->setYIncludesZero(s.includeZero);
    QWidget* page = tabPages[i / 2];
    auto* panel = new ChartPanel(QLatin1String(s.id), s.title, s.how, chart, page);
    panel->setEmptyHint(s.emptyHint);
    panel->finishUpdate();
    charts_.append(panel);
    page->layout()->addWidget(panel);
  }
  chartTabs_ = chartTabs;

  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(top);
  splitter->addWidget(chartTabs);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  splitter->setChildrenCollapsible(false);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(splitter);
}

void LabView::showChartTab(int index) { chartTabs_->setCurrentIndex(index); }

TrainConfig LabView::settings() const { return settingsPanel_->config(); }

void LabView::setSettings(const TrainConfig& config) { settingsPanel_->setConfig(config); }

bool LabView::anyRunActive() const { return store_->anyActive(); }

void LabView::onToggleChanged(const QString& scenarioId, bool on) {
  if (on)
    runScenario(scenarioId);
  else
    stopScenario(scenarioId);
}

void LabView::runScenario(const QString& scenarioId) {
  const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
  if (!info) {
    emit statusMessage(tr("Unknown lab scenario '%1'.").arg(scenarioId));
    return;
  }
  for (RunToggle* row : std::as_const(toggles_)) row->setHighlighted(row->scenarioId() == scenarioId);

  const QList<const TrackedRun*> existing = store_->runsOf(scenarioId);
  const bool running = std::any_of(existing.begin(), existing.end(),
                                   [](const TrackedRun* r) { return r->active(); });
  if (running) {
    emit statusMessage(tr("%1 is already running.").arg(ScenarioCatalog::shortName(*info)));
    refreshToggles();
    return;
  }

  const TrainConfig base = settings();
  // Every verdict and the divergence chart compare with the fp32 baseline, so it starts too.
  QStringList toStart;
  const bool baselineMissing = !store_->baseline() || (!store_->baseline()->active() &&
                                                       store_->baseline()->steps.empty());
  if (scenarioId != baselineId() && baselineMissing) toStart.append(baselineId());
  toStart.append(scenarioId);

  QStringList started;
  for (const QString& id : toStart) {
    const ScenarioInfo* s = ScenarioCatalog::find(id);
    store_->removeScenario(id);  // a restart replaces the old curves
    const std::vector<PlannedRun> plan = ScenarioCatalog::runsFor(id, base);
    const int count = int(plan.size());
    for (int i = 0; i < count; ++i) {
      try {
        const RunId runId = scheduler_->add(plan[size_t(i)].config, plan[size_t(i)].label);
        store_->addRun(runId, id, QString::fromStdString(plan[size_t(i)].label),
                       QString::fromStdString(plan[size_t(i)].legend),
                       ScenarioCatalog::runColor(id, i, count), plan[size_t(i)].config);
      } catch (const std::exception& e) {
        // Bad settings are the user's to fix: say so on the row, never crash the lab.
        toggles_.value(id)->setStatus(tr("could not start"), 0, 1, true);
        toggles_.value(id)->setVerdict(QString::fromUtf8(e.what()), QString::fromUtf8(e.what()));
        emit statusMessage(tr("%1 could not start: %2").arg(s->title, QString::fromUtf8(e.what())));
        toggles_.value(id)->setOn(false);
        return;
      }
    }
    started.append(ScenarioCatalog::shortName(*s));
  }
  emit statusMessage(tr("Started %1.").arg(started.join(tr(" and "))));
  refreshToggles();
  refreshCharts();
  if (!pollTimer_->isActive()) pollTimer_->start();
}

void LabView::stopScenario(const QString& scenarioId) {
  for (const TrackedRun* run : store_->runsOf(scenarioId))
    if (run->active()) scheduler_->cancel(run->id);
  if (RunToggle* row = toggles_.value(scenarioId)) row->setOn(false);
  // The cancelled state arrives with the next drain; keep polling until it does.
  if (!pollTimer_->isActive()) pollTimer_->start();
}

void LabView::stopAll() {
  for (const TrackedRun& run : store_->runs())
    if (run.active()) scheduler_->cancel(run.id);
  for (RunToggle* row : std::as_const(toggles_)) row->setOn(false);
  if (!pollTimer_->isActive()) pollTimer_->start();
}

void LabView::clearRuns() {
  scheduler_->cancelAll();
  store_->clear();
  drawnRevisions_.clear();
  verdicts_.clear();
  verdictDetails_.clear();
  verdictRevision_.clear();
  for (ChartPanel* panel : std::as_const(charts_)) {
    panel->chart()->removeAll();
    panel->setProvenanceText(QString());
    panel->finishUpdate();
  }
  for (RunToggle* row : std::as_const(toggles_)) {
    row->setHighlighted(false);
    row->setVerdict(QString(), QString());
  }
  refreshToggles();
  emit statusMessage(tr("All runs cleared."));
}

void LabView::pollRuns() {
  const std::vector<RunUpdate> updates = scheduler_->drain();
  bool changed = false;
  for (const RunUpdate& u : updates) changed = store_->apply(u) || changed;
  if (!store_->anyActive() && updates.empty()) pollTimer_->stop();
  if (!changed) return;  // nothing new: no redraw
  refreshToggles();
  refreshCharts();
  emit runsUpdated();
}

void LabView::refreshToggles() {
  for (RunToggle* row : std::as_const(toggles_)) {
    const QList<const TrackedRun*> runs = store_->runsOf(row->scenarioId());
    if (runs.isEmpty()) {
      row->setOn(false);
      row->setStatus(tr("not started"), 0, 1, false);
      row->setProvenancePending();
      continue;
    }
    int64_t done = 0, total = 0;
    const TrackedRun* failed = nullptr;
    const TrackedRun* active = nullptr;
    for (const TrackedRun* r : runs) {
      done += r->stepsDone();
      total += r->totalSteps;
      if (r->state == RunState::Failed && !failed) failed = r;
      if (r->active() && !active) active = r;
    }
    const QString trials = runs.size() > 1 ? tr(" (%n trials)", nullptr, int(runs.size()))
                                           : QString();
    QString status;
    if (failed) {
      status = tr("failed at step %1").arg(failed->stepsDone() + 1);
    } else {
      const TrackedRun* shown = active ? active : runs.front();
      status = QString::fromLatin1(runStateName(shown->state));
    }
    status += tr(" · %1/%2").arg(done).arg(total) + trials;
    row->setStatus(status, done, total, failed != nullptr);
    row->setOn(active != nullptr);
    updateVerdict(row->scenarioId());
    if (verdicts_.contains(row->scenarioId()))
      row->setVerdict(verdicts_.value(row->scenarioId()), verdictDetails_.value(row->scenarioId()));
    else if (failed)
      row->setVerdict(failed->message, failed->message);
    else
      row->setVerdict(QString(), QString());
    const TrackedRun* withProvenance = nullptr;
    for (const TrackedRun* r : runs)
      if (r->provenanceKnown) withProvenance = r;
    if (withProvenance)
      row->setProvenance(withProvenance->provenance);
    else
      row->setProvenancePending();
  }
}

void LabView::updateVerdict(const QString& scenarioId) {
  const TrackedRun* base = store_->baseline();
  const QList<const TrackedRun*> runs = store_->runsOf(scenarioId);
  if (runs.isEmpty() || !base || base->steps.empty()) {
    verdicts_.remove(scenarioId);
    return;
  }
  quint64 revision = base->revision;
  bool finished = !base->active();
  for (const TrackedRun* r : runs) {
    revision += r->revision;
    finished = finished && !r->active();
  }
  if (verdictRevision_.value(scenarioId) == revision) return;
  const qint64 now = clock_.elapsed();
  if (!finished && verdicts_.contains(scenarioId) &&
      now - verdictComputedAt_.value(scenarioId) < kLiveVerdictIntervalMs)
    return;
  verdictRevision_.insert(scenarioId, revision);
  verdictComputedAt_.insert(scenarioId, now);

  const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
  MeasuredScenario scenario;
  scenario.id = scenarioId.toStdString();
  scenario.option = info ? info->option.toStdString() : std::string();
  scenario.title = info ? info->title.toStdString() : std::string();
  scenario.isSweep = runs.size() > 1;
  for (const TrackedRun* r : runs) scenario.runs.push_back(measured(*r));
  const Verdict verdict = computeVerdict(scenario, measured(*base));

  QString text = QString::fromStdString(verdict.summary);
  // Numbers from unfinished runs move; say so rather than let them read as final.
  if (!finished) text = tr("so far: %1").arg(text);
  QStringList details = {text};
  for (const std::string& note : verdict.notes) details.append(QString::fromStdString(note));
  verdicts_.insert(scenarioId, text);
  verdictDetails_.insert(scenarioId, details.join(QLatin1Char('\n')));
}

void LabView::refreshCharts() {
  const TrackedRun* baseline = store_->baseline();
  const quint64 baselineRevision = baseline ? baseline->revision : 0;
  const bool baselineChanged = baselineRevision != drawnBaselineRevision_;
  drawnBaselineRevision_ = baselineRevision;

  QSet<QString> keys[kChartCount];
  QList<const TrackedRun*> plotted[kChartCount];
  double xMax = 2;
  for (const TrackedRun& run : store_->runs()) {
    const QString key = runKey(run);
    xMax = std::max(xMax, double(run.totalSteps));
    const bool dirty = drawnRevisions_.value(run.id) != run.revision;
    drawnRevisions_.insert(run.id, run.revision);
    const bool isBaseline = baseline && run.id == baseline->id;
    const bool dashed = emulated(run);
    // Emulated runs are dashed on the speed and memory charts (the panels' hint says so); a
    // legend suffix would only get elided.
    const QString name = run.legend;
    const QString measuredName = name;

    for (int c : {kLoss, kThroughput, kMemory, kUnderflow}) {
      keys[c].insert(key);
      plotted[c].append(&run);
    }
    if (dirty) {
      charts_[kLoss]->chart()->setLine(key, name, run.color, LabMetrics::loss(run));
      charts_[kThroughput]->chart()->setLine(key, measuredName, run.color,
                                             LabMetrics::samplesPerSec(run), dashed);
      charts_[kMemory]->chart()->setLine(key, measuredName, run.color,
                                         LabMetrics::peakMemoryMiB(run), dashed);
      charts_[kUnderflow]->chart()->setLine(key, name, run.color,
                                            LabMetrics::gradZeroPercent(run));
    }
    if (baseline && !isBaseline) {
      keys[kDivergence].insert(key);
      plotted[kDivergence].append(&run);
      if (dirty || baselineChanged)
        charts_[kDivergence]->chart()->setLine(key, name, run.color,
                                               LabMetrics::divergence(run, *baseline));
    }
    if (LabMetrics::usesLossScaling(run)) {
      const QString skippedKey = key + QStringLiteral("-skipped");
      keys[kLossScale].insert(key);
      keys[kLossScale].insert(skippedKey);
      plotted[kLossScale].append(&run);
      if (dirty) {
        charts_[kLossScale]->chart()->setLine(key, name, run.color, LabMetrics::lossScale(run));
        charts_[kLossScale]->chart()->setScatter(skippedKey, tr("%1 skipped step").arg(name),
                                                 run.color, LabMetrics::skippedSteps(run));
      }
    }
  }
  for (int c = 0; c < kChartCount; ++c) {
    ChartPanel* panel = charts_[c];
    panel->chart()->retainOnly(keys[c]);
    panel->chart()->setXMax(xMax);
    panel->finishUpdate();
    panel->setProvenanceText(provenanceFooter(plotted[c]));
  }
}

void LabView::setPresenterMode(bool on) {
  presenterMode_ = on;
  for (ChartPanel* panel : std::as_const(charts_)) panel->setPresenterMode(on);
  for (RunToggle* row : std::as_const(toggles_)) row->setPresenterMode(on);
}

void LabView::exportRunsCsv() {
  if (store_->runs().empty()) {
    QMessageBox::information(this, tr("Nothing to export"),
                             tr("Start at least one run, then export its records."));
    return;
  }
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export run records as CSV"),
      QDir(dir.isEmpty() ? QDir::homePath() : dir).filePath(QStringLiteral("precisionlab-runs.csv")),
      tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!RunCsvExporter::save(*store_, path, &error)) {
    QMessageBox::warning(this, tr("Export failed"), error);
    return;
  }
  emit statusMessage(tr("Saved run records to %1.").arg(path));
}

}  // namespace precisionlab
