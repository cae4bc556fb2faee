#include "quiz/QuizSession.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <algorithm>
#include <memory>
#include <random>

namespace precisionlab::quiz {
namespace {

// Fisher-Yates with our own index draw, so one seed gives the same order on every platform
// (std::shuffle and std::uniform_int_distribution are implementation-defined).
template <typename T>
void shuffle(QVector<T>& items, std::mt19937_64& rng) {
  for (qsizetype i = items.size() - 1; i > 0; --i) {
    const auto j = static_cast<qsizetype>(rng() % static_cast<quint64>(i + 1));
    std::swap(items[i], items[j]);
  }
}

}  // namespace

QuizSession::QuizSession(const QuestionBank& bank, const QStringList& questionIds,
                         Settings settings, Clock clock)
    : m_settings(settings), m_bankId(bank.id), m_clock(std::move(clock)) {
  if (!m_clock) {
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    m_clock = [timer] { return timer->elapsed(); };
  }
  m_seed = settings.seed != 0 ? settings.seed : (QRandomGenerator::global()->generate64() | 1U);
  std::mt19937_64 rng(m_seed);

  if (questionIds.isEmpty()) {
    m_questions = bank.questions;
  } else {
    for (const QString& id : questionIds)
      if (const Question* q = bank.question(id)) m_questions.push_back(*q);
  }
  if (settings.shuffleQuestions) shuffle(m_questions, rng);
  for (const Question& q : m_questions) {
    QuestionState s;
    s.questionId = q.id;
    QVector<QString> order;
    for (const Option& o : q.options) order.push_back(o.id);
    shuffle(order, rng);
    s.displayOrder = QStringList(order.begin(), order.end());
    m_states.push_back(s);
  }
  m_startMs = m_clock();
  m_switchMs = m_startMs;
}

void QuizSession::accountTime() {
  qint64 now = m_clock();
  // Exam time stops at the deadline even if submit() comes later.
  if (m_settings.mode == QuizMode::Exam && m_settings.timeLimitMs > 0)
    now = std::min(now, m_startMs + m_settings.timeLimitMs);
  if (m_inView && !m_finished && m_current < m_states.size()) {
    QuestionState& s = m_states[m_current];
    const bool locked = m_settings.mode == QuizMode::Practice && s.answered;
    // In view only, and at most kMaxAnswerTimeMs (ProgressTypes.h) per question.
    if (!locked)
      s.timeSpentMs =
          std::min(kMaxAnswerTimeMs, s.timeSpentMs + std::max<qint64>(0, now - m_switchMs));
  }
  m_switchMs = std::max(m_switchMs, now);
}

bool QuizSession::writable() const {
  if (m_finished || m_current >= m_states.size()) return false;
  if (m_settings.mode == QuizMode::Exam) return !isExpired();
  return !m_states.at(m_current).answered;
}

bool QuizSession::goTo(int index) {
  if (index < 0 || index >= count()) return false;
  accountTime();
  m_current = index;
  return true;
}

void QuizSession::setInView(bool inView) {
  if (inView == m_inView) return;
  accountTime();  // the time up to now belongs to the current question only while in view
  m_inView = inView;
}

bool QuizSession::setChoice(const QStringList& optionIds) {
  if (!writable()) return false;
  const Question& q = currentQuestion();
  QuestionState& s = m_states[m_current];
  for (const QString& id : optionIds)
    if (q.option(id) == nullptr) return false;
  QStringList chosen;
  for (const QString& id : s.displayOrder)  // display order, duplicates dropped
    if (optionIds.contains(id)) chosen << id;
  if (chosen.size() > choicesNeeded(m_current)) return false;
  s.chosen = chosen;
  if (m_settings.mode == QuizMode::Exam) s.answered = chosen.size() == choicesNeeded(m_current);
  return true;
}

bool QuizSession::toggleOption(const QString& optionId) {
  if (!writable()) return false;
  if (currentQuestion().answer == AnswerKind::Single) return setChoice({optionId});
  QStringList chosen = currentState().chosen;
  if (chosen.contains(optionId))
    chosen.removeAll(optionId);
  else
    chosen << optionId;
  return setChoice(chosen);
}

bool QuizSession::setConfidence(Confidence confidence) {
  if (!writable()) return false;
  m_states[m_current].confidence = confidence;
  return true;
}

bool QuizSession::setFlagged(int index, bool flagged) {
  if (m_finished || index < 0 || index >= count()) return false;
  m_states[index].flagged = flagged;
  return true;
}

std::optional<QuizSession::Feedback> QuizSession::answer() {
  if (m_settings.mode != QuizMode::Practice || !writable()) return std::nullopt;
  QuestionState& s = m_states[m_current];
  if (s.chosen.size() != choicesNeeded(m_current)) return std::nullopt;
  accountTime();  // before locking: the time up to now belongs to this question
  s.answered = true;
  s.correct = currentQuestion().isCorrect(s.chosen);
  return feedbackFor(m_current);
}

int QuizSession::choicesNeeded(int index) const {
  const Question& q = m_questions.at(index);
  if (q.answer == AnswerKind::Single) return 1;
  return std::max(1, static_cast<int>(q.correctOptionIds().size()));
}

qint64 QuizSession::remainingMs() const {
  if (m_settings.mode != QuizMode::Exam || m_settings.timeLimitMs <= 0) return -1;
  return std::max<qint64>(0, m_settings.timeLimitMs - (m_clock() - m_startMs));
}

bool QuizSession::isExpired() const { return remainingMs() == 0; }

QuizSession::Feedback QuizSession::feedbackFor(int index) const {
  const QuestionState& s = m_states.at(index);
  Feedback f;
  f.index = index;
  f.questionId = s.questionId;
  f.answered = s.answered;
  f.correct = s.correct.value_or(false);
  f.chosen = s.chosen;
  f.correctOptionIds = m_questions.at(index).correctOptionIds();
  f.confidence = s.confidence;
  f.timeSpentMs = s.timeSpentMs;
  f.flagged = s.flagged;
  return f;
}

QuizSession::Result QuizSession::submit() {
  if (m_finished) return m_result;
  accountTime();
  Result r;
  r.total = count();
  r.timedOut = isExpired();
  qint64 end = m_clock();
  if (m_settings.mode == QuizMode::Exam && m_settings.timeLimitMs > 0)
    end = std::min(end, m_startMs + m_settings.timeLimitMs);
  r.durationMs = end - m_startMs;
  for (int i = 0; i < count(); ++i) {
    QuestionState& s = m_states[i];
    if (m_settings.mode == QuizMode::Exam && s.answered)
      s.correct = m_questions.at(i).isCorrect(s.chosen);
    if (s.answered) ++r.answered;
    if (s.answered && s.correct.value_or(false)) ++r.correct;
    r.review.push_back(feedbackFor(i));
  }
  r.score = r.total > 0 ? static_cast<double>(r.correct) / r.total : 0.0;
  m_finished = true;
  m_result = r;
  return r;
}

QVector<int> QuizSession::flaggedIndexes() const {
  QVector<int> out;
  for (int i = 0; i < count(); ++i)
    if (m_states.at(i).flagged) out << i;
  return out;
}

QVector<int> QuizSession::unansweredIndexes() const {
  QVector<int> out;
  for (int i = 0; i < count(); ++i)
    if (!m_states.at(i).answered) out << i;
  return out;
}

std::optional<Attempt> QuizSession::attempt(int index, qint64 profileId, qint64 wallClockMs) const {
  if (index < 0 || index >= count()) return std::nullopt;
  const QuestionState& s = m_states.at(index);
  if (!s.answered || !s.correct.has_value()) return std::nullopt;
  Attempt a;
  a.timeMs = wallClockMs;
  a.profileId = profileId;
  a.bankId = m_bankId;
  a.questionId = s.questionId;
  a.domain = m_questions.at(index).domain;
  a.chosenOptionIds = s.chosen;
  a.correct = *s.correct;
  a.timeTakenMs = s.timeSpentMs;
  a.mode = m_settings.mode;
  a.confidence = s.confidence;
  return a;
}

}  // namespace precisionlab::quiz
