// Statistics over a learner's attempts: accuracy overall, per domain and per (local) day,
// streaks, average time and the weakest domain. Pure, so tests feed it attempts directly.
#pragma once

#include "quiz/ProgressTypes.h"

#include <QVector>

namespace precisionlab::quiz {

class StatisticsCalculator {
 public:
  // A domain needs this many attempts before it can be called the weakest (one unlucky
  // answer should not label a whole domain).
  static constexpr int kMinAttemptsForWeakest = 3;

  // `attempts` in any order; days and streaks use the local time zone; `nowMs` decides
  // "today" for the current streak and which review states are due.
  static Statistics compute(const QVector<Attempt>& attempts, const QVector<ReviewState>& states,
                            qint64 nowMs);
};

}  // namespace precisionlab::quiz
