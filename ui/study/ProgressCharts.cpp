#include "ui/study/ProgressCharts.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QValueAxis>

#include "ui/base/AppTheme.h"

namespace precisionlab {

ProgressCharts::ProgressCharts(QWidget* parent) : QWidget(parent) {
  auto* dayChart = new QChart;
  dayChart->setLocale(QLocale());
  dayChart->setTitle(tr("Accuracy by day"));
  dayLine_ = new QLineSeries;
  dayLine_->setName(tr("Accuracy"));
  dayDots_ = new QScatterSeries;
  dayDots_->setMarkerSize(9);
  dayChart->addSeries(dayLine_);
  dayChart->addSeries(dayDots_);
  dayX_ = new QDateTimeAxis;
  // The day's label in the app's language: "Dec 2" in English, "2.12." in German (the
  // chart's locale is the default QLocale, AppLanguage::localeFor).
  dayX_->setFormat(tr("MMM d", "QDateTime format of the day axis: short month name and day"));
  dayX_->setTitleText(tr("Day"));
  dayY_ = new QValueAxis;
  dayY_->setRange(0, 100);
  dayY_->setLabelFormat(QStringLiteral("%d%"));
  dayY_->setTitleText(tr("Correct"));
  dayChart->addAxis(dayX_, Qt::AlignBottom);
  dayChart->addAxis(dayY_, Qt::AlignLeft);
  for (auto* s : {static_cast<QXYSeries*>(dayLine_), static_cast<QXYSeries*>(dayDots_)}) {
    s->attachAxis(dayX_);
    s->attachAxis(dayY_);
  }
  dayChart->legend()->hide();
  dayView_ = new QChartView(dayChart, this);
  dayView_->setAccessibleName(tr("Accuracy by day chart"));

  auto* domainChart = new QChart;
  domainChart->setLocale(QLocale());
  domainChart->setTitle(tr("Accuracy by sub-objective"));
  domainSeries_ = new QHorizontalBarSeries;
  domainSeries_->setLabelsVisible(true);
  domainSeries_->setLabelsFormat(QStringLiteral("@value%"));
  domainChart->addSeries(domainSeries_);
  domainAxis_ = new QBarCategoryAxis;
  // Full names: a long one wraps (wrappedLabel) rather than ending in "…".
  domainAxis_->setTruncateLabels(false);
  domainValueAxis_ = new QValueAxis;
  // Room right of 100% for the value label drawn outside each bar; ticks stay at 0, 25 .. 100.
  domainValueAxis_->setRange(0, 112);
  domainValueAxis_->setTickType(QValueAxis::TicksDynamic);
  domainValueAxis_->setTickAnchor(0);
  domainValueAxis_->setTickInterval(25);
  domainValueAxis_->setLabelFormat(QStringLiteral("%d%"));
  domainChart->addAxis(domainAxis_, Qt::AlignLeft);
  domainChart->addAxis(domainValueAxis_, Qt::AlignBottom);
  domainSeries_->attachAxis(domainAxis_);
  domainSeries_->attachAxis(domainValueAxis_);
  domainChart->legend()->hide();
  domainView_ = new QChartView(domainChart, this);
  domainView_->setAccessibleName(tr("Accuracy by group chart"));

  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(12);
  row->addWidget(dayView_, 3);
  row->addWidget(domainView_, 2);
  for (auto* v : {dayView_, domainView_}) {
    v->setRenderHint(QPainter::Antialiasing);
    v->setMinimumHeight(240);
    v->chart()->setAnimationOptions(QChart::NoAnimation);
  }
  applyTheme();
}

QString ProgressCharts::dayLabel(const QDate& date) const {
  return dayView_->chart()->locale().toString(date, dayX_->format());
}

QString ProgressCharts::groupTitle() const { return domainView_->chart()->title(); }

QStringList ProgressCharts::groupLabels() const { return domainAxis_->categories(); }

bool ProgressCharts::groupLabelsElided() const { return domainAxis_->labelsTruncated(); }

QString ProgressCharts::wrappedLabel(const QString& text, int lineChars) {
  QStringList lines;
  QString line;
  for (const QString& word : text.split(u' ', Qt::SkipEmptyParts)) {
    if (!line.isEmpty() && line.size() + 1 + word.size() > lineChars) {
      lines << line.toHtmlEscaped();
      line.clear();
    }
    line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
  }
  if (!line.isEmpty()) lines << line.toHtmlEscaped();
  return lines.join(QStringLiteral("<br>"));
}

void ProgressCharts::show(const quiz::Statistics& stats, const QVector<quiz::DomainStats>& groups,
                          bool byObjective) {
  QList<QPointF> points;
  for (const auto& day : stats.perDay) {
    const QDateTime t(QDate::fromString(day.date, Qt::ISODate), QTime(12, 0));
    points << QPointF(qreal(t.toMSecsSinceEpoch()), day.accuracy * 100.0);
  }
  dayLine_->replace(points);
  dayDots_->replace(points);
  // A day either side so single points do not sit on the frame.
  const QDateTime now = QDateTime::currentDateTime();
  QDateTime from = points.isEmpty() ? now.addDays(-6)
                                    : QDateTime::fromMSecsSinceEpoch(qint64(points.first().x()));
  QDateTime to = points.isEmpty() ? now : QDateTime::fromMSecsSinceEpoch(qint64(points.last().x()));
  if (from.daysTo(to) < 6) from = to.addDays(-6);
  dayX_->setRange(from.addDays(-1), to.addDays(1));
  dayX_->setTickCount(
      int(std::min<qint64>(10, from.daysTo(to) + 3)));  // one tick a day when it fits

  domainView_->chart()->setTitle(byObjective ? tr("Accuracy by sub-objective")
                                             : tr("Accuracy by exam domain"));
  domainSeries_->clear();
  domainAxis_->clear();
  auto* set = new QBarSet(tr("Accuracy"));
  QStringList names;
  // Bars read top-down in the order given: a horizontal bar axis draws its first category at
  // the bottom, so the list goes in reversed.
  for (auto it = groups.crbegin(); it != groups.crend(); ++it) {
    const QString name = it->domain.isEmpty() ? tr("(no sub-objective)") : it->domain;
    // Lines of at most 20 characters leave the bars room in a 2/5-width chart at 1024 px
    // (Qt reserves too little for longer HTML labels: 24 were cut at the chart's left edge);
    // the answers count on a line of its own ("(5" and "answers)" split apart).
    names << wrappedLabel(name, 20) + QStringLiteral("<br>") +
                 tr("(%Ln answer(s))", "chart label: the group's answers", it->attempts)
                     .toHtmlEscaped();
    *set << qRound(it->accuracy * 100.0);
  }
  domainAxis_->append(names);
  domainSeries_->append(set);
  applyTheme();
}

void ProgressCharts::styleChart(QChartView* view) {
  const ThemeColors& c = AppTheme::colors();
  QChart* chart = view->chart();
  chart->setBackgroundBrush(c.card);
  chart->setBackgroundPen(QPen(c.cardBorder));
  chart->setPlotAreaBackgroundVisible(false);
  chart->setTitleBrush(c.text);
  chart->setTitleFont(AppTheme::pointFont(12, QFont::DemiBold));
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsBrush(c.text);
    axis->setLabelsFont(AppTheme::pointFont(9.5));
    axis->setTitleBrush(c.mutedText);
    axis->setTitleFont(AppTheme::pointFont(9.5));
    axis->setGridLineColor(c.cardBorder);
    axis->setLinePenColor(c.cardBorder);
  }
  view->setBackgroundBrush(c.window);
}

void ProgressCharts::applyTheme() {
  const ThemeColors& c = AppTheme::colors();
  styleChart(dayView_);
  styleChart(domainView_);
  const qreal width = 2.5 * AppTheme::fontScale();
  dayLine_->setPen(QPen(c.chartLine, width));
  dayDots_->setColor(c.chartLine);
  dayDots_->setBorderColor(c.card);
  for (QBarSet* set : domainSeries_->barSets()) {
    set->setColor(c.chartLine);
    set->setBorderColor(c.chartLine);
    set->setLabelColor(c.text);
    set->setLabelFont(AppTheme::pointFont(9.5, QFont::DemiBold));
  }
  domainSeries_->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
}

}  // namespace precisionlab
