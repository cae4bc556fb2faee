// How well a learner's FSRS parameters are known, as parameter sets drawn from that uncertainty,
// for exam readiness's 90 % range (quiz/ExamReadiness.h).
//
// Method: a Laplace approximation. The parameters are treated as normally distributed around
// the ones in use, with the precision (inverse covariance) of
//   - the prior: the spread of the parameters over many Anki collections, fsrs-rs's
//     PARAMS_STDDEV (the same numbers the optimizer's L2 pull is scaled by,
//     FsrsOptimizer::parameterStddev), each parameter independently; plus, when the parameters
//     were fitted to this learner,
//   - the Fisher information of the learner's training items at those parameters: for each
//     item, grad(R) grad(R)^T / (R (1 - R)), R the predicted recall of its last review (the
//     expected curvature of its binary log loss; FsrsModel's hand-written gradient), summed.
// Draws are clipped into FsrsModel's bounds. With a few answers, or parameters never fitted
// (the defaults), the draws spread as widely as learners differ; with thousands of reviews they
// close in on the fitted parameters. Why not a bootstrap of refits: a refit takes as long as
// `progress optimize` (seconds for 10,000 reviews), twenty of them per readiness view would
// take a minute; one pass over the items costs about one training epoch, and
// tests/quiz/tst_examreadiness.cpp checks the ranges it gives over 20 simulated learners.
// At most kMaxItems items are read (evenly spaced; their information scaled up to the whole log).
#pragma once

#include "quiz/FsrsItems.h"
#include "quiz/FsrsModel.h"

#include <QVector>

namespace precisionlab::quiz {

class FsrsPosterior {
 public:
  static constexpr int kMaxItems = 4000;

  // `count` parameter sets (the first is `weights` itself), seeded. `fitted`: `weights` were
  // fitted to `items` (the profile was optimized); otherwise only the prior's spread counts.
  static QVector<FsrsModel::Weights> draws(const FsrsModel::Weights& weights, bool fitted,
                                           const QVector<FsrsItem>& items, int count, quint64 seed);
  // The standard deviation of each parameter under that approximation (for the docs and tests).
  static FsrsModel::Weights spread(const FsrsModel::Weights& weights, bool fitted,
                                   const QVector<FsrsItem>& items);
};

}  // namespace precisionlab::quiz
