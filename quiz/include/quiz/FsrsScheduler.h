// FSRS-6, the Free Spaced Repetition Scheduler (open-spaced-repetition, the scheduler of current
// Anki), ported from the reference implementation py-fsrs 6.3 (PyPI `fsrs`) with its default
// parameters, desired retention 0.9, learning steps 1 min and 10 min, relearning step 10 min and
// no fuzz (fuzz spreads due dates randomly; a quiz bank of a few dozen questions gains nothing
// from it, and it would make schedules unreproducible). tests/quiz/tst_fsrs.cpp compares every
// state, step, stability, difficulty and due time with tests/data/fsrs-vectors.tsv, written by
// tools/gen_fsrs_vectors.py from py-fsrs itself.
//
// Model: each question has a stability S (days until recall probability falls to 90 %) and a
// difficulty D (1..10). Recall probability after t whole days: R = (1 + F t / S)^-w20 with
// F = 0.9^(-1/w20) - 1. A review updates S and D from the rating and from R at that moment,
// so an early review (R still high) raises S less than an on-time one and a same-day review uses
// the short-term formula (w17..w19): reviewing before the due date is defined by the model,
// never counted as if it were on time. The next interval is the one that brings R down to the
// desired retention (intervals in whole days, at least 1).
//
// Days: without a DayClock (Parameters::days unset) elapsed days are whole 24-hour periods and a
// review interval of n days is due n x 24 hours later, as py-fsrs (and tst_fsrs's vectors). With
// the learner's DayClock, as the app schedules, they are Anki's: elapsed days count the days
// between the two reviews' days (a day starting at the rollover hour, 4 a.m. local time by
// default), and an interval of n days is due at the start of the n-th day after the review's
// (Anki's due day; "due today" is everything due by now). Learning steps stay in minutes.
//
// Not here: the parameter optimizer (the attempts table keeps what it needs: question, time,
// rating, elapsed days, state; see docs/spaced-repetition.md).
#pragma once

#include "quiz/DayClock.h"
#include "quiz/QuizTypes.h"

#include <QVector>
#include <array>
#include <optional>

namespace precisionlab::quiz {

enum class FsrsRating { Again = 1, Hard = 2, Good = 3, Easy = 4 };
// New: never reviewed. The others are py-fsrs's State values (stored in the database).
enum class FsrsState { New = 0, Learning = 1, Review = 2, Relearning = 3 };

struct FsrsCard {
  FsrsState state = FsrsState::New;
  int step = -1;            // learning or relearning step, -1 in Review (and New)
  double stability = 0.0;   // days; 0 until the first review
  double difficulty = 0.0;  // 1..10; 0 until the first review
  qint64 dueMs = 0;         // epoch ms; 0 = new
  qint64 lastReviewMs = 0;  // epoch ms; 0 = new
};

class FsrsScheduler {
 public:
  static constexpr int kParameterCount = 21;
  using Weights = std::array<double, kParameterCount>;
  static constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
  static constexpr qint64 kDefaultSlowMs = 90'000;

  struct Parameters {
    Weights w = defaultWeights();
    double desiredRetention = 0.9;
    QVector<qint64> learningStepsMs{60'000, 600'000};
    QVector<qint64> relearningStepsMs{600'000};
    int maximumIntervalDays = 36500;
    std::optional<DayClock> days;  // the learner's days; unset: 24-hour periods (py-fsrs)
  };

  // FSRS-6 default parameters (py-fsrs DEFAULT_PARAMETERS).
  static Weights defaultWeights();

  FsrsScheduler() : FsrsScheduler(Parameters{}) {}
  explicit FsrsScheduler(Parameters parameters);

  const Parameters& parameters() const { return m_p; }

  // The card after a review with `rating` at `nowMs`.
  FsrsCard review(FsrsCard card, FsrsRating rating, qint64 nowMs) const;
  // Predicted probability of recall at nowMs (0 for a new card), after elapsedDays().
  double retrievability(const FsrsCard& card, qint64 nowMs) const;
  // Days from `fromMs` to `toMs` (>= 0): the learner's days, or whole 24-hour periods.
  int elapsedDays(qint64 fromMs, qint64 toMs) const;
  // When an interval of `days` days from `nowMs` is due.
  qint64 dueAfterDays(qint64 nowMs, int days) const;
  // Days until R falls to the desired retention, rounded (half to even, as Python), >= 1.
  int nextIntervalDays(double stability) const;

  // The app's answer as an FSRS rating (docs/spaced-repetition.md):
  //   wrong -> Again; correct: guess -> Hard, unsure/unknown -> Good, sure -> Easy;
  //   a correct answer slower than slowMs drops one rating, never below Hard.
  static FsrsRating ratingFor(bool correct, Confidence confidence, qint64 timeTakenMs,
                              qint64 slowMs = kDefaultSlowMs);

 private:
  double initialStability(FsrsRating rating) const;
  double initialDifficulty(FsrsRating rating, bool clamp) const;
  double shortTermStability(double stability, FsrsRating rating) const;
  double nextDifficulty(double difficulty, FsrsRating rating) const;
  double nextStability(double difficulty, double stability, double retrievability,
                       FsrsRating rating) const;
  // Learning/relearning: the step logic shared by both (py-fsrs writes it twice); the due time.
  qint64 stepDue(qint64 nowMs, FsrsCard& card, FsrsRating rating,
                 const QVector<qint64>& steps) const;

  Parameters m_p;
  double m_decay = 0.0;
  double m_factor = 0.0;
};

}  // namespace precisionlab::quiz
