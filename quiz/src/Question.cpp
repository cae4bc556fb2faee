#include "quiz/Question.h"

#include <QSet>

namespace precisionlab::quiz {

QStringList Question::correctOptionIds() const {
  QStringList ids;
  for (const Option& o : options)
    if (o.correct) ids << o.id;
  return ids;
}

const Option* Question::option(const QString& optionId) const {
  for (const Option& o : options)
    if (o.id == optionId) return &o;
  return nullptr;
}

bool Question::isCorrect(const QStringList& chosen) const {
  // Set equality: a multiple-answer question scores only when every correct option and no
  // wrong one is chosen (no partial credit, like the certification exams).
  const QStringList correctIds = correctOptionIds();
  const QSet<QString> want(correctIds.begin(), correctIds.end());
  const QSet<QString> got(chosen.begin(), chosen.end());
  return !want.isEmpty() && want == got;
}

}  // namespace precisionlab::quiz
