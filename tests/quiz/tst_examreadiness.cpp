// Exam readiness (quiz/ExamReadiness.h) against simulated learners whose true memory is known
// (tests/quiz/simulated_learner.h). Calibration (issue 46): 20 learners with parameters unlike
// the defaults study a 90-question bank (sub-objectives 3.1, 3.2, 3.3) for 45 days, 6 new
// questions a day, some 700-1,000 answers each; their parameters are fitted from their own answers
// (FsrsOptimizer, the app's path) and readiness is predicted for an exam 30 days later. The
// simulated truth: the expected share right on the exam day from the true memory, if studying stops
// (exact) and if the learner follows the app's schedule (200 simulated futures under the true
// memory and the learner's true rating habits). Checked: the truth inside the predicted 90 % range
// for at least 17 of the 20 learners (85 %), in both cases, and the mean |predicted - simulated|
// within 5 points, for the whole bank and for the sub-objectives. The range includes the
// uncertainty of the fitted parameters (FsrsPosterior); without it, these small logs put the truth
// outside the range for several learners (the run's report lists both). Also: few answers give a
// range as wide as learners differ (issue 45: 12 answers at 25 % right predicted 95 % (90-100 %)),
// the weakest sub-objective, this week's questions and the last exam sitting.
#include "quiz/ExamDate.h"
#include "quiz/ExamReadiness.h"
#include "quiz/FsrsOptimizer.h"
#include "simulated_learner.h"

#include <QDateTime>
#include <QTest>
#include <cmath>
#include <limits>
#include <random>

using namespace precisionlab::quiz;
using simulated_learner::kDayMs;

namespace {

constexpr int kBank = 90;
constexpr int kLearners = 20;

QString objectiveOf(qint64 card) { return QStringLiteral("3.%1").arg(1 + card % 3); }

ReadinessInput inputOf(const simulated_learner::Simulation& sim, const FsrsModel::Weights& w,
                       const DayClock& days = DayClock()) {
  ReadinessInput in;
  for (qint64 id = 1; id <= kBank; ++id)
    in.questions << ReadinessQuestion{QStringLiteral("q%1").arg(id), {objectiveOf(id)}};
  for (const FsrsRevlogEntry& e : sim.log) {
    Attempt a;
    a.timeMs = e.timeMs;
    a.questionId = QStringLiteral("q%1").arg(e.cardId);
    a.correct = e.rating > 1;
    a.confidence = e.rating == 2   ? Confidence::Guess
                   : e.rating == 4 ? Confidence::Sure
                                   : Confidence::Unsure;
    a.timeTakenMs = 12'000;
    a.log.rating = e.rating;
    in.attempts << a;
  }
  for (const auto& [id, card] : sim.cards) {
    ReviewState s;
    s.questionId = QStringLiteral("q%1").arg(id);
    s.fsrs = card.schedule;
    in.states << s;
  }
  in.weights = w;
  in.days = days;
  in.nowMs = sim.endMs;
  return in;
}

// The simulated truth for one group of cards: expected share right on the exam day.
struct Truth {
  double stopNow = 0, follow = 0;
};

Truth truthOf(const simulated_learner::Simulation& sim, const simulated_learner::Learner& learner,
              const FsrsModel::Weights& appWeights, qint64 examMs, int objective, quint64 seed) {
  const FsrsModel truth(learner.truth);
  FsrsScheduler::Parameters sp;
  sp.w = appWeights;  // the app schedules by the fitted parameters from now on
  sp.days = learner.days;
  const FsrsScheduler scheduler(sp);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const int runs = 200;
  Truth t;
  int n = 0;
  for (const auto& [id, c] : sim.cards) {
    if (objective > 0 && 1 + id % 3 != objective) continue;
    ++n;
    const auto recallAt = [&](const FsrsModel::State& m, qint64 last, qint64 at) {
      return truth.recall(
          learner.days.daysBetween(last, at),
          std::clamp(m.stability, FsrsModel::kMinStability, FsrsModel::kMaxStability));
    };
    t.stopNow += recallAt(c.memory, c.lastMs, examMs);
    double follow = 0.0;
    for (int run = 0; run < runs; ++run) {
      FsrsCard card = c.schedule;
      FsrsModel::State memory = c.memory;
      qint64 last = c.lastMs, next = std::max(card.dueMs, sim.endMs);
      int count = c.count;
      while (next <= examMs) {
        const int deltaT = learner.days.daysBetween(last, next);
        const bool recalled = uniform(rng) < recallAt(memory, last, next);
        int rating = 1;
        if (recalled) {
          const double u = uniform(rng);
          rating = u < learner.passRating[0]                           ? 2
                   : u < learner.passRating[0] + learner.passRating[1] ? 3
                                                                       : 4;
        }
        memory = truth.step(memory, deltaT, rating, count++);
        card = scheduler.review(card, static_cast<FsrsRating>(rating), next);
        last = next;
        next = card.dueMs;
      }
      follow += recallAt(memory, last, examMs) / runs;
    }
    t.follow += follow;
  }
  t.stopNow /= n;
  t.follow /= n;
  return t;
}

}  // namespace

class TestExamReadiness : public QObject {
  Q_OBJECT

 private slots:
  void calibratedAgainstSimulatedLearners() {
    // Per case (stop now, follow the schedule): learners whose truth is inside the range, and
    // |predicted - simulated| for the whole bank and for the sub-objectives.
    int inside[2] = {0, 0}, insideWithoutParameters[2] = {0, 0};
    QVector<double> overallErrors, objectiveErrors;
    for (int learnerIndex = 0; learnerIndex < kLearners; ++learnerIndex) {
      const quint64 seed = 101 + learnerIndex;
      simulated_learner::Learner learner;
      learner.truth = simulated_learner::perturbedTruth(seed);
      learner.bankSize = kBank;
      learner.newPerDay = 6;
      const simulated_learner::Simulation sim =
          simulated_learner::simulateStudy(learner, 0, 45, seed);
      QCOMPARE(int(sim.cards.size()), kBank);
      int reviews = 0;
      const QVector<FsrsItem> items = FsrsItems::forTraining(sim.log, learner.days, &reviews);
      const FsrsFit fit =
          FsrsOptimizer::fit(items, {}, nullptr, FsrsModel::defaultWeights(), reviews);
      QCOMPARE(fit.outcome, FsrsFit::Outcome::Fitted);
      ReadinessInput in = inputOf(sim, fit.weights, learner.days);
      in.fitted = true;
      in.items = items;
      in.examMs = learner.days.startOfDayAfter(sim.endMs, 30);
      in.seed = seed;
      const ReadinessReport r = ExamReadiness::predict(in);
      QVERIFY(r.ok);
      QCOMPARE(r.daysToExam, 30);
      QCOMPARE(r.objectives.size(), 3);
      QCOMPARE(r.overall.answered, kBank);
      QVERIFY(r.fitted && r.answers == reviews);
      ReadinessInput narrow = in;  // the same without the parameters' uncertainty
      narrow.parameterDraws = 1;
      const ReadinessReport without = ExamReadiness::predict(narrow);
      for (int objective = 0; objective <= 3; ++objective) {
        const ObjectiveReadiness& o = objective == 0 ? r.overall : r.objectives[objective - 1];
        const Truth t = truthOf(sim, learner, fit.weights, in.examMs, objective, seed * 100);
        const QString report =
            QStringLiteral(
                "learner %1, %2: stop now predicted %3 (%4-%5), simulated %6; follow "
                "predicted %7 (%8-%9), simulated %10; %11 reviews")
                .arg(seed)
                .arg(objective == 0 ? QStringLiteral("overall") : o.objective)
                .arg(o.stopNow.share, 0, 'f', 3)
                .arg(o.stopNow.low, 0, 'f', 3)
                .arg(o.stopNow.high, 0, 'f', 3)
                .arg(t.stopNow, 0, 'f', 3)
                .arg(o.followSchedule.share, 0, 'f', 3)
                .arg(o.followSchedule.low, 0, 'f', 3)
                .arg(o.followSchedule.high, 0, 'f', 3)
                .arg(t.follow, 0, 'f', 3)
                .arg(reviews);
        if (objective == 0) qInfo("%s", qPrintable(report));
        (objective == 0 ? overallErrors : objectiveErrors)
            << std::abs(o.stopNow.share - t.stopNow) << std::abs(o.followSchedule.share - t.follow);
        QVERIFY2(o.stopNow.low <= o.stopNow.share && o.stopNow.share <= o.stopNow.high,
                 qPrintable(report));
        QVERIFY2(o.followSchedule.low <= o.followSchedule.share &&
                     o.followSchedule.share <= o.followSchedule.high,
                 qPrintable(report));
        if (objective != 0) continue;
        const auto within = [](const ReadinessShare& s, double x) {
          return s.low <= x && x <= s.high;
        };
        inside[0] += within(o.stopNow, t.stopNow) ? 1 : 0;
        inside[1] += within(o.followSchedule, t.follow) ? 1 : 0;
        insideWithoutParameters[0] += within(without.overall.stopNow, t.stopNow) ? 1 : 0;
        insideWithoutParameters[1] += within(without.overall.followSchedule, t.follow) ? 1 : 0;
      }
    }
    qInfo(
        "truth inside the 90 %% range: stop now %d of %d, follow %d of %d (without the "
        "parameters' uncertainty: %d and %d)",
        inside[0], kLearners, inside[1], kLearners, insideWithoutParameters[0],
        insideWithoutParameters[1]);
    const int needed = (kLearners * 85 + 99) / 100;
    QVERIFY2(
        inside[0] >= needed && inside[1] >= needed,
        qPrintable(QStringLiteral("%1 and %2 of %3").arg(inside[0]).arg(inside[1]).arg(kLearners)));
    for (const QVector<double>* errors : {&overallErrors, &objectiveErrors}) {
      double mean = 0.0, worst = 0.0;
      for (double e : *errors) {
        mean += e / errors->size();
        worst = std::max(worst, e);
      }
      qInfo("%s: mean |predicted - simulated| %.4f, largest %.4f over %d shares",
            errors == &overallErrors ? "whole bank" : "sub-objectives", mean, worst,
            int(errors->size()));
      QVERIFY2(mean <= 0.05, qPrintable(QString::number(mean)));
    }
  }

  // Issue 45: after 12 answers at 25 % right (parameters never fitted), readiness said 95 %
  // (90-100 %). With so little known the range is as wide as learners differ, it says so, and
  // it narrows with a fitted log of hundreds of answers.
  void fewAnswersGiveAWideRange() {
    simulated_learner::Learner learner;
    learner.bankSize = kBank;
    learner.newPerDay = 12;
    learner.firstRating[0] = 0.75;  // 25 % right first
    learner.firstRating[1] = 0.05;
    learner.firstRating[2] = 0.15;
    learner.firstRating[3] = 0.05;
    simulated_learner::Simulation sim = simulated_learner::simulateStudy(learner, 12, 0, 3);
    sim.log.resize(12);
    for (int i = 0; i < sim.log.size(); ++i)  // exactly 3 of 12 right (1 in 4), Good when right
      sim.log[i].rating = i % 4 == 0 ? 3 : 1;
    ReadinessInput in = inputOf(sim, FsrsModel::defaultWeights());
    in.states.clear();  // the questions answered count as due now
    int right = 0;
    for (const Attempt& a : in.attempts) right += a.correct ? 1 : 0;
    in.fitted = false;
    in.items = FsrsItems::forTraining(sim.log, DayClock());
    in.examMs = DayClock().startOfDayAfter(sim.endMs, 30);
    const ReadinessReport few = ExamReadiness::predict(in);
    QVERIFY(few.ok);
    QCOMPARE(few.answers, 12);
    QVERIFY(few.evidenceIsThin && !few.fitted);
    const ReadinessShare& f = few.overall.followSchedule;
    const ReadinessShare& s = few.overall.stopNow;
    qInfo("12 answers, %d right: stop now %.3f (%.3f-%.3f), follow %.3f (%.3f-%.3f)", right,
          s.share, s.low, s.high, f.share, f.low, f.high);
    // Stopping now: the 12 answers say little about the share of right first answers, the
    // range says so. Following the schedule depends on how the learner's memory differs from
    // the defaults: as widely as learners' parameters differ (fsrs-rs's spread).
    QVERIFY2(s.high - s.low >= 0.30, "the range is too narrow");
    QVERIFY2(s.share < 0.5, "a share far above the answers given");
    // Following the schedule: FSRS's retention of a card answered wrong is not recall of the
    // material (it said 95 %, 90-100 %). The answers support about their own share, widely.
    QCOMPARE(right, 3);
    QCOMPARE(few.right, 3);
    QVERIFY2(few.modelWeight < 0.1, qPrintable(QString::number(few.modelWeight)));
    QVERIFY2(f.share >= 0.25 && f.share <= 0.36, qPrintable(QString::number(f.share)));
    QVERIFY2(f.low <= 0.2 && f.high >= 0.45 && f.high <= 0.6,
             qPrintable(QStringLiteral("%1-%2").arg(f.low).arg(f.high)));
    QVERIFY2(f.high - f.low >= 0.30, "the follow-the-schedule range is too narrow");
    QVERIFY2(s.share <= 0.36, qPrintable(QString::number(s.share)));
    // Per sub-objective too: none claims more than its own answers support.
    for (const ObjectiveReadiness& o : few.objectives) {
      QVERIFY2(o.followSchedule.share <= o.evidence.high, qPrintable(o.objective));
      QVERIFY2(o.followSchedule.high - o.followSchedule.low >= 0.30, qPrintable(o.objective));
    }

    // A fitted learner with a few hundred answers: narrower.
    simulated_learner::Learner more;
    more.bankSize = kBank;
    more.newPerDay = 6;
    const simulated_learner::Simulation full = simulated_learner::simulateStudy(more, 0, 45, 5);
    int reviews = 0;
    const QVector<FsrsItem> items = FsrsItems::forTraining(full.log, more.days, &reviews);
    const FsrsFit fit =
        FsrsOptimizer::fit(items, {}, nullptr, FsrsModel::defaultWeights(), reviews);
    ReadinessInput known = inputOf(full, fit.weights);
    known.fitted = true;
    known.items = items;
    known.examMs = DayClock().startOfDayAfter(full.endMs, 30);
    const ReadinessReport r = ExamReadiness::predict(known);
    QVERIFY(r.ok && r.fitted && !r.evidenceIsThin);
    qInfo("%d answers, fitted: follow %.3f (%.3f-%.3f)", r.answers, r.overall.followSchedule.share,
          r.overall.followSchedule.low, r.overall.followSchedule.high);
    QVERIFY(r.overall.stopNow.high - r.overall.stopNow.low < s.high - s.low);
  }

  // The answers' share: a Beta(right + 1, wrong + 1) posterior, its mean and 90 % range.
  void answeredShareIsTheBetaPosterior() {
    const ReadinessShare none = ExamReadiness::answeredShare(0, 0);  // the uniform prior
    QCOMPARE(none.share, 0.5);
    QVERIFY(std::abs(none.low - 0.05) < 1e-6 && std::abs(none.high - 0.95) < 1e-6);
    const ReadinessShare wrong = ExamReadiness::answeredShare(0, 11);  // Beta(1, 12): closed form
    QVERIFY(std::abs(wrong.low - (1 - std::pow(0.95, 1.0 / 12))) < 1e-6);
    QVERIFY(std::abs(wrong.high - (1 - std::pow(0.05, 1.0 / 12))) < 1e-6);
    const ReadinessShare few = ExamReadiness::answeredShare(3, 12);  // Beta(4, 10)
    QVERIFY(std::abs(few.share - 4.0 / 14) < 1e-9);
    QVERIFY2(std::abs(few.low - 0.1127) < 0.001 && std::abs(few.high - 0.4946) < 0.001,
             qPrintable(QStringLiteral("%1-%2").arg(few.low).arg(few.high)));
    const ReadinessShare many = ExamReadiness::answeredShare(300, 1200);
    QVERIFY(many.high - many.low < 0.05 && many.low < 0.25 && 0.25 < many.high);
    // A sub-objective's prior: centred on the whole bank's share, two answers' weight.
    const ReadinessShare unanswered = ExamReadiness::answeredShare(0, 0, 4.0 / 14);
    QVERIFY(std::abs(unanswered.share - 4.0 / 14) < 1e-9 && unanswered.high - unanswered.low > 0.6);
    QCOMPARE(ExamReadiness::modelWeight(12, false), 0.06);
    QCOMPARE(ExamReadiness::modelWeight(250, true), 1.0);
  }

  // The weakest sub-objective is the one with the lowest share if studying stops; this week's
  // questions are answered ones due within 7 days, least likely remembered first; the last exam
  // sitting counts the exam-mode answers of its last 3 hours against their predicted chances.
  void weakestThisWeekAndLastExam() {
    simulated_learner::Learner learner;
    learner.bankSize = kBank;
    learner.newPerDay = 6;
    const simulated_learner::Simulation sim = simulated_learner::simulateStudy(learner, 0, 20, 7);
    ReadinessInput in = inputOf(sim, FsrsModel::defaultWeights());
    in.examMs = sim.endMs + 14 * kDayMs;
    in.runs = 50;
    const qint64 lastDay = sim.endMs - kDayMs;
    int examAnswers = 0;
    for (Attempt& a : in.attempts)
      if (a.timeMs >= lastDay) {
        a.mode = QuizMode::Exam;
        ++examAnswers;
      }
    QVERIFY(examAnswers > 3);
    const ReadinessReport r = ExamReadiness::predict(in);
    QVERIFY(r.ok);
    QCOMPARE(r.daysToExam, 14);
    QVERIFY(!r.weakest.isEmpty());
    for (const ObjectiveReadiness& o : r.objectives)
      QVERIFY(
          o.stopNow.share >=
          (std::find_if(r.objectives.begin(), r.objectives.end(), [&](const ObjectiveReadiness& x) {
            return x.objective == r.weakest;
          }))->stopNow.share);
    QVERIFY(!r.thisWeek.isEmpty() && r.thisWeek.size() <= 10);
    for (int i = 1; i < r.thisWeek.size(); ++i)
      QVERIFY(r.thisWeek[i - 1].recallAtExam <= r.thisWeek[i].recallAtExam);
    for (const ReviewSuggestion& s : r.thisWeek) QVERIFY(s.dueMs <= in.nowMs + 7 * kDayMs);
    QVERIFY(r.lastExam.answers > 0 && r.lastExam.answers <= examAnswers);
    QVERIFY(r.lastExam.predicted > 0.3 && r.lastExam.predicted < 1.0);
    ReadinessInput fresh = in;  // nothing answered: no weakest, every share the prior's
    fresh.attempts.clear();
    fresh.states.clear();
    const ReadinessReport none = ExamReadiness::predict(fresh);
    QVERIFY(none.ok && none.weakest.isEmpty() && none.thisWeek.isEmpty());
    QCOMPARE(none.firstAnswerShare, 0.5);  // nothing known: any share of right first answers
    QVERIFY(none.overall.stopNow.low < 0.25 && none.overall.stopNow.high > 0.75);
    QVERIFY(std::abs(none.overall.stopNow.share - 0.5) < 0.1);
    in.examMs = in.nowMs - 1;  // a date in the past
    const ReadinessReport past = ExamReadiness::predict(in);
    QVERIFY(!past.ok && past.message.contains("future"));
  }

  // Issue 47: --exam-date 9999-12-31 ran for minutes (every review until then simulated). The
  // text a learner gives or a profile stores is a real date after today and at most
  // ExamDate::kMaxYearsAhead years after it; anything else names the value and today.
  void examDateIsCheckedAndBounded_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("problem");  // empty: accepted
    const QString notADate = QStringLiteral("\"%1\" is not a date like 2027-01-15 (YYYY-MM-DD)");
    QTest::newRow("tomorrow") << "2026-12-06"
                              << "";
    QTest::newRow("the last day") << "2031-12-05"
                                  << "";
    QTest::newRow("a day too far")
        << "2031-12-06"
        << "2031-12-06 is more than 5 years after today (2026-12-05): readiness simulates at "
           "most 5 years of study, so the exam date must be 2031-12-05 or earlier";
    QTest::newRow("9999-12-31")
        << "9999-12-31"
        << "9999-12-31 is more than 5 years after today (2026-12-05): readiness simulates at "
           "most 5 years of study, so the exam date must be 2031-12-05 or earlier";
    QTest::newRow("today") << "2026-12-05"
                           << "2026-12-05 is not after today (2026-12-05): readiness needs an "
                              "exam date in the future";
    QTest::newRow("past") << "2020-01-01"
                          << "2020-01-01 is not after today (2026-12-05): readiness needs an "
                             "exam date in the future";
    QTest::newRow("month 13") << "2027-13-01" << notADate.arg("2027-13-01");
    QTest::newRow("no padding") << "2027-1-5" << notADate.arg("2027-1-5");
    QTest::newRow("a sign") << "+2027-01-15" << notADate.arg("+2027-01-15");
    QTest::newRow("other digits") << QString::fromUtf8("\uFF12027-01-15")
                                  << notADate.arg(QString::fromUtf8("\uFF12027-01-15"));
    QTest::newRow("empty") << "" << notADate.arg("");
    QTest::newRow("an escape") << "\x1b]0;x\x07" << notADate.arg("\\e]0;x\\x07");
    QTest::newRow("long") << QString(1000, QLatin1Char('9'))
                          << notADate.arg(QString(80, QLatin1Char('9')) + "... (1000 bytes)");
  }
  void examDateIsCheckedAndBounded() {
    QFETCH(QString, text);
    QFETCH(QString, problem);
    const QDate today(2026, 12, 5);
    const ExamDateCheck check = ExamDate::parse(text, today);
    QCOMPARE(check.problem, problem);
    QCOMPARE(check.ok(), problem.isEmpty());
    if (check.ok()) QCOMPARE(check.date.toString(Qt::ISODate), text);
  }

  // The prediction refuses an exam past the horizon itself (the app's stored date reaches it
  // without the CLI's check), naming the limit and the last day; the last day completes. One
  // step is one review, so the cost follows the reviews until the exam, not the days.
  void farExamIsRefusedAndTheLastDayCompletes() {
    simulated_learner::Learner learner;
    learner.bankSize = kBank;
    learner.newPerDay = 6;
    const simulated_learner::Simulation sim = simulated_learner::simulateStudy(learner, 0, 20, 9);
    ReadinessInput in = inputOf(sim, FsrsModel::defaultWeights());
    in.runs = 20;
    const QDate today = QDateTime::fromMSecsSinceEpoch(in.nowMs).date();
    const QDate last = ExamDate::latest(today);
    const QString limit =
        QStringLiteral(
            "readiness simulates at most 5 years of study; set an exam date no later "
            "than %1.")
            .arg(last.toString(Qt::ISODate));
    in.examMs = QDate(9999, 12, 31).startOfDay().toMSecsSinceEpoch();
    ReadinessReport r = ExamReadiness::predict(in);
    QVERIFY(!r.ok);
    QVERIFY2(r.message.startsWith("The exam date 9999-12-31 is more than 5 years after today (" +
                                  today.toString(Qt::ISODate) + ")") &&
                 r.message.endsWith(limit),
             qPrintable(r.message));
    in.examMs = last.addDays(1).startOfDay().toMSecsSinceEpoch();
    r = ExamReadiness::predict(in);
    QVERIFY2(!r.ok && r.message.endsWith(limit), qPrintable(r.message));
    in.examMs = std::numeric_limits<qint64>::max();  // past QDateTime's range
    QVERIFY(!ExamReadiness::predict(in).ok);
    in.examMs = last.startOfDay().toMSecsSinceEpoch();
    r = ExamReadiness::predict(in);
    QVERIFY2(r.ok, qPrintable(r.message));
    QVERIFY(r.daysToExam >= 5 * 365);
    QCOMPARE(r.overall.questions, kBank);
    QVERIFY(r.overall.followSchedule.share > r.overall.stopNow.share);
  }
};

QTEST_GUILESS_MAIN(TestExamReadiness)
#include "tst_examreadiness.moc"
