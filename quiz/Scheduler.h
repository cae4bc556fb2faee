// Spaced repetition with SM-2 (Wozniak 1987, as given in SuperMemo's "Algorithm SM-2" and the
// Wikipedia pseudocode). Pure functions over a ReviewState; the progress store keeps one state
// per profile + bank + question and calls review() inside the attempt's transaction.
//
// Grade q (0..5) derived from one attempt (gradeFor):
//   wrong:   sure -> 0 (confidently wrong: a misconception), unsure/unknown -> 1, guess -> 2
//   correct: sure -> 5, unsure/unknown -> 4, guess -> 3 (a lucky guess is barely a pass);
//            a correct answer slower than slowMs (default 90 s) drops one grade, never below 3.
//
// review(state, q, now):
//   if q >= 3:  interval = 1 day when repetitions == 0, 6 days when repetitions == 1,
//               round(interval * easiness) otherwise;  repetitions += 1
//   else:       repetitions = 0, interval = 1 day, lapses += 1
//   easiness += 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02), floored at 1.3 (starts at 2.5)
//   (the new interval uses the easiness from before this review, as in the pseudocode)
//   due = now + interval days when q >= 3; due = now after a lapse (missed questions come back
//   in the next practice round and count as due at once; the 1-day interval applies to the
//   next successful review)
// docs/spaced-repetition.md has worked examples; tests/quiz/tst_scheduler.cpp checks them.
#pragma once

#include "quiz/QuizTypes.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace precisionlab::quiz {

struct ReviewState {
  QString questionId;
  int repetitions = 0;      // successful reviews in a row
  int intervalDays = 0;     // 0 = never reviewed
  double easiness = 2.5;    // SM-2 E-Factor, >= 1.3
  qint64 dueMs = 0;         // epoch ms; 0 = new (never reviewed)
  qint64 lastReviewMs = 0;  // epoch ms
  int lapses = 0;           // times a review failed (q < 3)
  bool isNew() const { return lastReviewMs == 0; }
};

class Scheduler {
 public:
  static constexpr double kInitialEasiness = 2.5;
  static constexpr double kMinEasiness = 1.3;
  static constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
  static constexpr qint64 kDefaultSlowMs = 90'000;

  static int gradeFor(bool correct, Confidence confidence, qint64 timeTakenMs,
                      qint64 slowMs = kDefaultSlowMs);
  static ReviewState review(ReviewState state, int grade, qint64 nowMs);

  // Question ids to study now: due ones first (most overdue first, ties in bank order), then
  // new ones (no state yet) in bank order, at most `limit` (0 = no limit). Ids in `states` that
  // are not in `bankQuestionIds` (removed from the bank) are ignored.
  static QStringList dueQueue(const QStringList& bankQuestionIds,
                              const QVector<ReviewState>& states, qint64 nowMs, int limit = 0,
                              bool includeNew = true);
};

}  // namespace precisionlab::quiz
