#include "quiz/ExamReadiness.h"

#include "quiz/ExamDate.h"
#include "quiz/FsrsItems.h"
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

// One simulated future of one question until the exam: its expected chance of a right answer
// then. `card` is the app's schedule now (state New for a question never answered).
double followSchedule(const FsrsModel& model, const FsrsScheduler& scheduler, FsrsCard card,
                      History h, const Habits& habits, qint64 nowMs, qint64 examMs,
                      std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  qint64 next = card.state == FsrsState::New ? nowMs + kDayMs : std::max(card.dueMs, nowMs);
  int n = h.reviews.size();
  for (int guard = 0; next <= examMs && guard < 1000; ++guard) {
    int rating = 0;
    int deltaT = 0;
    if (n == 0) {
      rating = uniform(rng) < habits.firstRight ? 2 + draw(rng, habits.firstRating + 1, 3) : 1;
    } else {
      deltaT = FsrsItems::wholeDays(h.lastMs, next);
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
  return model.recall(FsrsItems::wholeDays(h.lastMs, examMs), clampS(h.memory.stability));
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
                             const FsrsModel& model, const Habits& habits) {
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
      const int deltaT = h.reviews.isEmpty() ? 0 : FsrsItems::wholeDays(h.lastMs, a.timeMs);
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
ObjectiveReadiness summary(const QString& name, const QVector<int>& members,
                           const QVector<History>& history, const QVector<double>& stopNow,
                           const QVector<QVector<double>>& follow) {
  ObjectiveReadiness o;
  o.objective = name;
  o.questions = members.size();
  const int runs = follow.isEmpty() ? 1 : follow.front().size();
  QVector<double> pStop, pFollow, runStop(1, 0.0), runFollow(runs, 0.0);
  for (int i : members) {
    o.answered += history[i].reviews.isEmpty() ? 0 : 1;
    pStop << stopNow[i];
    runStop[0] += stopNow[i] / members.size();
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

}  // namespace

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
  r.daysToExam = static_cast<int>((in.examMs - in.nowMs + kDayMs - 1) / kDayMs);
  QHash<QString, int> index;
  for (int i = 0; i < in.questions.size(); ++i) index.insert(in.questions[i].id, i);
  QMap<QString, QVector<Attempt>> byQuestion;
  for (const Attempt& a : in.attempts)
    if (index.contains(a.questionId) && a.timeMs <= in.nowMs) byQuestion[a.questionId] << a;
  for (QVector<Attempt>& list : byQuestion)
    std::stable_sort(list.begin(), list.end(),
                     [](const Attempt& a, const Attempt& b) { return a.timeMs < b.timeMs; });
  const Habits habits = habitsOf(byQuestion);
  r.firstAnswerShare = habits.firstRight;
  const FsrsModel model(in.weights);
  FsrsScheduler::Parameters sp;
  sp.w = in.weights;
  const FsrsScheduler scheduler(sp);

  // Memory now, and the chance of a right answer on the exam day if studying stops now.
  const int n = in.questions.size();
  QVector<History> history(n);
  QVector<double> stopNow(n, habits.firstRight);
  for (auto it = byQuestion.cbegin(); it != byQuestion.cend(); ++it) {
    History& h = history[index.value(it.key())];
    for (const Attempt& a : it.value()) {
      const int deltaT = h.reviews.isEmpty() ? 0 : FsrsItems::wholeDays(h.lastMs, a.timeMs);
      h.memory = model.step(h.memory, deltaT, fsrsRating(a), h.reviews.size());
      h.reviews.push_back({fsrsRating(a), deltaT});
      h.lastMs = a.timeMs;
    }
    stopNow[index.value(it.key())] =
        model.recall(FsrsItems::wholeDays(h.lastMs, in.examMs), clampS(h.memory.stability));
  }
  QVector<FsrsCard> cards(n);
  QVector<qint64> due(n, 0);
  for (const ReviewState& s : in.states)
    if (index.contains(s.questionId)) {
      cards[index.value(s.questionId)] = s.fsrs;
      due[index.value(s.questionId)] = s.fsrs.dueMs;
    }
  for (int i = 0; i < n; ++i)  // a question answered but never scheduled (an old file): due now
    if (!history[i].reviews.isEmpty() && cards[i].state == FsrsState::New) {
      cards[i].state = FsrsState::Review;
      cards[i].dueMs = in.nowMs;
      cards[i].lastReviewMs = history[i].lastMs;
    }

  // Following the schedule: `runs` futures of every question.
  std::mt19937_64 rng(in.seed);
  const int runs = std::max(1, in.runs);
  QVector<QVector<double>> follow(n, QVector<double>(runs, 0.0));
  for (int run = 0; run < runs; ++run)
    for (int i = 0; i < n; ++i) {
      // The app's schedule card decides when (as the app will); the replayed memory, under the
      // profile's parameters, decides what is recalled.
      follow[i][run] =
          followSchedule(model, scheduler, cards[i], history[i], habits, in.nowMs, in.examMs, rng);
    }

  // Shares per group: the whole bank, then each sub-objective.
  QMap<QString, QVector<int>> groups;
  for (int i = 0; i < n; ++i)
    for (const QString& o : in.questions[i].objectives) groups[o] << i;
  const auto summarise = [&](const QString& name, const QVector<int>& members) {
    return summary(name, members, history, stopNow, follow);
  };
  QVector<int> all;  // appended: GCC 14 misread QVector<int>(n) as a memset of 2^64 bytes
  for (int i = 0; i < n; ++i) all << i;
  r.overall = summarise(QString(), all);
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
      r.thisWeek << ReviewSuggestion{in.questions[i].id, due[i], stopNow[i]};
  std::sort(r.thisWeek.begin(), r.thisWeek.end(),
            [](const ReviewSuggestion& a, const ReviewSuggestion& b) {
              return a.recallAtExam != b.recallAtExam ? a.recallAtExam < b.recallAtExam
                                                      : a.questionId < b.questionId;
            });
  if (r.thisWeek.size() > 10) r.thisWeek.resize(10);

  r.lastExam = lastSitting(byQuestion, model, habits);
  r.ok = true;
  return r;
}

}  // namespace precisionlab::quiz
