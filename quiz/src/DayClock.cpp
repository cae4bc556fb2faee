#include "quiz/DayClock.h"

#include <QDateTime>
#include <algorithm>
#include <limits>

namespace precisionlab::quiz {
namespace {

constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
constexpr qint64 kHourMs = 60LL * 60 * 1000;
const qint64 kEpochJulianDay = QDate(1970, 1, 1).toJulianDay();

qint64 floorDiv(qint64 a, qint64 b) {
  qint64 q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

}  // namespace

DayClock::DayClock() : DayClock(QTimeZone::utc(), kDefaultRolloverHour) {}

DayClock::DayClock(const QTimeZone& zone, int rolloverHour)
    : m_zone(zone.isValid() ? zone : QTimeZone::utc()),
      m_rollover(((rolloverHour % 24) + 24) % 24) {
  m_fixed = !m_zone.hasTransitions();
  if (m_fixed) m_fixedOffset = m_zone.offsetFromUtc(QDateTime::currentDateTimeUtc());
}

DayClock DayClock::forZone(const QString& ianaId, int rolloverHour) {
  const QByteArray id = ianaId.toUtf8();
  if (id.isEmpty() || !QTimeZone::isTimeZoneIdAvailable(id))
    return DayClock(QTimeZone::systemTimeZone(), rolloverHour);
  return DayClock(QTimeZone(id), rolloverHour);
}

int DayClock::offsetAt(qint64 utcMs) const {
  if (m_fixed) return m_fixedOffset;
  for (const Span& s : m_spans)
    if (utcMs >= s.from && utcMs < s.to) return s.offset;
  const QDateTime at = QDateTime::fromMSecsSinceEpoch(utcMs, QTimeZone::utc());
  Span s;
  s.offset = m_zone.offsetFromUtc(at);
  s.from = std::numeric_limits<qint64>::min();
  s.to = std::numeric_limits<qint64>::max();
  const QTimeZone::OffsetData before = m_zone.previousTransition(at.addMSecs(1));
  const QTimeZone::OffsetData after = m_zone.nextTransition(at);
  if (before.atUtc.isValid()) s.from = before.atUtc.toMSecsSinceEpoch();
  if (after.atUtc.isValid()) s.to = after.atUtc.toMSecsSinceEpoch();
  if (s.from <= utcMs && utcMs < s.to && m_spans.size() < 4096) m_spans.push_back(s);
  return s.offset;
}

qint64 DayClock::day(qint64 utcMs) const {
  const qint64 local = utcMs + offsetAt(utcMs) * 1000LL - m_rollover * kHourMs;
  return floorDiv(local, kDayMs) + kEpochJulianDay;
}

int DayClock::daysBetween(qint64 fromMs, qint64 toMs) const {
  return static_cast<int>(std::max<qint64>(0, day(toMs) - day(fromMs)));
}

qint64 DayClock::startOfDay(qint64 d) const {
  // The local time the day starts at, read as if it were UTC; the instant is within a day of it
  // either way (offsets are under 24 hours).
  const qint64 local = (d - kEpochJulianDay) * kDayMs + m_rollover * kHourMs;
  qint64 guess = local - offsetAt(local) * 1000LL;
  guess = local - offsetAt(guess) * 1000LL;
  if (day(guess) == d && day(guess - 1) == d - 1) return guess;
  // A daylight saving change at the rollover: the first instant of the day, by bisection (day()
  // grows with time).
  qint64 low = local - kDayMs - kHourMs, high = local + kDayMs + kHourMs;  // day(low) < d
  while (high - low > 1) {
    const qint64 mid = low + (high - low) / 2;
    (day(mid) >= d ? high : low) = mid;
  }
  return high;
}

QString DayClock::describe() const {
  return QStringLiteral("%1, %2:00").arg(QString::fromUtf8(m_zone.id())).arg(m_rollover);
}

}  // namespace precisionlab::quiz
