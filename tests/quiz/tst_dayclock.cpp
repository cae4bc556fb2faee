// The learner's days as Anki counts them (issue 46; quiz/DayClock.h): a day starts at the
// profile's rollover hour (4 a.m. by default) in its time zone, daylight saving included. Checked
// at the midnight and 4 a.m. edges, across the spring and autumn changes of Europe/Berlin and
// America/New_York (a rollover hour inside the skipped and the repeated hour too), against
// Anki's own formulas (rslib/src/scheduler/timing.rs for the scheduler's day,
// rslib/src/scheduler/fsrs/params.rs for the optimizer's items), and where the app uses them:
// the optimizer's training items, FsrsScheduler's due times, the profile's setting in the store.
#include "quiz/DayClock.h"
#include "quiz/FsrsItems.h"
#include "quiz/FsrsScheduler.h"
#include "quiz/ProgressDatabase.h"
#include "quiz/ProgressStore.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace precisionlab::quiz;

namespace {

constexpr qint64 kHour = 3600 * 1000LL;

// Epoch ms of a local time in `zone` (a time that exists there).
qint64 at(const char* zone, int y, int m, int d, int h, int min = 0, int s = 0) {
  return QDateTime(QDate(y, m, d), QTime(h, min, s), QTimeZone(zone)).toMSecsSinceEpoch();
}
qint64 utc(int y, int m, int d, int h, int min = 0) {
  return QDateTime(QDate(y, m, d), QTime(h, min), QTimeZone::utc()).toMSecsSinceEpoch();
}
qint64 jd(int y, int m, int d) { return QDate(y, m, d).toJulianDay(); }

// Anki's optimizer (reviews_for_fsrs): each review's day is the whole 86,400-second periods
// before the next rollover after `nowMs` at that moment's UTC offset; delta_t the difference.
int ankiTrainingDays(const char* zone, int rollover, qint64 nowMs, qint64 fromMs, qint64 toMs) {
  const QDateTime now = QDateTime::fromMSecsSinceEpoch(nowMs, QTimeZone(zone));
  const QTimeZone fixed(now.offsetFromUtc());
  const QDateTime local = now.toTimeZone(fixed);
  QDateTime next(local.date(), QTime(rollover, 0), fixed);
  if (next <= local) next = next.addDays(1);
  const qint64 nextDayAt = next.toSecsSinceEpoch();
  const auto elapsed = [&](qint64 ms) {
    return std::max<qint64>(0, (nextDayAt - ms / 1000) / 86400);
  };
  return static_cast<int>(elapsed(fromMs) - elapsed(toMs));
}

// Anki's scheduler (sched_timing_today_v2_new): days from `fromMs` to `toMs`, each at its own
// offset: the difference of the local dates, less one when `toMs` is before its day's rollover
// (and, symmetrically, the day of `fromMs` is the date before when it is before its rollover).
int ankiSchedulerDays(const char* zone, int rollover, qint64 fromMs, qint64 toMs) {
  const auto dayOf = [&](qint64 ms) {
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone(zone));
    return t.date().toJulianDay() - (t.time().hour() < rollover ? 1 : 0);
  };
  return static_cast<int>(std::max<qint64>(0, dayOf(toMs) - dayOf(fromMs)));
}

}  // namespace

class TestDayClock : public QObject {
  Q_OBJECT
 private slots:
  void edgesAtMidnightAndTheRolloverHour() {
    const DayClock berlin(QTimeZone("Europe/Berlin"), 4);
    QCOMPARE(berlin.day(at("Europe/Berlin", 2026, 1, 15, 3, 59, 59)), jd(2026, 1, 14));
    QCOMPARE(berlin.day(at("Europe/Berlin", 2026, 1, 15, 4, 0, 0)), jd(2026, 1, 15));
    QCOMPARE(berlin.day(at("Europe/Berlin", 2026, 1, 15, 0, 0, 0)), jd(2026, 1, 14));
    QCOMPARE(berlin.day(at("Europe/Berlin", 2026, 1, 14, 23, 59, 59)), jd(2026, 1, 14));
    QCOMPARE(berlin.startOfDay(jd(2026, 1, 15)), at("Europe/Berlin", 2026, 1, 15, 4));
    QCOMPARE(berlin.startOfDay(jd(2026, 1, 15)), utc(2026, 1, 15, 3));
    // 23:30 and 01:00 that night: the same day; 23:30 and 04:00: the next; 09:00 and 03:59
    // the next morning: the same.
    QCOMPARE(berlin.daysBetween(at("Europe/Berlin", 2026, 1, 14, 23, 30),
                                at("Europe/Berlin", 2026, 1, 15, 1, 0)),
             0);
    QCOMPARE(berlin.daysBetween(at("Europe/Berlin", 2026, 1, 14, 23, 30),
                                at("Europe/Berlin", 2026, 1, 15, 4, 0)),
             1);
    QCOMPARE(berlin.daysBetween(at("Europe/Berlin", 2026, 1, 14, 9, 0),
                                at("Europe/Berlin", 2026, 1, 15, 3, 59)),
             0);
    QCOMPARE(berlin.daysBetween(at("Europe/Berlin", 2026, 1, 15, 9, 0),
                                at("Europe/Berlin", 2026, 1, 14, 9, 0)),
             0);  // backwards: never negative
    // Rollover at midnight: the calendar day.
    const DayClock midnight(QTimeZone("Europe/Berlin"), 0);
    QCOMPARE(midnight.day(at("Europe/Berlin", 2026, 1, 14, 23, 59, 59)), jd(2026, 1, 14));
    QCOMPARE(midnight.day(at("Europe/Berlin", 2026, 1, 15, 0, 0, 0)), jd(2026, 1, 15));
    // The hour modulo 24, as Anki; an invalid zone is UTC; a stored id this computer does not
    // know is this computer's zone.
    QCOMPARE(DayClock(QTimeZone("Europe/Berlin"), 28).rolloverHour(), 4);
    QCOMPARE(DayClock(QTimeZone("Mars/Olympus"), 4).day(utc(2026, 1, 15, 3, 59)), jd(2026, 1, 14));
    QCOMPARE(DayClock::forZone(QStringLiteral("Mars/Olympus"), 4).zone().id(),
             QTimeZone::systemTimeZone().id());
    QCOMPARE(DayClock().describe(), QStringLiteral("UTC, 4:00"));
  }

  // Spring: Berlin skips 02:00-03:00 on 2026-03-29, New York on 2026-03-08; autumn: Berlin
  // repeats 02:00-03:00 on 2026-10-25, New York 01:00-02:00 on 2026-11-01.
  void daylightSavingChanges() {
    const DayClock berlin(QTimeZone("Europe/Berlin"), 4);
    const qint64 springDay = berlin.startOfDay(jd(2026, 3, 29));
    QCOMPARE(springDay, at("Europe/Berlin", 2026, 3, 29, 4));
    QCOMPARE(springDay - berlin.startOfDay(jd(2026, 3, 28)), 23 * kHour);
    QCOMPARE(berlin.startOfDay(jd(2026, 3, 30)) - springDay, 24 * kHour);
    const qint64 autumnDay = berlin.startOfDay(jd(2026, 10, 25));
    QCOMPARE(autumnDay, utc(2026, 10, 25, 3));  // 04:00 CET
    QCOMPARE(autumnDay - berlin.startOfDay(jd(2026, 10, 24)), 25 * kHour);
    // 09:00 on the Saturday and 09:00 on the Sunday of the spring change are 23 hours apart:
    // one day (24-hour periods said none).
    const qint64 sat = at("Europe/Berlin", 2026, 3, 28, 9),
                 sun = at("Europe/Berlin", 2026, 3, 29, 9);
    QCOMPARE(sun - sat, 23 * kHour);
    QCOMPARE(berlin.daysBetween(sat, sun), 1);
    QCOMPARE(FsrsItems::wholeDays(sat, sun), 0);

    // A rollover hour inside the skipped hour: the day starts when the clock jumps.
    const DayClock ny2(QTimeZone("America/New_York"), 2);
    QCOMPARE(ny2.startOfDay(jd(2026, 3, 8)), utc(2026, 3, 8, 7));  // 03:00 EDT
    QCOMPARE(ny2.day(utc(2026, 3, 8, 7) - 1), jd(2026, 3, 7));
    // Inside the repeated hour: the day starts at its first 01:00, the second belongs to it.
    const DayClock ny1(QTimeZone("America/New_York"), 1);
    QCOMPARE(ny1.startOfDay(jd(2026, 11, 1)), utc(2026, 11, 1, 5));  // 01:00 EDT
    QCOMPARE(ny1.day(utc(2026, 11, 1, 6, 30)), jd(2026, 11, 1));     // 01:30 EST
    QCOMPARE(ny1.day(utc(2026, 11, 1, 5) - 1), jd(2026, 10, 31));
    // Every day of two years starts where day() says, an hour after the day before ends.
    for (const char* zone : {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe"})
      for (int hour : {0, 1, 2, 3, 4, 23}) {
        const DayClock c(QTimeZone(zone), hour);
        for (qint64 d = jd(2026, 1, 1); d < jd(2028, 1, 1); ++d) {
          const qint64 start = c.startOfDay(d);
          QVERIFY2(c.day(start) == d && c.day(start - 1) == d - 1,
                   qPrintable(QStringLiteral("%1 at %2: day %3").arg(zone).arg(hour).arg(d)));
        }
      }
  }

  // The same days as Anki's scheduler everywhere; as Anki's optimizer for every review from
  // 08:00 to 23:59 (reviews within an hour of the rollover on the other side of a daylight
  // saving change than the day it runs differ by its fixed offset: one such case is shown).
  void asAnkiCountsThem() {
    const char* zones[] = {"Europe/Berlin", "America/New_York", "UTC"};
    const qint64 now = at("Europe/Berlin", 2027, 12, 5, 18, 0);  // after every review
    for (const char* zone : zones) {
      const DayClock c(QTimeZone(zone), 4);
      for (int d = 0; d < 365; d += 3)
        for (int hour : {8, 12, 17, 23}) {
          const qint64 from = at(zone, 2026, 1, 2, hour, 30) + qint64(d) * 24 * kHour;
          for (int gap : {0, 1, 2, 7, 30}) {
            for (int later : {8, 15, 23}) {
              const QDateTime f = QDateTime::fromMSecsSinceEpoch(from, QTimeZone(zone));
              const qint64 to = QDateTime(f.date().addDays(gap), QTime(later, 59), QTimeZone(zone))
                                    .toMSecsSinceEpoch();
              if (to <= from) continue;
              QCOMPARE(c.daysBetween(from, to), ankiSchedulerDays(zone, 4, from, to));
              QCOMPARE(c.daysBetween(from, to), ankiTrainingDays(zone, 4, now, from, to));
            }
          }
        }
      for (int hour : {0, 2, 3, 4, 5})  // the scheduler's rule at any hour, the rollover's too
        QCOMPARE(c.daysBetween(at(zone, 2026, 6, 1, 22), at(zone, 2026, 6, 2, hour)),
                 ankiSchedulerDays(zone, 4, at(zone, 2026, 6, 1, 22), at(zone, 2026, 6, 2, hour)));
    }
    // 04:30 in summer, the optimizer run in winter: Anki's fixed +01:00 reads 03:30, the day
    // before; the learner's clock said a new day had begun.
    const DayClock berlin(QTimeZone("Europe/Berlin"), 4);
    const qint64 evening = at("Europe/Berlin", 2026, 6, 1, 22),
                 early = at("Europe/Berlin", 2026, 6, 2, 4, 30);
    QCOMPARE(berlin.daysBetween(evening, early), 1);
    QCOMPARE(ankiTrainingDays("Europe/Berlin", 4, now, evening, early), 0);
  }

  // The optimizer's items and the scheduler's due times in the learner's days.
  void itemsAndDueTimes() {
    const DayClock berlin(QTimeZone("Europe/Berlin"), 4);
    const QVector<FsrsRevlogEntry> log = {
        {1, at("Europe/Berlin", 2026, 3, 27, 23, 0), 3},  // Friday night
        {1, at("Europe/Berlin", 2026, 3, 28, 9, 0), 3},   // 10 hours later: the next day
        {1, at("Europe/Berlin", 2026, 3, 29, 2, 30), 3},  // that night (01:30 CET, 02:30 CEST
                                                          // does not exist): the same day
        {1, at("Europe/Berlin", 2026, 3, 29, 9, 0), 1}};  // the day after, 23 hours later
    const QVector<FsrsItem> items = FsrsItems::forTraining(log, berlin);
    QCOMPARE(items.size(), 2);
    QCOMPARE(items[0].current().deltaT, 1);
    QCOMPARE(items[1].reviews.size(), 4);
    QCOMPARE(items[1].reviews[2].deltaT, 0);
    QCOMPARE(items[1].current().deltaT, 1);

    FsrsScheduler::Parameters p;
    p.days = berlin;
    const FsrsScheduler fsrs(p);
    FsrsCard card;
    card.state = FsrsState::Review;
    card.step = -1;
    card.stability = 1.0;
    card.difficulty = 5.0;
    card.lastReviewMs = at("Europe/Berlin", 2026, 3, 26, 21, 0);
    card.dueMs = card.lastReviewMs;
    // Reviewed at 23:00 on the night before the spring change; due at the start of a day,
    // 04:00 local summer time, a whole number of days after.
    const qint64 now = at("Europe/Berlin", 2026, 3, 28, 23, 0);
    const FsrsCard next = fsrs.review(card, FsrsRating::Good, now);
    const int interval = fsrs.nextIntervalDays(next.stability);
    QVERIFY(interval >= 1);
    QCOMPARE(next.dueMs, berlin.startOfDay(jd(2026, 3, 28) + interval));
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(next.dueMs, QTimeZone("Europe/Berlin")).time(),
             QTime(4, 0));
    // R after the learner's days: 22:00 to 08:00 the next morning is a day, not none.
    QCOMPARE(fsrs.elapsedDays(card.lastReviewMs, at("Europe/Berlin", 2026, 3, 27, 8, 0)), 1);
    QVERIFY(fsrs.retrievability(card, at("Europe/Berlin", 2026, 3, 27, 8, 0)) < 0.95);
    // Without a clock: py-fsrs's 24-hour periods (tst_fsrs's vectors).
    const FsrsScheduler plain;
    QCOMPARE(plain.elapsedDays(card.lastReviewMs, at("Europe/Berlin", 2026, 3, 27, 8, 0)), 0);
  }

  // The profile's setting: stored, checked, the due day of questions in review kept at the new
  // hour; a new profile counts in this computer's zone, an old file's profiles get 4 a.m.
  void profileSetting() {
    QTemporaryDir dir;
    ProgressStore store;
    QVERIFY(store.open(dir.filePath("p.sqlite3")).result().ok());
    const ProfileResult made = store.addProfile("ana").result();
    QVERIFY(made.ok);
    QCOMPARE(made.profile.rolloverHour, 4);
    // This computer's zone by name where Qt knows the name (Qt 6.4 does not list Etc/UTC among
    // its zones); else "", which counts in the computer's zone too.
    const QByteArray system = QTimeZone::systemTimeZoneId();
    QCOMPARE(made.profile.timeZone.toUtf8(),
             QTimeZone::isTimeZoneIdAvailable(system) ? system : QByteArray());
    const qint64 id = made.profile.id;
    ProfileResult r = store.setDayStart(id, 24, QString()).result();
    QVERIFY(!r.ok && r.error.contains("0 to 23"));
    r = store.setDayStart(id, 4, QStringLiteral("Europe/Atlantis")).result();
    QVERIFY2(!r.ok && r.error.contains("Europe/Atlantis") && r.error.contains("IANA"),
             qPrintable(r.error));
    QVERIFY(store.setDayStart(id, 4, QStringLiteral("Europe/Berlin")).result().ok);

    // Two answers a day apart in Berlin: the question graduates to review, due at 04:00.
    Attempt a;
    a.profileId = id;
    a.bankId = "bank";
    a.questionId = "q1";
    a.domain = "d";
    a.chosenOptionIds = {"a"};
    a.correct = true;
    a.timeTakenMs = 2000;
    a.confidence = Confidence::Sure;  // Easy: graduates at once
    a.timeMs = at("Europe/Berlin", 2026, 2, 10, 22, 0);
    const RecordResult first = store.recordAttempt(a).result();
    QVERIFY2(first.ok, qPrintable(first.error));
    QCOMPARE(first.review.fsrs.state, FsrsState::Review);
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(first.review.dueMs, QTimeZone("Europe/Berlin")).time(),
             QTime(4, 0));
    const qint64 dueDay = DayClock(QTimeZone("Europe/Berlin"), 4).day(first.review.dueMs);
    // The exported interval is in days (Anki's ivl), not 24-hour fractions.
    const QVector<Attempt> logged = store.attempts(id).result();
    QCOMPARE(logged.size(), 1);
    QCOMPARE(logged[0].log.scheduledDays,
             double(dueDay - DayClock(QTimeZone("Europe/Berlin"), 4).day(a.timeMs)));

    // A new day at 6 a.m. in New York: the same due day, starting then.
    r = store.setDayStart(id, 6, QStringLiteral("America/New_York")).result();
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.profile.rolloverHour, 6);
    QCOMPARE(r.profile.timeZone, QStringLiteral("America/New_York"));
    const QVector<ReviewState> states = store.reviewStates(id, "bank").result();
    QCOMPARE(states.size(), 1);
    const DayClock ny(QTimeZone("America/New_York"), 6);
    QCOMPARE(states[0].fsrs.dueMs, ny.startOfDay(dueDay));
    QCOMPARE(states[0].dueMs, states[0].fsrs.dueMs);
    QCOMPARE(store.profiles().result().front().dayClock().describe(),
             QStringLiteral("America/New_York, 6:00"));
  }
};

QTEST_GUILESS_MAIN(TestDayClock)
#include "tst_dayclock.moc"
