// The FSRS-6 memory model as the optimizer sees it, with its gradient written by hand: a port of
// fsrs-rs 6.6.1 (open-spaced-repetition/fsrs-rs; src/model.rs for the forward step, src/analytic.rs
// for the backward pass, src/parameter_clipper.rs for the bounds), in double precision where
// fsrs-rs computes in f32.
//
// A card's state is (stability S in days, difficulty D in 1..10). Its first review sets
// S = w[rating-1] and D = w4 - e^(w5 (rating-1)) + 1; each later review moves S by the
// short-term formula (same day), the lapse formula (Again) or the success formula, and D by
// linear damping and mean reversion; recall after t days is (1 + F t / S)^-w20. The scheduler
// (FsrsScheduler) applies the same formulas to a live card; this class replays whole review
// histories and differentiates the log loss through them (why by hand and not with LibTorch's
// autograd: docs/spaced-repetition.md, "Why hand-written gradients").
#pragma once

#include "quiz/FsrsItems.h"

#include <QVector>
#include <array>

namespace precisionlab::quiz {

class FsrsModel {
 public:
  static constexpr int kParameterCount = 21;
  using Weights = std::array<double, kParameterCount>;
  static constexpr double kMinStability = 0.001;  // fsrs-rs S_MIN
  static constexpr double kMaxStability = 36500;  // S_MAX
  static constexpr double kMinDifficulty = 1.0;
  static constexpr double kMaxDifficulty = 10.0;
  static constexpr double kMaxInitialStability = 100.0;  // INIT_S_MAX

  struct State {
    double stability = 0.0;  // 0: no review yet
    double difficulty = 0.0;
  };

  // FSRS-6 defaults, as fsrs-rs DEFAULT_PARAMETERS and py-fsrs (FsrsScheduler::defaultWeights).
  static Weights defaultWeights();
  // fsrs-rs clip_parameters: every parameter into its bounds (w17 and w18 at most 2 for one
  // relearning step, less for more; w19 at least 0.01 when short-term memory is fitted).
  static Weights clip(Weights w, int relearningSteps = 1, bool shortTerm = true);

  explicit FsrsModel(const Weights& w);
  const Weights& weights() const { return m_w; }

  double recall(double deltaT, double stability) const;
  // One review: the first (state.stability == 0, nth == 0) initialises; later ones update.
  State step(State state, double deltaT, int rating, int nth) const;
  // The state after the first `count` reviews.
  State replay(const QVector<FsrsReview>& reviews, int count) const;
  // Predicted probability of recalling the item's last review, from the reviews before it.
  double predict(const FsrsItem& item) const;

  // Sum over reviews t >= 1 of weights[t] x binary cross-entropy of the recall predicted for
  // review t (from reviews 0..t-1) against whether it was recalled; weights[t] == 0 leaves t
  // unscored. Adds d(loss)/d(w) to *gradient when given (not cleared first).
  double cardLoss(const QVector<FsrsReview>& reviews, const QVector<double>& weights,
                  Weights* gradient) const;

 private:
  struct StepCache;
  StepCache forward(State state, double deltaT, int rating, int nth) const;
  // Gradients of the state before the step from those of the state after it (and of the
  // review's predicted recall); adds the parameters' share to gw.
  State backward(const StepCache& c, double gS, double gD, double gR, Weights& gw) const;
  double recallBackward(double t, double s, double r, double gR, Weights& gw) const;

  Weights m_w;
  double m_decay = 0.0;   // -w20
  double m_factor = 0.0;  // 0.9^(1/decay) - 1
};

}  // namespace precisionlab::quiz
