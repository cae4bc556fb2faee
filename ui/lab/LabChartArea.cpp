#include "ui/lab/LabChartArea.h"

#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QSet>
#include <QStackedWidget>
#include <QTabWidget>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/base/AppTheme.h"
#include "ui/charts/ChartPanel.h"
#include "ui/charts/LiveChart.h"
#include "ui/charts/SpeedEvidenceChart.h"
#include "ui/lab/LabLayout.h"
#include "ui/lab/LabMetrics.h"
#include "ui/lab/ProvenanceBadge.h"
#include "ui/lab/RunDataStore.h"

namespace precisionlab {

namespace {

// (origin, id): a trained run and a replayed one may share an id number.
QString runKey(const TrackedRun& run) {
  return (run.replayed() ? QStringLiteral("r") : QStringLiteral("t")) + QString::number(run.key.id);
}

// Emulated now, or a recording of an emulated run: numerics only either way.
bool emulated(const TrackedRun& run) {
  return run.provenanceKnown && (run.provenance.kind == Provenance::Emulated ||
                                 (run.provenance.kind == Provenance::Recorded &&
                                  run.provenance.recordedKind == Provenance::Emulated));
}

// The provenance line under a chart, grouped so it stays short:
// "live on cpu (2 threads): fp32 baseline, B TF container · emulated on cpu (2 threads): A, D".
// Recorded runs say "recorded on DEVICE, DATE" here, on every figure.
// `shortForm`: "live, this CPU" / "recorded 2026-12-01, CPU" (on screen); else the whole
// provenance (tooltip, exported figures).
QString provenanceFooter(const QList<const TrackedRun*>& runs, bool shortForm) {
  QMap<QString, QStringList> byBadge;
  QStringList order;
  for (const TrackedRun* run : runs) {
    const QString badge = !run->provenanceKnown ? LabChartArea::tr("starting")
                          : shortForm           ? ProvenanceBadge::shortText(run->provenance)
                                                : ProvenanceBadge::text(run->provenance);
    if (!byBadge.contains(badge)) order.append(badge);
    QStringList& names = byBadge[badge];
    if (!names.contains(RunDataStore::legendOf(*run))) names.append(RunDataStore::legendOf(*run));
  }
  QStringList parts;
  for (const QString& badge : order)
    parts.append(QStringLiteral("%1: %2").arg(badge, byBadge[badge].join(QStringLiteral(", "))));
  return parts.join(QStringLiteral("  ·  "));
}

// The model a run trains, as a learner reads it: "tiny BERT", or the checkpoint folder's name.
QString modelName(const TrackedRun& run) {
  if (!run.config.modelDir.empty())
    return QFileInfo(QString::fromStdString(run.config.modelDir)).fileName();
  return LabChartArea::tr("%1 BERT").arg(QString::fromStdString(run.config.preset));
}

// "Compares different models: tiny BERT (recorded), minilm BERT (live). " when the plotted runs
// train different models (a replayed recording beside live runs of another preset), else "".
QString modelMixNote(const QList<const TrackedRun*>& runs) {
  QStringList models;
  for (const TrackedRun* run : runs) {
    const QString name = LabChartArea::tr("%1 (%2)").arg(
        modelName(*run), run->replayed() ? LabChartArea::tr("recorded") : LabChartArea::tr("live"));
    if (!models.contains(name)) models.append(name);
  }
  QStringList bare;
  for (const TrackedRun* run : runs)
    if (!bare.contains(modelName(*run))) bare.append(modelName(*run));
  if (bare.size() < 2) return QString();
  return LabChartArea::tr("Compares different models: %1.").arg(models.join(QStringLiteral(", ")));
}

// The lines of the chart table's rows (LabMetrics turns records into points).
QList<QPointF> lossLine(const TrackedRun& run, const TrackedRun*) { return LabMetrics::loss(run); }
QList<QPointF> divergenceLine(const TrackedRun& run, const TrackedRun* baseline) {
  return LabMetrics::divergence(run, *baseline);
}
QList<QPointF> throughputLine(const TrackedRun& run, const TrackedRun*) {
  return LabMetrics::samplesPerSec(run);
}
QList<QPointF> memoryLine(const TrackedRun& run, const TrackedRun*) {
  return LabMetrics::peakMemoryMiB(run);
}
QList<QPointF> lossScaleLine(const TrackedRun& run, const TrackedRun*) {
  return LabMetrics::lossScale(run);
}
QList<QPointF> underflowLine(const TrackedRun& run, const TrackedRun*) {
  return LabMetrics::gradZeroPercent(run);
}

}  // namespace

QList<LabChartArea::Chart> LabChartArea::charts() {
  using Runs = Chart::Runs;
  using Scale = LiveChart::YScale;
  // Charts in pairs, one tab per question a learner asks: does it learn, is it faster, what
  // happens inside fp16. Two charts per tab stay large enough to read at 1280 x 800.
  const QString learn = tr("Does it learn? (loss, divergence)");
  const QString faster = tr("Is it faster? (throughput, memory)");
  const QString insideFp16 = tr("Inside fp16 (loss scale, underflow)");
  // id, tab, title, presenter tab, how to read it, y axis, scale, y from 0, empty hint, runs,
  // line, marks, marks' name, extra loss lines.
  return {
      {QStringLiteral("loss"), learn, tr("Training loss"), tr("Loss"),
       tr("Every run over the fp32 baseline (dark grey). Lower is better; a triangle marks "
          "where a run's loss became inf/NaN."),
       tr("loss"), Scale::Linear, false,
       tr("Tick a run above: its loss appears here within seconds."), Runs::All, &lossLine, nullptr,
       QString()},
      {QStringLiteral("divergence"), learn, tr("Divergence from the fp32 baseline"),
       tr("Divergence"), tr("|loss − baseline loss| at the same step. Near 0: learns like fp32."),
       tr("|Δ loss|"), Scale::Linear, true,
       tr("Needs the fp32 baseline and one more run, or a kill-and-resume, worker-dies or "
          "sharded-state row, whose jobs are drawn against its uninterrupted (or replicated) "
          "job."),
       Runs::AgainstBaseline, &divergenceLine, nullptr, QString()},
      {QStringLiteral("throughput"), faster, tr("Throughput"), tr("Throughput"),
       tr("Samples per second; higher is faster. Emulated runs, and fp16 on a CPU without fp16 "
          "units, are not drawn: their speed is not a measurement of the method."),
       tr("samples/s"), Scale::Linear, true, tr("Start a run to measure its speed."),
       Runs::MeasuredSpeed, &throughputLine, nullptr, QString()},
      {QStringLiteral("memory"), faster, tr("Peak memory"), tr("Memory"),
       tr("Most memory a step has needed so far. Emulated runs are not drawn: their memory "
          "is not a measurement."),
       tr("MiB"), Scale::Linear, true, tr("Start a run to measure its memory."), Runs::Measured,
       &memoryLine, nullptr, QString()},
      {QStringLiteral("loss-scale"), insideFp16, tr("Loss scale (fp16=True)"), tr("Loss scale"),
       tr("The GradScaler halves the scale and skips the step (squares) when gradients "
          "overflow."),
       tr("scale (log₂)"), Scale::Log2, false,
       tr("Start fp16=True: only runs with loss scaling have a loss scale."), Runs::LossScaling,
       &lossScaleLine, &LabMetrics::skippedSteps, tr("%1 skipped step")},
      {QStringLiteral("underflow"), insideFp16, tr("Gradients flushed to zero"), tr("Underflow"),
       tr("Share of gradient values exactly 0. Loss scaling keeps small fp16 gradients alive."),
       tr("% of values"), Scale::Linear, true, tr("Start a run to see how many gradients vanish."),
       Runs::All, &underflowLine, nullptr, QString()},
  };
}

LabChartArea::LabChartArea(QWidget* parent) : LabChartArea(charts(), parent) {}

LabChartArea::LabChartArea(const QList<Chart>& charts, QWidget* parent)
    : QWidget(parent), charts_(charts) {
  // The tabs of the normal layout come from the rows: one per distinct page, in the order of
  // its first chart.
  pairs_ = new QTabWidget(this);
  pairs_->setObjectName(QStringLiteral("labChartTabs"));
  QStringList pageTitles;
  for (const Chart& c : std::as_const(charts_)) {
    if (!pageTitles.contains(c.page)) {
      auto* page = new QWidget(pairs_);
      auto* pageLayout = new QHBoxLayout(page);
      pageLayout->setContentsMargins(4, 4, 4, 4);
      pairs_->addTab(page, c.page);
      pairPages_.append(page);
      pageTitles.append(c.page);
    }
    pageOf_.append(int(pageTitles.indexOf(c.page)));
  }
  singles_ = new QTabWidget(this);
  singles_->setObjectName(QStringLiteral("labPresenterCharts"));
  // Seven figures' tabs side by side at 1024 px in the presenter's large font: the theme's 22 px
  // side padding pushed the last behind scroll arrows.
  singles_->setStyleSheet(
      QStringLiteral("QTabBar::tab { padding-left: 11px; padding-right: 11px; }"));
  for (int i = 0; i < charts_.size(); ++i) {
    const Chart& s = charts_[i];
    auto* chart = new LiveChart(tr("step"), s.yTitle, s.scale);
    chart->setYIncludesZero(s.yIncludesZero);
    auto* panel = new ChartPanel(s.id, s.title, s.how, chart, pairPages_[pageOf_[i]]);
    panel->setEmptyHint(s.emptyHint);
    panel->finishUpdate();
    panels_.append(panel);
    auto* page = new QWidget(singles_);
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(4, 4, 4, 4);
    singles_->addTab(page, s.shortTitle);
    singlePages_.append(page);
  }
  const int chartCount = int(charts_.size());
  drawnRevisions_.resize(chartCount);
  legendEntries_.resize(chartCount);
  drawnBaselineRevision_.fill(0, chartCount);
  // A figure that comes on screen catches up with the runs at once.
  auto catchUp = [this] {
    if (store_) refresh(*store_);
  };
  connect(pairs_, &QTabWidget::currentChanged, this, catchUp);
  connect(singles_, &QTabWidget::currentChanged, this, catchUp);
  stack_ = new QStackedWidget(this);
  stack_->addWidget(pairs_);
  stack_->addWidget(singles_);
  // One legend for the figures on screen, with every run's full name: Qt's per-chart legends
  // cut names to "fp..." and "ha..." at 1152 x 720 and took height from the plots.
  for (ChartPanel* p : std::as_const(panels_)) p->chart()->legend()->hide();
  legend_ = new QLabel(this);
  legend_->setObjectName(QStringLiteral("labChartLegend"));
  legend_->setWordWrap(true);
  legend_->setTextFormat(Qt::RichText);
  legend_->setAccessibleName(tr("Legend"));
  legend_->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
  legend_->setToolTip(tr("Click a run's name to hide or show its curves."));
  connect(legend_, &QLabel::linkActivated, this, [this](const QString& link) {
    const QString name = QUrl::fromPercentEncoding(link.mid(4).toUtf8());
    setRunHidden(name, !hidden_.contains(name));
  });
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(stack_, 1);
  layout->addWidget(legend_);
  placePanels();
}

ChartPanel* LabChartArea::panel(const QString& metricId) const {
  for (ChartPanel* p : panels_)
    if (p->metricId() == metricId) return p;
  return nullptr;
}

void LabChartArea::placePanels() {
  for (int i = 0; i < panels_.size(); ++i) {
    QWidget* page = oneLarge_ ? singlePages_[i] : pairPages_[pageOf_[i]];
    if (page->layout()->indexOf(panels_[i]) < 0) {
      if (panels_[i]->parentWidget() != page) panels_[i]->setParent(page);
      page->layout()->addWidget(panels_[i]);
      panels_[i]->show();
    }
  }
  // The speed evidence goes last on the throughput chart's tab (after the curves it explains);
  // one large at a time, on a tab of its own: under the throughput curve at 1024x768 it left the
  // curve 60 px with its axis labels cut to "…", and its own bars lost four of seven labels.
  const int throughput =
      int(std::find_if(charts_.cbegin(), charts_.cend(),
                       [](const Chart& c) { return c.id == QLatin1String("throughput"); }) -
          charts_.cbegin());
  if (throughput < charts_.size()) {
    if (!speedPage_) {
      speedPage_ = new QWidget(singles_);
      auto* pageLayout = new QVBoxLayout(speedPage_);
      pageLayout->setContentsMargins(4, 4, 4, 4);
      singles_->addTab(speedPage_, tr("Faster?"));
    }
    QWidget* page = oneLarge_ ? speedPage_ : pairPages_[pageOf_[throughput]];
    if (!speedEvidence_) speedEvidence_ = new SpeedEvidenceChart(page);
    if (speedEvidence_->parentWidget() != page) speedEvidence_->setParent(page);
    page->layout()->removeWidget(speedEvidence_);
    page->layout()->addWidget(speedEvidence_);
    speedEvidence_->show();
  }
  stack_->setCurrentWidget(oneLarge_ ? singles_ : pairs_);
}

void LabChartArea::setSpeedStory(const SpeedStory& story) {
  if (speedEvidence_) speedEvidence_->setStory(story);
}

void LabChartArea::applyLayout(const LabLayout& layout) {
  const bool oneLarge = layout.charts == LabLayout::Charts::OneLarge;
  if (oneLarge == oneLarge_) return;
  const QString shown = currentChart();
  oneLarge_ = oneLarge;
  for (ChartPanel* p : std::as_const(panels_)) p->setLook(layout.chartLook());
  placePanels();
  showChart(shown);
  if (store_) refresh(*store_);
}

void LabChartArea::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (store_) refresh(*store_);
}

void LabChartArea::showTab(int index) {
  if (!oneLarge_) {
    pairs_->setCurrentIndex(index);
    return;
  }
  const int first = int(pageOf_.indexOf(std::clamp(index, 0, int(pairPages_.size()) - 1)));
  if (first >= 0) singles_->setCurrentIndex(first);
}

void LabChartArea::showChart(const QString& metricId) {
  if (metricId == QLatin1String(kSpeedEvidenceId) && speedPage_) {
    if (oneLarge_)
      singles_->setCurrentWidget(speedPage_);
    else
      showChart(QStringLiteral("throughput"));
    return;
  }
  for (int i = 0; i < panels_.size(); ++i) {
    if (panels_[i]->metricId() != metricId) continue;
    if (oneLarge_)
      singles_->setCurrentIndex(i);
    else
      pairs_->setCurrentIndex(pageOf_[i]);
    return;
  }
}

QString LabChartArea::currentChart() const {
  if (oneLarge_ && speedPage_ && singles_->currentWidget() == speedPage_)
    return QString::fromLatin1(kSpeedEvidenceId);
  // Tabs of two: the tab's first figure.
  const int i = oneLarge_ ? singles_->currentIndex() : int(pageOf_.indexOf(pairs_->currentIndex()));
  return i >= 0 && i < panels_.size() ? panels_[i]->metricId() : QString();
}

void LabChartArea::clear() {
  for (auto& drawn : drawnRevisions_) drawn.clear();
  drawnBaselineRevision_.fill(0);
  for (ChartPanel* panel : std::as_const(panels_)) {
    panel->chart()->removeAll();
    panel->setProvenanceText(QString());
    panel->finishUpdate();
  }
  for (auto& entries : legendEntries_) entries.clear();
  legend_->clear();
  legend_->hide();
}

void LabChartArea::refresh(const RunDataStore& store) {
  store_ = &store;
  QStringList seen;
  QStringList items;
  // On the window's background (the theme's), as the curves are on the chart's.
  const QColor background = legend_->palette().color(QPalette::Window);
  const QColor muted = legend_->palette().color(QPalette::PlaceholderText);
  for (int c = 0; c < panels_.size(); ++c) {
    if (!panels_[c]->isVisible()) continue;
    refreshPanel(c, store);
    for (const auto& [name, color] : std::as_const(legendEntries_[c])) {
      if (seen.contains(name)) continue;
      seen.append(name);
      const bool hidden = hidden_.contains(name);
      // A link per run: a click hides or shows its curves (a hidden one has a hollow square).
      items.append(
          QStringLiteral("<a href=\"run:%1\" style=\"text-decoration:none; color:%2\">"
                         "<span style=\"color:%3\">%4</span>&nbsp;%5</a>")
              .arg(QString::fromLatin1(QUrl::toPercentEncoding(name)),
                   (hidden ? muted : legend_->palette().color(QPalette::WindowText)).name(),
                   AppTheme::visibleOn(color, background).name(),
                   hidden ? QStringLiteral("&#9633;") : QStringLiteral("&#9632;"),
                   name.toHtmlEscaped()));
    }
  }
  legend_->setText(items.join(QStringLiteral(" &nbsp;&nbsp; ")));
  legend_->setVisible(!items.isEmpty());
}

void LabChartArea::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange && store_) refresh(*store_);
}

void LabChartArea::setRunHidden(const QString& legendName, bool hidden) {
  if (hidden == hidden_.contains(legendName)) return;
  if (hidden)
    hidden_.insert(legendName);
  else
    hidden_.remove(legendName);
  for (auto& drawn : drawnRevisions_) drawn.clear();  // series come back when shown again
  if (store_) refresh(*store_);
}

QStringList LabChartArea::legendNames() const {
  QStringList names;
  for (int c = 0; c < panels_.size(); ++c)
    if (panels_[c]->isVisible())
      for (const auto& entry : legendEntries_[c])
        if (!names.contains(entry.first)) names.append(entry.first);
  return names;
}

void LabChartArea::setScenarioFilter(const QSet<QString>& scenarioIds) {
  if (filter_ == scenarioIds) return;
  filter_ = scenarioIds;
  for (auto& drawn : drawnRevisions_) drawn.clear();  // series come back when shown again
  if (store_) refresh(*store_);
}

void LabChartArea::refreshPanel(int c, const RunDataStore& store) {
  // Each run is compared with its reference (RunStore::referenceOf: the baseline of its own
  // source, live with live, a recording with its own machine's recording; or the own reference
  // job of a row that is its own reference), so a change of a reference redraws the runs.
  quint64 baselineRevision = 0;
  QSet<const TrackedRun*> references;
  for (const TrackedRun& run : store.runs()) {
    const TrackedRun* reference = store.referenceOf(run);
    if (reference && !references.contains(reference)) {
      references.insert(reference);
      baselineRevision += reference->revision;
    }
  }
  const bool baselineChanged = baselineRevision != drawnBaselineRevision_[c];
  drawnBaselineRevision_[c] = baselineRevision;
  QHash<QString, quint64>& drawn = drawnRevisions_[c];
  LiveChart* chart = panels_[c]->chart();

  const Chart& spec = charts_[c];
  QSet<QString> keys;
  QList<const TrackedRun*> plotted;
  QStringList notMeasured;
  QList<const TrackedRun*> hiddenRuns;  // in the legend, hollow; no curve
  legendEntries_[c].clear();            // emulated runs left off the speed and memory figures
  double xMax = 2;
  for (const TrackedRun& run : store.runs()) {
    if (!filter_.isEmpty() && !filter_.contains(QString::fromStdString(run.scenarioId))) continue;
    const QString key = runKey(run);
    xMax = std::max(xMax, double(run.totalSteps));
    const bool dirty = drawn.value(key) != run.revision;
    drawn.insert(key, run.revision);
    const TrackedRun* baseline = store.referenceOf(run);
    const bool isBaseline = baseline && run.key == baseline->key;
    const QString name = RunDataStore::legendOf(run);
    const QColor color = RunDataStore::colorOf(run);
    switch (spec.runs) {
      case Chart::Runs::All:
        break;
      case Chart::Runs::Measured:
      case Chart::Runs::MeasuredSpeed:
        // Emulated fp16 runs at fp32 speed plus rounding work: drawn here it would read as
        // "fp16 is slower". It is not a measurement, so it is not a line. Live fp16 (LibTorch
        // 2.x) is drawn, its speed only where the CPU has fp16 units.
        if (emulated(run) || (spec.runs == Chart::Runs::MeasuredSpeed && run.provenanceKnown &&
                              !run.provenance.speedRepresentative)) {
          if (!notMeasured.contains(name)) notMeasured.append(name);
          continue;
        }
        break;
      case Chart::Runs::AgainstBaseline:
        if (!baseline || isBaseline) continue;
        break;
      case Chart::Runs::LossScaling:
        if (!LabMetrics::usesLossScaling(run)) continue;
        break;
    }
    // A run that never reported a step (cancelled at 0 steps) has no curve and no legend entry.
    if (run.steps.empty() && run.evals.empty()) continue;
    if (hidden_.contains(name)) {
      hiddenRuns.append(&run);
      continue;
    }
    const QString marksKey = key + QStringLiteral("-marks");
    keys.insert(key);
    if (spec.marks) keys.insert(marksKey);
    plotted.append(&run);
    if (!dirty && !(spec.runs == Chart::Runs::AgainstBaseline && baselineChanged)) continue;
    chart->setLine(key, name, color, spec.line(run, baseline));
    if (spec.marks) chart->setScatter(marksKey, spec.marksName.arg(name), color, spec.marks(run));
  }
  chart->retainOnly(keys);
  chart->setXMax(xMax);
  for (const auto* runs : {&plotted, &hiddenRuns})
    for (const TrackedRun* run : *runs) {
      const QPair<QString, QColor> entry{RunDataStore::legendOf(*run), RunDataStore::colorOf(*run)};
      if (!legendEntries_[c].contains(entry)) legendEntries_[c].append(entry);
    }
  panels_[c]->finishUpdate();
  QString footer = provenanceFooter(plotted, false);
  QString shortFooter = provenanceFooter(plotted, true);
  if (!notMeasured.isEmpty()) {
    const QString extra =
        tr("not drawn (emulated, numerics only): %1").arg(notMeasured.join(QStringLiteral(", ")));
    footer += (footer.isEmpty() ? QString() : QStringLiteral("  ·  ")) + extra;
    shortFooter += (shortFooter.isEmpty() ? QString() : QStringLiteral("  ·  ")) + extra;
  }
  // Curves of different models are not a like-for-like comparison: the chart says so first.
  const QString mix = modelMixNote(plotted);
  if (!mix.isEmpty()) {
    footer = mix + QLatin1Char(' ') + footer;
    shortFooter = mix + QLatin1Char(' ') + shortFooter;
  }
  panels_[c]->setProvenanceText(shortFooter, footer);
}

}  // namespace precisionlab
