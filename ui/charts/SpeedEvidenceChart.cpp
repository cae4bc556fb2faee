#include "ui/charts/SpeedEvidenceChart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "ui/base/AppTheme.h"
#include "ui/base/LocalizedText.h"

namespace precisionlab {

namespace {

constexpr int kMinimumHeight = 190;  // the chart view's, with its bars not yet known

// A bar's kind: what colours it and names it in the legend.
enum class Kind { Here, Published, Estimated };

struct Bar {
  QString label;
  double value = 0;
  Kind kind = Kind::Here;
  QString tooltip;
};

QString kindName(Kind k) {
  switch (k) {
    case Kind::Here:
      return SpeedEvidenceChart::tr("measured");
    case Kind::Published:
      return SpeedEvidenceChart::tr("published");
    case Kind::Estimated:
      return SpeedEvidenceChart::tr("estimated");
  }
  return QString();
}

// The bars of a story: its speed figures in order, then the estimate's Trainer end for each GPU
// without a published measurement.
QList<Bar> barsOf(const SpeedStory& story) {
  QList<Bar> bars;
  for (const EvidenceLine& l : story.lines) {
    if (!l.speedFigure || l.speedup <= 0) continue;
    Bar b;
    b.value = l.speedup;
    b.tooltip = localizedText(l.text);
    if (l.source == EvidenceSource::Published) {
      b.kind = Kind::Published;
      // Short enough for the axis: "V100, Trainer", "H200" (the brief's chip and code path).
      b.label = QString::fromStdString(l.brief.args.at(0).text);
      if (l.brief.args.at(3).text == "HF Trainer") b.label += SpeedEvidenceChart::tr(", Trainer");
    } else {
      b.kind = Kind::Here;
      const QString run = QString::fromStdString(l.brief.args.at(0).text);
      b.label = l.source == EvidenceSource::Recorded ? SpeedEvidenceChart::tr("%1, rec.").arg(run)
                                                     : SpeedEvidenceChart::tr("%1, here").arg(run);
      if (l.withReason) b.tooltip += QStringLiteral("; ") + localizedText(l.reason);
    }
    bars << b;
  }
  // The estimate fills the gaps: only the GPUs no published measurement covers (T4, L4).
  for (const SpeedupRange& r : gpuestimate::fp16SpeedupRanges(gpuestimate::labShape())) {
    if (!r.gpu || r.gpu->publishedMeasurement) continue;
    Bar b;
    b.kind = Kind::Estimated;
    b.value = r.trainerVsFp32;
    b.label = SpeedEvidenceChart::tr("%1, est.").arg(QString::fromStdString(r.gpu->id).toUpper());
    b.tooltip = localizedText(gpuestimate::rangeText(r));
    bars << b;
  }
  return bars;
}

}  // namespace

SpeedEvidenceChart::SpeedEvidenceChart(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("speedEvidenceChart"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  title_ = new QLabel(tr("<b>Speed against fp32</b> (1.0x = fp32; longer is faster)"), this);
  title_->setToolTip(
      tr("Mixed precision's speed against fp32: measured here or recorded, "
         "published GPU measurements of BERT fine-tuning, and the estimate for "
         "BERT base (batch 32, sequence 128) where no measurement is published. "
         "Hover over the bars for every source."));
  title_->setWordWrap(true);
  layout->addWidget(title_);
  auto* chart = new QChart;
  chart->setAnimationOptions(QChart::NoAnimation);
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->legend()->setAlignment(Qt::AlignBottom);
  view_ = new QChartView(chart, this);
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setMinimumHeight(kMinimumHeight);
  view_->setMinimumWidth(300);
  layout->addWidget(view_, 1);
  reason_ = new QLabel(this);
  reason_->setObjectName(QStringLiteral("speedEvidenceReason"));
  reason_->setWordWrap(true);
  layout->addWidget(reason_);
  setAccessibleName(tr("Speed evidence"));
}

QString SpeedEvidenceChart::reasonText() const { return reason_->text(); }

void SpeedEvidenceChart::setStory(const SpeedStory& story) {
  const QList<Bar> bars = barsOf(story);
  QStringList texts;
  const QLocale locale;
  for (const Bar& b : bars)
    texts << QStringLiteral("%1: %2x (%3)")
                 .arg(b.label, locale.toString(b.value, 'f', 2), kindName(b.kind));
  // The hardware's sentence under the chart, so the left-of-1.0x bar is never unexplained.
  const QString reason =
      (story.hardwareIsRecording ? tr("The recording's machine: %1.") : tr("This machine: %1."))
          .arg(localizedText(hardwareBrief(story.hardware)));
  if (texts == barTexts_ && reason == reason_->text()) return;
  barTexts_ = texts;
  reason_->setText(reason);
  reason_->setToolTip(localizedText(hardwareCapability(story.hardware)));

  QChart* chart = view_->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;
  }
  auto* series = new QHorizontalStackedBarSeries;
  const ThemeColors& c = AppTheme::colors();
  const QColor colours[] = {c.accent, QColor(0x00, 0x9E, 0x73), QColor(0x99, 0x99, 0x99)};
  QStringList categories;
  // Categories draw bottom-up: the story's first figure last, so it reads first from the top.
  QList<Bar> ordered = bars;
  std::reverse(ordered.begin(), ordered.end());
  // The figure in the label: a stacked series' own value labels would also print its zeros.
  for (const Bar& b : ordered)
    categories << QStringLiteral("%1  %2x").arg(b.label, locale.toString(b.value, 'f', 2));
  double top = 1.0;
  for (Kind k : {Kind::Here, Kind::Published, Kind::Estimated}) {
    auto* set = new QBarSet(kindName(k));
    set->setColor(colours[int(k)]);
    set->setBorderColor(colours[int(k)]);
    for (const Bar& b : ordered) set->append(b.kind == k ? b.value : 0.0);
    series->append(set);
  }
  for (const Bar& b : bars) top = std::max(top, b.value);
  series->setBarWidth(0.7);
  chart->addSeries(series);
  auto* y = new QBarCategoryAxis;
  y->append(categories);
  y->setLabelsColor(c.text);
  QFont small = y->labelsFont();
  small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.85));
  y->setLabelsFont(small);
  y->setTruncateLabels(false);  // "V100, Trainer  2.10x" whole, never "..."
  // A line per bar, and the axis and legend below: Qt Charts drops a label that would overlap
  // its neighbour, and in the presenter's font at 1024x768 four of seven went, the measured
  // bar's among them.
  const QFontMetrics labelMetrics(small);
  view_->setMinimumHeight(
      std::max(kMinimumHeight,
               int(ordered.size()) * (labelMetrics.height() + 6) + 4 * labelMetrics.height()));
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(y);
  auto* x = new QValueAxis;
  x->setRange(0, std::ceil(top + 0.5));
  x->setTickCount(int(std::ceil(top + 0.5)) + 1);
  x->setLabelFormat(QStringLiteral("%.0fx"));
  x->setLabelsColor(c.text);
  chart->addAxis(x, Qt::AlignBottom);
  series->attachAxis(x);
  chart->setBackgroundBrush(c.card);
  chart->legend()->setLabelColor(c.text);
  view_->setToolTip(QStringList(texts).join(QLatin1Char('\n')));
  view_->setAccessibleDescription(texts.join(QStringLiteral("; ")));
}

}  // namespace precisionlab
