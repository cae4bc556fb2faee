#include "ui/study/StudyController.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <algorithm>
#include <utility>

namespace precisionlab {

StudyController::StudyController(const quiz::QuestionBank& bank, quiz::ProgressStore* store,
                                 QObject* parent)
    : QObject(parent), bank_(bank), store_(store) {}

StudyController::~StudyController() = default;

void StudyController::setProfile(qint64 profileId) {
  profileId_ = profileId;
  if (profileId_ <= 0) return;
  const QVector<quiz::Attempt> waiting = std::exchange(waiting_, {});
  for (quiz::Attempt attempt : waiting) {
    attempt.profileId = profileId_;
    write(attempt);
  }
}

void StudyController::setStoreUnavailable(const QString& reason) {
  unavailable_ = reason.isEmpty() ? tr("the progress database could not be opened") : reason;
  if (!waiting_.isEmpty())
    emit recordFailed(
        tr("Answers scored but not saved: %1. Reason: %2").arg(waiting_.size()).arg(unavailable_));
  waiting_.clear();
}

void StudyController::startPractice(const QString& first) {
  QStringList all = bank_.questionIds();
  const bool hasFirst = all.contains(first);
  auto firstFirst = [first, hasFirst](QStringList order) {
    if (hasFirst) order.move(order.indexOf(first), 0);
    return order;
  };
  all = firstFirst(all);
  const int request = ++practiceRequest_;
  if (!store_ || profileId_ <= 0) {
    dueCount_ = 0;
    startSession(quiz::QuizMode::Practice, all);
    return;
  }
  store_->reviewStates(profileId_, bank_.id)
      .then(this,
            [this, request, all, firstFirst](const QVector<quiz::ReviewState>& states) {
              if (request != practiceRequest_) return;
              const qint64 now = QDateTime::currentMSecsSinceEpoch();
              // Due reviews first (most overdue first), then questions never seen, then the rest.
              const QStringList due = quiz::Scheduler::dueQueue(all, states, now, 0, false);
              QStringList order = quiz::Scheduler::dueQueue(all, states, now, 0, true);
              for (const QString& id : all)
                if (!order.contains(id)) order << id;
              dueCount_ = due.size();
              startSession(quiz::QuizMode::Practice, firstFirst(order));
            })
      .onFailed(this, [this, request, all] {
        if (request != practiceRequest_) return;
        dueCount_ = 0;
        startSession(quiz::QuizMode::Practice, all);
      });
}

void StudyController::startExam(int length) {
  ++practiceRequest_;
  dueCount_ = 0;
  QStringList ids = bank_.questionIds();
  if (length > 0 && length < ids.size()) {
    // A fresh draw each sitting (the session shuffles the order of what it is given).
    std::shuffle(ids.begin(), ids.end(), *QRandomGenerator::global());
    ids = ids.mid(0, length);
  }
  startSession(quiz::QuizMode::Exam, ids);
}

void StudyController::startSession(quiz::QuizMode mode, const QStringList& order) {
  quiz::QuizSession::Settings settings;
  settings.mode = mode;
  settings.shuffleQuestions = mode == quiz::QuizMode::Exam;
  if (mode == quiz::QuizMode::Exam)
    settings.timeLimitMs = qint64(order.size()) * kExamSecondsPerQuestion * 1000;
  session_ = std::make_unique<quiz::QuizSession>(bank_, order, settings);
  emit sessionStarted();
}

std::optional<quiz::QuizSession::Feedback> StudyController::answerCurrent() {
  if (!session_ || session_->mode() != quiz::QuizMode::Practice) return std::nullopt;
  auto feedback = session_->answer();
  if (feedback) record(feedback->index);
  return feedback;
}

void StudyController::submitExam() {
  if (!session_ || session_->isFinished()) return;
  const auto result = session_->submit();
  for (int i = 0; i < session_->count(); ++i) record(i);
  // The sitting as the exam scored it: the Progress view's last exam counts the unanswered
  // questions too (they have no attempt), as this message does.
  if (store_ && unavailable_.isEmpty() && profileId_ > 0 && result.total > 0) {
    quiz::ExamSitting sitting;
    sitting.profileId = profileId_;
    sitting.bankId = session_->bankId();
    sitting.finishedMs = QDateTime::currentMSecsSinceEpoch();
    sitting.questions = result.total;
    sitting.answered = result.answered;
    sitting.correct = result.correct;
    store_->recordExamSitting(sitting).then(this, [this](const quiz::ExamSittingResult& r) {
      if (!r.ok) emit recordFailed(tr("The exam's score was not saved: %1").arg(r.error));
    });
  }
  emit statusMessage(tr("Exam submitted: %1 of %2 correct").arg(result.correct).arg(result.total));
}

void StudyController::record(int index) {
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  auto attempt = session_->attempt(index, profileId_, now);
  if (!attempt) return;  // unanswered exam question: nothing to store
  if (!store_ || !unavailable_.isEmpty()) {
    emit recordFailed(tr("Your answer was scored but not saved: %1")
                          .arg(unavailable_.isEmpty() ? tr("no progress database") : unavailable_));
    return;
  }
  if (profileId_ <= 0) {
    waiting_.push_back(*attempt);
    return;
  }
  write(*attempt);
}

void StudyController::write(const quiz::Attempt& attempt) {
  ++pending_;
  store_->recordAttempt(attempt)
      .then(this,
            [this](const quiz::RecordResult& r) {
              --pending_;
              if (r.ok) {
                ++recorded_;
                emit attemptRecorded(r.attemptId);
              } else {
                emit recordFailed(tr("Your answer was not saved: %1").arg(r.error));
              }
            })
      .onFailed(this, [this] {
        --pending_;
        emit recordFailed(tr("Your answer was not saved: the progress store stopped."));
      });
}

}  // namespace precisionlab
