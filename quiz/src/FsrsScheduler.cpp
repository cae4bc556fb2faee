#include "quiz/FsrsScheduler.h"

#include <algorithm>
#include <cmath>

namespace precisionlab::quiz {
namespace {

constexpr double kStabilityMin = 0.001;
constexpr double kMinDifficulty = 1.0;
constexpr double kMaxDifficulty = 10.0;

// Python's timedelta.days: whole days, rounded toward minus infinity.
qint64 wholeDays(qint64 ms) {
  qint64 d = ms / FsrsScheduler::kDayMs;
  if (ms % FsrsScheduler::kDayMs != 0 && ms < 0) --d;
  return d;
}

double clampStability(double s) { return std::max(s, kStabilityMin); }
double clampDifficulty(double d) { return std::clamp(d, kMinDifficulty, kMaxDifficulty); }
int value(FsrsRating r) { return static_cast<int>(r); }

}  // namespace

FsrsScheduler::Weights FsrsScheduler::defaultWeights() {
  return {0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,  1.8722, 0.1666, 0.796,
          1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};
}

FsrsScheduler::FsrsScheduler(Parameters parameters) : m_p(std::move(parameters)) {
  m_decay = -m_p.w[20];
  m_factor = std::pow(0.9, 1.0 / m_decay) - 1.0;
}

FsrsRating FsrsScheduler::ratingFor(bool correct, Confidence confidence, qint64 timeTakenMs,
                                    qint64 slowMs) {
  if (!correct) return FsrsRating::Again;
  int rating = value(FsrsRating::Good);
  if (confidence == Confidence::Sure) rating = value(FsrsRating::Easy);
  if (confidence == Confidence::Guess) rating = value(FsrsRating::Hard);
  if (slowMs > 0 && timeTakenMs > slowMs) rating = std::max(value(FsrsRating::Hard), rating - 1);
  return static_cast<FsrsRating>(rating);
}

int FsrsScheduler::elapsedDays(qint64 fromMs, qint64 toMs) const {
  if (m_p.days) return m_p.days->daysBetween(fromMs, toMs);
  return static_cast<int>(std::max<qint64>(0, wholeDays(toMs - fromMs)));
}

qint64 FsrsScheduler::dueAfterDays(qint64 nowMs, int days) const {
  if (m_p.days) return m_p.days->startOfDayAfter(nowMs, days);
  return nowMs + days * kDayMs;
}

double FsrsScheduler::retrievability(const FsrsCard& card, qint64 nowMs) const {
  if (card.lastReviewMs == 0 || card.stability <= 0.0) return 0.0;
  const double elapsed = static_cast<double>(elapsedDays(card.lastReviewMs, nowMs));
  return std::pow(1.0 + m_factor * elapsed / card.stability, m_decay);
}

int FsrsScheduler::nextIntervalDays(double stability) const {
  const double days =
      (stability / m_factor) * (std::pow(m_p.desiredRetention, 1.0 / m_decay) - 1.0);
  // Python's round(): half to even, which is nearbyint under the default rounding mode.
  const double rounded = std::nearbyint(days);
  return static_cast<int>(std::clamp(rounded, 1.0, static_cast<double>(m_p.maximumIntervalDays)));
}

double FsrsScheduler::initialStability(FsrsRating rating) const {
  return clampStability(m_p.w[value(rating) - 1]);
}

double FsrsScheduler::initialDifficulty(FsrsRating rating, bool clamp) const {
  const double d = m_p.w[4] - std::exp(m_p.w[5] * (value(rating) - 1)) + 1.0;
  return clamp ? clampDifficulty(d) : d;
}

double FsrsScheduler::shortTermStability(double stability, FsrsRating rating) const {
  double increase =
      std::exp(m_p.w[17] * (value(rating) - 3 + m_p.w[18])) * std::pow(stability, -m_p.w[19]);
  if (rating != FsrsRating::Again) increase = std::max(increase, 1.0);
  return clampStability(stability * increase);
}

double FsrsScheduler::nextDifficulty(double difficulty, FsrsRating rating) const {
  const double target = initialDifficulty(FsrsRating::Easy, false);
  const double delta = -(m_p.w[6] * (value(rating) - 3));
  const double damped = difficulty + (10.0 - difficulty) * delta / 9.0;   // linear damping
  return clampDifficulty(m_p.w[7] * target + (1.0 - m_p.w[7]) * damped);  // mean reversion
}

double FsrsScheduler::nextStability(double difficulty, double stability, double r,
                                    FsrsRating rating) const {
  const auto& w = m_p.w;
  double next = 0.0;
  if (rating == FsrsRating::Again) {
    const double longTerm = w[11] * std::pow(difficulty, -w[12]) *
                            (std::pow(stability + 1.0, w[13]) - 1.0) * std::exp((1.0 - r) * w[14]);
    const double shortTerm = stability / std::exp(w[17] * w[18]);
    next = std::min(longTerm, shortTerm);
  } else {
    const double hardPenalty = rating == FsrsRating::Hard ? w[15] : 1.0;
    const double easyBonus = rating == FsrsRating::Easy ? w[16] : 1.0;
    next = stability * (1.0 + std::exp(w[8]) * (11.0 - difficulty) * std::pow(stability, -w[9]) *
                                  (std::exp((1.0 - r) * w[10]) - 1.0) * hardPenalty * easyBonus);
  }
  return clampStability(next);
}

qint64 FsrsScheduler::stepDue(qint64 nowMs, FsrsCard& card, FsrsRating rating,
                              const QVector<qint64>& steps) const {
  const auto graduate = [&] {
    card.state = FsrsState::Review;
    card.step = -1;
    return dueAfterDays(nowMs, nextIntervalDays(card.stability));
  };
  if (steps.isEmpty() || (card.step >= steps.size() && rating != FsrsRating::Again))
    return graduate();
  switch (rating) {
    case FsrsRating::Again:
      card.step = 0;
      return nowMs + steps.at(0);
    case FsrsRating::Hard:  // the step stays
      if (card.step == 0 && steps.size() == 1) return nowMs + steps.at(0) * 3 / 2;
      if (card.step == 0) return nowMs + (steps.at(0) + steps.at(1)) / 2;
      return nowMs + steps.at(card.step);
    case FsrsRating::Good:
      if (card.step + 1 == steps.size()) return graduate();
      card.step += 1;
      return nowMs + steps.at(card.step);
    case FsrsRating::Easy:
      return graduate();
  }
  return graduate();
}

FsrsCard FsrsScheduler::review(FsrsCard card, FsrsRating rating, qint64 nowMs) const {
  const bool reviewedBefore = card.lastReviewMs != 0 && card.state != FsrsState::New;
  const bool sameDay = reviewedBefore && elapsedDays(card.lastReviewMs, nowMs) < 1;
  qint64 dueMs = 0;

  if (card.state == FsrsState::New) {
    card.state = FsrsState::Learning;
    card.step = 0;
    card.stability = initialStability(rating);
    card.difficulty = initialDifficulty(rating, true);
  } else {
    const double r = retrievability(card, nowMs);
    card.stability = sameDay ? shortTermStability(card.stability, rating)
                             : nextStability(card.difficulty, card.stability, r, rating);
    card.difficulty = nextDifficulty(card.difficulty, rating);
  }

  switch (card.state) {
    case FsrsState::New:  // handled above: a new card is now Learning
    case FsrsState::Learning:
      dueMs = stepDue(nowMs, card, rating, m_p.learningStepsMs);
      break;
    case FsrsState::Review:
      if (rating == FsrsRating::Again && !m_p.relearningStepsMs.isEmpty()) {
        card.state = FsrsState::Relearning;
        card.step = 0;
        dueMs = nowMs + m_p.relearningStepsMs.at(0);
      } else {
        dueMs = dueAfterDays(nowMs, nextIntervalDays(card.stability));
      }
      break;
    case FsrsState::Relearning:
      dueMs = stepDue(nowMs, card, rating, m_p.relearningStepsMs);
      break;
  }
  card.dueMs = dueMs;
  card.lastReviewMs = nowMs;
  return card;
}

}  // namespace precisionlab::quiz
