#include "quiz/FsrsModel.h"

#include <algorithm>
#include <cmath>

namespace precisionlab::quiz {
namespace {

constexpr double kMinProbability = 1e-7;  // fsrs-rs analytic.rs MIN_PROB / MAX_PROB
constexpr double kMaxProbability = 1.0 - 1e-7;

// The gradient passes a clamp only strictly inside or on its bounds (Burn/PyTorch semantics).
double through(double x, double lo, double hi) { return x >= lo && x <= hi ? 1.0 : 0.0; }
double initialDifficulty(const FsrsModel::Weights& w, int rating) {
  return w[4] - std::exp(w[5] * (rating - 1)) + 1.0;
}

}  // namespace

enum class Branch { Init, ShortTerm, Lapse, LapseFloor, Success };

struct FsrsModel::StepCache {
  State in;             // the state handed to the step (unclamped)
  State out;            // the state after it
  double s = 0, d = 0;  // `in` clamped: what the formulas used
  double deltaT = 0, r = 0;
  int rating = 0;
  Branch branch = Branch::Init;
  double raw = 0;               // short-term multiplier, or the raw lapse stability
  double shortValue = 1;        // short-term multiplier after its floor of 1 (pass ratings)
  bool shortRawActive = false;  // the floor did not apply
  double floor = 0;             // lapse: s / e^(w17 w18)
  double preClampS = 0, meanD = 0;
};

FsrsModel::Weights FsrsModel::defaultWeights() {
  return {0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,  1.8722, 0.1666, 0.796,
          1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};
}

FsrsModel::Weights FsrsModel::clip(Weights w, int relearningSteps, bool shortTerm) {
  double w17w18Ceiling = 2.0;
  if (relearningSteps > 1)
    w17w18Ceiling = std::min(
        2.0, std::sqrt(std::max(
                 0.01, -(std::log(w[11]) + std::log(std::pow(2.0, w[13]) - 1.0) + w[14] * 0.3) /
                           relearningSteps)));
  const double lo[kParameterCount] = {kMinStability,
                                      kMinStability,
                                      kMinStability,
                                      kMinStability,
                                      kMinDifficulty,
                                      0.001,
                                      0.001,
                                      0.001,
                                      0.0,
                                      0.0,
                                      0.001,
                                      0.001,
                                      0.001,
                                      0.001,
                                      0.0,
                                      0.0,
                                      1.0,
                                      0.0,
                                      0.0,
                                      shortTerm ? 0.01 : 0.0,
                                      0.1};
  const double hi[kParameterCount] = {kMaxInitialStability,
                                      kMaxInitialStability,
                                      kMaxInitialStability,
                                      kMaxInitialStability,
                                      kMaxDifficulty,
                                      4.0,
                                      4.0,
                                      0.75,
                                      4.5,
                                      0.8,
                                      3.5,
                                      5.0,
                                      0.25,
                                      0.9,
                                      4.0,
                                      1.0,
                                      6.0,
                                      w17w18Ceiling,
                                      w17w18Ceiling,
                                      0.8,
                                      0.8};
  for (int i = 0; i < kParameterCount; ++i) w[i] = std::clamp(w[i], lo[i], hi[i]);
  return w;
}

FsrsModel::FsrsModel(const Weights& w) : m_w(w) {
  m_decay = -m_w[20];
  m_factor = std::pow(0.9, 1.0 / m_decay) - 1.0;
}

double FsrsModel::recall(double deltaT, double stability) const {
  return std::pow(std::max(deltaT, 0.0) / stability * m_factor + 1.0, m_decay);
}

FsrsModel::StepCache FsrsModel::forward(State state, double deltaT, int rating, int nth) const {
  const Weights& w = m_w;
  StepCache c;
  c.in = state;
  c.s = std::clamp(state.stability, kMinStability, kMaxStability);
  c.d = std::clamp(state.difficulty, kMinDifficulty, kMaxDifficulty);
  c.deltaT = deltaT;
  c.rating = rating;
  if (nth == 0 && state.stability == 0.0) {
    c.branch = Branch::Init;
    c.preClampS = w[rating - 1];
    c.meanD = initialDifficulty(w, rating);
    c.out = {std::clamp(c.preClampS, kMinStability, kMaxStability),
             std::clamp(c.meanD, kMinDifficulty, kMaxDifficulty)};
    return c;
  }
  c.r = recall(deltaT, c.s);
  double s = 0.0;
  if (deltaT == 0.0) {
    c.branch = Branch::ShortTerm;
    c.raw = std::exp(w[17] * (rating - 3 + w[18])) * std::pow(c.s, -w[19]);
    c.shortRawActive = !(rating >= 2 && c.raw < 1.0);
    c.shortValue = rating >= 2 ? std::max(c.raw, 1.0) : c.raw;
    s = c.s * c.shortValue;
  } else if (rating == 1) {
    c.raw = w[11] * std::pow(c.d, -w[12]) * (std::pow(c.s + 1.0, w[13]) - 1.0) *
            std::exp((1.0 - c.r) * w[14]);
    c.floor = c.s / std::exp(w[17] * w[18]);
    c.branch = c.floor < c.raw ? Branch::LapseFloor : Branch::Lapse;
    s = std::min(c.floor, c.raw);
  } else {
    c.branch = Branch::Success;
    const double hard = rating == 2 ? w[15] : 1.0;
    const double easy = rating == 4 ? w[16] : 1.0;
    s = c.s * (std::exp(w[8]) * (11.0 - c.d) * std::pow(c.s, -w[9]) *
                   (std::exp((1.0 - c.r) * w[10]) - 1.0) * hard * easy +
               1.0);
  }
  const double nextD = c.d + (10.0 - c.d) * (-w[6] * (rating - 3)) / 9.0;
  c.meanD = w[7] * (initialDifficulty(w, 4) - nextD) + nextD;
  c.preClampS = s;
  c.out = {std::clamp(s, kMinStability, kMaxStability),
           std::clamp(c.meanD, kMinDifficulty, kMaxDifficulty)};
  return c;
}

FsrsModel::State FsrsModel::step(State state, double deltaT, int rating, int nth) const {
  return forward(state, deltaT, rating, nth).out;
}

FsrsModel::State FsrsModel::replay(const QVector<FsrsReview>& reviews, int count) const {
  State state;
  for (int i = 0; i < count; ++i) state = step(state, reviews[i].deltaT, reviews[i].rating, i);
  return state;
}

double FsrsModel::predict(const FsrsItem& item) const {
  const State s = replay(item.reviews, item.reviews.size() - 1);
  return recall(item.current().deltaT, std::clamp(s.stability, kMinStability, kMaxStability));
}

double FsrsModel::recallBackward(double t, double s, double r, double gR, Weights& gw) const {
  if (gR == 0.0) return 0.0;
  t = std::max(t, 0.0);
  const double base = t / s * m_factor + 1.0;
  const double gS = gR * r * m_decay / base * (-t * m_factor / (s * s));
  const double dFactorDDecay =
      std::pow(0.9, 1.0 / m_decay) * (-std::log(0.9) / (m_decay * m_decay));
  const double dRDDecay = r * (std::log(base) + m_decay / base * (t / s * dFactorDDecay));
  gw[20] -= gR * dRDDecay;  // decay = -w20
  return gS;
}

FsrsModel::State FsrsModel::backward(const StepCache& c, double gOutS, double gOutD, double gR,
                                     Weights& gw) const {
  const Weights& w = m_w;
  const double gS = gOutS * through(c.preClampS, kMinStability, kMaxStability);
  const double gMeanD = gOutD * through(c.meanD, kMinDifficulty, kMaxDifficulty);
  const int q = c.rating - 3;
  double gLastS = 0.0, gLastD = 0.0;
  if (c.branch == Branch::Init) {
    gw[c.rating - 1] += gS;
    gw[4] += gMeanD;
    gw[5] += gMeanD * -(c.rating - 1) * std::exp((c.rating - 1) * w[5]);
    return {};  // the state before a first review is the empty one
  }
  switch (c.branch) {
    case Branch::ShortTerm:
      gLastS += gS * c.shortValue;
      if (c.shortRawActive) {
        const double g = gS * c.s * c.raw;
        gw[17] += g * (q + w[18]);
        gw[18] += g * w[17];
        gw[19] += g * -std::log(c.s);
        gLastS += g * (-w[19] / c.s);
      }
      break;
    case Branch::LapseFloor:
      gw[17] += gS * c.floor * -w[18];
      gw[18] += gS * c.floor * -w[17];
      gLastS += gS * c.floor / c.s;
      break;
    case Branch::Lapse: {
      const double powS = std::pow(c.s + 1.0, w[13]);
      const double powD = std::pow(c.d, -w[12]);
      const double er = std::exp((1.0 - c.r) * w[14]);
      gw[11] += gS * c.raw / w[11];
      gw[12] += gS * c.raw * -std::log(c.d);
      gw[13] += gS * w[11] * powD * er * powS * std::log(c.s + 1.0);
      gw[14] += gS * c.raw * (1.0 - c.r);
      gLastS += gS * w[11] * powD * er * w[13] * powS / (c.s + 1.0);
      gLastD += gS * c.raw * (-w[12] / c.d);
      gR += gS * c.raw * -w[14];
      break;
    }
    case Branch::Success: {
      const double a = std::exp(w[8]), b = 11.0 - c.d, cs = std::pow(c.s, -w[9]);
      const double expE = std::exp((1.0 - c.r) * w[10]), e = expE - 1.0;
      const double hard = c.rating == 2 ? w[15] : 1.0;
      const double easy = c.rating == 4 ? w[16] : 1.0;
      const double inc = a * b * cs * e * hard * easy;
      const double g = gS * c.s;  // d(loss)/d(inc)
      gLastS += gS * (inc + 1.0) + g * inc * (-w[9] / c.s);
      gLastD += -g * a * cs * e * hard * easy;
      gR += g * a * b * cs * hard * easy * (-w[10] * expE);
      gw[8] += g * inc;
      gw[9] += g * inc * -std::log(c.s);
      gw[10] += g * a * b * cs * hard * easy * (1.0 - c.r) * expE;
      if (c.rating == 2) gw[15] += g * a * b * cs * e * easy;
      if (c.rating == 4) gw[16] += g * a * b * cs * e * hard;
      break;
    }
    case Branch::Init:
      break;
  }
  if (gMeanD != 0.0) {  // difficulty: linear damping, then mean reversion to D0(Easy)
    const double deltaD = -w[6] * q;
    const double nextD = c.d + (10.0 - c.d) * deltaD / 9.0;
    gw[7] += gMeanD * (initialDifficulty(w, 4) - nextD);
    gw[4] += gMeanD * w[7];
    gw[5] += gMeanD * w[7] * -3.0 * std::exp(3.0 * w[5]);
    const double gNext = gMeanD * (1.0 - w[7]);
    gw[6] += gNext * (10.0 - c.d) * -q / 9.0;
    gLastD += gNext * (1.0 - deltaD / 9.0);
  }
  gLastS += recallBackward(c.deltaT, c.s, c.r, gR, gw);
  return {gLastS * through(c.in.stability, kMinStability, kMaxStability),
          gLastD * through(c.in.difficulty, kMinDifficulty, kMaxDifficulty)};
}

double FsrsModel::cardLoss(const QVector<FsrsReview>& reviews, const QVector<double>& weights,
                           Weights* gradient) const {
  double loss = 0.0;
  QVector<StepCache> caches;
  QVector<double> gR(reviews.size(), 0.0);
  caches.reserve(reviews.size());
  State state;
  for (int t = 0; t < reviews.size(); ++t) {
    const StepCache c = forward(state, reviews[t].deltaT, reviews[t].rating, t);
    if (t > 0 && weights[t] != 0.0) {
      const double raw = c.r;
      const double r = std::clamp(raw, kMinProbability, kMaxProbability);
      const double y = reviews[t].rating > 1 ? 1.0 : 0.0;
      loss -= weights[t] * (y * std::log(r) + (1.0 - y) * std::log(1.0 - r));
      if (raw > kMinProbability && raw < kMaxProbability)
        gR[t] = -weights[t] * (y / r - (1.0 - y) / (1.0 - r));
    }
    caches.push_back(c);
    state = c.out;
  }
  if (gradient) {
    State g;
    for (int t = caches.size() - 1; t >= 0; --t)
      g = backward(caches[t], g.stability, g.difficulty, gR[t], *gradient);
  }
  return loss;
}

}  // namespace precisionlab::quiz
