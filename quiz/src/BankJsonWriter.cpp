#include "quiz/BankJsonWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace precisionlab::quiz {

QByteArray BankJsonWriter::write(const QuestionBank& bank) {
  QJsonObject meta{{QStringLiteral("id"), bank.id},
                   {QStringLiteral("version"), bank.version},
                   {QStringLiteral("title"), bank.title},
                   {QStringLiteral("exam"), bank.exam},
                   {QStringLiteral("language"), bank.language}};
  // Schema 2's exam-guide sub-objectives (id -> title), and each question's tags below.
  if (!bank.objectives.isEmpty()) {
    QJsonObject objectives;
    for (auto it = bank.objectives.cbegin(); it != bank.objectives.cend(); ++it)
      objectives.insert(it.key(), it.value());
    meta.insert(QStringLiteral("objectives"), objectives);
  }
  QJsonArray questions;
  for (const Question& q : bank.questions) {
    QJsonArray options;
    for (const Option& o : q.options) {
      QJsonObject option{{QStringLiteral("id"), o.id},
                         {QStringLiteral("text"), o.text},
                         {QStringLiteral("correct"), o.correct},
                         {QStringLiteral("whyLearnersPick"), o.whyLearnersPick},
                         {QStringLiteral("analysis"), o.analysis},
                         {QStringLiteral("whenRight"), o.whenRight}};
      if (!o.scenario.isEmpty()) option.insert(QStringLiteral("scenario"), o.scenario);
      options.append(option);
    }
    QJsonObject question{
        {QStringLiteral("id"), q.id},
        {QStringLiteral("exam"), q.exam},
        {QStringLiteral("domain"), q.domain},
        {QStringLiteral("topic"), q.topic},
        {QStringLiteral("answer"),
         q.answer == AnswerKind::Multiple ? QStringLiteral("multiple") : QStringLiteral("single")},
        {QStringLiteral("stem"), q.stem},
        {QStringLiteral("options"), options},
        {QStringLiteral("explanation"), q.explanation},
        {QStringLiteral("source"), q.source}};
    if (!q.examTrap.isEmpty()) question.insert(QStringLiteral("examTrap"), q.examTrap);
    if (!q.references.isEmpty()) {
      QJsonArray refs;
      for (const Reference& r : q.references)
        refs.append(
            QJsonObject{{QStringLiteral("title"), r.title}, {QStringLiteral("url"), r.url}});
      question.insert(QStringLiteral("references"), refs);
    }
    if (!q.objectives.isEmpty())
      question.insert(QStringLiteral("objectives"), QJsonArray::fromStringList(q.objectives));
    questions.append(question);
  }
  const QJsonObject root{{QStringLiteral("schema"), bank.schema},
                         {QStringLiteral("bank"), meta},
                         {QStringLiteral("questions"), questions}};
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

}  // namespace precisionlab::quiz
