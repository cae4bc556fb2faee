// Bounds the number of points a chart series draws: once a series is longer than about two
// points per pixel column, it keeps, for each column, the lowest and the highest point (in x
// order), so spikes such as a NaN-free loss jump stay visible while the count stays ~2 x width.
// Pure function on QPointF lists: no widgets, tested on its own.
#pragma once

#include <QList>
#include <QPointF>

namespace precisionlab {

class SeriesDecimator {
 public:
  // `points` sorted by x. Returns them unchanged when points.size() <= 2 * columns; otherwise
  // at most 2 points per column of [xMin, xMax] split into `columns` equal columns (points
  // outside the range fall into the first or last column). columns < 1 is treated as 1.
  static QList<QPointF> decimate(const QList<QPointF>& points, double xMin, double xMax,
                                 int columns);
};

}  // namespace precisionlab
