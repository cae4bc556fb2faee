#include "quiz/Scheduler.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace precisionlab::quiz {

int Scheduler::gradeFor(bool correct, Confidence confidence, qint64 timeTakenMs, qint64 slowMs) {
  if (!correct) {
    switch (confidence) {
      case Confidence::Sure: return 0;   // confidently wrong: a misconception to fix soon
      case Confidence::Guess: return 2;  // knew they did not know
      default: return 1;
    }
  }
  int grade = 4;
  if (confidence == Confidence::Sure) grade = 5;
  if (confidence == Confidence::Guess) grade = 3;
  if (slowMs > 0 && timeTakenMs > slowMs) grade = std::max(3, grade - 1);
  return grade;
}

ReviewState Scheduler::review(ReviewState state, int grade, qint64 nowMs) {
  grade = std::clamp(grade, 0, 5);
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
  state.dueMs = grade >= 3 ? nowMs + state.intervalDays * kDayMs : nowMs;
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
