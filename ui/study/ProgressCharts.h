// The two charts of the progress tab: accuracy by day (a line over a date axis) and accuracy
// per exam domain (horizontal bars). Series are replaced whole on each refresh, axis ranges are
// set by the code and animations are off, as the Qt Charts examples recommend for live data.
#pragma once

#include <QWidget>

#include "quiz/ProgressTypes.h"

QT_BEGIN_NAMESPACE
class QChartView;
class QLineSeries;
class QScatterSeries;
class QHorizontalBarSeries;
class QBarSet;
class QBarCategoryAxis;
class QValueAxis;
class QDateTimeAxis;
class QDate;
QT_END_NAMESPACE

namespace precisionlab {

class ProgressCharts : public QWidget {
  Q_OBJECT

 public:
  explicit ProgressCharts(QWidget* parent = nullptr);

  void show(const quiz::Statistics& stats);
  void applyTheme();
  int dayPointCount() const;
  // The day axis's label for `date` as the chart draws it (its format in its locale).
  QString dayLabel(const QDate& date) const;

 private:
  void styleChart(QChartView* view);

  QChartView* dayView_ = nullptr;
  QChartView* domainView_ = nullptr;
  QLineSeries* dayLine_ = nullptr;
  QScatterSeries* dayDots_ = nullptr;
  QDateTimeAxis* dayX_ = nullptr;
  QValueAxis* dayY_ = nullptr;
  QHorizontalBarSeries* domainSeries_ = nullptr;
  QBarCategoryAxis* domainAxis_ = nullptr;
  QValueAxis* domainValueAxis_ = nullptr;
  quiz::Statistics last_;
};

}  // namespace precisionlab
