// One sitting over a list of questions, in practice mode (answer -> feedback and breakdown at
// once, the question is then locked) or exam mode (timed, navigate freely, flag for review,
// answers changeable until submit; score and per-question review at the end).
//
// Option order is shuffled per session from `Settings::seed` (the same seed gives the same
// order, so a test or a resumed session is reproducible); option ids never change, so scoring
// and the stored attempts only ever see ids. Time per question is measured with a monotonic
// clock while the question is the current one; tests inject their own clock.
#pragma once

#include "quiz/ProgressTypes.h"
#include "quiz/QuestionBank.h"
#include "quiz/QuizTypes.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <functional>
#include <optional>

namespace precisionlab::quiz {

class QuizSession {
 public:
  // Monotonic milliseconds (any origin). Default: a QElapsedTimer started at construction.
  using Clock = std::function<qint64()>;

  struct Settings {
    QuizMode mode = QuizMode::Practice;
    quint64 seed = 0;               // 0: a random seed (see seed())
    bool shuffleQuestions = false;  // the given question order is kept unless set
    qint64 timeLimitMs = 0;         // exam mode only; 0 = untimed
  };

  struct QuestionState {
    QString questionId;
    QStringList displayOrder;  // option ids in the order to show them (shuffled)
    QStringList chosen;        // selected option ids (display order)
    Confidence confidence = Confidence::Unknown;
    bool flagged = false;         // exam: "review later" mark
    bool answered = false;        // practice: locked after answer(); exam: has a selection
    qint64 timeSpentMs = 0;       // time while this question was the current one
    std::optional<bool> correct;  // practice: after answer(); exam: after submit()
  };

  struct Feedback {
    int index = -1;  // position in the session
    QString questionId;
    bool answered = false;
    bool correct = false;
    QStringList chosen;
    QStringList correctOptionIds;
    Confidence confidence = Confidence::Unknown;
    qint64 timeSpentMs = 0;
    bool flagged = false;
  };

  struct Result {
    int total = 0;
    int answered = 0;
    int correct = 0;
    double score = 0.0;        // correct / total (unanswered count as wrong)
    qint64 durationMs = 0;     // from start to submit/finish
    bool timedOut = false;     // exam submitted because the deadline passed
    QVector<Feedback> review;  // one per question, session order
  };

  // Copies the listed questions out of `bank` (unknown ids are skipped; an empty list means the
  // whole bank), so the session does not depend on the bank's lifetime.
  QuizSession(const QuestionBank& bank, const QStringList& questionIds, Settings settings,
              Clock clock = {});

  QuizMode mode() const { return m_settings.mode; }
  quint64 seed() const { return m_seed; }
  QString bankId() const { return m_bankId; }
  int count() const { return static_cast<int>(m_questions.size()); }
  int currentIndex() const { return m_current; }
  const Question& question(int index) const { return m_questions.at(index); }
  const Question& currentQuestion() const { return m_questions.at(m_current); }
  const QuestionState& state(int index) const { return m_states.at(index); }
  const QuestionState& currentState() const { return m_states.at(m_current); }

  // Navigation (the question navigator). Returns false when out of range. A finished session
  // still navigates: that is how the exam review moves between questions.
  bool goTo(int index);
  bool next() { return goTo(m_current + 1); }
  bool previous() { return goTo(m_current - 1); }

  // Replaces the current selection. Refused (false) when the question is locked (practice,
  // already answered), the session is finished or the exam deadline has passed, or when an id
  // is not an option of the question. A question keeps at most choicesNeeded() ids.
  bool setChoice(const QStringList& optionIds);
  // How many options a complete answer selects: 1 for a single-answer question, the number of
  // correct options for "choose N" (so "Which TWO" is not answered by one pick). An exam
  // question counts as answered, and a practice question can be submitted, only at that count.
  int choicesNeeded(int index) const;
  // Convenience for clicks: single answer selects just this option; multiple toggles it.
  bool toggleOption(const QString& optionId);
  bool setConfidence(Confidence confidence);
  bool setFlagged(int index, bool flagged);

  // Practice mode: scores the current question and locks it. nullopt in exam mode, with no
  // selection, or when already answered.
  std::optional<Feedback> answer();

  // Whether the learner can see the question (the study view is shown). Time spent on a
  // question counts only while it is in view: a question left open while the learner was in the
  // Lab read "Average time 1 min 28 s". The exam's deadline runs on regardless.
  void setInView(bool inView);
  bool inView() const { return m_inView; }

  // Exam deadline. remainingMs() is -1 when untimed; never negative otherwise.
  qint64 remainingMs() const;
  bool isExpired() const;

  // Ends the session (exam: scores everything; practice: unanswered questions count wrong).
  // Calling it again returns the same result.
  Result submit();
  bool isFinished() const { return m_finished; }
  const Result& result() const { return m_result; }  // valid after submit()

  QVector<int> flaggedIndexes() const;
  QVector<int> unansweredIndexes() const;

  // The attempt to store for an answered question (practice: after answer(); exam: after
  // submit()). nullopt when the question was not answered or not yet scored.
  std::optional<Attempt> attempt(int index, qint64 profileId, qint64 wallClockMs) const;

 private:
  void accountTime();  // adds the time since the last switch to the current question
  bool writable() const;
  Feedback feedbackFor(int index) const;

  Settings m_settings;
  bool m_inView = true;
  quint64 m_seed = 0;
  QString m_bankId;
  Clock m_clock;
  QVector<Question> m_questions;
  QVector<QuestionState> m_states;
  int m_current = 0;
  qint64 m_startMs = 0;
  qint64 m_switchMs = 0;  // clock value when the current question became current
  bool m_finished = false;
  Result m_result;
};

}  // namespace precisionlab::quiz
