#include "quiz/Scheduler.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace precisionlab::quiz {

int Scheduler::gradeFor(bool correct, Confidence confidence, qint64 timeTakenMs, qint64 slowMs) {
  if (!correct) {
    switch (confidence) {
      case Confidence::Sure:
        return 0;  // confidently wrong: a misconception to fix soon
      case Confidence::Guess:
        return 2;  // knew they did not know
      default:
        return 1;
    }
  }
  int grade = 4;
  if (confidence == Confidence::Sure) grade = 5;
  if (confidence == Confidence::Guess) grade = 3;
  if (slowMs > 0 && timeTakenMs > slowMs) grade = std::max(3, grade - 1);
  return grade;
}

QString toString(SchedulerKind kind) {
  return kind == SchedulerKind::Sm2 ? QStringLiteral("sm2") : QStringLiteral("fsrs");
}

SchedulerKind schedulerKindFromString(const QString& text) {
  return text == QLatin1String("sm2") ? SchedulerKind::Sm2 : SchedulerKind::Fsrs;
}

ReviewState Scheduler::review(ReviewState state, int grade, qint64 nowMs) {
  grade = std::clamp(grade, 0, 5);
  const bool early = state.intervalDays > 0 && nowMs < state.sm2DueMs;
  if (grade >= 3 && early) return state;  // see the header: not an SM-2 review
  if (grade >= 3) {
    if (state.repetitions == 0)
      state.intervalDays = 1;
    else if (state.repetitions == 1)
      state.intervalDays = 6;
    else
      state.intervalDays = static_cast<int>(std::lround(state.intervalDays * state.easiness));
    state.repetitions += 1;
  } else {
    state.repetitions = 0;
    state.intervalDays = 1;
    state.lapses += 1;
  }
  const int d = 5 - grade;
  state.easiness = std::max(kMinEasiness, state.easiness + (0.1 - d * (0.08 + d * 0.02)));
  state.lastReviewMs = nowMs;
  // A lapse is due again at once (Anki's relearning step, shortened to "the next practice
  // round"): a learner who just missed 14 questions must see 14 due, not 0 until tomorrow.
  // The interval of 1 day still applies to the next successful review.
  state.sm2DueMs = grade >= 3 ? nowMs + state.intervalDays * kDayMs : nowMs;
  state.dueMs = state.sm2DueMs;
  return state;
}

ReviewState Scheduler::apply(ReviewState state, bool correct, Confidence confidence,
                             qint64 timeTakenMs, qint64 nowMs, ReviewLogEntry* log,
                             const FsrsScheduler* fsrsScheduler) {
  static const FsrsScheduler defaults;
  const FsrsScheduler& fsrs = fsrsScheduler ? *fsrsScheduler : defaults;
  ReviewLogEntry entry;
  entry.scheduler = state.scheduler;
  entry.sm2Grade = gradeFor(correct, confidence, timeTakenMs);
  const FsrsRating rating = FsrsScheduler::ratingFor(correct, confidence, timeTakenMs);
  entry.rating = static_cast<int>(rating);
  entry.stateBefore = static_cast<int>(state.fsrs.state);
  if (!state.isNew()) entry.elapsedDays = static_cast<double>(nowMs - state.lastReviewMs) / kDayMs;
  entry.retrievability = fsrs.retrievability(state.fsrs, nowMs);

  state = review(state, entry.sm2Grade, nowMs);
  state.fsrs = fsrs.review(state.fsrs, rating, nowMs);
  state.lastReviewMs = nowMs;  // the last attempt, even one SM-2 did not count
  state.dueMs = state.scheduler == SchedulerKind::Sm2 ? state.sm2DueMs : state.fsrs.dueMs;

  entry.stability = state.fsrs.stability;
  entry.difficulty = state.fsrs.difficulty;
  // An FSRS review interval is due at the start of a day: its length is in days (Anki's ivl).
  const std::optional<DayClock>& days = fsrs.parameters().days;
  entry.scheduledDays =
      days && state.scheduler == SchedulerKind::Fsrs && state.fsrs.state == FsrsState::Review
          ? static_cast<double>(days->day(state.dueMs) - days->day(nowMs))
          : static_cast<double>(state.dueMs - nowMs) / kDayMs;
  if (log) *log = entry;
  return state;
}

QStringList Scheduler::dueQueue(const QStringList& bankQuestionIds,
                                const QVector<ReviewState>& states, qint64 nowMs, int limit,
                                bool includeNew) {
  QHash<QString, const ReviewState*> byId;
  for (const ReviewState& s : states) byId.insert(s.questionId, &s);

  struct Due {
    qint64 dueMs;
    int bankIndex;
    QString id;
  };
  QVector<Due> due;
  QStringList fresh;
  for (int i = 0; i < bankQuestionIds.size(); ++i) {
    const QString& id = bankQuestionIds.at(i);
    const ReviewState* s = byId.value(id, nullptr);
    if (s == nullptr || s->isNew()) {
      if (includeNew) fresh << id;
    } else if (s->dueMs <= nowMs) {
      due.push_back({s->dueMs, i, id});
    }
  }
  std::stable_sort(due.begin(), due.end(), [](const Due& a, const Due& b) {
    return a.dueMs != b.dueMs ? a.dueMs < b.dueMs : a.bankIndex < b.bankIndex;
  });
  QStringList queue;
  for (const Due& d : due) queue << d.id;
  queue += fresh;
  if (limit > 0 && queue.size() > limit) queue = queue.mid(0, limit);
  return queue;
}

}  // namespace precisionlab::quiz
