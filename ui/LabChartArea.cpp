#include "ui/LabChartArea.h"

#include <QHBoxLayout>
#include <QMap>
#include <QSet>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/ChartPanel.h"
#include "ui/LabMetrics.h"
#include "ui/LiveChart.h"
#include "ui/ProvenanceBadge.h"
#include "ui/RunDataStore.h"

namespace precisionlab {

namespace {

enum ChartIndex { kLoss, kDivergence, kThroughput, kMemory, kLossScale, kUnderflow, kChartCount };

QString runKey(const TrackedRun& run) { return QString::number(run.id); }

bool emulated(const TrackedRun& run) {
  return run.provenanceKnown && run.provenance.kind == Provenance::Emulated;
}

// The provenance line under a chart, grouped so it stays short:
// "live on cpu (2 threads): fp32 baseline, B TF container · emulated on cpu (2 threads): A, D".
// Recorded runs say "recorded on DEVICE, DATE" here, on every figure.
QString provenanceFooter(const QList<const TrackedRun*>& runs) {
  QMap<QString, QStringList> byBadge;
  QStringList order;
  for (const TrackedRun* run : runs) {
    const QString badge = run->provenanceKnown ? ProvenanceBadge::text(run->provenance)
                                               : LabChartArea::tr("starting");
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

LabChartArea::LabChartArea(QWidget* parent) : QWidget(parent) {
  struct ChartSpec {
    const char* id;
    QString title;
    QString shortTitle;
    QString how;
    QString yTitle;
    LiveChart::YScale scale;
    bool includeZero;
    QString emptyHint;
  };
  const ChartSpec specs[kChartCount] = {
      {"loss", tr("Training loss"), tr("Loss"),
       tr("Every run over the fp32 baseline (dark grey). Lower is better; a triangle marks "
          "where a run's loss became inf/NaN."),
       tr("loss"), LiveChart::YScale::Linear, false,
       tr("Tick a run above: its loss appears here within seconds.")},
      {"divergence", tr("Divergence from the fp32 baseline"), tr("Divergence"),
       tr("|loss − baseline loss| at the same step. Near 0: learns like fp32."),
       tr("|Δ loss|"), LiveChart::YScale::Linear, true,
       tr("Needs the fp32 baseline and one more run.")},
      {"throughput", tr("Throughput"), tr("Throughput"),
       tr("Samples per second; higher is faster. Dashed: emulated, speed not meaningful."),
       tr("samples/s"), LiveChart::YScale::Linear, true, tr("Start a run to measure its speed.")},
      {"memory", tr("Peak memory"), tr("Memory"),
       tr("Most memory a step has needed so far. Dashed: emulated, not meaningful."),
       tr("MiB"), LiveChart::YScale::Linear, true, tr("Start a run to measure its memory.")},
      {"loss-scale", tr("Loss scale (fp16=True)"), tr("Loss scale"),
       tr("The GradScaler halves the scale and skips the step (squares) when gradients "
          "overflow."),
       tr("scale (log₂)"), LiveChart::YScale::Log2, false,
       tr("Start D fp16=True: only runs with loss scaling have a loss scale.")},
      {"underflow", tr("Gradients flushed to zero"), tr("Underflow"),
       tr("Share of gradient values exactly 0. Loss scaling keeps small fp16 gradients alive."),
       tr("% of values"), LiveChart::YScale::Linear, true,
       tr("Start a run to see how many gradients vanish.")},
  };

  // Charts in pairs, one tab per question a learner asks: does it learn, is it faster, what
  // happens inside fp16. Two charts per tab stay large enough to read at 1280 x 800.
  pairs_ = new QTabWidget(this);
  pairs_->setObjectName(QStringLiteral("labChartTabs"));
  const QString pairTitles[] = {tr("Does it learn? (loss, divergence)"),
                                tr("Is it faster? (throughput, memory)"),
                                tr("Inside fp16 (loss scale, underflow)")};
  for (const QString& title : pairTitles) {
    auto* page = new QWidget(pairs_);
    auto* pageLayout = new QHBoxLayout(page);
    pageLayout->setContentsMargins(4, 4, 4, 4);
    pairs_->addTab(page, title);
    pairPages_.append(page);
  }
  singles_ = new QTabWidget(this);
  singles_->setObjectName(QStringLiteral("labPresenterCharts"));
  for (int i = 0; i < kChartCount; ++i) {
    const ChartSpec& s = specs[i];
    auto* chart = new LiveChart(tr("step"), s.yTitle, s.scale);
    chart->setYIncludesZero(s.includeZero);
    auto* panel = new ChartPanel(QLatin1String(s.id), s.title, s.how, chart, pairPages_[i / 2]);
    panel->setEmptyHint(s.emptyHint);
    panel->finishUpdate();
    panels_.append(panel);
    auto* page = new QWidget(singles_);
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(4, 4, 4, 4);
    singles_->addTab(page, s.shortTitle);
    singlePages_.append(page);
  }
  drawnRevisions_.resize(kChartCount);
  drawnBaselineRevision_.fill(0, kChartCount);
  // A figure that comes on screen catches up with the runs at once.
  auto catchUp = [this] {
    if (store_) refresh(*store_);
  };
  connect(pairs_, &QTabWidget::currentChanged, this, catchUp);
  connect(singles_, &QTabWidget::currentChanged, this, catchUp);
  stack_ = new QStackedWidget(this);
  stack_->addWidget(pairs_);
  stack_->addWidget(singles_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(stack_);
  placePanels();
}

ChartPanel* LabChartArea::panel(const QString& metricId) const {
  for (ChartPanel* p : panels_)
    if (p->metricId() == metricId) return p;
  return nullptr;
}

void LabChartArea::placePanels() {
  for (int i = 0; i < panels_.size(); ++i) {
    QWidget* page = presenterMode_ ? singlePages_[i] : pairPages_[i / 2];
    if (page->layout()->indexOf(panels_[i]) < 0) {
      if (panels_[i]->parentWidget() != page) panels_[i]->setParent(page);
      page->layout()->addWidget(panels_[i]);
      panels_[i]->show();
    }
  }
  stack_->setCurrentWidget(presenterMode_ ? singles_ : pairs_);
}

void LabChartArea::setPresenterMode(bool on) {
  if (on == presenterMode_) return;
  const QString shown = currentChart();
  presenterMode_ = on;
  for (ChartPanel* p : std::as_const(panels_)) p->setPresenterMode(on);
  placePanels();
  showChart(shown);
  if (store_) refresh(*store_);
}

void LabChartArea::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (store_) refresh(*store_);
}

void LabChartArea::showTab(int index) {
  if (presenterMode_)
    singles_->setCurrentIndex(std::clamp(index * 2, 0, int(panels_.size()) - 1));
  else
    pairs_->setCurrentIndex(index);
}

void LabChartArea::showChart(const QString& metricId) {
  for (int i = 0; i < panels_.size(); ++i) {
    if (panels_[i]->metricId() != metricId) continue;
    if (presenterMode_)
      singles_->setCurrentIndex(i);
    else
      pairs_->setCurrentIndex(i / 2);
    return;
  }
}

QString LabChartArea::currentChart() const {
  const int i = presenterMode_ ? singles_->currentIndex() : pairs_->currentIndex() * 2;
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
}

void LabChartArea::refresh(const RunDataStore& store) {
  store_ = &store;
  for (int c = 0; c < kChartCount; ++c)
    if (panels_[c]->isVisible()) refreshPanel(c, store);
}

void LabChartArea::refreshPanel(int c, const RunDataStore& store) {
  const TrackedRun* baseline = store.baseline();
  const quint64 baselineRevision = baseline ? baseline->revision : 0;
  const bool baselineChanged = baselineRevision != drawnBaselineRevision_[c];
  drawnBaselineRevision_[c] = baselineRevision;
  QHash<int, quint64>& drawn = drawnRevisions_[c];
  LiveChart* chart = panels_[c]->chart();

  QSet<QString> keys;
  QList<const TrackedRun*> plotted;
  double xMax = 2;
  for (const TrackedRun& run : store.runs()) {
    const QString key = runKey(run);
    xMax = std::max(xMax, double(run.totalSteps));
    const bool dirty = drawn.value(run.id) != run.revision;
    drawn.insert(run.id, run.revision);
    const bool isBaseline = baseline && run.id == baseline->id;
    // Emulated runs are dashed on the speed and memory charts (the panels' hint says so).
    const bool dashed = emulated(run);
    const QString& name = run.legend;
    switch (c) {
      case kLoss:
      case kThroughput:
      case kMemory:
      case kUnderflow:
        keys.insert(key);
        plotted.append(&run);
        if (!dirty) break;
        if (c == kLoss) chart->setLine(key, name, run.color, LabMetrics::loss(run));
        if (c == kThroughput)
          chart->setLine(key, name, run.color, LabMetrics::samplesPerSec(run), dashed);
        if (c == kMemory)
          chart->setLine(key, name, run.color, LabMetrics::peakMemoryMiB(run), dashed);
        if (c == kUnderflow) chart->setLine(key, name, run.color, LabMetrics::gradZeroPercent(run));
        break;
      case kDivergence:
        if (!baseline || isBaseline) break;
        keys.insert(key);
        plotted.append(&run);
        if (dirty || baselineChanged)
          chart->setLine(key, name, run.color, LabMetrics::divergence(run, *baseline));
        break;
      case kLossScale: {
        if (!LabMetrics::usesLossScaling(run)) break;
        const QString skippedKey = key + QStringLiteral("-skipped");
        keys.insert(key);
        keys.insert(skippedKey);
        plotted.append(&run);
        if (!dirty) break;
        chart->setLine(key, name, run.color, LabMetrics::lossScale(run));
        chart->setScatter(skippedKey, tr("%1 skipped step").arg(name), run.color,
                          LabMetrics::skippedSteps(run));
        break;
      }
      default: break;
    }
  }
  chart->retainOnly(keys);
  chart->setXMax(xMax);
  panels_[c]->finishUpdate();
  panels_[c]->setProvenanceText(provenanceFooter(plotted));
}

}  // namespace precisionlab
