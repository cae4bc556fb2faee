// Saves a chart as a figure someone can put on a slide: the title, the chart and its provenance
// footer (mandatory: a figure never leaves the app without saying where its numbers come
// from), as PNG (raster, 2x for sharp slides) or SVG (vector, via QSvgGenerator). Both are
// written through quiz::writeOutputFile, so a failed export never leaves half a file behind.
#pragma once

#include <QString>

class QChartView;
class QPainter;
class QSize;

namespace precisionlab {

class ChartExporter {
 public:
  static bool savePng(QChartView* view, const QString& title, const QString& footer,
                      const QString& path, QString* error);
  static bool saveSvg(QChartView* view, const QString& title, const QString& footer,
                      const QString& path, QString* error);

 private:
  static QSize figureSize(QChartView* view, const QString& title, const QString& footer);
  static void paintFigure(QPainter& painter, QChartView* view, const QString& title,
                          const QString& footer);
};

}  // namespace precisionlab
