// The Progress view's exam readiness: the learner sets the exam date (stored per profile) and
// sees, per exam-guide sub-objective and overall, the predicted share of the bank's questions
// answered right on that day if they stop studying now and if they follow the schedule, each
// with its 90 % interval; the weakest sub-objective; the questions to review this week; and the
// last exam sitting against what readiness predicted for it (quiz/ExamReadiness.h). The data
// comes from the store asynchronously; the prediction itself (200 simulated futures of a bank of
// a few dozen questions) takes a few milliseconds and runs when the data arrives.
#pragma once

#include <QWidget>

#include "quiz/ExamReadiness.h"
#include "quiz/ProgressStore.h"
#include "quiz/QuestionBank.h"

class QCheckBox;
class QDateEdit;
class QLabel;

namespace precisionlab {

class ReadinessPanel : public QWidget {
  Q_OBJECT

 public:
  ReadinessPanel(const quiz::QuestionBank& bank, quiz::ProgressStore* store,
                 QWidget* parent = nullptr);

  // The profile and its stored exam date ("" = none).
  void setProfile(qint64 profileId, const QString& examDate);
  QDateEdit* dateEdit() const { return date_; }
  QCheckBox* dateEnabled() const { return enabled_; }
  QLabel* reportLabel() const { return report_; }
  const quiz::ReadinessReport& report() const { return last_; }
  // The same model's report for the exam date, or for tomorrow without one: the Progress tiles
  // read their weakest sub-objective from it. ok=false until the first prediction.
  const quiz::ReadinessReport& standing() const { return standing_; }
  // The last exam as the exam scored it (`sitting`, unanswered questions counted wrong), with
  // readiness's prediction for the answers given; the answers alone, said to be the answered
  // ones, when the store has no record of the sitting. "" when there was no exam.
  static QString lastExamText(const quiz::ExamSittingCheck& answers,
                              const quiz::ExamSitting& sitting);
  // Tests: the number of predictions shown.
  int updates() const { return updates_; }

 public slots:
  void refresh();

 signals:
  void statusMessage(const QString& text);
  void updated();

 private:
  void storeDate();
  void show(const quiz::ReadinessReport& r);
  QString objectiveTitle(const QString& objective) const;
  QString questionText(const QString& id) const;

  quiz::QuestionBank bank_;
  quiz::ProgressStore* store_ = nullptr;
  qint64 profileId_ = 0;
  quiz::ReadinessReport last_;
  quiz::ReadinessReport standing_;
  quiz::ExamSitting sitting_;
  int updates_ = 0;
  QCheckBox* enabled_ = nullptr;
  QDateEdit* date_ = nullptr;
  QLabel* report_ = nullptr;
};

}  // namespace precisionlab
