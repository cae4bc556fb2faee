// Spaced repetition: FSRS-6 (quiz/FsrsScheduler.h, the default) and SM-2 (Wozniak 1987, as given
// in SuperMemo's "Algorithm SM-2" and the Wikipedia pseudocode; kept as an option). Pure
// functions over a ReviewState; the progress store keeps one state per profile + bank + question
// and calls apply() inside the attempt's transaction. apply() updates both schedules on every
// attempt, so a learner who switches scheduler (a per-profile setting) switches to a schedule
// built from their whole history; dueMs is the due time of the profile's chosen scheduler.
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
// A correct answer before the SM-2 due time (practice lists not-yet-due questions after the due
// ones, exams use the whole bank) changes nothing: SM-2 has no notion of an early review, and
// counting it as one would push a question answered twice in one sitting out to 6 days. A wrong
// answer before the due time is a lapse like any other.
// docs/spaced-repetition.md has worked examples; tests/quiz/tst_scheduler.cpp checks them.
#pragma once

#include "quiz/FsrsScheduler.h"
#include "quiz/QuizTypes.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace precisionlab::quiz {

// Which scheduler decides when a question is due (stored per profile: "fsrs" / "sm2").
enum class SchedulerKind { Fsrs, Sm2 };
QString toString(SchedulerKind kind);
SchedulerKind schedulerKindFromString(const QString& text);  // unrecognised -> Fsrs

struct ReviewState {
  QString questionId;
  SchedulerKind scheduler = SchedulerKind::Fsrs;  // whose due time dueMs is
  qint64 dueMs = 0;         // epoch ms under `scheduler`; 0 = new (never reviewed)
  qint64 lastReviewMs = 0;  // epoch ms of the last attempt
  int lapses = 0;           // wrong answers (SM-2 grade < 3)
  // SM-2
  int repetitions = 0;    // successful reviews in a row
  int intervalDays = 0;   // 0 = never reviewed
  double easiness = 2.5;  // SM-2 E-Factor, >= 1.3
  qint64 sm2DueMs = 0;    // epoch ms
  // FSRS
  FsrsCard fsrs;
  bool isNew() const { return lastReviewMs == 0; }
};

// What one attempt did to the schedule: the review-log columns of the attempts table, with what
// an FSRS parameter optimizer needs (question, time, rating, elapsed days, state before).
struct ReviewLogEntry {
  int rating = 0;             // FSRS rating 1..4 (FsrsScheduler::ratingFor)
  int sm2Grade = 0;           // SM-2 grade 0..5 (Scheduler::gradeFor)
  double elapsedDays = -1.0;  // since the previous attempt at this question; -1 = first
  int stateBefore = 0;  // FsrsState before the review (0 new, 1 learning, 2 review, 3 relearning)
  double stability = 0.0;       // FSRS, after
  double difficulty = 0.0;      // FSRS, after
  double retrievability = 0.0;  // FSRS recall probability just before the review
  double scheduledDays = 0.0;   // next interval under the profile's scheduler, in days
  SchedulerKind scheduler = SchedulerKind::Fsrs;
};

class Scheduler {
 public:
  static constexpr double kInitialEasiness = 2.5;
  static constexpr double kMinEasiness = 1.3;
  static constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
  static constexpr qint64 kDefaultSlowMs = 90'000;

  static int gradeFor(bool correct, Confidence confidence, qint64 timeTakenMs,
                      qint64 slowMs = kDefaultSlowMs);
  // SM-2 alone (sets the SM-2 fields and sm2DueMs).
  static ReviewState review(ReviewState state, int grade, qint64 nowMs);
  // One attempt: SM-2 and FSRS both updated, dueMs set from state.scheduler, the log entry
  // filled. timeTakenMs feeds the ratings (slow correct answers rate one lower). `fsrs`: the
  // profile's FSRS scheduler (its fitted parameters); nullptr = the FSRS-6 defaults.
  static ReviewState apply(ReviewState state, bool correct, Confidence confidence,
                           qint64 timeTakenMs, qint64 nowMs, ReviewLogEntry* log = nullptr,
                           const FsrsScheduler* fsrs = nullptr);

  // Question ids to study now: due ones first (most overdue first, ties in bank order), then
  // new ones (no state yet) in bank order, at most `limit` (0 = no limit). Ids in `states` that
  // are not in `bankQuestionIds` (removed from the bank) are ignored.
  static QStringList dueQueue(const QStringList& bankQuestionIds,
                              const QVector<ReviewState>& states, qint64 nowMs, int limit = 0,
                              bool includeNew = true);
};

}  // namespace precisionlab::quiz
