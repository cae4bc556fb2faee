#include "quiz/ExamReadiness.h"

#include "quiz/ExamDate.h"
#include "quiz/FsrsItems.h"
#include "quiz/FsrsPosterior.h"
#include "quiz/FsrsScheduler.h"

#include <QDateTime>
#include <QHash>
#include <QMap>
#include <algorithm>
#include <cmath>
#include <random>

namespace precisionlab::quiz {
namespace {

constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
constexpr double kZ90 = 1.6448536269514722;  // two-sided 90 %

struct History {
  QVector<FsrsReview> reviews;
  qint64 lastMs = 0;
  FsrsModel::State memory;
};

double clampS(double s) {
  return std::clamp(s, FsrsModel::kMinStability, FsrsModel::kMaxStability);
}

// The learner's habits: right first answers, and the ratings of first answers and of recalls.
struct Habits {
  double firstRight = 0.5;
  int firsts = 0, firstsRight = 0;                     // first answers, and right ones
  double firstRating[4] = {0.25, 0.25, 0.25, 0.25};    // Again..Easy
  double passRating[3] = {1.0 / 3, 1.0 / 3, 1.0 / 3};  // Hard..Easy
};

Habits habitsOf(const QMap<QString, QVector<Attempt>>& byQuestion) {
  Habits h;
  double first[4] = {1, 1, 1, 1}, pass[3] = {1, 1, 1};
  int firsts = 0, right = 0;
  for (const QVector<Attempt>& list : byQuestion) {
    for (int i = 0; i < list.size(); ++i) {
      const int r = fsrsRating(list[i]);
      if (i == 0) {
        ++firsts;
        right += r > 1 ? 1 : 0;
        first[r - 1] += 1;
      }
      if (r > 1) pass[r - 2] += 1;
    }
  }
  h.firstRight = (right + 1.0) / (firsts + 2.0);
  h.firsts = firsts;
  h.firstsRight = right;
  const double f = first[0] + first[1] + first[2] + first[3], p = pass[0] + pass[1] + pass[2];
  for (int i = 0; i < 4; ++i) h.firstRating[i] = first[i] / f;
  for (int i = 0; i < 3; ++i) h.passRating[i] = pass[i] / p;
  return h;
}

int draw(std::mt19937_64& rng, const double* shares, int n) {
  const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    sum += shares[i];
    if (u < sum) return i;
  }
  return n - 1;
}

// The share of right first answers as uncertain as its count: Beta(right + 1, wrong + 1), the
// posterior of a uniform prior (its mean is the Laplace-smoothed share above).
double drawFirstRight(const Habits& h, std::mt19937_64& rng) {
  std::gamma_distribution<double> a(h.firstsRight + 1.0, 1.0),
      b(h.firsts - h.firstsRight + 1.0, 1.0);
  const double x = a(rng), y = b(rng);
  return x + y > 0.0 ? x / (x + y) : h.firstRight;
}

// One simulated future of one question until the exam: its expected chance of a right answer
// then. `card` is the app's schedule now (state New for a question never answered).
double followSchedule(const FsrsModel& model, const FsrsScheduler& scheduler, FsrsCard card,
                      History h, const Habits& habits, const DayClock& days, qint64 nowMs,
                      qint64 examMs, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  qint64 next =
      card.state == FsrsState::New ? days.startOfDayAfter(nowMs, 1) : std::max(card.dueMs, nowMs);
  int n = h.reviews.size();
  for (int guard = 0; next <= examMs && guard < 1000; ++guard) {
    int rating = 0;
    int deltaT = 0;
    if (n == 0) {
      rating = uniform(rng) < habits.firstRight ? 2 + draw(rng, habits.firstRating + 1, 3) : 1;
    } else {
      deltaT = days.daysBetween(h.lastMs, next);
      const double p = model.recall(deltaT, clampS(h.memory.stability));
      rating = uniform(rng) < p ? 2 + draw(rng, habits.passRating, 3) : 1;
    }
    h.memory = model.step(h.memory, deltaT, rating, n);
    card = scheduler.review(card, static_cast<FsrsRating>(rating), next);
    h.lastMs = next;
    ++n;
    next = card.dueMs;
  }
  if (n == 0) return habits.firstRight;
  return model.recall(days.daysBetween(h.lastMs, examMs), clampS(h.memory.stability));
}

ReadinessShare shareOf(const QVector<double>& runMeans, const QVector<double>& p) {
  ReadinessShare s;
  if (p.isEmpty()) return s;
  double mean = 0.0, spread = 0.0, binomial = 0.0;
  for (double m : runMeans) mean += m / runMeans.size();
  for (double m : runMeans)
    spread += (m - mean) * (m - mean) / std::max(1, int(runMeans.size()) - 1);
  for (double x : p) binomial += x * (1.0 - x);
  binomial /= double(p.size()) * p.size();
  const double sd = std::sqrt(spread + binomial);
  s.share = mean;
  s.low = std::max(0.0, mean - kZ90 * sd);
  s.high = std::min(1.0, mean + kZ90 * sd);
  return s;
}

// The last exam sitting against the model: each exam answer's predicted chance from the answers
// before it (the profile's parameters as they are now).
ExamSittingCheck lastSitting(const QMap<QString, QVector<Attempt>>& byQuestion,
                             const FsrsModel& model, const Habits& habits, const DayClock& days) {
  ExamSittingCheck check;
  qint64 lastExam = 0;
  for (const QVector<Attempt>& list : byQuestion)
    for (const Attempt& a : list)
      if (a.mode == QuizMode::Exam) lastExam = std::max(lastExam, a.timeMs);
  if (lastExam == 0) return check;
  check.lastMs = lastExam;
  for (const QVector<Attempt>& list : byQuestion) {
    History h;
    for (const Attempt& a : list) {
      const int deltaT = h.reviews.isEmpty() ? 0 : days.daysBetween(h.lastMs, a.timeMs);
      if (a.mode == QuizMode::Exam && a.timeMs >= lastExam - 3 * 3600 * 1000LL) {
        ++check.answers;
        check.correct += a.correct ? 1 : 0;
        check.predicted += h.reviews.isEmpty() ? habits.firstRight
                                               : model.recall(deltaT, clampS(h.memory.stability));
      }
      h.memory = model.step(h.memory, deltaT, fsrsRating(a), h.reviews.size());
      h.reviews.push_back({fsrsRating(a), deltaT});
      h.lastMs = a.timeMs;
    }
  }
  check.predicted /= std::max(1, check.answers);
  return check;
}

// One group's shares: its questions' chances if studying stops, and per simulated future.
// `stopNow` and `follow`: per question, one chance per parameter set and per simulated run.
ObjectiveReadiness summary(const QString& name, const QVector<int>& members,
                           const QVector<History>& history, const QVector<QVector<double>>& stopNow,
                           const QVector<QVector<double>>& follow) {
  ObjectiveReadiness o;
  o.objective = name;
  o.questions = members.size();
  const int runs = follow.isEmpty() ? 1 : follow.front().size();
  const int sets = stopNow.isEmpty() ? 1 : stopNow.front().size();
  QVector<double> pStop, pFollow, runStop(sets, 0.0), runFollow(runs, 0.0);
  for (int i : members) {
    o.answered += history[i].reviews.isEmpty() ? 0 : 1;
    double stop = 0.0;
    for (int k = 0; k < sets; ++k) {
      runStop[k] += stopNow[i][k] / members.size();
      stop += stopNow[i][k] / sets;
    }
    pStop << stop;
    double mean = 0.0;
    for (int run = 0; run < runs; ++run) {
      runFollow[run] += follow[i][run] / members.size();
      mean += follow[i][run] / runs;
    }
    pFollow << mean;
  }
  o.stopNow = shareOf(runStop, pStop);
  o.followSchedule = shareOf(runFollow, pFollow);
  return o;
}

// The regularized incomplete beta function I_x(a, b) (Numerical Recipes' continued fraction,
// Lentz's method), for the Beta posterior's quantiles.
double betaContinuedFraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
  if (std::abs(d) < kTiny) d = kTiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 300; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
    d = 1.0 + aa * d;
    d = std::abs(d) < kTiny ? 1.0 / kTiny : 1.0 / d;
    c = 1.0 + aa / c;
    if (std::abs(c) < kTiny) c = kTiny;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
    d = 1.0 + aa * d;
    d = std::abs(d) < kTiny ? 1.0 / kTiny : 1.0 / d;
    c = 1.0 + aa / c;
    if (std::abs(c) < kTiny) c = kTiny;
    const double step = d * c;
    h *= step;
    if (std::abs(step - 1.0) < 1e-12) break;
  }
  return h;
}

double regularizedBeta(double a, double b, double x) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                a * std::log(x) + b * std::log1p(-x));
  return x < (a + 1.0) / (a + b + 2.0) ? front * betaContinuedFraction(a, b, x) / a
                                       : 1.0 - front * betaContinuedFraction(b, a, 1.0 - x) / b;
}

double betaQuantile(double a, double b, double q) {
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = (lo + hi) / 2;
    (regularizedBeta(a, b, mid) < q ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// The model's share and the answers' blended with the model's weight, range end by end.
ReadinessShare blend(const ReadinessShare& model, const ReadinessShare& answers, double weight) {
  const auto mix = [weight](double m, double a) { return weight * m + (1.0 - weight) * a; };
  return {mix(model.share, answers.share), mix(model.low, answers.low),
          mix(model.high, answers.high)};
}

}  // namespace

ReadinessShare ExamReadiness::answeredShare(int right, int answers, double priorMean,
                                            double priorStrength) {
  const double mean = std::clamp(priorMean, 0.01, 0.99), strength = std::max(0.1, priorStrength);
  const double a = std::max(0, right) + strength * mean,
               b = std::max(0, answers - right) + strength * (1.0 - mean);
  const double tail = (1.0 - 0.90) / 2;
  return {a / (a + b), betaQuantile(a, b, tail), betaQuantile(a, b, 1.0 - tail)};
}

ReadinessReport ExamReadiness::predict(const ReadinessInput& in) {
  ReadinessReport r;
  r.nowMs = in.nowMs;
  r.examMs = in.examMs;
  // Local days, as the exam date is given (ExamDate.h): the front ends check the date first and
  // say where it came from; this keeps every caller within the simulated horizon.
  const QDate today = QDateTime::fromMSecsSinceEpoch(in.nowMs).date();
  const QDate examDay = QDateTime::fromMSecsSinceEpoch(in.examMs).date();
  if (in.examMs <= in.nowMs) {
    r.message = QStringLiteral(
                    "The exam date %1 is not after now (%2): set an exam date in the "
                    "future to see your readiness.")
                    .arg(examDay.toString(Qt::ISODate), today.toString(Qt::ISODate));
    return r;
  }
  // Compared in milliseconds: a time past QDateTime's range has no valid date to compare.
  if (in.examMs >= ExamDate::latest(today).addDays(1).startOfDay().toMSecsSinceEpoch()) {
    r.message =
        QStringLiteral(
            "The exam date %1 is more than %2 years after today (%3): readiness "
            "simulates at most %2 years of study; set an exam date no later than %4.")
            .arg(examDay.toString(Qt::ISODate))
            .arg(ExamDate::kMaxYearsAhead)
            .arg(today.toString(Qt::ISODate), ExamDate::latest(today).toString(Qt::ISODate));
    return r;
  }
  const DayClock& days = in.days;
  r.daysToExam = static_cast<int>(days.day(in.examMs) - days.day(in.nowMs));
  QHash<QString, int> index;
  for (int i = 0; i < in.questions.size(); ++i) index.insert(in.questions[i].id, i);
  QMap<QString, QVector<Attempt>> byQuestion;
  for (const Attempt& a : in.attempts)
    if (index.contains(a.questionId) && a.timeMs <= in.nowMs) byQuestion[a.questionId] << a;
  for (QVector<Attempt>& list : byQuestion) {
    std::stable_sort(list.begin(), list.end(),
                     [](const Attempt& a, const Attempt& b) { return a.timeMs < b.timeMs; });
    r.answers += list.size();
  }
  r.fitted = in.fitted;
  r.evidenceIsThin = !in.fitted || r.answers < kThinAnswers;
  const Habits habits = habitsOf(byQuestion);
  r.firstAnswerShare = habits.firstRight;
  const FsrsModel model(in.weights);
  FsrsScheduler::Parameters sp;
  sp.w = in.weights;
  sp.days = days;
  const FsrsScheduler scheduler(sp);  // the app schedules by the parameters in use

  // The parameter sets the learner's memory may follow, and a share of right first answers
  // for each (the first set: the parameters in use and the smoothed share).
  std::mt19937_64 rng(in.seed);
  const QVector<FsrsModel::Weights> sets = FsrsPosterior::draws(
      in.weights, in.fitted, in.items, std::max(1, in.parameterDraws), in.seed * 7919 + 1);
  const int k = sets.size();
  QVector<FsrsModel> models;
  QVector<Habits> habitSets(k, habits);
  for (int s = 0; s < k; ++s) {
    models << FsrsModel(sets[s]);
    if (s > 0) habitSets[s].firstRight = drawFirstRight(habits, rng);
  }

  // Memory now under each set, and the chance of a right answer on the exam day if studying
  // stops now.
  const int n = in.questions.size();
  QVector<History> history(n);
  QVector<QVector<FsrsModel::State>> memory(n, QVector<FsrsModel::State>(k));
  QVector<QVector<double>> stopNow(n, QVector<double>(k, 0.0));
  for (int i = 0; i < n; ++i)
    for (int s = 0; s < k; ++s) stopNow[i][s] = habitSets[s].firstRight;
  for (auto it = byQuestion.cbegin(); it != byQuestion.cend(); ++it) {
    const int i = index.value(it.key());
    History& h = history[i];
    for (const Attempt& a : it.value()) {
      const int deltaT = h.reviews.isEmpty() ? 0 : days.daysBetween(h.lastMs, a.timeMs);
      for (int s = 0; s < k; ++s)
        memory[i][s] = models[s].step(memory[i][s], deltaT, fsrsRating(a), h.reviews.size());
      h.reviews.push_back({fsrsRating(a), deltaT});
      h.lastMs = a.timeMs;
    }
    h.memory = memory[i][0];
    const int toExam = days.daysBetween(h.lastMs, in.examMs);
    for (int s = 0; s < k; ++s)
      stopNow[i][s] = models[s].recall(toExam, clampS(memory[i][s].stability));
  }
  QVector<FsrsCard> cards(n);
  QVector<qint64> due(n, 0);
  for (const ReviewState& st : in.states)
    if (index.contains(st.questionId)) {
      cards[index.value(st.questionId)] = st.fsrs;
      due[index.value(st.questionId)] = st.fsrs.dueMs;
    }
  for (int i = 0; i < n; ++i)  // a question answered but never scheduled (an old file): due now
    if (!history[i].reviews.isEmpty() && cards[i].state == FsrsState::New) {
      cards[i].state = FsrsState::Review;
      cards[i].dueMs = in.nowMs;
      cards[i].lastReviewMs = history[i].lastMs;
    }

  // Following the schedule: `runs` futures of every question, run r under parameter set r % k.
  const int runs = std::max(1, in.runs);
  QVector<QVector<double>> follow(n, QVector<double>(runs, 0.0));
  for (int run = 0; run < runs; ++run) {
    const int s = run % k;
    for (int i = 0; i < n; ++i) {
      // The app's schedule card decides when (as the app will); the replayed memory, under
      // this parameter set, decides what is recalled.
      History h = history[i];
      h.memory = memory[i][s];
      follow[i][run] = followSchedule(models[s], scheduler, cards[i], h, habitSets[s], days,
                                      in.nowMs, in.examMs, rng);
    }
  }
  QVector<double> stopMean(n, 0.0);  // per question, over the parameter sets
  for (int i = 0; i < n; ++i)
    for (int s = 0; s < k; ++s) stopMean[i] += stopNow[i][s] / k;

  // Shares per group: the whole bank, then each sub-objective.
  QMap<QString, QVector<int>> groups;
  for (int i = 0; i < n; ++i)
    for (const QString& o : in.questions[i].objectives) groups[o] << i;
  // The answers' share per question (every answer), and the model's weight in the blend.
  QVector<int> attemptsOf(n, 0), rightOf(n, 0);
  for (auto it = byQuestion.cbegin(); it != byQuestion.cend(); ++it)
    for (const Attempt& a : it.value()) {
      ++attemptsOf[index.value(it.key())];
      rightOf[index.value(it.key())] += a.correct ? 1 : 0;
      r.right += a.correct ? 1 : 0;
    }
  r.modelWeight = modelWeight(r.answers, in.fitted);
  double bankShare = 0.5;  // the whole bank's share: the sub-objectives' prior mean
  const auto summarise = [&](const QString& name, const QVector<int>& members) {
    ObjectiveReadiness o = summary(name, members, history, stopNow, follow);
    for (int i : members) {
      o.attempts += attemptsOf[i];
      o.right += rightOf[i];
    }
    o.evidence = name.isEmpty() ? answeredShare(o.right, o.attempts)
                                : answeredShare(o.right, o.attempts, bankShare);
    o.stopNow = blend(o.stopNow, o.evidence, r.modelWeight);
    o.followSchedule = blend(o.followSchedule, o.evidence, r.modelWeight);
    return o;
  };
  QVector<int> all;  // appended: GCC 14 misread QVector<int>(n) as a memset of 2^64 bytes
  for (int i = 0; i < n; ++i) all << i;
  r.overall = summarise(QString(), all);
  bankShare = r.overall.evidence.share;
  for (auto it = groups.cbegin(); it != groups.cend(); ++it)
    r.objectives << summarise(it.key(), it.value());
  // The weakest: the lowest share if studying stops, among sub-objectives with 3 or more
  // answered questions (fewer say too little), when there are two such to compare.
  QVector<const ObjectiveReadiness*> candidates;
  for (const ObjectiveReadiness& o : r.objectives)
    if (o.answered >= 3) candidates << &o;
  if (candidates.size() >= 2)
    r.weakest = (*std::min_element(candidates.begin(), candidates.end(),
                                   [](const ObjectiveReadiness* a, const ObjectiveReadiness* b) {
                                     return a->stopNow.share < b->stopNow.share;
                                   }))
                    ->objective;

  // Answered questions due within a week, the least likely to be remembered first.
  for (int i = 0; i < n; ++i)
    if (!history[i].reviews.isEmpty() && due[i] > 0 && due[i] <= in.nowMs + 7 * kDayMs)
      r.thisWeek << ReviewSuggestion{in.questions[i].id, due[i], stopMean[i]};
  std::sort(r.thisWeek.begin(), r.thisWeek.end(),
            [](const ReviewSuggestion& a, const ReviewSuggestion& b) {
              return a.recallAtExam != b.recallAtExam ? a.recallAtExam < b.recallAtExam
                                                      : a.questionId < b.questionId;
            });
  if (r.thisWeek.size() > 10) r.thisWeek.resize(10);

  r.lastExam = lastSitting(byQuestion, model, habits, days);
  r.ok = true;
  return r;
}

}  // namespace precisionlab::quiz

namespace precisionlab::quiz {

void ExamReadiness::fill(ReadinessInput* in, const QString& bankId,
                         const QVector<Attempt>& allAttempts, const QVector<ReviewState>& states,
                         const FsrsParameters& parameters, const DayClock& days) {
  QVector<FsrsRevlogEntry> log;
  QHash<QString, qint64> cards;  // bank + question -> card, as ProgressDatabase::reviewLog
  for (const Attempt& a : allAttempts) {
    if (a.bankId == bankId) in->attempts << a;
    const QString key = a.bankId + QLatin1Char('\n') + a.questionId;
    const qint64 card = cards.value(key, cards.size() + 1);
    cards.insert(key, card);
    log.push_back({card, a.timeMs, fsrsRating(a)});
  }
  in->states = states;
  in->weights = parameters.weights;
  in->fitted = parameters.optimized && parameters.outcome != QStringLiteral("too-few-reviews") &&
               parameters.weights != FsrsModel::defaultWeights();
  in->items = FsrsItems::forTraining(log, days);
  in->days = days;
}

}  // namespace precisionlab::quiz
