// FSRS-6 against the reference implementation: tests/data/fsrs-vectors.tsv was written once by
// tools/gen_fsrs_vectors.py with py-fsrs 6.3.2 (PyPI `fsrs`; default parameters, retention 0.9,
// fuzz off). Each row is one review of a scenario: the rating, the time, the retrievability just
// before it and the card after it. No Python runs here.
#include "quiz/FsrsScheduler.h"

#include <QFile>
#include <QSet>
#include <QTest>

using namespace precisionlab::quiz;

namespace {

struct Row {
  QString scenario;
  int index = 0;
  int rating = 0;
  qint64 reviewMs = 0;
  double retrievability = 0;
  int state = 0;
  int step = 0;
  double stability = 0;
  double difficulty = 0;
  qint64 dueMs = 0;
};

QVector<Row> loadVectors(QString* error) {
  QFile f(QStringLiteral(PRECISIONLAB_SOURCE_DIR "/tests/data/fsrs-vectors.tsv"));
  QVector<Row> rows;
  if (!f.open(QIODevice::ReadOnly)) {
    *error = f.errorString();
    return rows;
  }
  int lineNo = 0;
  while (!f.atEnd()) {
    const QString line = QString::fromUtf8(f.readLine()).trimmed();
    ++lineNo;
    if (line.isEmpty() || line.startsWith('#')) continue;
    const QStringList c = line.split('\t');
    if (c.size() != 10) {
      *error = QStringLiteral("line %1: %2 columns").arg(lineNo).arg(c.size());
      return {};
    }
    rows.push_back({c[0], c[1].toInt(), c[2].toInt(), c[3].toLongLong(), c[4].toDouble(),
                    c[5].toInt(), c[6].toInt(), c[7].toDouble(), c[8].toDouble(),
                    c[9].toLongLong()});
  }
  return rows;
}

bool close(double a, double b) { return qAbs(a - b) <= 1e-9 * std::max(1.0, qAbs(b)); }

}  // namespace

class TestFsrs : public QObject {
  Q_OBJECT
 private slots:
  void referenceVectors() {
    QString error;
    const QVector<Row> rows = loadVectors(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(rows.size() >= 50);
    const FsrsScheduler fsrs;
    FsrsCard card;
    QSet<QString> scenarios;
    for (const Row& r : rows) {
      if (r.index == 0) card = FsrsCard{};
      scenarios.insert(r.scenario);
      const QString where = QStringLiteral("%1 #%2").arg(r.scenario).arg(r.index);
      QVERIFY2(close(fsrs.retrievability(card, r.reviewMs), r.retrievability),
               qPrintable(where + QStringLiteral(": R %1, expected %2")
                                      .arg(fsrs.retrievability(card, r.reviewMs), 0, 'g', 17)
                                      .arg(r.retrievability, 0, 'g', 17)));
      card = fsrs.review(card, static_cast<FsrsRating>(r.rating), r.reviewMs);
      QVERIFY2(static_cast<int>(card.state) == r.state, qPrintable(where + ": state"));
      QVERIFY2(card.step == r.step, qPrintable(where + ": step"));
      QVERIFY2(close(card.stability, r.stability),
               qPrintable(where + QStringLiteral(": S %1, expected %2")
                                      .arg(card.stability, 0, 'g', 17)
                                      .arg(r.stability, 0, 'g', 17)));
      QVERIFY2(close(card.difficulty, r.difficulty),
               qPrintable(where + QStringLiteral(": D %1, expected %2")
                                      .arg(card.difficulty, 0, 'g', 17)
                                      .arg(r.difficulty, 0, 'g', 17)));
      QVERIFY2(
          card.dueMs == r.dueMs,
          qPrintable(where + QStringLiteral(": due %1, expected %2").arg(card.dueMs).arg(r.dueMs)));
      QCOMPARE(card.lastReviewMs, r.reviewMs);
    }
    QVERIFY(scenarios.contains("early"));
    QVERIFY(scenarios.contains("same-sitting"));
  }

  // A hand-checkable example: Good on a new card gives S = w2 = 2.3065 and
  // D = w4 - e^(w5 * 2) + 1 = 6.4133 - e^1.6668 + 1 = 2.1181 (clamped to 1..10).
  void firstReviewByHand() {
    const FsrsScheduler fsrs;
    const FsrsCard c = fsrs.review({}, FsrsRating::Good, 1'000'000);
    QVERIFY(close(c.stability, 2.3065));
    QVERIFY(qAbs(c.difficulty - 2.1181) < 1e-4);
    QCOMPARE(c.dueMs, qint64(1'000'000 + 600'000));  // the second learning step, 10 min
    // With retention 0.9 the interval equals the stability (the curve is scaled that way).
    QCOMPARE(fsrs.nextIntervalDays(10.4), 10);
    QCOMPARE(fsrs.nextIntervalDays(0.2), 1);
    QCOMPARE(fsrs.nextIntervalDays(1e9), 36500);
  }

  void ratings_data() {
    QTest::addColumn<bool>("correct");
    QTest::addColumn<int>("confidence");
    QTest::addColumn<qint64>("timeMs");
    QTest::addColumn<int>("rating");
    QTest::newRow("wrong sure") << false << int(Confidence::Sure) << qint64(5000) << 1;
    QTest::newRow("wrong guess") << false << int(Confidence::Guess) << qint64(5000) << 1;
    QTest::newRow("right guess") << true << int(Confidence::Guess) << qint64(5000) << 2;
    QTest::newRow("right unknown") << true << int(Confidence::Unknown) << qint64(5000) << 3;
    QTest::newRow("right unsure") << true << int(Confidence::Unsure) << qint64(5000) << 3;
    QTest::newRow("right unsure slow") << true << int(Confidence::Unsure) << qint64(120000) << 2;
    QTest::newRow("right sure") << true << int(Confidence::Sure) << qint64(5000) << 4;
    QTest::newRow("right sure slow") << true << int(Confidence::Sure) << qint64(120000) << 3;
    QTest::newRow("right guess slow") << true << int(Confidence::Guess) << qint64(120000) << 2;
  }

  void ratings() {
    QFETCH(bool, correct);
    QFETCH(int, confidence);
    QFETCH(qint64, timeMs);
    QFETCH(int, rating);
    QCOMPARE(static_cast<int>(
                 FsrsScheduler::ratingFor(correct, static_cast<Confidence>(confidence), timeMs)),
             rating);
  }
};

QTEST_GUILESS_MAIN(TestFsrs)
#include "tst_fsrs.moc"
