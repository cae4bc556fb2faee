#include "quiz/BankJsonWriter.h"

#include "QuizJson.h"

namespace precisionlab::quiz {

using quizjson::str;
using quizjson::Value;

QByteArray BankJsonWriter::write(const QuestionBank& bank) {
  Value meta = Value::object();
  meta.set("id", str(bank.id));
  meta.set("version", str(bank.version));
  meta.set("title", str(bank.title));
  meta.set("exam", str(bank.exam));
  meta.set("language", str(bank.language));
  // Schema 2's exam-guide sub-objectives (id -> title), and each question's tags below.
  if (!bank.objectives.isEmpty()) {
    Value objectives = Value::object();
    for (auto it = bank.objectives.cbegin(); it != bank.objectives.cend(); ++it)
      objectives.set(it.key().toStdString(), str(it.value()));
    meta.set("objectives", std::move(objectives));
  }
  Value questions = Value::array();
  for (const Question& q : bank.questions) {
    Value options = Value::array();
    for (const Option& o : q.options) {
      Value option = Value::object();
      option.set("id", str(o.id));
      option.set("text", str(o.text));
      option.set("correct", o.correct);
      option.set("whyLearnersPick", str(o.whyLearnersPick));
      option.set("analysis", str(o.analysis));
      option.set("whenRight", str(o.whenRight));
      if (!o.scenario.isEmpty()) option.set("scenario", str(o.scenario));
      options.push(std::move(option));
    }
    Value question = Value::object();
    question.set("id", str(q.id));
    question.set("exam", str(q.exam));
    question.set("domain", str(q.domain));
    question.set("topic", str(q.topic));
    question.set("answer", q.answer == AnswerKind::Multiple ? "multiple" : "single");
    question.set("stem", str(q.stem));
    question.set("options", std::move(options));
    question.set("explanation", str(q.explanation));
    question.set("source", str(q.source));
    if (!q.examTrap.isEmpty()) question.set("examTrap", str(q.examTrap));
    if (!q.references.isEmpty()) {
      Value refs = Value::array();
      for (const Reference& r : q.references) {
        Value ref = Value::object();
        ref.set("title", str(r.title));
        ref.set("url", str(r.url));
        refs.push(std::move(ref));
      }
      question.set("references", std::move(refs));
    }
    if (!q.objectives.isEmpty()) question.set("objectives", quizjson::strings(q.objectives));
    questions.push(std::move(question));
  }
  Value root = Value::object();
  root.set("schema", bank.schema);
  root.set("bank", std::move(meta));
  root.set("questions", std::move(questions));
  return quizjson::indented(root);
}

}  // namespace precisionlab::quiz
