#include "quiz/FsrsOptimizer.h"

#include <QSet>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <map>
#include <random>

namespace precisionlab::quiz {
namespace {

using Weights = FsrsModel::Weights;

// fsrs-rs training.rs PARAMS_STDDEV: the spread of each parameter over many collections; the L2
// pull toward the starting point is scaled by 1/stddev^2.
constexpr double kParamsStddev[FsrsModel::kParameterCount] = {
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6,  0.12, 0.39, 0.18, 0.33,
    0.3,  0.09, 0.16,  0.57,  0.25, 1.03, 0.31, 0.32, 0.14, 0.27};

// fsrs-rs CosineAnnealingLR (PyTorch's recursive form, eta_min 0).
class CosineAnnealing {
 public:
  CosineAnnealing(double tMax, double lr) : m_tMax(tMax), m_init(lr), m_lr(lr) {}
  double step() {
    m_step += 1.0;
    const double pi = 3.14159265358979323846;
    if (m_step == 0.0)
      m_lr = m_init;
    else if (std::fmod(m_step - 1.0 - m_tMax, 2.0 * m_tMax) == 0.0)
      m_lr = m_init * (1.0 - std::cos(pi / m_tMax)) / 2.0;
    else
      m_lr = (1.0 + std::cos(pi * m_step / m_tMax)) /
             (1.0 + std::cos(pi * (m_step - 1.0) / m_tMax)) * m_lr;
    return m_lr;
  }

 private:
  double m_tMax, m_init, m_lr, m_step = -1.0;
};

struct Adam {
  std::array<double, FsrsModel::kParameterCount> m{}, v{};
  int t = 0;
  void step(Weights& w, const Weights& g, double lr) {
    ++t;
    const double bias1 = 1.0 - std::pow(0.9, t), bias2 = 1.0 - std::pow(0.999, t);
    for (int i = 0; i < FsrsModel::kParameterCount; ++i) {
      m[i] = 0.9 * m[i] + 0.1 * g[i];
      v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
      w[i] -= lr * (m[i] / bias1) / (std::sqrt(v[i] / bias2) + 1e-8);
    }
  }
};

// fsrs-rs compute_outlier_analysis / prepare_training_data: `init` gets the first long-term
// reviews kept for pre-training, the return value the training items that survive.
QVector<FsrsItem> filterOutliers(const QVector<FsrsItem>& items, QVector<FsrsItem>* init) {
  std::map<int, std::map<int, QVector<int>>> groups;  // first rating -> first interval -> items
  for (int i = 0; i < items.size(); ++i)
    if (items[i].longTermReviewCount() == 1)
      groups[items[i].reviews.front().rating][items[i].current().deltaT].push_back(i);
  std::map<int, QSet<int>> removed;
  for (const auto& [rating, byDelta] : groups) {
    std::vector<std::pair<int, QVector<int>>> sub(byDelta.begin(), byDelta.end());
    std::sort(sub.begin(), sub.end(), [](const auto& a, const auto& b) {
      return a.second.size() != b.second.size() ? a.second.size() > b.second.size()
                                                : a.first > b.first;
    });
    int total = 0;
    for (const auto& s : sub) total += s.second.size();
    int removedCount = 0;
    for (auto it = sub.rbegin(); it != sub.rend(); ++it) {
      const int size = it->second.size();
      if (removedCount + size >= std::max(20, total / 20)) {
        if (size >= 6 && it->first <= (rating != 4 ? 100 : 365)) {
          for (int i : it->second) init->push_back(items[i]);
        } else {
          removed[rating].insert(it->first);
        }
      } else {
        removedCount += size;
        removed[rating].insert(it->first);
      }
    }
  }
  QVector<FsrsItem> train;
  for (const FsrsItem& item : items) {
    const auto r = removed.find(item.reviews.front().rating);
    if (r == removed.end() || !r->second.contains(item.firstLongTermReview().deltaT))
      train.push_back(item);
  }
  return train;
}

double averageRecall(const QVector<FsrsItem>& items) {
  if (items.isEmpty()) return 0.0;
  int recalled = 0;
  for (const FsrsItem& item : items) recalled += item.recalled() ? 1 : 0;
  return static_cast<double>(recalled) / items.size();
}

// fsrs-rs initialize_stability_parameters.
bool initialStability(const QVector<FsrsItem>& init, double average, std::array<double, 4>* s0,
                      QMap<int, int>* ratingCount) {
  std::map<int, std::map<int, std::pair<double, double>>> groups;  // passes, count
  for (const FsrsItem& item : init) {
    if (item.longTermReviewCount() != 1) continue;
    auto& g = groups[item.reviews.front().rating][item.firstLongTermReview().deltaT];
    g.first += item.firstLongTermReview().rating > 1 ? 1.0 : 0.0;
    g.second += 1.0;
  }
  QMap<int, double> stability;
  for (const auto& [rating, byDelta] : groups) {
    QVector<FsrsOptimizer::RecallAt> data;
    int count = 0;
    for (const auto& [deltaT, g] : byDelta) {
      data.push_back({static_cast<double>(deltaT), g.first / g.second, g.second});
      count += static_cast<int>(g.second);
    }
    (*ratingCount)[rating] = count;
    stability[rating] = FsrsOptimizer::searchInitialStability(rating, data, average);
  }
  bool ok = false;
  *s0 = FsrsOptimizer::smoothAndFill(stability, *ratingCount, &ok);
  return ok;
}

// The items of one card in one step: the card's longest history, and each item's weight at the
// index of the review it predicts.
struct CardColumn {
  QVector<FsrsReview> reviews;
  QVector<double> weights;
};
struct Batch {
  QVector<CardColumn> cards;
  int items = 0;
};

// fsrs-rs build_windowed_batches: cards (ordered by id, then by their longest history) packed
// into batches of at most batchSize predictions (a card is never split).
QVector<Batch> makeBatches(const QVector<FsrsItem>& items, const QVector<double>& weights,
                           int batchSize) {
  std::map<qint64, QVector<int>> byCard;
  for (int i = 0; i < items.size(); ++i) byCard[items[i].cardId].push_back(i);
  QVector<QVector<int>> cards;
  for (auto& [id, list] : byCard) {
    std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
      return items[a].reviews.size() < items[b].reviews.size();
    });
    cards.push_back(list);
  }
  std::stable_sort(cards.begin(), cards.end(), [&](const QVector<int>& a, const QVector<int>& b) {
    return items[a.back()].reviews.size() < items[b.back()].reviews.size();
  });
  QVector<Batch> batches;
  Batch current;
  for (const QVector<int>& card : cards) {
    if (!current.cards.isEmpty() && current.items + card.size() > batchSize) {
      batches.push_back(current);
      current = {};
    }
    CardColumn column;
    column.reviews = items[card.back()].reviews;
    column.weights.fill(0.0, column.reviews.size());
    for (int i : card) column.weights[items[i].reviews.size() - 1] = weights[i];
    current.cards.push_back(column);
    current.items += card.size();
  }
  if (!current.cards.isEmpty()) batches.push_back(current);
  return batches;
}

// fsrs-rs train(): Adam over shuffled batches, L2 toward the start, clipping after each step.
bool train(const QVector<FsrsItem>& items, const QVector<double>& itemWeights, Weights start,
           const FsrsTrainingConfig& config, FsrsOptimizerProgress* progress, Weights* out) {
  const int total = items.size();
  const int iterations = (total / config.batchSize + 1) * config.epochs;
  const QVector<Batch> batches = makeBatches(items, itemWeights, config.batchSize);
  CosineAnnealing lr(iterations, config.learningRate);
  Adam adam;
  Weights w = start;
  std::mt19937_64 rng(config.seed);
  QVector<int> order(batches.size());
  if (progress) {
    progress->done = 0;
    progress->total = static_cast<qint64>(total) * config.epochs;
  }
  for (int epoch = 0; epoch < config.epochs; ++epoch) {
    for (int i = 0; i < order.size(); ++i) order[i] = i;
    for (int i = order.size() - 1; i > 0; --i)  // Fisher-Yates, portable (no std::shuffle)
      std::swap(order[i], order[static_cast<int>(rng() % static_cast<quint64>(i + 1))]);
    for (int b : order) {
      const Batch& batch = batches[b];
      const double rate = lr.step();
      Weights g{};
      const FsrsModel model(w);
      for (const CardColumn& card : batch.cards) model.cardLoss(card.reviews, card.weights, &g);
      const double scale = config.gamma * batch.items / total;
      for (int i = 0; i < FsrsModel::kParameterCount; ++i)
        g[i] += 2.0 * (w[i] - start[i]) / (kParamsStddev[i] * kParamsStddev[i]) * scale;
      adam.step(w, g, rate);
      w = FsrsModel::clip(w, config.relearningSteps, true);
      if (progress) {
        progress->done += batch.items;
        if (progress->abort) return false;
      }
    }
  }
  *out = w;
  return true;
}

}  // namespace

FsrsModel::Weights FsrsOptimizer::parameterStddev() {
  FsrsModel::Weights sd{};
  std::copy(std::begin(kParamsStddev), std::end(kParamsStddev), sd.begin());
  return sd;
}

double FsrsOptimizer::searchInitialStability(int firstRating, const QVector<RecallAt>& data,
                                             double averageRecall) {
  const Weights defaults = FsrsModel::defaultWeights();
  const double defaultS0 = defaults[firstRating - 1];
  const FsrsModel curve(defaults);  // the default decay, as fsrs-rs
  const auto loss = [&](double s) {
    double sum = 0.0;
    for (const RecallAt& d : data) {
      const double y = curve.recall(d.deltaT, s);
      // Laplace smoothing toward the log's average recall: (recall n + average) / (n + 1).
      const double recall = (d.recall * d.count + averageRecall) / (d.count + 1.0);
      sum += -(recall * std::log(y) + (1.0 - recall) * std::log(1.0 - y)) * d.count;
    }
    return sum + std::abs(s - defaultS0) / 16.0;
  };
  double low = FsrsModel::kMinStability, high = FsrsModel::kMaxInitialStability;
  double best = defaultS0;
  for (int iter = 0; high - low > 2.220446049250313e-16 && iter < 1000; ++iter) {
    const double mid1 = low + (high - low) / 3.0, mid2 = high - (high - low) / 3.0;
    if (loss(mid1) < loss(mid2))
      high = mid2;
    else
      low = mid1;
    best = (high + low) / 2.0;
  }
  return best;
}

std::array<double, 4> FsrsOptimizer::smoothAndFill(QMap<int, double> s, const QMap<int, int>& count,
                                                   bool* ok) {
  for (auto it = s.begin(); it != s.end();)
    it = count.contains(it.key()) ? std::next(it) : s.erase(it);
  const std::pair<int, int> pairs[] = {{1, 2}, {2, 3}, {3, 4}, {1, 3}, {2, 4}, {1, 4}};
  for (const auto& [small, big] : pairs) {
    if (s.contains(small) && s.contains(big) && s[small] > s[big]) {
      if (count[small] > count[big])
        s[big] = s[small];
      else
        s[small] = s[big];
    }
  }
  *ok = !s.isEmpty();
  const Weights d = FsrsModel::defaultWeights();
  std::array<double, 4> out{d[0], d[1], d[2], d[3]};
  if (s.isEmpty()) return out;
  const double w1 = 0.41, w2 = 0.54;
  auto has = [&](int r) { return s.contains(r); };
  if (s.size() == 1) {
    const int r = s.firstKey();
    const double factor = s[r] / d[r - 1];
    for (int i = 0; i < 4; ++i) out[i] = d[i] * factor;
    std::sort(out.begin(), out.end());
  } else {
    // fsrs-rs fills missing ratings from the ones present by fixed log-linear ratios.
    if (s.size() == 2) {
      if (has(3) && has(4)) {
        const double r3 = s[3], r4 = s[4];
        s[2] = std::pow(r3, 1.0 / (1.0 - w2)) * std::pow(r4, 1.0 - 1.0 / (1.0 - w2));
        s[1] = std::pow(s[2], 1.0 / w1) * std::pow(r3, 1.0 - 1.0 / w1);
      } else if (has(2) && has(4)) {
        const double r2 = s[2], r4 = s[4];
        s[3] = std::pow(r2, 1.0 - w2) * std::pow(r4, w2);
        s[1] = std::pow(r2, 1.0 / w1) * std::pow(s[3], 1.0 - 1.0 / w1);
      } else if (has(2) && has(3)) {
        const double r2 = s[2], r3 = s[3];
        s[4] = std::pow(r2, 1.0 - 1.0 / w2) * std::pow(r3, 1.0 / w2);
        s[1] = std::pow(r2, 1.0 / w1) * std::pow(r3, 1.0 - 1.0 / w1);
      } else if (has(1) && has(4)) {
        const double r1 = s[1], r4 = s[4], k = w1 + w2 - w1 * w2;
        s[2] = std::pow(r1, w1 / k) * std::pow(r4, 1.0 - w1 / k);
        s[3] = std::pow(r1, 1.0 - w2 / k) * std::pow(r4, w2 / k);
      } else if (has(1) && has(3)) {
        const double r1 = s[1], r3 = s[3];
        s[2] = std::pow(r1, w1) * std::pow(r3, 1.0 - w1);
        s[4] = std::pow(s[2], 1.0 - 1.0 / w2) * std::pow(r3, 1.0 / w2);
      } else if (has(1) && has(2)) {
        const double r1 = s[1], r2 = s[2];
        s[3] = std::pow(r1, 1.0 - 1.0 / (1.0 - w1)) * std::pow(r2, 1.0 / (1.0 - w1));
        s[4] = std::pow(r2, 1.0 - 1.0 / w2) * std::pow(s[3], 1.0 / w2);
      }
    } else if (s.size() == 3) {
      if (!has(1))
        s[1] = std::pow(s[2], 1.0 / w1) * std::pow(s[3], 1.0 - 1.0 / w1);
      else if (!has(2))
        s[2] = std::pow(s[1], w1) * std::pow(s[3], 1.0 - w1);
      else if (!has(3))
        s[3] = std::pow(s[2], 1.0 - w2) * std::pow(s[4], w2);
      else
        s[4] = std::pow(s[2], 1.0 - 1.0 / w2) * std::pow(s[3], 1.0 / w2);
    }
    for (int i = 0; i < 4; ++i) out[i] = s.value(i + 1, out[i]);
  }
  for (double& v : out)
    v = std::clamp(v, FsrsModel::kMinStability, FsrsModel::kMaxInitialStability);
  return out;
}

Weights FsrsOptimizer::computeParameters(const QVector<FsrsItem>& items,
                                         const FsrsTrainingConfig& config,
                                         FsrsOptimizerProgress* progress, FsrsFit::Outcome* outcome,
                                         int* trainedItems) {
  const Weights defaults = FsrsModel::defaultWeights();
  QVector<FsrsItem> init;
  const QVector<FsrsItem> trainSet = filterOutliers(items, &init);
  *trainedItems = trainSet.size();
  *outcome = FsrsFit::Outcome::TooFewReviews;
  if (trainSet.size() < kMinItems) return defaults;
  std::array<double, 4> s0{};
  QMap<int, int> ratingCount;
  if (!initialStability(init, averageRecall(trainSet), &s0, &ratingCount)) return defaults;
  Weights start = defaults;
  std::copy(s0.begin(), s0.end(), start.begin());
  *outcome = FsrsFit::Outcome::InitialOnly;
  if (trainSet.size() == init.size() || trainSet.size() < kMinItemsForTraining) return start;

  QVector<FsrsItem> weighted;
  QVector<double> weights;
  const double last = std::max(1.0, static_cast<double>(trainSet.size()) - 1.0);
  for (int i = 0; i < trainSet.size(); ++i) {  // recency weights over the log in time order
    if (trainSet[i].reviews.size() > config.maxHistory) continue;
    weighted.push_back(trainSet[i]);
    weights.push_back(0.25 + 0.75 * std::pow(i / last, 3));
  }
  Weights trained;
  if (!train(weighted, weights, start, config, progress, &trained)) {
    *outcome = FsrsFit::Outcome::Cancelled;
    return defaults;
  }
  QMap<int, double> fittedS0;
  for (int r = 1; r <= 4; ++r) fittedS0[r] = trained[r - 1];
  bool ok = false;
  const std::array<double, 4> smoothed = smoothAndFill(fittedS0, ratingCount, &ok);
  std::copy(smoothed.begin(), smoothed.end(), trained.begin());
  *outcome = FsrsFit::Outcome::Fitted;
  return trained;
}

FsrsEvaluation FsrsOptimizer::evaluate(const Weights& weights, const QVector<FsrsItem>& items) {
  FsrsEvaluation e;
  e.items = items.size();
  if (items.isEmpty()) return e;
  // As FSRS::new: the parameters are clipped (short-term floor off) before use.
  const FsrsModel model(FsrsModel::clip(weights, 1, false));
  struct Bin {
    double predicted = 0, actual = 0, count = 0, weight = 0;
  };
  std::map<std::array<int, 3>, Bin> bins;  // fsrs-rs r_matrix_index
  const auto bucket = [](double x, double a, double b) {
    return static_cast<int>(std::round(a * std::pow(b, std::floor(std::log(x) / std::log(b)))));
  };
  double loss = 0.0, weightSum = 0.0;
  const double last = std::max(1.0, static_cast<double>(items.size()) - 1.0);
  for (int i = 0; i < items.size(); ++i) {
    const FsrsItem& item = items[i];
    const double w = 0.25 + 0.75 * std::pow(i / last, 3);
    const double p = model.predict(item);
    const double y = item.recalled() ? 1.0 : 0.0;
    loss -= (y * std::log(p) + (1.0 - y) * std::log(1.0 - p)) * w;
    weightSum += w;
    int lapses = 0;
    for (int k = 0; k + 1 < item.reviews.size(); ++k)
      lapses += item.reviews[k].rating == 1 && item.reviews[k].deltaT > 0 ? 1 : 0;
    const std::array<int, 3> key{bucket(item.current().deltaT, 248.0, 3.62),
                                 bucket(item.longTermReviewCount() + 1.0, 1.99, 1.89),
                                 lapses == 0 ? 0 : bucket(lapses, 1.65, 1.73)};
    Bin& bin = bins[key];
    bin.predicted += p;
    bin.actual += y;
    bin.count += 1;
    bin.weight += w;
  }
  double se = 0.0, binWeights = 0.0;
  for (const auto& [key, b] : bins) {
    se += std::pow(b.predicted / b.count - b.actual / b.count, 2) * b.weight;
    binWeights += b.weight;
  }
  e.logLoss = loss / weightSum;
  e.rmseBins = std::sqrt(se / binWeights);
  return e;
}

FsrsFit FsrsOptimizer::fit(const QVector<FsrsItem>& items, const FsrsTrainingConfig& config,
                           FsrsOptimizerProgress* progress, const Weights& current,
                           int reviewCount) {
  FsrsFit fit;
  fit.reviews = reviewCount;
  fit.items = items.size();
  fit.weights = current;
  fit.fitted = computeParameters(items, config, progress, &fit.outcome, &fit.trainedItems);
  const QString counts =
      QStringLiteral("%1 reviews, %2 training items").arg(reviewCount).arg(items.size());
  switch (fit.outcome) {
    case FsrsFit::Outcome::Cancelled:
      fit.summary = QStringLiteral("Optimization cancelled: the current parameters are kept.");
      return fit;
    case FsrsFit::Outcome::TooFewReviews:
      fit.summary = QStringLiteral(
                        "Too few reviews to fit (%1; %2 left after the outlier filter, "
                        "fewer than %3): the current parameters are kept.")
                        .arg(counts)
                        .arg(fit.trainedItems)
                        .arg(kMinItems);
      fit.current = evaluate(current, items);
      fit.result = fit.current;
      return fit;
    case FsrsFit::Outcome::InitialOnly:
    case FsrsFit::Outcome::Fitted:
      break;
  }
  fit.current = evaluate(current, items);
  fit.result = evaluate(fit.fitted, items);
  fit.keptCurrent = fit.current.rmseBins <= fit.result.rmseBins;  // Anki's rule
  if (!fit.keptCurrent) fit.weights = fit.fitted;
  const QString what = fit.outcome == FsrsFit::Outcome::Fitted
                           ? QStringLiteral("all 21 parameters fitted")
                           : QStringLiteral(
                                 "only the initial stabilities w0-w3 fitted (fewer "
                                 "than %1 items after the outlier filter)")
                                 .arg(kMinItemsForTraining);
  fit.summary = fit.keptCurrent
                    ? QStringLiteral(
                          "%1 (%2), but they predict this log no better than the "
                          "current parameters (RMSE %3 vs %4): the current ones are kept.")
                          .arg(what, counts)
                          .arg(fit.result.rmseBins, 0, 'f', 4)
                          .arg(fit.current.rmseBins, 0, 'f', 4)
                    : QStringLiteral("%1 (%2): log loss %3 -> %4, RMSE (bins) %5 -> %6.")
                          .arg(what, counts)
                          .arg(fit.current.logLoss, 0, 'f', 4)
                          .arg(fit.result.logLoss, 0, 'f', 4)
                          .arg(fit.current.rmseBins, 0, 'f', 4)
                          .arg(fit.result.rmseBins, 0, 'f', 4);
  return fit;
}

QString FsrsOptimizer::ankiParameterString(const Weights& w) {
  QStringList parts;
  for (double v : w) parts << QString::number(v, 'f', 4);
  return parts.join(QStringLiteral(", "));
}

bool FsrsOptimizer::parseParameterString(const QString& text, Weights* w, QString* error) {
  const QStringList parts = text.split(',', Qt::KeepEmptyParts);
  if (parts.size() != FsrsModel::kParameterCount) {
    *error = QStringLiteral(
                 "an FSRS-6 parameter string has 21 comma-separated numbers; this one "
                 "has %1 (copy the whole string from Anki's FSRS parameters box)")
                 .arg(parts.size());
    return false;
  }
  Weights out{};
  for (int i = 0; i < parts.size(); ++i) {
    bool ok = false;
    out[i] = parts[i].trimmed().toDouble(&ok);  // QString::toDouble is locale-independent
    if (!ok || !std::isfinite(out[i])) {
      *error = QStringLiteral("parameter w%1 (number %2) is not a number: \"%3\"")
                   .arg(i)
                   .arg(i + 1)
                   .arg(parts[i].trimmed());
      return false;
    }
  }
  const Weights clipped = FsrsModel::clip(out, 1, false);  // as Anki's FSRS::new
  if (clipped != out) {
    for (int i = 0; i < FsrsModel::kParameterCount; ++i)
      if (clipped[i] != out[i]) {
        *error = QStringLiteral(
                     "parameter w%1 = %2 is outside FSRS-6's bounds (fsrs-rs would "
                     "clamp it to %3)")
                     .arg(i)
                     .arg(out[i])
                     .arg(clipped[i]);
        return false;
      }
  }
  *w = out;
  return true;
}

}  // namespace precisionlab::quiz
