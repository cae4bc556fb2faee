// The two charts of the progress tab: accuracy by day (a line over a date axis) and accuracy
// per group (horizontal bars): per exam-guide sub-objective ("3.2 Training models") when the
// bank tags its questions with them, else per exam domain. Group labels are never elided: long
// ones wrap onto a second line. Series are replaced whole on each refresh, axis ranges are
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

  // `groups`: the bars, in order (StatisticsCalculator::perObjective, or Statistics::perDomain
  // with `byObjective` false for a bank without sub-objectives).
  void show(const quiz::Statistics& stats, const QVector<quiz::DomainStats>& groups,
            bool byObjective);
  void applyTheme();
  // The day axis's label for `date` as the chart draws it (its format in its locale).
  QString dayLabel(const QDate& date) const;
  // Tests: the group chart's title, its category labels as drawn (HTML, "<br>" where a long one
  // wraps) and whether Qt elided any of them.
  QString groupTitle() const;
  QStringList groupLabels() const;
  bool groupLabelsElided() const;
  // A group's axis label: "3.3 Choosing appropriate hardware for training (13)" wrapped at
  // word boundaries into lines of at most `lineChars` characters, joined by "<br>", escaped.
  static QString wrappedLabel(const QString& text, int lineChars);

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
};

}  // namespace precisionlab
