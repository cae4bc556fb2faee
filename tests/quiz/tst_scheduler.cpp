// SM-2 against worked examples computed by hand (formula in quiz/Scheduler.h):
//   EF' = EF + 0.1 - (5-q)(0.08 + (5-q)0.02), floor 1.3;  I = 1, 6, round(I * EF_before)
#include "quiz/Scheduler.h"

#include <QTest>

using namespace precisionlab::quiz;

namespace {
constexpr qint64 kT0 = 1'700'000'000'000;  // an arbitrary epoch ms
constexpr qint64 kDay = Scheduler::kDayMs;
}  // namespace

class TestScheduler : public QObject {
  Q_OBJECT
 private slots:
  void workedExamples_data() {
    QTest::addColumn<QList<int>>("grades");
    QTest::addColumn<QList<int>>("intervals");
    QTest::addColumn<QList<double>>("easiness");
    // q=5 each time: EF +0.1 per review. I: 1, 6, round(6*2.7=16.2)=16, round(16*2.8=44.8)=45
    QTest::newRow("perfect") << QList<int>{5, 5, 5, 5} << QList<int>{1, 6, 16, 45}
                             << QList<double>{2.6, 2.7, 2.8, 2.9};
    // q=4: EF change 0.1 - 1*(0.08+0.02) = 0. I: 1, 6, 15, round(15*2.5=37.5)=38
    QTest::newRow("good") << QList<int>{4, 4, 4, 4} << QList<int>{1, 6, 15, 38}
                          << QList<double>{2.5, 2.5, 2.5, 2.5};
    // q=3: change 0.1 - 2*(0.08+0.04) = -0.14. EF 2.36, 2.22, 2.08; I: 1, 6, round(6*2.22=13.32)=13
    QTest::newRow("hard") << QList<int>{3, 3, 3} << QList<int>{1, 6, 13}
                          << QList<double>{2.36, 2.22, 2.08};
    // Lapse: 5,5,5 -> I 16, EF 2.8; q=1: change 0.1 - 4*(0.08+0.08) = -0.54 -> EF 2.26, I back
    // to 1; then q=4 (change 0): I 1, 6, round(6*2.26=13.56)=14
    QTest::newRow("lapse") << QList<int>{5, 5, 5, 1, 4, 4, 4} << QList<int>{1, 6, 16, 1, 1, 6, 14}
                           << QList<double>{2.6, 2.7, 2.8, 2.26, 2.26, 2.26, 2.26};
    // q=0: change 0.1 - 5*(0.08+0.10) = -0.8: 2.5 -> 1.7 -> 0.9 floored to 1.3
    QTest::newRow("floor") << QList<int>{0, 0, 0} << QList<int>{1, 1, 1}
                           << QList<double>{1.7, 1.3, 1.3};
  }

  void workedExamples() {
    QFETCH(QList<int>, grades);
    QFETCH(QList<int>, intervals);
    QFETCH(QList<double>, easiness);
    ReviewState s;
    qint64 now = kT0;
    for (int i = 0; i < grades.size(); ++i) {
      s = Scheduler::review(s, grades[i], now);
      QCOMPARE(s.intervalDays, intervals[i]);
      QVERIFY2(
          qAbs(s.easiness - easiness[i]) < 1e-9,
          qPrintable(
              QString("review %1: EF %2, expected %3").arg(i).arg(s.easiness).arg(easiness[i])));
      QCOMPARE(s.lastReviewMs, now);
      // A lapse (grade < 3) is due again at once; a success after its interval.
      QCOMPARE(s.sm2DueMs, grades[i] >= 3 ? now + intervals[i] * kDay : now);
      QCOMPARE(s.dueMs, s.sm2DueMs);
      now = grades[i] >= 3 ? s.dueMs : now + kDay;  // review when due (a lapse: the next day)
    }
  }

  void lapsesAndRepetitions() {
    ReviewState s;
    s = Scheduler::review(s, 5, kT0);
    s = Scheduler::review(s, 5, kT0 + kDay);
    QCOMPARE(s.repetitions, 2);
    s = Scheduler::review(s, 2, kT0 + 7 * kDay);
    QCOMPARE(s.repetitions, 0);
    QCOMPARE(s.lapses, 1);
    QVERIFY(!s.isNew());
    QCOMPARE(s.dueMs, kT0 + 7 * kDay);  // a wrong answer counts as due right away
    QCOMPARE(Scheduler::dueQueue({"q"}, {[&] {
                                   auto r = s;
                                   r.questionId = "q";
                                   return r;
                                 }()},
                                 kT0 + 7 * kDay, 0, false),
             QStringList{"q"});
  }

  // Issue 13: practice lists not-yet-due questions after the due ones and exams use the whole
  // bank, so a question can be answered again before it is due. Two correct answers in one
  // sitting used to count as two SM-2 reviews and push the question out 6 days.
  void sm2EarlyCorrectAnswerChangesNothing() {
    ReviewState s;
    s = Scheduler::review(s, 5, kT0);
    QCOMPARE(s.intervalDays, 1);
    const ReviewState before = s;
    s = Scheduler::review(s, 5, kT0 + 60'000);  // a minute later, in the same sitting
    QCOMPARE(s.intervalDays, 1);
    QCOMPARE(s.repetitions, before.repetitions);
    QCOMPARE(s.sm2DueMs, before.sm2DueMs);
    QCOMPARE(s.easiness, before.easiness);
    // On time it counts again: 6 days.
    s = Scheduler::review(s, 5, kT0 + kDay);
    QCOMPARE(s.intervalDays, 6);
  }

  void sm2EarlyWrongAnswerIsALapse() {
    ReviewState s;
    s = Scheduler::review(s, 5, kT0);
    s = Scheduler::review(s, 5, kT0 + kDay);  // I = 6
    s = Scheduler::review(s, 1, kT0 + 2 * kDay);
    QCOMPARE(s.intervalDays, 1);
    QCOMPARE(s.repetitions, 0);
    QCOMPARE(s.lapses, 1);
  }

  // The same through apply() (what the progress store calls), under each scheduler: answering a
  // not-yet-due question correctly twice in one sitting.
  void applyTwiceInOneSitting() {
    for (SchedulerKind kind : {SchedulerKind::Sm2, SchedulerKind::Fsrs}) {
      ReviewState s;
      s.scheduler = kind;
      s = Scheduler::apply(s, true, Confidence::Unsure, 5000, kT0);
      s = Scheduler::apply(s, true, Confidence::Unsure, 5000, kT0 + kDay);  // on time
      const qint64 due = s.dueMs;
      ReviewLogEntry log;
      s = Scheduler::apply(s, true, Confidence::Unsure, 5000, kT0 + kDay + 120'000, &log);
      QCOMPARE(log.rating, 3);
      QCOMPARE(log.sm2Grade, 4);
      QVERIFY(qAbs(log.elapsedDays - 120'000.0 / kDay) < 1e-12);
      if (kind == SchedulerKind::Sm2) {
        QCOMPARE(s.intervalDays, 6);  // unchanged by the early answer, not 15
        QCOMPARE(s.dueMs, due);
      } else {
        // FSRS defines a same-day review (short-term stability): for Good on a card of this
        // stability the increase is clamped to 1, so the due time moves only by the two
        // minutes that passed, never by a second interval's growth.
        QCOMPARE(s.dueMs - due, qint64(120'000));
      }
      QCOMPARE(s.lastReviewMs, kT0 + kDay + 120'000);
    }
  }

  void grades_data() {
    QTest::addColumn<bool>("correct");
    QTest::addColumn<int>("confidence");
    QTest::addColumn<qint64>("timeMs");
    QTest::addColumn<int>("grade");
    QTest::newRow("wrong sure") << false << int(Confidence::Sure) << qint64(5000) << 0;
    QTest::newRow("wrong unsure") << false << int(Confidence::Unsure) << qint64(5000) << 1;
    QTest::newRow("wrong unknown") << false << int(Confidence::Unknown) << qint64(5000) << 1;
    QTest::newRow("wrong guess") << false << int(Confidence::Guess) << qint64(5000) << 2;
    QTest::newRow("right sure") << true << int(Confidence::Sure) << qint64(5000) << 5;
    QTest::newRow("right sure slow") << true << int(Confidence::Sure) << qint64(120000) << 4;
    QTest::newRow("right unsure") << true << int(Confidence::Unsure) << qint64(5000) << 4;
    QTest::newRow("right unsure slow") << true << int(Confidence::Unsure) << qint64(120000) << 3;
    QTest::newRow("right guess") << true << int(Confidence::Guess) << qint64(5000) << 3;
    QTest::newRow("right guess slow") << true << int(Confidence::Guess) << qint64(120000) << 3;
  }

  void grades() {
    QFETCH(bool, correct);
    QFETCH(int, confidence);
    QFETCH(qint64, timeMs);
    QFETCH(int, grade);
    QCOMPARE(Scheduler::gradeFor(correct, static_cast<Confidence>(confidence), timeMs), grade);
  }

  void dueQueueOrder() {
    const QStringList bank = {"q1", "q2", "q3", "q4", "q5"};
    auto reviewed = [](const QString& id, qint64 due) {
      ReviewState s;
      s.questionId = id;
      s.lastReviewMs = kT0 - 10 * kDay;
      s.dueMs = due;
      return s;
    };
    const QVector<ReviewState> states = {reviewed("q2", kT0 - kDay), reviewed("q4", kT0 - 3 * kDay),
                                         reviewed("q5", kT0 + kDay),         // not due yet
                                         reviewed("gone", kT0 - 9 * kDay)};  // not in the bank
    QCOMPARE(Scheduler::dueQueue(bank, states, kT0), (QStringList{"q4", "q2", "q1", "q3"}));
    QCOMPARE(Scheduler::dueQueue(bank, states, kT0, 3), (QStringList{"q4", "q2", "q1"}));
    QCOMPARE(Scheduler::dueQueue(bank, states, kT0, 0, false), (QStringList{"q4", "q2"}));
    QCOMPARE(Scheduler::dueQueue(bank, states, kT0 + kDay, 0, false),
             (QStringList{"q4", "q2", "q5"}));
  }
};

QTEST_GUILESS_MAIN(TestScheduler)
#include "tst_scheduler.moc"
