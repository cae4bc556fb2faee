// A line/scatter chart over training steps that stays cheap while runs stream in: series are
// keyed by run, each update hands over the run's full point list once, and the chart draws a
// bounded copy (min and max per pixel column past ~2 points per column) with replace(). Axis
// ranges are set here from the data, never by Qt's auto-scaling; animations are off.
#pragma once

#include <QChart>
#include <QColor>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QSet>
#include <QString>

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

  // Sets a run's full data (sorted by x); non-finite points (and <= 0 on a log axis) are dropped.
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

  bool isEmpty() const;
  int seriesCount() const { return int(entries_.size()); }
  int drawnPointCount() const;        // what the scene holds now (bounded)
  QList<QPointF> drawnPoints(const QString& key) const;
  int columnsForDecimation() const;   // pixel columns of the plot area

 private:
  struct Entry {
    QXYSeries* series = nullptr;
    QList<QPointF> points;  // full data, owned by the chart for redecimation on resize
    bool dirty = true;
  };
  Entry& entryFor(const QString& key, bool scatter, const QString& name);
  void assign(const QString& key, bool scatter, const QString& name, const QColor& color,
              const QList<QPointF>& points, bool dashed);
  void applyPen(QXYSeries* series, const QColor& color, bool dashed) const;
  void redecimate();

  QHash<QString, Entry> entries_;
  QValueAxis* xAxis_ = nullptr;
  QValueAxis* yLinear_ = nullptr;
  QLogValueAxis* yLog_ = nullptr;
  YScale scale_;
  double xMax_ = 1;
  bool yIncludesZero_ = false;
  qreal lineWidth_ = 2;
  int lastColumns_ = 0;
};

}  // namespace precisionlab
