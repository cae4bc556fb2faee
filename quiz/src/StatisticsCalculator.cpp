#include "quiz/StatisticsCalculator.h"

#include <QDate>
#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QSet>
#include <algorithm>

namespace precisionlab::quiz {
namespace {

double ratio(int part, int whole) { return whole > 0 ? static_cast<double>(part) / whole : 0.0; }

}  // namespace

Statistics StatisticsCalculator::compute(const QVector<Attempt>& attempts,
                                         const QVector<ReviewState>& states, qint64 nowMs,
                                         const DayClock& clock) {
  Statistics s;
  QMap<QString, DomainStats> domains;  // QMap: sorted by name
  QMap<QDate, DayStats> days;
  qint64 totalTime = 0;
  for (const Attempt& a : attempts) {
    ++s.attempts;
    totalTime += std::clamp<qint64>(a.timeTakenMs, 0, kMaxCountedAnswerMs);
    DomainStats& d = domains[a.domain];
    d.domain = a.domain;
    ++d.attempts;
    const QDate date = clock.date(a.timeMs);
    DayStats& day = days[date];
    day.date = date.toString(Qt::ISODate);
    ++day.attempts;
    if (a.correct) {
      ++s.correct;
      ++d.correct;
      ++day.correct;
    }
  }
  s.accuracy = ratio(s.correct, s.attempts);
  s.averageTimeMs = s.attempts > 0 ? static_cast<double>(totalTime) / s.attempts : 0.0;

  double weakest = 2.0;
  for (DomainStats d : domains) {
    d.accuracy = ratio(d.correct, d.attempts);
    if (d.attempts >= kMinAttemptsForWeakest && d.accuracy < weakest) {
      weakest = d.accuracy;
      s.weakestDomain = d.domain;
    }
    s.perDomain.push_back(d);
  }
  for (DayStats d : days) {
    d.accuracy = ratio(d.correct, d.attempts);
    s.perDay.push_back(d);
  }

  // Longest run of consecutive study days.
  QDate previous;
  int run = 0;
  for (auto it = days.keyBegin(); it != days.keyEnd(); ++it) {
    run = (previous.isValid() && previous.addDays(1) == *it) ? run + 1 : 1;
    s.longestStreakDays = std::max(s.longestStreakDays, run);
    previous = *it;
  }
  // Current streak: still alive if the learner studied today or yesterday (today may not be
  // over yet), counted back day by day.
  const QDate today = clock.date(nowMs);
  QDate day = days.contains(today) ? today : today.addDays(-1);
  while (days.contains(day)) {
    ++s.currentStreakDays;
    day = day.addDays(-1);
  }

  // Answers a day or more (the learner's days) after the previous one at the same question.
  QVector<const Attempt*> ordered;
  for (const Attempt& a : attempts) ordered << &a;
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const Attempt* a, const Attempt* b) { return a->timeMs < b->timeMs; });
  QHash<QString, qint64> lastAnswer;  // bank + question -> time of its latest answer so far
  int retained = 0;
  for (const Attempt* a : ordered) {
    const QString key = a->bankId + QLatin1Char('\n') + a->questionId;
    const auto before = lastAnswer.constFind(key);
    const bool later = before != lastAnswer.cend() && clock.daysBetween(*before, a->timeMs) >= 1;
    lastAnswer.insert(key, a->timeMs);
    if (!later) continue;
    ++s.retentionReviews;
    if (a->correct) ++retained;
  }
  if (s.retentionReviews > 0) s.measuredRetention = ratio(retained, s.retentionReviews);

  QSet<QString> answeredRight;  // questions with a right answer (the recall tile counts those)
  for (const Attempt& a : attempts)
    if (a.correct) answeredRight.insert(a.questionId);
  FsrsScheduler::Parameters fsrsDays;
  fsrsDays.days = clock;
  const FsrsScheduler fsrs(fsrsDays);  // recall after the learner's days
  QVector<double> intervals;
  double recallSum = 0.0;
  int recallCount = 0;
  if (!states.isEmpty()) s.scheduler = states.first().scheduler;
  for (const ReviewState& r : states) {
    if (r.isNew()) continue;
    ++s.reviewedQuestions;
    if (r.dueMs <= nowMs) ++s.dueNow;
    if (r.dueMs <= nowMs + 7 * Scheduler::kDayMs) ++s.dueNext7Days;
    if (r.dueMs > nowMs && (s.nextDueMs == 0 || r.dueMs < s.nextDueMs)) s.nextDueMs = r.dueMs;
    intervals << static_cast<double>(r.dueMs - r.lastReviewMs) / Scheduler::kDayMs;
    if (r.fsrs.state != FsrsState::New && answeredRight.contains(r.questionId)) {
      recallSum += fsrs.retrievability(r.fsrs, nowMs);
      ++recallCount;
    }
  }
  if (!intervals.isEmpty()) {
    std::sort(intervals.begin(), intervals.end());
    const qsizetype n = intervals.size();
    s.medianIntervalDays = n % 2 ? intervals[n / 2] : (intervals[n / 2 - 1] + intervals[n / 2]) / 2;
  }
  if (recallCount > 0) s.predictedRecall = recallSum / recallCount;
  s.recallQuestions = recallCount;
  return s;
}

QVector<DomainStats> StatisticsCalculator::perObjective(const QVector<Attempt>& attempts,
                                                        const QuestionBank& bank) {
  QMap<QString, DomainStats> groups;  // QMap: sorted by objective id
  for (const Attempt& a : attempts) {
    if (a.bankId != bank.id) continue;
    const Question* q = bank.question(a.questionId);
    if (!q) continue;
    const QStringList ids = q->objectives.isEmpty() ? QStringList{QString()} : q->objectives;
    for (const QString& id : ids) {
      DomainStats& g = groups[id];
      g.domain =
          id.isEmpty() ? QString() : (id + QLatin1Char(' ') + bank.objectives.value(id)).trimmed();
      ++g.attempts;
      if (a.correct) ++g.correct;
    }
  }
  QVector<DomainStats> result;
  for (DomainStats g : groups) {
    g.accuracy = ratio(g.correct, g.attempts);
    result.push_back(g);
  }
  return result;
}

}  // namespace precisionlab::quiz
