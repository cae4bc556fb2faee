// The learner's days, counted as Anki counts them: a day starts at a rollover hour in the
// learner's local time (4 a.m. by default, Anki's "Next day starts at" preference), so a review
// at 23:30 and one at 01:00 the next night fall on the same day, and one at 03:59 still belongs
// to the day before. A day is the local date of (local time - rollover hours), in a time zone
// with its daylight saving changes (QTimeZone: a day across a change is 23 or 25 hours long).
//
// Anki (rslib/src/scheduler/timing.rs, sched_timing_today_v2_new) counts the days elapsed
// between two moments as the difference of their local dates, one less when the later moment is
// before that day's rollover: the same count as here. Its optimizer's training items
// (rslib/src/scheduler/fsrs/params.rs, reviews_for_fsrs) count each review's day as whole
// 86,400-second periods before the next rollover at today's UTC offset; the two agree for every
// review except those within an hour of the rollover on the other side of a daylight saving
// change than the day the optimizer runs (docs/spaced-repetition.md, "Days").
//
// Not thread-safe: a copy per thread (copies are cheap; each keeps its own cache of the zone's
// offsets, one entry per daylight saving period met).
#pragma once

#include <QByteArray>
#include <QDate>
#include <QString>
#include <QTimeZone>
#include <QVector>

namespace precisionlab::quiz {

class DayClock {
 public:
  static constexpr int kDefaultRolloverHour = 4;

  // UTC, the rollover at 4 a.m.
  DayClock();
  // `zone` invalid: UTC. `rolloverHour` is taken modulo 24, as Anki does.
  DayClock(const QTimeZone& zone, int rolloverHour);
  // The zone named by an IANA id ("Europe/Berlin"); "" or an id this computer does not know (a
  // progress file from another system) = this computer's zone now.
  static DayClock forZone(const QString& ianaId, int rolloverHour);

  const QTimeZone& zone() const { return m_zone; }
  int rolloverHour() const { return m_rollover; }

  // The day `utcMs` falls on, as a Julian day number (the local date its day began on).
  qint64 day(qint64 utcMs) const;
  // That day's date.
  QDate date(qint64 utcMs) const { return QDate::fromJulianDay(day(utcMs)); }
  // Days from the day of `fromMs` to the day of `toMs`; 0 when `toMs` is earlier.
  int daysBetween(qint64 fromMs, qint64 toMs) const;
  // When `day` begins: the first instant (UTC ms) whose day() is `day` (the rollover hour on
  // that date, or the end of a daylight saving gap that skips it).
  qint64 startOfDay(qint64 day) const;
  // The start of the day `days` after the day of `utcMs`.
  qint64 startOfDayAfter(qint64 utcMs, int days) const { return startOfDay(day(utcMs) + days); }
  // The zone's offset from UTC at `utcMs`, in seconds.
  int offsetAt(qint64 utcMs) const;

  // "Europe/Berlin, 4 a.m." style: the zone's IANA id and the hour, for messages.
  QString describe() const;

 private:
  struct Span {
    qint64 from = 0, to = 0;  // [from, to) in UTC ms, one offset
    int offset = 0;           // seconds east of UTC
  };
  QTimeZone m_zone;
  int m_rollover = kDefaultRolloverHour;
  bool m_fixed = true;  // no transitions: m_fixedOffset always
  int m_fixedOffset = 0;
  mutable QVector<Span> m_spans;
};

}  // namespace precisionlab::quiz
