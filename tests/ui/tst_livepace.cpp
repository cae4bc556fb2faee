// The presenter's pace judge (ui/lab/LivePace.h) on made-up progress and time: the offer to
// switch to the recordings comes from measured steps per second against what the slides need,
// whatever the cause; a slow preparation on an idle machine is waited out; a machine where every
// run sits at step 1-2 (issue 45: after 3 minutes under load) is offered the recordings within a
// window of the first step, so within 60 s of the first run slide.
#include <QLocale>
#include <QtTest>

#include "ui/lab/LivePace.h"

using namespace precisionlab;
using V = LivePace::Verdict;

namespace {
LivePace::Sample at(double seconds, qint64 done, qint64 planned = 1500, bool active = true) {
  LivePace::Sample s;
  s.seconds = seconds;
  s.stepsDone = done;
  s.stepsPlanned = planned;
  s.active = active;
  return s;
}
}  // namespace

class TestLivePace : public QObject {
  Q_OBJECT

 private slots:
  void fastRunsAreOnTime() {
    LivePace pace(90);
    QCOMPARE(pace.update(at(1, 0, 300), false).verdict, V::Wait);
    QCOMPARE(pace.update(at(5, 0, 300), false).verdict, V::Wait);   // preparing: not slow yet
    QCOMPARE(pace.update(at(6, 10, 300), false).verdict, V::Wait);  // first steps seen
    // 20 steps a second from then: 290 left need 14.5 s, 84 s are left.
    const LivePace::Reading r = pace.update(at(7, 30, 300), false);
    QCOMPARE(r.verdict, V::OnTime);
    QCOMPARE(r.stepsPerSecond, 21.0);  // optimistic: (20 + 1) steps in 1 s
    QCOMPARE(r.stepsLeft, qint64(270));
    QCOMPARE(r.secondsLeft, 83.0);
    QVERIFY(r.secondsNeeded < r.secondsLeft);
    QCOMPARE(pace.update(at(20, 300, 300, false), true).verdict, V::Done);
  }

  void slowStepsAreOfferedWithinAWindowOfTheFirstStep() {
    // The busy machine: every run at step 1-2 for minutes. First step seen at 70 s.
    LivePace pace(90);
    for (double t = 0; t < 40; t += 1) QCOMPARE(pace.update(at(t, 0), false).verdict, V::Wait);
    // 40 s without a step, 50 s before the slides: 1/40 a second cannot do 1500 steps.
    LivePace::Reading r = pace.update(at(40, 0), false);
    QCOMPARE(r.verdict, V::Offer);
    QCOMPARE(r.stepsPerSecond, 1.0 / 40);
    QCOMPARE(r.secondsLeft, 50.0);
    QCOMPARE(r.neededPerSecond, 30.0);
    QVERIFY(r.noStepYet);
  }

  void aStepBeforeTheLongWaitIsMeasuredFromThere() {
    LivePace pace(90);
    QCOMPARE(pace.update(at(20, 2), false).verdict, V::Wait);  // first steps at 20 s
    QCOMPARE(pace.update(at(27, 3), false).verdict, V::Wait);  // under the 8 s window
    // 1 more step in 8 s: (1 + 1) / 8 = 0.25 a second; 1497 steps need ~6000 s.
    const LivePace::Reading r = pace.update(at(28, 3), false);
    QCOMPARE(r.verdict, V::Offer);
    QCOMPARE(r.measuredOver, 8.0);
    QCOMPARE(r.stepsPerSecond, 0.25);
    QCOMPARE(r.secondsNeeded, 1497 / 0.25);
    QVERIFY(!r.noStepYet);
  }

  void onTheLabSlidesOnlyTheGraceIsLeft() {
    // The teacher reached the lab slides early (at 30 s): the runs must finish in the grace.
    LivePace pace(90);
    QCOMPARE(pace.update(at(10, 1, 400), true).verdict, V::Wait);
    // 11 steps a second (optimistic): 389 left need ~35 s > 30 s of grace.
    LivePace::Reading r = pace.update(at(11, 11, 400), true);
    QCOMPARE(r.secondsLeft, LivePace::kGrace);
    QCOMPARE(r.verdict, V::Offer);
    // Off the lab slides with 79 s left, the same pace is on time.
    LivePace other(90);
    other.update(at(10, 1, 400), false);
    QCOMPARE(other.update(at(11, 11, 400), false).verdict, V::OnTime);
  }

  void aMachineThatSlowsDownLaterIsStillCaught() {
    LivePace pace(90);
    pace.update(at(2, 1, 1000), false);
    QCOMPARE(pace.update(at(3, 21, 1000), false).verdict, V::OnTime);  // 21 a second
    // Then the machine gets busy: by 60 s only 60 steps in all. The average over the time since
    // the first step (60/58 a second) cannot do 940 steps in the 30 s left.
    QCOMPARE(pace.update(at(60, 60, 1000), false).verdict, V::Offer);
  }

  void figuresReadAsNumbersOfSteps() {
    // Seen walking issue 45: the status line said "1 steps a second" (two significant digits of
    // 1.0). One decimal below ten, whole numbers from ten, two digits for a crawl.
    QLocale::setDefault(QLocale::c());
    QCOMPARE(LivePace::format(1.0), QStringLiteral("1.0"));
    QCOMPARE(LivePace::format(0.996), QStringLiteral("1.0"));
    QCOMPARE(LivePace::format(2.04), QStringLiteral("2.0"));
    QCOMPARE(LivePace::format(9.96), QStringLiteral("10"));
    QCOMPARE(LivePace::format(37.4), QStringLiteral("37"));
    QCOMPARE(LivePace::format(0.26), QStringLiteral("0.3"));
    QCOMPARE(LivePace::format(0.012), QStringLiteral("0.012"));
  }
};

QTEST_MAIN(TestLivePace)
#include "tst_livepace.moc"
