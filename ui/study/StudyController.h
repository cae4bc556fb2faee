// The study view's logic without widgets: builds practice sessions (due questions first) and
// exam sessions from the bank, and records every scored answer in the progress store. A write
// that fails is reported (recordFailed), never dropped silently.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

#include "quiz/ProgressStore.h"
#include "quiz/QuestionBank.h"
#include "quiz/QuizSession.h"

namespace precisionlab {

class StudyController : public QObject {
  Q_OBJECT

 public:
  // `store` may be null (no progress saved; every answer then reports recordFailed).
  StudyController(const quiz::QuestionBank& bank, quiz::ProgressStore* store,
                  QObject* parent = nullptr);
  ~StudyController() override;

  const quiz::QuestionBank& bank() const { return bank_; }
  quiz::QuizSession* session() const { return session_.get(); }
  qint64 profileId() const { return profileId_; }
  int dueCount() const { return dueCount_; }
  int recordedCount() const { return recorded_; }
  int pendingWrites() const { return pending_; }

  // Minutes per question in exam mode (the deadline is count x this).
  static constexpr int kExamSecondsPerQuestion = 120;
  // The exam lengths offered, as exam simulators offer them; 0 = the whole bank.
  static constexpr int kExamLengths[] = {10, 20, 50, 0};

 public slots:
  // Attempts scored before the profile is known wait for it (the store opens asynchronously).
  void setProfile(qint64 profileId);
  // The store could not be opened: waiting and future attempts are reported as not saved.
  void setStoreUnavailable(const QString& reason);
  // Practice: asks the store for due questions, then starts a session with them first and the
  // rest of the bank after. Without a store (or a profile) the bank order is used at once.
  // `first`, when the bank has it, comes first (Study > Go to question: a teacher presenting
  // one question), the order after it unchanged.
  void startPractice(const QString& first = QString());
  // Exam: `length` questions drawn at random from the bank (0, or more than the bank has: all of
  // them), shuffled, timed at kExamSecondsPerQuestion each.
  void startExam(int length = 0);
  // A practice session still waiting for the store's due list will not replace the current one
  // (presenter mode: the class is being shown this question).
  void keepCurrentSession() { ++practiceRequest_; }
  // Practice: scores the current question, shows feedback and records the attempt.
  std::optional<quiz::QuizSession::Feedback> answerCurrent();
  // Exam: scores the whole exam and records one attempt per answered question.
  void submitExam();

 signals:
  void sessionStarted();
  void attemptRecorded(qint64 attemptId);
  void recordFailed(const QString& message);
  void statusMessage(const QString& text);

 private:
  void startSession(quiz::QuizMode mode, const QStringList& order);
  void record(int index);
  void write(const quiz::Attempt& attempt);

  quiz::QuestionBank bank_;
  quiz::ProgressStore* store_ = nullptr;
  std::unique_ptr<quiz::QuizSession> session_;
  qint64 profileId_ = 0;
  int dueCount_ = 0;
  int recorded_ = 0;
  int pending_ = 0;
  int practiceRequest_ = 0;
  QVector<quiz::Attempt> waiting_;  // scored before a profile was known
  QString unavailable_;  // why the store cannot save, once known  // ignores stale due-queue
                         // replies after a newer start
};

}  // namespace precisionlab
