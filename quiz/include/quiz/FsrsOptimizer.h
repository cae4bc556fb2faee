// Fits the 21 FSRS-6 parameters to one learner's review log, as Anki's "Optimize" does: a port of
// fsrs-rs 6.6.1's compute_parameters (open-spaced-repetition/fsrs-rs src/training.rs,
// src/dataset.rs, src/parameter_initialization.rs), the Rust optimizer Anki ships and PyPI's
// fsrs-rs-python 0.9.3 wraps. What it keeps from fsrs-rs:
//   - the loss: binary cross-entropy of the predicted recall of each item's last review,
//     weighted by recency (0.25 + 0.75 (i/(n-1))^3 in time order), plus an L2 pull toward the
//     starting parameters scaled by fsrs-rs's per-parameter standard deviations (gamma 1);
//   - the outlier filter (per first rating, the rarest first-interval groups, at least 20 items
//     or 5 %, and first intervals over 100 days, 365 for Easy) and the pre-training of the
//     initial stabilities w0..w3 (ternary search per first rating on the smoothed recall of
//     first long-term reviews, then smoothing so that Again <= Hard <= Good <= Easy and filling
//     ratings never seen);
//   - Adam (lr 0.04, cosine annealing over every step), batches of 512 items grouped by card,
//     5 epochs, histories over 256 reviews left out, the bounds of FsrsModel::clip after every
//     step;
//   - the rules for a small log: fewer than 8 training items keep the defaults; fewer than 64
//     (or no item past its card's first long-term review) fit only w0..w3 by pre-training;
//   - Anki's rule on top (rslib/src/scheduler/fsrs/params.rs, compute_params): the fitted
//     parameters are used only if their RMSE (bins) on the log is below the current ones'.
// What differs: double precision instead of f32, and the batch order is shuffled by this file's
// own seeded generator (fsrs-rs uses Rust's StdRng), so the fitted numbers match fsrs-rs's
// closely but not digit for digit; tests/quiz/tst_fsrsagainstrs.cpp measures how closely.
//
// Work is checked against FsrsOptimizerProgress::abort between batches, and progress is written
// there for a UI to poll (Anki style: no callback, no signal per step).
#pragma once

#include "quiz/FsrsItems.h"
#include "quiz/FsrsModel.h"

#include <QMap>
#include <QString>
#include <QVector>
#include <array>
#include <atomic>

namespace precisionlab::quiz {

struct FsrsTrainingConfig {
  int epochs = 5;
  int batchSize = 512;  // items (predictions) per step
  quint64 seed = 2023;
  double learningRate = 0.04;
  int maxHistory = 256;  // items with longer histories are left out of training
  double gamma = 1.0;    // weight of the L2 pull toward the starting parameters
  int relearningSteps = 1;
};

// Shared between the thread that fits and the one that shows progress.
struct FsrsOptimizerProgress {
  std::atomic<qint64> done{0};   // items processed over all epochs
  std::atomic<qint64> total{0};  // 0 until training starts
  std::atomic<bool> abort{false};
};

// How well parameters predict a log: fsrs-rs FSRS::evaluate (recency-weighted log loss, and the
// RMSE between predicted and measured recall over bins of interval, review count and lapses).
struct FsrsEvaluation {
  double logLoss = 0.0;
  double rmseBins = 0.0;
  int items = 0;
};

struct FsrsFit {
  enum class Outcome {
    Fitted,         // all 21 parameters trained
    InitialOnly,    // a small log: w0..w3 pre-trained, the rest the defaults
    TooFewReviews,  // fewer than kMinItems training items: the defaults
    Cancelled,      // FsrsOptimizerProgress::abort was set
  };
  Outcome outcome = Outcome::TooFewReviews;
  FsrsModel::Weights fitted = FsrsModel::defaultWeights();   // what the optimizer produced
  FsrsModel::Weights weights = FsrsModel::defaultWeights();  // what to use (Anki's rule)
  bool keptCurrent = true;  // `weights` are the current ones: the fit was not better
  int reviews = 0;          // rated reviews in the log
  int items = 0;            // training items (FsrsItems::forTraining)
  int trainedItems = 0;     // left after the outlier filter
  FsrsEvaluation current;   // the current parameters on the log
  FsrsEvaluation result;    // the fitted ones
  QString summary;          // one sentence for the learner, saying what was kept and why
};

class FsrsOptimizer {
 public:
  static constexpr int kMinItems = 8;              // fsrs-rs: fewer keeps the defaults
  static constexpr int kMinItemsForTraining = 64;  // fsrs-rs: fewer fits w0..w3 only

  // `current`: the parameters in use (the defaults for a profile never optimized).
  static FsrsFit fit(const QVector<FsrsItem>& items, const FsrsTrainingConfig& config = {},
                     FsrsOptimizerProgress* progress = nullptr,
                     const FsrsModel::Weights& current = FsrsModel::defaultWeights(),
                     int reviewCount = 0);
  // fsrs-rs compute_parameters alone: the fitted parameters and the outcome (no evaluation).
  static FsrsModel::Weights computeParameters(const QVector<FsrsItem>& items,
                                              const FsrsTrainingConfig& config,
                                              FsrsOptimizerProgress* progress,
                                              FsrsFit::Outcome* outcome, int* trainedItems);
  static FsrsEvaluation evaluate(const FsrsModel::Weights& weights, const QVector<FsrsItem>& items);
  // Pre-training pieces, public for the tests that compare them with fsrs-rs's own unit tests.
  struct RecallAt {
    double deltaT = 0, recall = 0, count = 0;  // measured recall of `count` first intervals
  };
  // fsrs-rs search_parameters: the initial stability of one first rating.
  static double searchInitialStability(int firstRating, const QVector<RecallAt>& data,
                                       double averageRecall);
  // fsrs-rs smooth_and_fill: keys 1..4 (first rating) -> stability and count; ok=false when
  // `stability` is empty.
  static std::array<double, 4> smoothAndFill(QMap<int, double> stability,
                                             const QMap<int, int>& count, bool* ok);

  // fsrs-rs's PARAMS_STDDEV: the spread of each parameter over many collections (the L2 pull
  // toward the starting parameters is scaled by 1/stddev^2; FsrsPosterior's prior).
  static FsrsModel::Weights parameterStddev();

  // Anki's parameter string: 21 numbers, comma-separated, 4 decimals ("0.2120, 1.2931, ...").
  static QString ankiParameterString(const FsrsModel::Weights& w);
  // Reads one back (also fsrs-rs's 17 and 19 number forms are refused: FSRS-6 needs 21).
  // Returns false and sets *error naming the number at fault.
  static bool parseParameterString(const QString& text, FsrsModel::Weights* w, QString* error);
};

}  // namespace precisionlab::quiz
