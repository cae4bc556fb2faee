// Statistics over a learner's attempts: accuracy overall, per domain and per (local) day,
// streaks, average time and the weakest domain. Pure, so tests feed it attempts directly.
#pragma once

#include "quiz/ProgressTypes.h"
#include "quiz/QuestionBank.h"

#include <QVector>

namespace precisionlab::quiz {

class StatisticsCalculator {
 public:
  // A domain needs this many attempts before it can be called the weakest (one unlucky
  // answer should not label a whole domain).
  static constexpr int kMinAttemptsForWeakest = 3;
  // The average answer time counts each answer up to kMaxAnswerTimeMs (ProgressTypes.h).
  static constexpr qint64 kMaxCountedAnswerMs = kMaxAnswerTimeMs;

  // `attempts` in any order; days and streaks are the learner's (`clock`: a day starts at the
  // profile's rollover hour); `nowMs` decides "today" for the current streak and which review
  // states are due.
  static Statistics compute(const QVector<Attempt>& attempts, const QVector<ReviewState>& states,
                            qint64 nowMs, const DayClock& clock);

  // Accuracy per exam-guide sub-objective of `bank` (its bank.objectives), sorted by id. The
  // objective is looked up from the question's current tags, because attempts store only the
  // domain: an attempt counts once for each objective its question carries, attempts of other
  // banks or on questions no longer in the bank are left out, and untagged questions count
  // under an empty id. DomainStats::domain holds "3.2 Training models".
  static QVector<DomainStats> perObjective(const QVector<Attempt>& attempts,
                                           const QuestionBank& bank);
};

}  // namespace precisionlab::quiz
