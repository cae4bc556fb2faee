// SeriesDecimator: short series pass through; long ones keep each pixel column's min and max
// (so spikes survive) in x order, and never exceed 2 points per column.
#include <QtTest>

#include <cmath>

#include "ui/charts/SeriesDecimator.h"

using precisionlab::SeriesDecimator;

class TestSeriesDecimator : public QObject {
  Q_OBJECT

 private slots:
  void shortSeriesUnchanged();
  void boundsCount_data();
  void boundsCount();
  void keepsMinAndMaxPerColumn();
  void keepsXOrder();
  void emptyAndDegenerate();
};

void TestSeriesDecimator::shortSeriesUnchanged() {
  QList<QPointF> pts;
  for (int i = 0; i < 20; ++i) pts.append(QPointF(i, i * i));
  QCOMPARE(SeriesDecimator::decimate(pts, 0, 19, 10), pts);
}

void TestSeriesDecimator::boundsCount_data() {
  QTest::addColumn<int>("points");
  QTest::addColumn<int>("columns");
  QTest::newRow("just over 2x") << 201 << 100;
  QTest::newRow("10x") << 1000 << 100;
  QTest::newRow("long run, narrow plot") << 100000 << 300;
  QTest::newRow("one column") << 50 << 1;
  QTest::newRow("columns < 1") << 50 << 0;
}

void TestSeriesDecimator::boundsCount() {
  QFETCH(int, points);
  QFETCH(int, columns);
  QList<QPointF> pts;
  for (int i = 1; i <= points; ++i) pts.append(QPointF(i, std::sin(i * 0.37) * i));
  const QList<QPointF> out = SeriesDecimator::decimate(pts, 1, points, columns);
  QVERIFY(out.size() <= 2 * std::max(columns, 1));
  QVERIFY(!out.isEmpty());
  // Every output point is an input point (no invented values).
  for (const QPointF& p : out) QVERIFY(pts.contains(p));
}

void TestSeriesDecimator::keepsMinAndMaxPerColumn() {
  // 1000 steps of a flat loss of 1.0 with one spike to 50 at step 437 and a dip to -3 at 812.
  QList<QPointF> pts;
  for (int i = 1; i <= 1000; ++i) pts.append(QPointF(i, 1.0));
  pts[436].setY(50);
  pts[811].setY(-3);
  const int columns = 100;
  const QList<QPointF> out = SeriesDecimator::decimate(pts, 1, 1000, columns);
  QVERIFY(out.contains(QPointF(437, 50)));
  QVERIFY(out.contains(QPointF(812, -3)));

  // For each column, the extremes of the input equal the extremes of the output.
  auto column = [&](double x) {
    return std::clamp(int((x - 1) / 999.0 * columns), 0, columns - 1);
  };
  QVector<double> inMin(columns, 1e9), inMax(columns, -1e9), outMin(columns, 1e9),
      outMax(columns, -1e9);
  for (const QPointF& p : pts) {
    inMin[column(p.x())] = std::min(inMin[column(p.x())], p.y());
    inMax[column(p.x())] = std::max(inMax[column(p.x())], p.y());
  }
  for (const QPointF& p : out) {
    outMin[column(p.x())] = std::min(outMin[column(p.x())], p.y());
    outMax[column(p.x())] = std::max(outMax[column(p.x())], p.y());
  }
  QCOMPARE(outMin, inMin);
  QCOMPARE(outMax, inMax);
}

void TestSeriesDecimator::keepsXOrder() {
  QList<QPointF> pts;
  for (int i = 0; i < 5000; ++i) pts.append(QPointF(i, (i * 7919) % 101));
  const QList<QPointF> out = SeriesDecimator::decimate(pts, 0, 4999, 64);
  for (qsizetype i = 1; i < out.size(); ++i) QVERIFY(out[i - 1].x() < out[i].x());
}

void TestSeriesDecimator::emptyAndDegenerate() {
  QVERIFY(SeriesDecimator::decimate({}, 0, 1, 10).isEmpty());
  // All points at one x (xMin == xMax): one column, min and max kept.
  QList<QPointF> pts;
  for (int i = 0; i < 30; ++i) pts.append(QPointF(5, i));
  const QList<QPointF> out = SeriesDecimator::decimate(pts, 5, 5, 4);
  QVERIFY(out.size() <= 8);
  QVERIFY(out.contains(QPointF(5, 0)));
  QVERIFY(out.contains(QPointF(5, 29)));
}

QTEST_GUILESS_MAIN(TestSeriesDecimator)
#include "tst_seriesdecimator.moc"
