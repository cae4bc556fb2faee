// LiveChart never hands Qt a non-finite number: inf/NaN points are dropped and marked ("NaN at
// step N"), huge values keep the axes finite, a log axis over a collapsing loss scale keeps a
// bounded number of ticks, and a redraw inside a layout change does not recurse.
#include <QtTest>

#include <QApplication>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <QXYSeries>
#include <cmath>
#include <limits>

#include "ui/charts/LiveChart.h"

using precisionlab::LiveChart;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool allFinite(const QList<QPointF>& points) {
  for (const QPointF& p : points)
    if (!std::isfinite(p.x()) || !std::isfinite(p.y())) return false;
  return true;
}
}  // namespace

class TestLiveChart : public QObject {
  Q_OBJECT

 private slots:
  void nonFinitePointsAreDroppedAndMarked_data();
  void nonFinitePointsAreDroppedAndMarked();
  void runThatNeverHadAFiniteValue();
  void hugeValuesKeepFiniteAxes();
  void nonNegativeValuesGetNoNegativeAxis();
  void logAxisOverCollapsingScale();
  void redrawWhileShownDoesNotRecurse();
  void idleChartStopsRedrawing();
  void labelFontIsTheChartsNotTheApps();
};

void TestLiveChart::nonFinitePointsAreDroppedAndMarked_data() {
  QTest::addColumn<double>("bad");
  QTest::addColumn<QString>("expected");
  QTest::newRow("NaN") << kNaN << QStringLiteral("NaN at step 4");
  QTest::newRow("+inf") << kInf << QStringLiteral("inf at step 4");
  QTest::newRow("-inf") << -kInf << QStringLiteral("inf at step 4");
}

void TestLiveChart::nonFinitePointsAreDroppedAndMarked() {
  QFETCH(double, bad);
  QFETCH(QString, expected);
  LiveChart chart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  chart.setXMax(10);
  // A half-precision run: fine for three steps, then inf/NaN for the rest.
  chart.setLine(QStringLiteral("a"), QStringLiteral("A half layers"), Qt::red,
                {{1, 0.7}, {2, 0.69}, {3, 0.71}, {4, bad}, {5, kNaN}, {6, bad}});
  chart.finishUpdate();
  QCOMPARE(chart.drawnPoints(QStringLiteral("a")).size(), 3);
  QVERIFY(allFinite(chart.drawnPoints(QStringLiteral("a"))));
  QCOMPARE(chart.nonFiniteText(QStringLiteral("a")), expected);
  QVERIFY(std::isfinite(chart.yAxisMin()) && std::isfinite(chart.yAxisMax()));
  QVERIFY(chart.yAxisMax() > chart.yAxisMin());
  // The marker is a series of its own, named for the legend, sitting where the curve stopped.
  bool found = false;
  for (QAbstractSeries* s : chart.series()) {
    if (!s->name().endsWith(expected)) continue;
    auto* xy = qobject_cast<QXYSeries*>(s);
    QVERIFY(xy);
    QCOMPARE(xy->count(), 1);
    QCOMPARE(xy->at(0), QPointF(4, 0.71));
    // Easy to find on a white chart: a thick red ring, larger than a curve's point.
    auto* scatter = qobject_cast<QScatterSeries*>(s);
    QVERIFY(scatter);
    QCOMPARE(scatter->pen().color(), QColor(0xc0, 0x39, 0x2b));
    QVERIFY(scatter->pen().widthF() >= 3);
    QVERIFY(scatter->markerSize() >= 20);
    found = true;
  }
  QVERIFY2(found, "no marker series");
  // A later update without the bad values removes the marker text.
  chart.setLine(QStringLiteral("a"), QStringLiteral("A half layers"), Qt::red, {{1, 0.7}});
  chart.finishUpdate();
  QVERIFY(chart.nonFiniteText(QStringLiteral("a")).isEmpty());
}

void TestLiveChart::runThatNeverHadAFiniteValue() {
  LiveChart chart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  chart.setLine(QStringLiteral("a"), QStringLiteral("A"), Qt::red, {{1, kNaN}, {2, kNaN}});
  chart.finishUpdate();
  QCOMPARE(chart.drawnPointCount(), 0);
  QCOMPARE(chart.nonFiniteText(QStringLiteral("a")), QStringLiteral("NaN at step 1"));
  QVERIFY(!chart.isEmpty());  // the marker is something to see
  QVERIFY(std::isfinite(chart.yAxisMin()) && std::isfinite(chart.yAxisMax()));
}

void TestLiveChart::hugeValuesKeepFiniteAxes() {
  LiveChart chart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  chart.setYIncludesZero(true);
  chart.setXMax(1e300);  // nonsense planned steps are clamped too
  chart.setLine(QStringLiteral("big"), QStringLiteral("big"), Qt::blue,
                {{1, 1.0}, {2, 1e200}, {3, std::numeric_limits<double>::max()}, {4, -1e308}});
  chart.finishUpdate();
  QVERIFY(allFinite(chart.drawnPoints(QStringLiteral("big"))));
  for (const QPointF& p : chart.drawnPoints(QStringLiteral("big")))
    QVERIFY(std::abs(p.y()) <= LiveChart::kMaxAbsValue);
  QVERIFY(std::isfinite(chart.yAxisMin()) && std::isfinite(chart.yAxisMax()));
  QVERIFY(chart.yAxisMax() > chart.yAxisMin());
  // Identical values (zero span) still give a proper range.
  chart.setLine(QStringLiteral("big"), QStringLiteral("big"), Qt::blue, {{1, 5.0}, {2, 5.0}});
  chart.finishUpdate();
  QVERIFY(chart.yAxisMax() > chart.yAxisMin());
}

void TestLiveChart::nonNegativeValuesGetNoNegativeAxis() {
  // A training loss from 2.0 down to 0.05: its 5 % padding below reached -0.05, and the nice
  // numbers made the axis -1..2 (a loss of -1 on the lab's chart, the issue 45 walk).
  LiveChart chart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  QList<QPointF> loss;
  for (int step = 1; step <= 240; ++step) loss.append({double(step), 2.0 - 1.95 * step / 240.0});
  chart.setLine(QStringLiteral("loss"), QStringLiteral("loss"), Qt::blue, loss);
  chart.finishUpdate();
  QCOMPARE(chart.yAxisMin(), 0.0);
  QVERIFY(chart.yAxisMax() >= 2.0);
  // Negative values still get room below them.
  chart.setLine(QStringLiteral("loss"), QStringLiteral("loss"), Qt::blue, {{1, -0.5}, {2, 1.0}});
  chart.finishUpdate();
  QVERIFY(chart.yAxisMin() < -0.5);
}

void TestLiveChart::logAxisOverCollapsingScale() {
  LiveChart chart(QStringLiteral("step"), QStringLiteral("scale"), LiveChart::YScale::Log2);
  // A GradScaler backing off every step until the float scale underflows to 0.
  QList<QPointF> points;
  double scale = 65536;
  for (int step = 1; step <= 200; ++step, scale *= 0.5) points.append({double(step), scale});
  points.append({201, kInf});
  chart.setXMax(201);
  chart.setLine(QStringLiteral("d"), QStringLiteral("D"), Qt::darkGreen, points);
  chart.finishUpdate();
  QVERIFY(allFinite(chart.drawnPoints(QStringLiteral("d"))));
  QVERIFY(chart.yAxisMin() > 0 && std::isfinite(chart.yAxisMax()));
  auto* axis = qobject_cast<QLogValueAxis*>(chart.axes(Qt::Vertical).value(0));
  QVERIFY(axis);
  // One tick per power of the base: few enough to read.
  const double ticks = std::log(axis->max() / axis->min()) / std::log(axis->base());
  QVERIFY2(qRound(ticks) <= 10, qPrintable(QString::number(ticks)));
  QCOMPARE(chart.nonFiniteText(QStringLiteral("d")), QStringLiteral("inf at step 201"));
}

void TestLiveChart::redrawWhileShownDoesNotRecurse() {
  auto* chart =
      new LiveChart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  QChartView view(chart);
  view.resize(400, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  // Ranges whose labels change width on every update: each redraw re-lays the chart out.
  for (int i = 1; i <= 60; ++i) {
    QList<QPointF> points;
    for (int s = 1; s <= i; ++s)
      points.append({double(s), s % 7 == 0 ? kNaN : std::pow(10.0, (s * 37) % 25 - 12)});
    chart->setXMax(i + 1);
    chart->setLine(QStringLiteral("r"), QStringLiteral("run"), Qt::black, points);
    chart->finishUpdate();
    view.resize(400 + (i % 3), 300);
    QCoreApplication::processEvents();
  }
  QVERIFY(std::isfinite(chart->yAxisMin()) && std::isfinite(chart->yAxisMax()));
  QVERIFY(allFinite(chart->drawnPoints(QStringLiteral("r"))));
}

void TestLiveChart::idleChartStopsRedrawing() {
  // Once the data stops changing, the chart settles: no axis keeps being set from a timer.
  // (The GUI thread once sat at 100% CPU with no run going, looping through finishUpdate ->
  // applyNiceNumbers -> setRange -> plot area changed -> finishUpdate.)
  auto* chart =
      new LiveChart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  QChartView view(chart);
  view.resize(523, 311);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  QList<QPointF> points;
  for (int s = 1; s <= 150; ++s) points.append({double(s), 0.69 - 0.0031 * s + 0.0007 * (s % 5)});
  chart->setXMax(150);
  chart->setLine(QStringLiteral("r"), QStringLiteral("run"), Qt::black, points);
  chart->finishUpdate();
  QTest::qWait(300);  // let the layout settle
  auto* yAxis = chart->axes(Qt::Vertical).value(0);
  QVERIFY(yAxis);
  int rangeChanges = 0;
  QObject counter;
  QObject::connect(static_cast<QValueAxis*>(yAxis), &QValueAxis::rangeChanged, &counter,
                   [&rangeChanges] { ++rangeChanges; });
  chart->finishUpdate();  // an update with nothing new changes nothing
  QTest::qWait(500);
  QCOMPARE(rangeChanges, 0);
}

void TestLiveChart::labelFontIsTheChartsNotTheApps() {
  LiveChart chart(QStringLiteral("step"), QStringLiteral("loss"), LiveChart::YScale::Linear);
  QFont small = chart.labelFont();
  small.setPointSizeF(9);
  chart.setLabelFont(small);
  QFont big = QApplication::font();
  const QFont saved = big;
  big.setPointSizeF(30);
  QApplication::setFont(big);  // presenter mode scales the app font
  chart.setLine(QStringLiteral("a"), QStringLiteral("a"), Qt::red, {{1, 0.7}, {2, kNaN}});
  chart.finishUpdate();
  QApplication::setFont(saved);
  QCOMPARE(chart.labelFont().pointSizeF(), 9.0);
  auto labels = chart.childItems();
  bool found = false;
  for (QGraphicsItem* item : labels)
    if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
        text && text->text() == QStringLiteral("NaN at step 2")) {
      QCOMPARE(text->font().pointSizeF(), 9.0);
      found = true;
    }
  QVERIFY(found);
}

QTEST_MAIN(TestLiveChart)
#include "tst_livechart.moc"
