#include "quiz/BankExtras.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace precisionlab::quiz {
namespace {

void put(QJsonObject& o, const char* key, const QString& value) {
  if (!value.isEmpty()) o.insert(QLatin1String(key), value);
}

void take(const QJsonObject& o, const char* key, QString* into) {
  const QJsonValue v = o.value(QLatin1String(key));
  if (v.isString()) *into = v.toString();
}

// One line of compact JSON with no "--" (not allowed inside an XML comment; JSON lets us
// write '-' as \u002d).
QString jsonLine(const QJsonObject& o) {
  QString line = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
  return line.replace(QStringLiteral("--"), QStringLiteral("-\\u002d"));
}

}  // namespace

QString BankExtras::encode(const Question& q) {
  QJsonObject o;
  o.insert(QStringLiteral("v"), 1);
  put(o, "id", q.id);
  put(o, "exam", q.exam);
  put(o, "domain", q.domain);  // the category path may have split a domain holding '/'
  put(o, "topic", q.topic);
  put(o, "source", q.source);
  put(o, "examTrap", q.examTrap);
  // Exam-guide sub-objectives ("3.2"): GIFT and Moodle XML have no field for them.
  if (!q.objectives.isEmpty())
    o.insert(QStringLiteral("objectives"), QJsonArray::fromStringList(q.objectives));
  QJsonArray refs;
  for (const Reference& r : q.references)
    refs.append(QJsonObject{{QStringLiteral("title"), r.title}, {QStringLiteral("url"), r.url}});
  if (!refs.isEmpty()) o.insert(QStringLiteral("references"), refs);
  QJsonArray options;
  for (const Option& opt : q.options) {
    QJsonObject x;
    put(x, "id", opt.id);
    put(x, "whyLearnersPick", opt.whyLearnersPick);
    put(x, "whenRight", opt.whenRight);
    put(x, "scenario", opt.scenario);
    options.append(x);
  }
  o.insert(QStringLiteral("options"), options);
  return jsonLine(o);
}

QString BankExtras::encodeBank(const QuestionBank& bank) {
  QJsonObject o;
  o.insert(QStringLiteral("v"), 1);
  put(o, "id", bank.id);
  put(o, "version", bank.version);
  put(o, "title", bank.title);
  put(o, "exam", bank.exam);
  put(o, "language", bank.language);
  QJsonObject objectives;  // sub-objective id -> title
  for (auto it = bank.objectives.cbegin(); it != bank.objectives.cend(); ++it)
    objectives.insert(it.key(), it.value());
  if (!objectives.isEmpty()) o.insert(QStringLiteral("objectives"), objectives);
  return jsonLine(o);
}

void BankExtras::applyBank(const QString& json, QuestionBank* bank) {
  const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
  const QJsonObject o = doc.object();
  if (o.value(QStringLiteral("v")).toInt() != 1) return;
  take(o, "id", &bank->id);
  take(o, "version", &bank->version);
  take(o, "title", &bank->title);
  take(o, "exam", &bank->exam);
  take(o, "language", &bank->language);
  const QJsonObject objectives = o.value(QStringLiteral("objectives")).toObject();
  for (auto it = objectives.constBegin(); it != objectives.constEnd(); ++it)
    if (it.value().isString()) bank->objectives.insert(it.key(), it.value().toString());
}

QString BankExtras::apply(const QString& json, Question* q) {
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &error);
  if (error.error != QJsonParseError::NoError || !doc.isObject())
    return BankExtras::tr("the precisionlab comment is not a JSON object (%1)")
        .arg(error.errorString());
  const QJsonObject o = doc.object();
  if (o.value(QStringLiteral("v")).toInt() != 1)
    return BankExtras::tr("the precisionlab comment has an unknown version");
  take(o, "id", &q->id);
  take(o, "exam", &q->exam);
  take(o, "domain", &q->domain);
  take(o, "topic", &q->topic);
  take(o, "source", &q->source);
  take(o, "examTrap", &q->examTrap);
  const QJsonValue objectives = o.value(QStringLiteral("objectives"));
  if (objectives.isArray()) {
    q->objectives.clear();
    for (const QJsonValue& id : objectives.toArray())
      if (id.isString()) q->objectives.push_back(id.toString());
  }
  const QJsonArray refs = o.value(QStringLiteral("references")).toArray();
  if (!refs.isEmpty()) {
    q->references.clear();
    for (const QJsonValue& r : refs)
      q->references.push_back({r.toObject().value(QStringLiteral("title")).toString(),
                               r.toObject().value(QStringLiteral("url")).toString()});
  }
  const QJsonArray options = o.value(QStringLiteral("options")).toArray();
  if (options.size() != q->options.size())
    return BankExtras::tr("the precisionlab comment describes %1 options, the question has %2")
        .arg(options.size())
        .arg(q->options.size());
  for (int i = 0; i < options.size(); ++i) {
    const QJsonObject x = options.at(i).toObject();
    Option& opt = q->options[i];
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
