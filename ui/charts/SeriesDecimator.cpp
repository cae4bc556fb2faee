#include "ui/charts/SeriesDecimator.h"

#include <algorithm>

namespace precisionlab {

QList<QPointF> SeriesDecimator::decimate(const QList<QPointF>& points, double xMin, double xMax,
                                         int columns) {
  columns = std::max(columns, 1);
  if (points.size() <= 2 * static_cast<qsizetype>(columns)) return points;

  const double span = xMax > xMin ? xMax - xMin : 1.0;
  auto columnOf = [&](double x) {
    const int c = static_cast<int>((x - xMin) / span * columns);
    return std::clamp(c, 0, columns - 1);
  };

  QList<QPointF> out;
  out.reserve(2 * columns);
  qsizetype i = 0;
  while (i < points.size()) {
    const int column = columnOf(points[i].x());
    qsizetype lo = i, hi = i;
    qsizetype j = i + 1;
    for (; j < points.size() && columnOf(points[j].x()) == column; ++j) {
      if (points[j].y() < points[lo].y()) lo = j;
      if (points[j].y() > points[hi].y()) hi = j;
    }
    // Emit in x order so the line does not zig back within a column.
    if (lo == hi) {
      out.append(points[lo]);
    } else {
      out.append(points[std::min(lo, hi)]);
      out.append(points[std::max(lo, hi)]);
    }
    i = j;
  }
  return out;
}

}  // namespace precisionlab
