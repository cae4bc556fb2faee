#include "quiz/FsrsPosterior.h"

#include "quiz/FsrsOptimizer.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace precisionlab::quiz {
namespace {

constexpr int kN = FsrsModel::kParameterCount;
using Matrix = std::array<std::array<double, kN>, kN>;

// The precision matrix: the prior's plus, when fitted, the items' Fisher information.
Matrix precision(const FsrsModel::Weights& w, bool fitted, const QVector<FsrsItem>& items) {
  Matrix h{};
  const FsrsModel::Weights sd = FsrsOptimizer::parameterStddev();
  for (int i = 0; i < kN; ++i) h[i][i] = 1.0 / (sd[i] * sd[i]);
  if (!fitted || items.isEmpty()) return h;
  const FsrsModel model(w);
  const int used = std::min<int>(items.size(), FsrsPosterior::kMaxItems);
  const double scale = static_cast<double>(items.size()) / used;
  for (int k = 0; k < used; ++k) {
    const FsrsItem& item = items[static_cast<int>(static_cast<qint64>(k) * items.size() / used)];
    const double r = model.predict(item);
    if (!(r > 1e-6 && r < 1.0 - 1e-6)) continue;
    // d(-log R)/dw = -grad(R) / R: the loss of the item read as recalled (its own rating does
    // not enter its prediction).
    QVector<FsrsReview> reviews = item.reviews;
    reviews.back().rating = 3;
    QVector<double> weights(reviews.size(), 0.0);
    weights.back() = 1.0;
    FsrsModel::Weights g{};
    model.cardLoss(reviews, weights, &g);
    const double f = scale / (r * (1.0 - r));
    for (int i = 0; i < kN; ++i) {
      const double gi = -r * g[i];
      if (gi == 0.0) continue;
      for (int j = 0; j < kN; ++j) h[i][j] += f * gi * (-r * g[j]);
    }
  }
  return h;
}

// Lower-triangular L with L L^T = h (h is symmetric positive definite: the prior's diagonal).
Matrix cholesky(const Matrix& h) {
  Matrix l{};
  for (int i = 0; i < kN; ++i)
    for (int j = 0; j <= i; ++j) {
      double sum = h[i][j];
      for (int k = 0; k < j; ++k) sum -= l[i][k] * l[j][k];
      if (i == j)
        l[i][i] = std::sqrt(std::max(sum, 1e-300));
      else
        l[i][j] = sum / l[j][j];
    }
  return l;
}

// x with L^T x = z: x ~ N(0, h^-1) when z ~ N(0, I).
FsrsModel::Weights solveTransposed(const Matrix& l, const FsrsModel::Weights& z) {
  FsrsModel::Weights x{};
  for (int i = kN - 1; i >= 0; --i) {
    double sum = z[i];
    for (int k = i + 1; k < kN; ++k) sum -= l[k][i] * x[k];
    x[i] = sum / l[i][i];
  }
  return x;
}

}  // namespace

QVector<FsrsModel::Weights> FsrsPosterior::draws(const FsrsModel::Weights& weights, bool fitted,
                                                 const QVector<FsrsItem>& items, int count,
                                                 quint64 seed) {
  QVector<FsrsModel::Weights> out;
  if (count <= 0) return out;
  out << weights;
  const Matrix l = cholesky(precision(weights, fitted, items));
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  while (out.size() < count) {
    FsrsModel::Weights z{};
    for (double& v : z) v = normal(rng);
    const FsrsModel::Weights x = solveTransposed(l, z);
    FsrsModel::Weights w = weights;
    for (int i = 0; i < kN; ++i) w[i] += x[i];
    out << FsrsModel::clip(w);
  }
  return out;
}

FsrsModel::Weights FsrsPosterior::spread(const FsrsModel::Weights& weights, bool fitted,
                                         const QVector<FsrsItem>& items) {
  const Matrix l = cholesky(precision(weights, fitted, items));
  FsrsModel::Weights sd{};
  for (int j = 0; j < kN; ++j) {  // the diagonal of h^-1, column by column
    FsrsModel::Weights e{};
    e[j] = 1.0;
    FsrsModel::Weights y{};  // L y = e
    for (int i = 0; i < kN; ++i) {
      double sum = e[i];
      for (int k = 0; k < i; ++k) sum -= l[i][k] * y[k];
      y[i] = sum / l[i][i];
    }
    const FsrsModel::Weights x = solveTransposed(l, y);
    sd[j] = std::sqrt(std::max(0.0, x[j]));
  }
  return sd;
}

}  // namespace precisionlab::quiz
