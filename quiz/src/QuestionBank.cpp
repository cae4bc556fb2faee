#include "quiz/QuestionBank.h"

namespace precisionlab::quiz {

const Question* QuestionBank::question(const QString& questionId) const {
  for (const Question& q : questions)
    if (q.id == questionId) return &q;
  return nullptr;
}

QStringList QuestionBank::questionIds() const {
  QStringList ids;
  for (const Question& q : questions) ids << q.id;
  return ids;
}

QStringList QuestionBank::domains() const {
  QStringList result;
  for (const Question& q : questions)
    if (!result.contains(q.domain)) result << q.domain;
  return result;
}

}  // namespace precisionlab::quiz
