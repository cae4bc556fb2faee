#include "quiz/BankExtras.h"

#include "QuizJson.h"

namespace precisionlab::quiz {
namespace {

using quizjson::str;
using quizjson::Value;

void put(Value& o, const char* key, const QString& value) {
  if (!value.isEmpty()) o.set(key, str(value));
}

void take(const Value& o, const char* key, QString* into) {
  const Value* v = o.find(key);
  if (v && v->isString()) *into = quizjson::text(v);
}

// One line of compact JSON with no "--" (not allowed inside an XML comment; JSON lets us
// write '-' as \u002d).
QString jsonLine(const Value& o) {
  QString line = quizjson::compactText(o);
  return line.replace(QStringLiteral("--"), QStringLiteral("-\\u002d"));
}

Value reference(const Reference& r) {
  Value ref = Value::object();
  ref.set("title", str(r.title));
  ref.set("url", str(r.url));
  return ref;
}

// The comment's object when it is one of version 1, else nullopt and *error.
std::optional<Value> comment(const QString& json, QString* error) {
  QString why;
  std::optional<Value> v = quizjson::parse(json.toUtf8(), &why);
  if (!v || !v->isObject()) {
    *error = BankExtras::tr("the precisionlab comment is not a JSON object (%1)")
                 .arg(v ? QStringLiteral("found %1").arg(json::typeName(v->type())) : why);
    return std::nullopt;
  }
  if (quizjson::wholeNumber(v->find("v")) != 1) {
    *error = BankExtras::tr("the precisionlab comment has an unknown version");
    return std::nullopt;
  }
  return v;
}

}  // namespace

QString BankExtras::encode(const Question& q) {
  Value o = Value::object();
  o.set("v", 1);
  put(o, "id", q.id);
  put(o, "exam", q.exam);
  put(o, "domain", q.domain);  // the category path may have split a domain holding '/'
  put(o, "topic", q.topic);
  put(o, "source", q.source);
  put(o, "examTrap", q.examTrap);
  // Exam-guide sub-objectives ("3.2"): GIFT and Moodle XML have no field for them.
  if (!q.objectives.isEmpty()) o.set("objectives", quizjson::strings(q.objectives));
  if (!q.references.isEmpty()) {
    Value refs = Value::array();
    for (const Reference& r : q.references) refs.push(reference(r));
    o.set("references", std::move(refs));
  }
  Value options = Value::array();
  for (const Option& opt : q.options) {
    Value x = Value::object();
    put(x, "id", opt.id);
    put(x, "whyLearnersPick", opt.whyLearnersPick);
    put(x, "whenRight", opt.whenRight);
    put(x, "scenario", opt.scenario);
    options.push(std::move(x));
  }
  o.set("options", std::move(options));
  return jsonLine(o);
}

QString BankExtras::encodeBank(const QuestionBank& bank) {
  Value o = Value::object();
  o.set("v", 1);
  put(o, "id", bank.id);
  put(o, "version", bank.version);
  put(o, "title", bank.title);
  put(o, "exam", bank.exam);
  put(o, "language", bank.language);
  if (!bank.objectives.isEmpty()) {
    Value objectives = Value::object();  // sub-objective id -> title
    for (auto it = bank.objectives.cbegin(); it != bank.objectives.cend(); ++it)
      objectives.set(it.key().toStdString(), str(it.value()));
    o.set("objectives", std::move(objectives));
  }
  return jsonLine(o);
}

void BankExtras::applyBank(const QString& json, QuestionBank* bank) {
  QString ignored;
  const std::optional<Value> o = comment(json, &ignored);
  if (!o) return;
  take(*o, "id", &bank->id);
  take(*o, "version", &bank->version);
  take(*o, "title", &bank->title);
  take(*o, "exam", &bank->exam);
  take(*o, "language", &bank->language);
  if (const Value* objectives = o->find("objectives"); objectives && objectives->isObject())
    for (const auto& [key, value] : objectives->members())
      if (value.isString())
        bank->objectives.insert(QString::fromStdString(key), quizjson::text(value));
}

QString BankExtras::apply(const QString& json, Question* q) {
  QString error;
  const std::optional<Value> o = comment(json, &error);
  if (!o) return error;
  take(*o, "id", &q->id);
  take(*o, "exam", &q->exam);
  take(*o, "domain", &q->domain);
  take(*o, "topic", &q->topic);
  take(*o, "source", &q->source);
  take(*o, "examTrap", &q->examTrap);
  if (const Value* objectives = o->find("objectives"); objectives && objectives->isArray()) {
    q->objectives.clear();
    for (const Value& id : objectives->asArray())
      if (id.isString()) q->objectives.push_back(quizjson::text(id));
  }
  const Value* refs = o->find("references");
  if (refs && refs->isArray() && !refs->asArray().empty()) {
    q->references.clear();
    for (const Value& r : refs->asArray())
      q->references.push_back({quizjson::text(r.find("title")), quizjson::text(r.find("url"))});
  }
  const Value* optionsValue = o->find("options");
  static const Value::Array kNone;
  const Value::Array& options =
      optionsValue && optionsValue->isArray() ? optionsValue->asArray() : kNone;
  if (options.size() != static_cast<size_t>(q->options.size()))
    return BankExtras::tr("the precisionlab comment describes %1 options, the question has %2")
        .arg(static_cast<qulonglong>(options.size()))
        .arg(q->options.size());
  for (size_t i = 0; i < options.size(); ++i) {
    const Value& x = options[i];
    Option& opt = q->options[static_cast<qsizetype>(i)];
    take(x, "id", &opt.id);
    take(x, "whyLearnersPick", &opt.whyLearnersPick);
    take(x, "whenRight", &opt.whenRight);
    take(x, "scenario", &opt.scenario);
  }
  return {};
}

QString BankExtras::categoryName(const QString& domain) {
  QString name = domain;
  return name.replace(QLatin1Char('/'), QLatin1String("//"));
}

QString BankExtras::domainOfCategoryPath(const QString& path) {
  // The last '/' that is not half of a "//" ends the parent path.
  qsizetype start = 0;
  for (qsizetype i = 0; i < path.size(); ++i) {
    if (path.at(i) != QLatin1Char('/')) continue;
    if (i + 1 < path.size() && path.at(i + 1) == QLatin1Char('/')) {
      ++i;
      continue;
    }
    start = i + 1;
  }
  QString name = path.mid(start);
  return name.replace(QLatin1String("//"), QLatin1String("/")).trimmed();
}

}  // namespace precisionlab::quiz
