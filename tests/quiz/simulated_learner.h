// A simulated learner for the FSRS optimizer tests: a seeded review log of a learner whose memory
// follows FSRS-6 with known parameters (FsrsModel), studying a bank every day as this app
// schedules it (FsrsScheduler with the default parameters: learning steps, due days, the
// learner's days: Learner::days, a day starting at 4 a.m.). Each day starts with the due
// questions, then up to `newPerDay` new ones; learning steps come back the same day. Recall is
// drawn with the true model's probability after the learner's days (as Anki and fsrs-rs count
// them); a recalled answer is rated Hard, Good or Easy with fixed shares (as the app's confidence
// picker would give), a forgotten one Again. Times of day: by default every session starts at
// 08:00 UTC; with `realisticTimes` a day's session starts at a random local time between 08:00
// and 21:00 in the learner's zone and runs until the due cards are done or 23:59 (issue 46: a
// learner's real log, not timestamps aligned to whole days). Same seed, same log.
#pragma once

#include "quiz/FsrsItems.h"
#include "quiz/FsrsModel.h"
#include "quiz/FsrsScheduler.h"

#include <QVector>
#include <algorithm>
#include <map>
#include <random>

namespace simulated_learner {

using precisionlab::quiz::FsrsCard;
using precisionlab::quiz::FsrsModel;
using precisionlab::quiz::FsrsRating;
using precisionlab::quiz::FsrsRevlogEntry;
using precisionlab::quiz::FsrsScheduler;

constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
constexpr qint64 kStartMs = 1'767'225'600'000LL;  // 2026-01-01T00:00:00Z

struct Learner {
  precisionlab::quiz::DayClock days;  // UTC, 4 a.m. unless set
  bool realisticTimes = false;
  FsrsModel::Weights truth = FsrsModel::defaultWeights();
  int newPerDay = 12;
  int bankSize = 0;                                  // questions in the bank; 0 = no end
  double firstRating[4] = {0.25, 0.10, 0.50, 0.15};  // Again, Hard, Good, Easy on first sight
  double passRating[3] = {0.10, 0.75, 0.15};         // Hard, Good, Easy when recalled
};

// Parameters of a learner unlike the defaults (each parameter moved inside its bounds), one per
// seed, so that recovering them is a real test.
inline FsrsModel::Weights perturbedTruth(quint64 seed) {
  std::mt19937_64 rng(seed * 7919 + 17);
  std::uniform_real_distribution<double> factor(0.5, 2.0);
  FsrsModel::Weights w = FsrsModel::defaultWeights();
  for (int i = 0; i < FsrsModel::kParameterCount; ++i)
    if (i != 7) w[i] *= factor(rng);  // w7 (mean reversion) stays near its floor of 0.001
  std::sort(w.begin(), w.begin() + 4);
  return FsrsModel::clip(w);
}

// A simulated question at the end of a simulation: the app's schedule and the true memory.
struct Card {
  FsrsCard schedule;
  FsrsModel::State memory;
  qint64 lastMs = 0;
  int count = 0;
};

struct Simulation {
  QVector<FsrsRevlogEntry> log;
  std::map<qint64, Card> cards;  // by card id 1..n
  qint64 endMs = 0;              // midnight after the last day studied
};

// Studies day after day until `reviews` reviews are done (the day in progress is finished) or
// `days` days have passed (0: no limit); cards are numbered 1..n, n growing by newPerDay a day
// up to bankSize.
inline Simulation simulateStudy(const Learner& learner, int reviews, int days, quint64 seed) {
  FsrsScheduler::Parameters sp;
  sp.days = learner.days;
  const FsrsScheduler scheduler(sp);
  const precisionlab::quiz::DayClock& clock = learner.days;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const FsrsModel truth(learner.truth);
  Simulation sim;
  auto& cards = sim.cards;
  auto& log = sim.log;
  qint64 nextCard = 1;
  const auto draw = [&](const double* shares, int n) {
    double u = uniform(rng), sum = 0.0;
    for (int i = 0; i < n; ++i) {
      sum += shares[i];
      if (u < sum) return i;
    }
    return n - 1;
  };
  for (int day = 0; (reviews <= 0 || log.size() < reviews) && (days <= 0 || day < days); ++day) {
    qint64 dayStart = kStartMs + day * kDayMs + 8 * 3600 * 1000LL;  // study from 08:00
    qint64 dayEnd = kStartMs + (day + 1) * kDayMs;
    if (learner.realisticTimes) {  // local 08:00-21:00 start, until 23:59 local
      const qint64 midnight = clock.startOfDay(clock.day(kStartMs) + day) -
                              clock.rolloverHour() * 3600 * 1000LL;  // near local midnight
      const qint64 local8 = midnight + 8 * 3600 * 1000LL;
      dayStart = local8 + static_cast<qint64>(uniform(rng) * 13 * 3600 * 1000.0);
      dayEnd = local8 + 16 * 3600 * 1000LL - 60'000;
    }
    sim.endMs = dayEnd;
    for (int i = 0; i < learner.newPerDay; ++i)
      if (learner.bankSize <= 0 || nextCard <= learner.bankSize) cards[nextCard++] = Card{};
    qint64 now = dayStart;
    for (;;) {  // the card due first (new ones count as due at the start of their day)
      qint64 best = 0, bestDue = dayEnd;
      for (const auto& [id, c] : cards) {
        const qint64 due = c.count == 0 ? dayStart : c.schedule.dueMs;
        if (due < bestDue) bestDue = due, best = id;
      }
      if (best == 0) break;
      Card& c = cards[best];
      now = std::max(now, bestDue) + 20'000 + static_cast<qint64>(uniform(rng) * 40'000);
      if (now >= dayEnd) break;
      int rating = 0;
      if (c.count == 0) {
        rating = 1 + draw(learner.firstRating, 4);
      } else {
        const double elapsed = clock.daysBetween(c.lastMs, now);
        const double p = truth.recall(
            elapsed,
            std::clamp(c.memory.stability, FsrsModel::kMinStability, FsrsModel::kMaxStability));
        rating = uniform(rng) < p ? 2 + draw(learner.passRating, 3) : 1;
      }
      const double deltaT = c.count == 0 ? 0.0 : clock.daysBetween(c.lastMs, now);
      c.memory = truth.step(c.memory, deltaT, rating, c.count);
      c.schedule = scheduler.review(c.schedule, static_cast<FsrsRating>(rating), now);
      c.lastMs = now;
      ++c.count;
      log.push_back({best, now, rating});
    }
  }
  return sim;
}

// About `reviews` reviews over an endless bank.
inline QVector<FsrsRevlogEntry> simulate(const Learner& learner, int reviews, quint64 seed) {
  return simulateStudy(learner, reviews, 0, seed).log;
}

}  // namespace simulated_learner
