#include "ui/charts/LiveChart.h"

#include <QFontMetrics>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/base/AppTheme.h"
#include "ui/charts/SeriesDecimator.h"

namespace precisionlab {

namespace {
constexpr const char* kDashedProperty = "precisionlabDashed";
// Below this a log axis cannot place a point (2^-1075 is 0 in double).
constexpr double kMinLogValue = 1e-300;
// A log2 axis draws one tick per power of its base: keep the ticks readable.
constexpr int kMaxLogTicks = 8;
// Redecimate only when the plot width changed by more than this, so a label that changes width
// by a pixel cannot make the chart redraw itself over and over.
constexpr int kColumnSlack = 4;
// Ticks a linear axis starts from before nice numbers adjust them (QValueAxis's default).
constexpr int kLinearTicks = 5;
}  // namespace

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
    // Its own labels only reserve the room; placeTickLabels() draws readable ones there.
    yLog_->setLabelsColor(Qt::transparent);
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
  connect(this, &QChart::plotAreaChanged, this, &LiveChart::onPlotAreaChanged);
}

LiveChart::~LiveChart() = default;

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

void LiveChart::applyPen(QXYSeries* series, const QColor& runColor, bool dashed) const {
  const QColor color = AppTheme::visibleOn(runColor, backgroundBrush().color());
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
  e.color = color;
  e.points.clear();
  e.points.reserve(points.size());
  e.nonFiniteX = 0;
  e.markerY = std::numeric_limits<double>::quiet_NaN();
  for (const QPointF& p : points) {
    if (!std::isfinite(p.x())) continue;
    if (!std::isfinite(p.y())) {
      // The first step where the run's value stopped being a number: that is the story the
      // learner needs ("NaN at step 41"), so it is marked rather than silently dropped.
      if (e.nonFiniteX == 0) {
        e.nonFiniteX = p.x();
        e.nonFiniteIsNan = std::isnan(p.y());
        if (!e.points.isEmpty()) e.markerY = e.points.back().y();
      }
      continue;
    }
    double y = std::clamp(p.y(), -kMaxAbsValue, kMaxAbsValue);
    if (scale_ == YScale::Log2 && y < kMinLogValue) continue;
    e.points.append(QPointF(p.x(), y));
  }
  e.dirty = true;
  updateMarker(e);
}

QString LiveChart::nonFiniteText(const QString& key) const {
  auto it = entries_.find(key);
  if (it == entries_.end() || it->nonFiniteX == 0) return {};
  return (it->nonFiniteIsNan ? tr("NaN at step %1") : tr("inf at step %1"))
      .arg(qint64(it->nonFiniteX));
}

void LiveChart::updateMarker(Entry& e) {
  if (e.nonFiniteX == 0) {
    if (e.marker) e.marker->setVisible(false);
    if (e.label) e.label->setVisible(false);
    return;
  }
  const QString text =
      (e.nonFiniteIsNan ? tr("NaN at step %1") : tr("inf at step %1")).arg(qint64(e.nonFiniteX));
  if (!e.marker) {
    e.marker = new QScatterSeries(this);
    e.marker->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    addSeries(e.marker);
    e.marker->attachAxis(xAxis_);
    e.marker->attachAxis(scale_ == YScale::Log2 ? static_cast<QAbstractAxis*>(yLog_) : yLinear_);
    e.label = new QGraphicsSimpleTextItem(this);
    e.label->setZValue(20);
  }
  e.marker->setName(e.series->name() + QStringLiteral(": ") + text);
  // The run's colour inside a thick red ring, larger than the line is wide: a 1 px border round
  // a light fill (half precision's orange) was hard to find on a white chart.
  e.marker->setColor(e.color);
  QPen ring(QColor(0xc0, 0x39, 0x2b));
  ring.setWidthF(std::max(3.0, lineWidth_));
  e.marker->setPen(ring);
  e.marker->setMarkerSize(lineWidth_ * 5 + 14);
  e.marker->setVisible(true);
  e.label->setText(text);
  // The chart's own label font, never the application font of the moment: a label made during
  // presenter mode kept its large font after it.
  QFont f = labelFont_;
  f.setBold(true);
  e.label->setFont(f);
  e.label->setBrush(QColor(0xc0, 0x39, 0x2b));
  e.label->setVisible(true);
}

void LiveChart::setLabelFont(const QFont& font) {
  labelFont_ = font;
  QFont bold = font;
  bold.setBold(true);
  for (auto& e : entries_)
    if (e.label) e.label->setFont(bold);
  placeLabels();
}

void LiveChart::setLine(const QString& key, const QString& name, const QColor& color,
                        const QList<QPointF>& points, bool dashed) {
  assign(key, false, name, color, points, dashed);
}

void LiveChart::setScatter(const QString& key, const QString& name, const QColor& color,
                           const QList<QPointF>& points) {
  assign(key, true, name, color, points, false);
}

void LiveChart::dropEntry(Entry& e) {
  removeSeries(e.series);
  delete e.series;
  if (e.marker) {
    removeSeries(e.marker);
    delete e.marker;
  }
  delete e.label;
}

void LiveChart::retainOnly(const QSet<QString>& keys) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (keys.contains(it.key())) {
      ++it;
      continue;
    }
    dropEntry(*it);
    it = entries_.erase(it);
  }
}

void LiveChart::removeAll() { retainOnly({}); }

void LiveChart::setXMax(double xMax) {
  xMax_ = std::isfinite(xMax) ? std::clamp(xMax, 2.0, 1e12) : 2.0;
}

int LiveChart::columnsForDecimation() const {
  const double w = plotArea().width();
  return std::isfinite(w) ? std::clamp(int(w), 50, 20000) : 50;
}

int LiveChart::linearTicksThatFit() const {
  // Qt Charts elides a tick label ("…") once the ticks stand closer than about a label's height:
  // a short chart (a lab at 1280x800) gets fewer ticks, each readable.
  const double h = plotArea().height();
  const int line = QFontMetrics(yLinear_ ? yLinear_->labelsFont() : QFont()).height();
  if (!std::isfinite(h) || line <= 0) return kLinearTicks;
  return std::clamp(int(h / (2.0 * line)) + 1, 2, kLinearTicks);
}

void LiveChart::onPlotAreaChanged() {
  placeLabels();
  placeTickLabels();
  const bool ticksChange = yLinear_ && linearTicksThatFit() != lastTicksThatFit_;
  if (!ticksChange && std::abs(columnsForDecimation() - lastColumns_) <= kColumnSlack) return;
  if (redecimatePending_) return;
  redecimatePending_ = true;
  QTimer::singleShot(0, this, &LiveChart::redecimate);
}

void LiveChart::redecimate() {
  redecimatePending_ = false;
  for (auto& e : entries_) e.dirty = true;
  finishUpdate();
}

void LiveChart::finishUpdate() {
  if (updating_) {
    if (!redecimatePending_) {
      redecimatePending_ = true;
      QTimer::singleShot(0, this, &LiveChart::redecimate);
    }
    return;
  }
  updating_ = true;
  const int columns = columnsForDecimation();
  lastColumns_ = columns;
  double yMin = std::numeric_limits<double>::infinity();
  double yMax = -std::numeric_limits<double>::infinity();
  for (auto& e : entries_) {
    for (const QPointF& p : e.points) {
      yMin = std::min(yMin, p.y());
      yMax = std::max(yMax, p.y());
    }
    if (e.nonFiniteX != 0 && std::isfinite(e.markerY)) {
      yMin = std::min(yMin, e.markerY);
      yMax = std::max(yMax, e.markerY);
    }
    if (!e.dirty) continue;
    e.series->replace(SeriesDecimator::decimate(e.points, 1, xMax_, columns));
    e.dirty = false;
  }
  // Steps are whole numbers: ticks on a round interval (15, 30, 45, 60), not five evenly spaced
  // ones printed with %d (an empty chart's 1..2 read "1 1 1 1 2", 60 steps "15" at 15.75).
  double interval = 1;
  for (double decade = 1; decade < 1e12 && (xMax_ - 1) / interval > 5; decade *= 10)
    for (const double m : {1.0, 2.0, 2.5, 5.0, 7.5})
      if ((xMax_ - 1) / interval > 5) interval = std::max(1.0, m * decade * 2);
  if (xAxis_->tickType() != QValueAxis::TicksDynamic) {
    xAxis_->setTickType(QValueAxis::TicksDynamic);
    xAxis_->setTickAnchor(0);
  }
  if (xAxis_->tickInterval() != interval) xAxis_->setTickInterval(interval);
  // The range after the interval: the other way round, 100000 steps drew a tick for each one
  // (an interval of 1 kept from the empty chart) and the window hung.
  xAxis_->setRange(1, xMax_);

  if (std::isfinite(yMin) && std::isfinite(yMax)) {
    if (scale_ == YScale::Log2)
      setLogRange(yMin, yMax);
    else
      setLinearRange(yMin, yMax);
  }
  // Markers sit where the curve stopped, or mid-axis when the run never had a finite value.
  for (auto& e : entries_) {
    if (e.nonFiniteX == 0 || !e.marker) continue;
    double y = e.markerY;
    if (!std::isfinite(y)) {
      y = scale_ == YScale::Log2 ? std::sqrt(yLog_->min() * yLog_->max())
                                 : (yLinear_->min() + yLinear_->max()) / 2;
    }
    const QPointF p(std::min(e.nonFiniteX, xMax_), y);
    if (std::isfinite(p.y())) e.marker->replace({p});
  }
  placeLabels();
  updating_ = false;
}

void LiveChart::setLinearRange(double yMin, double yMax) {
  if (yIncludesZero_) {
    yMin = std::min(yMin, 0.0);
    yMax = std::max(yMax, 0.0);
  }
  double pad = (yMax - yMin) * 0.05;
  if (!(pad > 0) || !std::isfinite(pad)) pad = std::max(std::abs(yMax) * 0.1, 1e-6);
  double lo = yMin - pad;
  // Values that are never negative (a loss, a speed, a memory ratio) get no negative axis: the
  // padding below a loss of 0.05 made the nice range -1..2 (seen walking issue 45).
  if (yMin >= 0 && lo < 0) lo = 0;
  double hi = yMax + pad;
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) {
    lo = 0;
    hi = 1;
  }
  // Nice numbers are worked out on an axis that is not in the chart, and the chart's axis is
  // touched only when the result differs. Setting the raw range and then the nice one on the
  // chart's own axis changed the tick labels' width twice per update, which moved the plot
  // area, which asked for another update: an idle window sat at 100% CPU in this loop.
  if (!niceAxis_) niceAxis_ = std::make_unique<QValueAxis>();
  lastTicksThatFit_ = linearTicksThatFit();
  niceAxis_->setTickCount(lastTicksThatFit_);
  niceAxis_->setRange(lo, hi);
  niceAxis_->applyNiceNumbers();
  double niceLo = niceAxis_->min(), niceHi = niceAxis_->max();
  int ticks = niceAxis_->tickCount();
  if (!std::isfinite(niceLo) || !std::isfinite(niceHi) || !(niceHi > niceLo)) {
    niceLo = lo;
    niceHi = hi;
    ticks = lastTicksThatFit_;
  }
  if (yLinear_->tickCount() != ticks) yLinear_->setTickCount(ticks);
  if (yLinear_->min() != niceLo || yLinear_->max() != niceHi) yLinear_->setRange(niceLo, niceHi);
  // Enough decimals that neighbouring ticks differ (1.605 vs 1.610, not 1.61 twice); very
  // large or very fine ranges switch to %g so a label never grows to dozens of digits.
  const double tickStep =
      (yLinear_->max() - yLinear_->min()) / std::max(1, yLinear_->tickCount() - 1);
  const double magnitude = std::max(std::abs(yLinear_->min()), std::abs(yLinear_->max()));
  QString format = QStringLiteral("%.3g");
  if (std::isfinite(tickStep) && tickStep > 1e-6 && magnitude < 1e7) {
    const int decimals = std::clamp(int(std::ceil(-std::log10(tickStep))), 0, 6);
    format = QStringLiteral("%.%1f").arg(decimals);
  }
  if (yLinear_->labelFormat() != format) yLinear_->setLabelFormat(format);
}

void LiveChart::setLogRange(double yMin, double yMax) {
  // Whole powers of two around the data, so the ticks land on scales the GradScaler uses; a
  // wide span (a scale that backed off for hundreds of steps) uses a coarser power-of-two base.
  int loExp = int(std::floor(std::log2(std::max(yMin, kMinLogValue)))) - 1;
  int hiExp = int(std::ceil(std::log2(std::max(yMax, kMinLogValue)))) + 1;
  const int step = std::max(1, (hiExp - loExp + kMaxLogTicks - 1) / kMaxLogTicks);
  loExp = int(std::floor(double(loExp) / step)) * step;
  hiExp = int(std::ceil(double(hiExp) / step)) * step;
  if (hiExp <= loExp) hiExp = loExp + step;
  const double base = std::exp2(step);
  if (yLog_->base() != base) yLog_->setBase(base);
  yLog_->setRange(std::exp2(loExp), std::exp2(hiExp));
  placeTickLabels();
}

QString LiveChart::scaleLabel(double value) {
  const QLocale locale;
  if (!std::isfinite(value) || !(value > 0)) return locale.toString(value, 'g', 3);
  int exponent = 0;
  const bool powerOfTwo = std::frexp(value, &exponent) == 0.5;  // value = 0.5 * 2^exponent
  --exponent;
  // The GradScaler's scales are powers of two: 2²⁰ rather than 1,048,576 once they are long, and
  // 2⁻⁵ rather than 0.03125; 0.125 to 524,288 in full.
  if (powerOfTwo && (exponent >= 20 || exponent <= -4)) {
    static const QChar digits[] = {u'\u2070', u'\u00b9', u'\u00b2', u'\u00b3', u'\u2074',
                                   u'\u2075', u'\u2076', u'\u2077', u'\u2078', u'\u2079'};
    QString power;
    for (const QChar c : QString::number(std::abs(exponent))) power += digits[c.digitValue()];
    return QStringLiteral("2") + (exponent < 0 ? QStringLiteral("\u207b") : QString()) + power;
  }
  if (value >= 1 && value < 1e15) return locale.toString(qint64(std::llround(value)));
  return locale.toString(value, 'g', 3);
}

bool LiveChart::hasOwnAxisLabels(const QAbstractAxis* axis) const { return axis && axis == yLog_; }

QStringList LiveChart::yTickLabels() const {
  QStringList out;
  for (const QGraphicsSimpleTextItem* item : tickLabels_)
    if (item->isVisible()) out << item->text();
  return out;
}

void LiveChart::placeTickLabels() {
  if (!yLog_) return;
  const double lo = yLog_->min(), hi = yLog_->max(), base = yLog_->base();
  const QRectF area = plotArea();
  if (!(lo > 0) || !(hi > lo) || !(base > 1) || area.height() <= 0) return;
  const double span = std::log(hi / lo);
  QList<double> ticks;
  for (double v = lo; v <= hi * (1 + 1e-9) && ticks.size() < 64; v *= base) ticks << v;
  while (tickLabels_.size() < ticks.size()) {
    auto* item = new QGraphicsSimpleTextItem(this);
    item->setZValue(10);
    tickLabels_ << item;
  }
  const QColor color = xAxis_->labelsColor();
  for (int i = 0; i < tickLabels_.size(); ++i) {
    QGraphicsSimpleTextItem* item = tickLabels_[i];
    item->setVisible(i < ticks.size());
    if (i >= ticks.size()) continue;
    item->setText(scaleLabel(ticks[i]));
    item->setFont(yLog_->labelsFont());
    item->setBrush(color);
    const QRectF box = item->boundingRect();
    const double y = area.bottom() - std::log(ticks[i] / lo) / span * area.height();
    item->setPos(area.left() - box.width() - 6, y - box.height() / 2);
  }
}

void LiveChart::placeLabels() {
  const QRectF area = plotArea();
  for (auto& e : entries_) {
    if (!e.label || !e.label->isVisible() || !e.marker || e.marker->count() == 0) continue;
    const QPointF at = mapToPosition(e.marker->at(0), e.marker);
    if (!std::isfinite(at.x()) || !std::isfinite(at.y())) continue;
    const QRectF box = e.label->boundingRect();
    // Left of the marker when it sits near the right edge, else right of it.
    double x = at.x() + 10;
    if (x + box.width() > area.right()) x = at.x() - 10 - box.width();
    double y = std::clamp(at.y() - box.height() - 4, area.top(),
                          std::max(area.top(), area.bottom() - box.height()));
    e.label->setPos(x, y);
  }
}

void LiveChart::setLineWidth(qreal width) {
  lineWidth_ = width;
  for (auto& e : entries_) {
    applyPen(e.series, e.color, e.series->property(kDashedProperty).toBool());
    if (e.marker) e.marker->setMarkerSize(lineWidth_ * 4 + 8);
  }
}

void LiveChart::setColors(const QColor& background, const QColor& text, const QColor& grid) {
  setBackgroundBrush(background);
  setBackgroundPen(QPen(grid));
  legend()->setLabelColor(text);
  for (QAbstractAxis* axis : axes()) {
    if (!hasOwnAxisLabels(axis)) axis->setLabelsColor(text);
    axis->setTitleBrush(text);
    axis->setGridLineColor(grid);
    axis->setLinePenColor(grid);
  }
  setLineWidth(lineWidth_);  // re-pens every series for the new background
  placeTickLabels();
}

bool LiveChart::isEmpty() const {
  return std::all_of(entries_.begin(), entries_.end(),
                     [](const Entry& e) { return e.points.isEmpty() && e.nonFiniteX == 0; });
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

double LiveChart::yAxisMin() const { return yLog_ ? yLog_->min() : yLinear_->min(); }
double LiveChart::yAxisMax() const { return yLog_ ? yLog_->max() : yLinear_->max(); }

}  // namespace precisionlab
