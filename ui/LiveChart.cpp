#include "ui/LiveChart.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/SeriesDecimator.h"

namespace precisionlab {

namespace {
constexpr const char* kDashedProperty = "precisionlabDashed";
}

LiveChart::LiveChart(const QString& xTitle, const QString& yTitle, YScale scale,
                     QGraphicsItem* parent)
    : QChart(parent), scale_(scale) {
  setAnimationOptions(QChart::NoAnimation);
  legend()->setAlignment(Qt::AlignBottom);
  legend()->setShowToolTips(true);
  setMargins(QMargins(4, 4, 4, 4));

  xAxis_ = new QValueAxis(this);
  xAxis_->setTitleText(xTitle);
  xAxis_->setLabelFormat(QStringLiteral("%d"));
  xAxis_->setRange(1, 10);
  addAxis(xAxis_, Qt::AlignBottom);
  if (scale == YScale::Log2) {
    yLog_ = new QLogValueAxis(this);
    yLog_->setBase(2.0);
    yLog_->setLabelFormat(QStringLiteral("%g"));
    yLog_->setTitleText(yTitle);
    yLog_->setRange(1, 65536);
    addAxis(yLog_, Qt::AlignLeft);
  } else {
    yLinear_ = new QValueAxis(this);
    yLinear_->setTitleText(yTitle);
    yLinear_->setLabelFormat(QStringLiteral("%.3g"));
    yLinear_->setRange(0, 1);
    addAxis(yLinear_, Qt::AlignLeft);
  }
  // Resizing changes the number of pixel columns, so the drawn copies are redone.
  connect(this, &QChart::plotAreaChanged, this, [this] {
    if (columnsForDecimation() != lastColumns_) redecimate();
  });
}

LiveChart::Entry& LiveChart::entryFor(const QString& key, bool scatter, const QString& name) {
  auto it = entries_.find(key);
  if (it != entries_.end()) return *it;
  Entry e;
  if (scatter) {
    auto* s = new QScatterSeries(this);
    s->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    e.series = s;
  } else {
    e.series = new QLineSeries(this);
  }
  e.series->setName(name);
  addSeries(e.series);
  e.series->attachAxis(xAxis_);
  e.series->attachAxis(scale_ == YScale::Log2 ? static_cast<QAbstractAxis*>(yLog_) : yLinear_);
  return *entries_.insert(key, e);
}

void LiveChart::applyPen(QXYSeries* series, const QColor& color, bool dashed) const {
  if (auto* scatter = qobject_cast<QScatterSeries*>(series)) {
    scatter->setColor(color);
    scatter->setBorderColor(color.darker(140));
    scatter->setMarkerSize(lineWidth_ * 3 + 4);
    return;
  }
  QPen pen(color);
  pen.setWidthF(lineWidth_);
  pen.setStyle(dashed ? Qt::DashLine : Qt::SolidLine);
  series->setPen(pen);
  series->setProperty(kDashedProperty, dashed);
}

void LiveChart::assign(const QString& key, bool scatter, const QString& name, const QColor& color,
                       const QList<QPointF>& points, bool dashed) {
  Entry& e = entryFor(key, scatter, name);
  if (e.series->name() != name) e.series->setName(name);
  applyPen(e.series, color, dashed);
  e.points.clear();
  e.points.reserve(points.size());
  for (const QPointF& p : points) {
    if (!std::isfinite(p.x()) || !std::isfinite(p.y())) continue;
    if (scale_ == YScale::Log2 && p.y() <= 0) continue;
    e.points.append(p);
  }
  e.dirty = true;
}

void LiveChart::setLine(const QString& key, const QString& name, const QColor& color,
                        const QList<QPointF>& points, bool dashed) {
  assign(key, false, name, color, points, dashed);
}

void LiveChart::setScatter(const QString& key, const QString& name, const QColor& color,
                           const QList<QPointF>& points) {
  assign(key, true, name, color, points, false);
}

void LiveChart::retainOnly(const QSet<QString>& keys) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (keys.contains(it.key())) {
      ++it;
      continue;
    }
    removeSeries(it->series);
    delete it->series;
    it = entries_.erase(it);
  }
}

void LiveChart::removeAll() { retainOnly({}); }

void LiveChart::setXMax(double xMax) { xMax_ = std::max(xMax, 2.0); }

int LiveChart::columnsForDecimation() const {
  return std::max(50, int(plotArea().width()));
}

void LiveChart::redecimate() {
  for (auto& e : entries_) e.dirty = true;
  finishUpdate();
}

void LiveChart::finishUpdate() {
  const int columns = columnsForDecimation();
  lastColumns_ = columns;
  double yMin = std::numeric_limits<double>::infinity();
  double yMax = -std::numeric_limits<double>::infinity();
  for (auto& e : entries_) {
    for (const QPointF& p : e.points) {
      yMin = std::min(yMin, p.y());
      yMax = std::max(yMax, p.y());
    }
    if (!e.dirty) continue;
    e.series->replace(SeriesDecimator::decimate(e.points, 1, xMax_, columns));
    e.dirty = false;
  }
  xAxis_->setRange(1, xMax_);

  if (!std::isfinite(yMin)) return;  // no data: keep the last ranges
  if (scale_ == YScale::Log2) {
    // Whole powers of two around the data, so the ticks land on scales the GradScaler uses.
    const double lo = std::exp2(std::floor(std::log2(yMin)) - 1);
    const double hi = std::exp2(std::ceil(std::log2(yMax)) + 1);
    yLog_->setRange(lo, hi);
    return;
  }
  if (yIncludesZero_) {
    yMin = std::min(yMin, 0.0);
    yMax = std::max(yMax, 0.0);
  }
  double pad = (yMax - yMin) * 0.05;
  if (pad <= 0) pad = std::max(std::abs(yMax) * 0.1, 1e-6);
  double lo = yMin - pad;
  if (yIncludesZero_ && yMin >= 0) lo = 0;
  yLinear_->setRange(lo, yMax + pad);
  yLinear_->applyNiceNumbers();
  // Enough decimals that neighbouring ticks differ (1.605 vs 1.610, not 1.61 twice).
  const double tickStep =
      (yLinear_->max() - yLinear_->min()) / std::max(1, yLinear_->tickCount() - 1);
  const int decimals = std::clamp(int(std::ceil(-std::log10(tickStep))), 0, 8);
  const QString format = QStringLiteral("%.%1f").arg(decimals);
  if (yLinear_->labelFormat() != format) yLinear_->setLabelFormat(format);
}

void LiveChart::setLineWidth(qreal width) {
  lineWidth_ = width;
  for (auto& e : entries_) {
    const QColor color = qobject_cast<QScatterSeries*>(e.series)
                             ? static_cast<QScatterSeries*>(e.series)->color()
                             : e.series->pen().color();
    applyPen(e.series, color, e.series->property(kDashedProperty).toBool());
  }
}

bool LiveChart::isEmpty() const {
  return std::all_of(entries_.begin(), entries_.end(),
                     [](const Entry& e) { return e.points.isEmpty(); });
}

int LiveChart::drawnPointCount() const {
  int n = 0;
  for (const auto& e : entries_) n += int(e.series->count());
  return n;
}

QList<QPointF> LiveChart::drawnPoints(const QString& key) const {
  auto it = entries_.find(key);
  return it == entries_.end() ? QList<QPointF>() : it->series->points();
}

}  // namespace precisionlab
