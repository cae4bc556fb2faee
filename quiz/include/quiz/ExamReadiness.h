// Exam readiness: the predicted share of a bank's questions answered right on the exam date,
// overall and per exam-guide sub-objective (3.1, 3.2, 3.3), in two cases: the learner stops
// studying now, or follows the schedule until the exam. Built on the profile's FSRS parameters
// (fitted or default): each answered question's memory is replayed from its answers
// (FsrsModel), and its chance of a right answer on the exam day is FSRS's predicted recall then.
// A question never answered counts with the learner's share of right first answers (Laplace
// smoothed). Following the schedule is simulated: each question is reviewed when the profile's
// scheduler makes it due (never-answered ones are first answered tomorrow), each review recalled
// with the model's probability and rated with the learner's own shares of Hard, Good and Easy;
// `runs` seeded runs give the mean and its spread. One simulated step is one review (an interval
// is one step, however many days it spans), so the cost grows with the reviews the schedule
// would ask for before the exam, not with the days; an exam more than ExamDate::kMaxYearsAhead
// years away is refused (ExamDate.h), which bounds it.
//
// Uncertainty: a 90 % interval around each share. It holds three things: how uncertain the
// learner's FSRS parameters are (`parameterDraws` sets drawn by FsrsPosterior: around fitted
// parameters as tightly as the learner's own log pins them down, around never-fitted defaults as
// widely as learners differ), how uncertain the learner's share of right first answers is (a
// Beta draw per parameter set: 3 of 12 right says far less than 300 of 1,200), and the spread of
// the simulated futures and of an exam that asks each question of the group once (binomial).
// The share itself is the mean over the parameter sets. Calibration against 20 simulated
// learners with known parameters: tests/quiz/tst_examreadiness.cpp. `answers` and `fitted` say
// how much the prediction rests on (the front ends say so when it is little: evidenceIsThin).
//
// Honest with few answers (issue 45): FSRS predicts how well a card is remembered, and a card
// answered wrong and then shown its key is "remembered" by that model as well as one answered
// right, so after 12 answers at 25 % right the simulated schedule alone said 95 %. Each share is
// therefore a blend of two estimates, weighted by how far the model is borne out:
//   - the answers: the group's share of right answers so far (every answer to its questions),
//     a Beta posterior (answeredShare): for the whole bank from a uniform prior, Beta(right + 1,
//     wrong + 1): 3 right of 12 gives 29 % with a 90 % range of about 11-49 %; for a
//     sub-objective from a prior of 2 answers' weight centred on the whole bank's share;
//   - the model: FSRS as above.
// The model's weight is min(1, answers / kThinAnswers), halved when the parameters were not
// fitted to the learner (the defaults are anyone's memory): 12 answers give the model 6 %, so
// neither case can claim more than the answers support; 100 answers with fitted parameters give
// it all (the calibration above). The 90 % range blends the two ranges end by end (as wide as
// either source's uncertainty allows). `evidence` and `modelWeight` say what each share rests on.
//
// Also: the weakest sub-objective (lowest share if studying stops now, among those with 3 or
// more answered questions), the answered questions
// due within 7 days in order of their predicted recall on the exam day, and the learner's last
// exam sitting (exam-mode answers within 3 hours of the latest one) against what the model
// predicted for those answers before each was given.
#pragma once

#include "quiz/DayClock.h"
#include "quiz/FsrsItems.h"
#include "quiz/FsrsModel.h"
#include "quiz/ProgressTypes.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <algorithm>

namespace precisionlab::quiz {

struct ReadinessShare {
  double share = 0.0;  // predicted share answered right, 0..1
  double low = 0.0;    // 90 % interval
  double high = 0.0;
};

struct ObjectiveReadiness {
  QString objective;  // "3.1"; "" for the whole bank
  int questions = 0;
  int answered = 0;         // questions answered at least once
  int attempts = 0;         // answers to its questions (all of them, repeats too)
  int right = 0;            // of which right
  ReadinessShare evidence;  // Beta(right + 1, wrong + 1): the share of right answers so far
  ReadinessShare stopNow;
  ReadinessShare followSchedule;
};

struct ReviewSuggestion {
  QString questionId;
  qint64 dueMs = 0;
  double recallAtExam = 0.0;  // if studying stopped now
};

struct ExamSittingCheck {
  int answers = 0;  // 0: no exam-mode answers yet
  int correct = 0;
  double predicted = 0.0;  // mean predicted chance of the answers given
  qint64 lastMs = 0;
};

struct ReadinessReport {
  bool ok = false;
  QString message;  // why not (a date not in the future, or past ExamDate::latest), naming it
  qint64 nowMs = 0, examMs = 0;
  int daysToExam = 0;
  double firstAnswerShare = 0.0;  // the chance used for questions never answered
  int answers = 0;                // answers to this bank's questions the prediction rests on
  bool fitted = false;            // the parameters were fitted to this learner
  bool evidenceIsThin = false;    // under 100 answers, or parameters not fitted: say so
  int right = 0;                  // of `answers`, right ones
  double modelWeight = 1.0;       // the FSRS model's share in each figure (the rest: answers)
  ObjectiveReadiness overall;
  QVector<ObjectiveReadiness> objectives;  // by name
  QString weakest;  // "" unless two sub-objectives have 3+ answered questions each
  QVector<ReviewSuggestion> thisWeek;  // at most 10
  ExamSittingCheck lastExam;
};

struct ReadinessQuestion {
  QString id;
  QStringList objectives;
};

struct ReadinessInput {
  QVector<ReadinessQuestion> questions;  // the bank
  QVector<Attempt> attempts;             // this profile's, any order, any bank's ids ignored
  QVector<ReviewState> states;           // this profile's schedule for the bank
  FsrsModel::Weights weights = FsrsModel::defaultWeights();
  bool fitted = false;      // `weights` were fitted to this learner (FsrsParameters)
  QVector<FsrsItem> items;  // the learner's training items (whole log), for FsrsPosterior
  DayClock days;            // the learner's days (Profile::dayClock)
  qint64 nowMs = 0;
  qint64 examMs = 0;        // examStart(): when the exam day begins
  int runs = 200;           // simulated futures, spread over the parameter sets
  int parameterDraws = 20;  // parameter sets (FsrsPosterior::draws)
  quint64 seed = 1;
};

class ExamReadiness {
 public:
  static constexpr int kThinAnswers = 100;
  // The blend described above: the model's weight for `answers` answers.
  static double modelWeight(int answers, bool fitted) {
    const double w = std::min(1.0, double(answers) / kThinAnswers);
    return fitted ? w : w / 2;
  }
  // The share of right answers `right` of `answers` as a Beta posterior: its mean and 90 %
  // equal-tailed interval. The prior is Beta(strength * mean, strength * (1 - mean)): for the
  // whole bank the uniform Beta(1, 1); for a sub-objective, of the same strength (2 answers),
  // centred on the whole bank's share, so an objective with few or no answers reads like the
  // rest of the learner's answers, as widely as that little says.
  static ReadinessShare answeredShare(int right, int answers, double priorMean = 0.5,
                                      double priorStrength = 2.0);
  // Whether the store's scored sitting is the one the exam answers come from (submitted within
  // 10 minutes of the last answer; any sitting when no answer was given): then the front ends
  // report it as the exam scored it, unanswered questions counted wrong.
  static bool sittingMatches(const ExamSittingCheck& answers, const ExamSitting& sitting) {
    const qint64 gap = sitting.finishedMs - answers.lastMs;
    return sitting.id > 0 &&
           (answers.answers == 0 || (gap < 0 ? -gap : gap) < qint64(10) * 60 * 1000);
  }

  static ReadinessReport predict(const ReadinessInput& input);
  // When the exam day begins in the learner's days (its rollover hour).
  static qint64 examStart(const QDate& examDay, const DayClock& days) {
    return days.startOfDay(examDay.toJulianDay());
  }
  // Everything but the bank, the times and the exam from the store's answers: this bank's
  // attempts, the parameters and whether they were fitted, the training items of the whole log
  // (every bank: the learner's memory) and the profile's days. The app's view and the CLI both
  // build their input here, so they show the same figures.
  static void fill(ReadinessInput* in, const QString& bankId, const QVector<Attempt>& allAttempts,
                   const QVector<ReviewState>& states, const FsrsParameters& parameters,
                   const DayClock& days);
};

}  // namespace precisionlab::quiz
