// A line/scatter chart over training steps that stays cheap while runs stream in: series are
// keyed by run, each update hands over the run's full point list once, and the chart draws a
// bounded copy (min and max per pixel column past ~2 points per column) with replace(). Axis
// ranges are set here from the data, never by Qt's auto-scaling; animations are off.
// Nothing non-finite ever reaches Qt: inf/NaN points are dropped, and where a run's values
// first went non-finite the chart draws a marker labelled "NaN at step N" instead.
#pragma once

#include <memory>

#include <QChart>
#include <QColor>
#include <QFont>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QSet>
#include <QString>

class QAbstractAxis;
class QGraphicsSimpleTextItem;
class QScatterSeries;
class QXYSeries;
class QValueAxis;
class QLogValueAxis;

namespace precisionlab {

class LiveChart : public QChart {
  Q_OBJECT

 public:
  enum class YScale { Linear, Log2 };
  LiveChart(const QString& xTitle, const QString& yTitle, YScale scale,
            QGraphicsItem* parent = nullptr);
  ~LiveChart() override;

  // Sets a run's full data (sorted by x). Non-finite points are dropped (and <= 0 on a log
  // axis); the first point whose y is inf/NaN gets a "NaN at step N" marker on the chart.
  // |y| beyond kMaxAbsValue is drawn at that bound so axis arithmetic cannot overflow.
  void setLine(const QString& key, const QString& name, const QColor& color,
               const QList<QPointF>& points, bool dashed = false);
  void setScatter(const QString& key, const QString& name, const QColor& color,
                  const QList<QPointF>& points);
  // Removes every series whose key is not in `keys`.
  void retainOnly(const QSet<QString>& keys);
  void removeAll();
  // The x axis spans [1, xMax] (the longest run's planned steps) so it does not jump as points
  // arrive; the y axis includes 0 when `includeZero`.
  void setXMax(double xMax);
  void setYIncludesZero(bool on) { yIncludesZero_ = on; }
  // Applies pending data to the series and sets the axis ranges; call once per redraw.
  void finishUpdate();
  void setLineWidth(qreal width);
  // The theme's colours: background, text (axes, titles, legend) and grid. Each series keeps
  // its run's colour unless it would not stand out on this background (AppTheme::visibleOn).
  void setColors(const QColor& background, const QColor& text, const QColor& grid);

  static constexpr double kMaxAbsValue = 1e30;

  bool isEmpty() const;
  int seriesCount() const { return int(entries_.size()); }
  // Font of the "NaN at step N" labels (bold is added); the panel sets it with its mode.
  void setLabelFont(const QFont& font);
  QFont labelFont() const { return labelFont_; }
  int drawnPointCount() const;  // what the scene holds now (bounded), markers excluded
  QList<QPointF> drawnPoints(const QString& key) const;
  int columnsForDecimation() const;  // pixel columns of the plot area
  // "NaN at step 41" for a run that went non-finite, else "" (what the marker says).
  QString nonFiniteText(const QString& key) const;
  // A loss scale as a learner reads it: "65,536", "0.5", and powers of two from 2²⁰ up (and
  // 2⁻⁴ down) as powers: "2²⁰", never "1.04858e+06" or "1.0M" (QLogValueAxis's printf format
  // could only say the first). Follows the default QLocale's digit grouping.
  static QString scaleLabel(double value);
  // The log axis's tick texts, bottom to top, as drawn (empty on a linear chart).
  QStringList yTickLabels() const;
  // True for the axis whose tick labels this chart draws itself (the log axis; its own labels
  // are kept transparent so they still reserve their room).
  bool hasOwnAxisLabels(const QAbstractAxis* axis) const;
  // Re-draws those labels (after a range, font or colour change).
  void placeTickLabels();
  // The y range the axis shows now (tests check it stays finite).
  double yAxisMin() const;
  double yAxisMax() const;

 private:
  struct Entry {
    QXYSeries* series = nullptr;
    QList<QPointF> points;  // full data, owned by the chart for redecimation on resize
    bool dirty = true;
    double nonFiniteX = 0;        // x of the first inf/NaN y; 0 = none
    bool nonFiniteIsNan = false;  // NaN (else +-inf)
    double markerY = 0;           // the last finite y before it (where the marker sits)
    QScatterSeries* marker = nullptr;
    QGraphicsSimpleTextItem* label = nullptr;
    QColor color;
  };
  Entry& entryFor(const QString& key, bool scatter, const QString& name);
  void assign(const QString& key, bool scatter, const QString& name, const QColor& color,
              const QList<QPointF>& points, bool dashed);
  void applyPen(QXYSeries* series, const QColor& color, bool dashed) const;
  void updateMarker(Entry& e);
  void dropEntry(Entry& e);
  void placeLabels();
  void setLinearRange(double yMin, double yMax);
  void setLogRange(double yMin, double yMax);
  void onPlotAreaChanged();
  void redecimate();

  QHash<QString, Entry> entries_;
  QValueAxis* xAxis_ = nullptr;
  QValueAxis* yLinear_ = nullptr;
  // Off-chart axis that computes nice tick numbers without moving the chart's own axis.
  std::unique_ptr<QValueAxis> niceAxis_;
  QFont labelFont_;
  QLogValueAxis* yLog_ = nullptr;
  QList<QGraphicsSimpleTextItem*> tickLabels_;  // the log axis's labels, drawn here
  YScale scale_;
  double xMax_ = 1;
  bool yIncludesZero_ = false;
  qreal lineWidth_ = 2;
  int lastColumns_ = 0;
  int lastTicksThatFit_ = 5;  // the linear y axis's tick count, from the plot's height
  int linearTicksThatFit() const;
  // Setting ranges and label formats can re-layout the chart, which reports a new plot area;
  // redrawing from inside that report recursed until the stack ran out. Nested requests are
  // deferred to the event loop instead, at most one pending.
  bool updating_ = false;
  bool redecimatePending_ = false;
};

}  // namespace precisionlab
