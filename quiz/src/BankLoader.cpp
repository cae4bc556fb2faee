#include "quiz/BankLoader.h"

#include "QuizJson.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/SafeFileReader.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/TerminalText.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <atomic>
#include <string>

namespace precisionlab::quiz {
namespace {

const QRegularExpression& idPattern() {
  static const QRegularExpression re(QStringLiteral("^[a-z0-9-]+$"));
  return re;
}

// Exam-guide sub-objective ids: "3", "3.2", "3.2.1".
const QRegularExpression& objectivePattern() {
  static const QRegularExpression re(QStringLiteral("^[0-9]+(\\.[0-9]+)*$"));
  return re;
}

const QRegularExpression& semverPattern() {
  static const QRegularExpression re(QStringLiteral(
      "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$"));
  return re;
}

QString knownScenarios() {
  QStringList ids;
  for (const auto& spec : scenarioTable()) ids << QString::fromStdString(spec.id);
  return ids.join(QStringLiteral(", "));
}

using JsonValue = json::Value;
using JsonArray = json::Value::Array;

std::atomic<int> g_parses{0};

using quizjson::text;

// The member `key` of an object, or nullptr.
const JsonValue* member(const JsonValue& obj, const QString& key) {
  return obj.find(key.toStdString());
}

// Field-by-field checks; every problem is collected, nothing stops at the first.
class Validator {
 public:
  explicit Validator(int schema) : m_schema(schema) {}
  QVector<BankProblem> problems;

  void add(const QString& path, const QString& message) { problems.push_back({path, message}); }

  void checkKeys(const JsonValue& obj, const QString& path, const QStringList& allowed) {
    for (const auto& [name, value] : obj.members()) {
      const QString key = QString::fromStdString(name);
      if (!allowed.contains(key))
        add(path + QLatin1Char('.') + key, BankLoader::tr("unknown field (allowed here: %1)")
                                               .arg(allowed.join(QStringLiteral(", "))));
    }
  }

  // Required (unless `optional`) non-empty string; returns it or an empty string.
  QString str(const JsonValue& obj, const QString& key, const QString& path,
              bool optional = false) {
    const QString p = path + QLatin1Char('.') + key;
    const JsonValue* v = member(obj, key);
    if (!v) {
      if (!optional) add(p, BankLoader::tr("missing required field"));
      return {};
    }
    if (!v->isString()) {
      add(p, BankLoader::tr("expected a string"));
      return {};
    }
    const QString s = text(*v);
    if (s.trimmed().isEmpty()) add(p, BankLoader::tr("must not be empty"));
    // NUL and other control characters (an escape sequence would reach the terminal that
    // lists the bank) are not text; tab and newline are.
    for (qsizetype i = 0; i < s.size(); ++i) {
      const char16_t c = s.at(i).unicode();
      if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
        add(p, BankLoader::tr("control character U+%1 at character %2; a bank holds text only")
                   .arg(static_cast<int>(c), 4, 16, QLatin1Char('0'))
                   .arg(i + 1));
        break;
      }
    }
    return s;
  }

  QString id(const JsonValue& obj, const QString& key, const QString& path) {
    const QString s = str(obj, key, path);
    if (!s.trimmed().isEmpty() && !idPattern().match(s).hasMatch())
      add(path + QLatin1Char('.') + key,
          BankLoader::tr("'%1' is not a valid id (use lowercase letters, digits and '-')").arg(s));
    return s;
  }

  bool boolean(const JsonValue& obj, const QString& key, const QString& path) {
    const QString p = path + QLatin1Char('.') + key;
    const JsonValue* v = member(obj, key);
    if (!v) {
      add(p, BankLoader::tr("missing required field"));
      return false;
    }
    if (!v->isBool()) {
      add(p, BankLoader::tr("expected a boolean (true or false)"));
      return false;
    }
    return v->asBool();
  }

  // nullptr when missing or not an array.
  const JsonArray* array(const JsonValue& obj, const QString& key, const QString& path,
                         bool optional = false) {
    const QString p = path + QLatin1Char('.') + key;
    const JsonValue* v = member(obj, key);
    if (!v) {
      if (!optional) add(p, BankLoader::tr("missing required field"));
      return nullptr;
    }
    if (!v->isArray()) {
      add(p, BankLoader::tr("expected an array"));
      return nullptr;
    }
    return &v->asArray();
  }

  Option option(const JsonValue& obj, const QString& path) {
    Option o;
    if (!obj.isObject()) {
      add(path, BankLoader::tr("expected an object"));
      return o;
    }
    checkKeys(obj, path,
              {QStringLiteral("id"), QStringLiteral("text"), QStringLiteral("correct"),
               QStringLiteral("whyLearnersPick"), QStringLiteral("analysis"),
               QStringLiteral("whenRight"), QStringLiteral("scenario")});
    o.id = id(obj, QStringLiteral("id"), path);
    o.text = str(obj, QStringLiteral("text"), path);
    o.correct = boolean(obj, QStringLiteral("correct"), path);
    o.whyLearnersPick = str(obj, QStringLiteral("whyLearnersPick"), path);
    o.analysis = str(obj, QStringLiteral("analysis"), path);
    o.whenRight = str(obj, QStringLiteral("whenRight"), path);
    o.scenario = str(obj, QStringLiteral("scenario"), path, /*optional=*/true);
    if (!o.scenario.trimmed().isEmpty() && !isKnownScenario(o.scenario.toStdString()))
      add(path + QStringLiteral(".scenario"),
          BankLoader::tr("unknown scenario id '%1' (known: %2)").arg(o.scenario, knownScenarios()));
    return o;
  }

  Question question(const JsonValue& obj, const QString& path) {
    Question q;
    if (!obj.isObject()) {
      add(path, BankLoader::tr("expected an object"));
      return q;
    }
    checkKeys(
        obj, path,
        {QStringLiteral("id"), QStringLiteral("exam"), QStringLiteral("domain"),
         QStringLiteral("topic"), QStringLiteral("answer"), QStringLiteral("stem"),
         QStringLiteral("options"), QStringLiteral("examTrap"), QStringLiteral("explanation"),
         QStringLiteral("references"), QStringLiteral("source"), QStringLiteral("objectives")});
    q.id = id(obj, QStringLiteral("id"), path);
    q.exam = str(obj, QStringLiteral("exam"), path);
    q.domain = str(obj, QStringLiteral("domain"), path);
    q.topic = str(obj, QStringLiteral("topic"), path);
    q.stem = str(obj, QStringLiteral("stem"), path);
    q.explanation = str(obj, QStringLiteral("explanation"), path);
    q.examTrap = str(obj, QStringLiteral("examTrap"), path, /*optional=*/true);
    q.source = str(obj, QStringLiteral("source"), path);
    if (!q.source.isEmpty() && q.source != QLatin1String("seed") &&
        q.source != QLatin1String("original"))
      add(path + QStringLiteral(".source"),
          BankLoader::tr("expected \"seed\" or \"original\", got \"%1\"").arg(q.source));

    const QString answer = str(obj, QStringLiteral("answer"), path);
    bool answerKnown = true;
    if (answer == QLatin1String("multiple")) {
      q.answer = AnswerKind::Multiple;
    } else if (answer == QLatin1String("single")) {
      q.answer = AnswerKind::Single;
    } else {
      answerKnown = false;
      if (!answer.isEmpty())
        add(path + QStringLiteral(".answer"),
            BankLoader::tr("expected \"single\" or \"multiple\", got \"%1\"").arg(answer));
    }

    const QString optionsPath = path + QStringLiteral(".options");
    if (auto options = array(obj, QStringLiteral("options"), path)) {
      if (options->size() < 2 || options->size() > 6)
        add(optionsPath, BankLoader::tr("has %1 options; a question needs 2 to 6")
                             .arg(static_cast<qulonglong>(options->size())));
      QHash<QString, int> firstIndex;
      for (int i = 0; i < static_cast<int>(options->size()); ++i) {
        const QString p = optionsPath + QStringLiteral("[%1]").arg(i);
        Option o = option((*options)[static_cast<size_t>(i)], p);
        if (!o.id.isEmpty()) {
          if (firstIndex.contains(o.id))
            add(p + QStringLiteral(".id"),
                BankLoader::tr("duplicate option id '%1' (also at %2[%3].id)")
                    .arg(o.id, optionsPath)
                    .arg(firstIndex.value(o.id)));
          else
            firstIndex.insert(o.id, i);
        }
        q.options.push_back(o);
      }
      const int correct = static_cast<int>(q.correctOptionIds().size());
      if (!options->empty() && correct == 0)
        add(optionsPath, BankLoader::tr("no option is marked correct"));
      else if (answerKnown && q.answer == AnswerKind::Single && correct > 1)
        add(optionsPath, BankLoader::tr("a single-answer question has %1 correct options; mark "
                                        "exactly one, or set \"answer\": \"multiple\"")
                             .arg(correct));
      else if (answerKnown && q.answer == AnswerKind::Multiple && correct == 1)
        add(optionsPath, BankLoader::tr("a multiple-answer question needs at least two correct "
                                        "options; it has one (use \"answer\": \"single\")"));
    }

    if (auto refs = array(obj, QStringLiteral("references"), path, /*optional=*/true)) {
      for (size_t i = 0; i < refs->size(); ++i) {
        const QString p = path + QStringLiteral(".references[%1]").arg(i);
        const JsonValue& r = (*refs)[i];
        if (!r.isObject()) {
          add(p, BankLoader::tr("expected an object {\"title\", \"url\"}"));
          continue;
        }
        checkKeys(r, p, {QStringLiteral("title"), QStringLiteral("url")});
        Reference ref{str(r, QStringLiteral("title"), p), str(r, QStringLiteral("url"), p)};
        if (!ref.url.isEmpty() && !ref.url.startsWith(QLatin1String("https://")) &&
            !ref.url.startsWith(QLatin1String("http://")))
          add(p + QStringLiteral(".url"), QStringLiteral("expected an http(s) URL"));
        q.references.push_back(ref);
      }
    }
    q.objectives = questionObjectives(obj, path);
    return q;
  }

  // questions[].objectives: a non-empty array of distinct ids declared in bank.objectives.
  QStringList questionObjectives(const JsonValue& obj, const QString& path) {
    QStringList ids;
    const QString p = path + QStringLiteral(".objectives");
    if (!member(obj, QStringLiteral("objectives")) || !requireSchema2(p)) return ids;
    const JsonArray* tags = array(obj, QStringLiteral("objectives"), path);
    if (!tags) return ids;
    if (tags->empty())
      add(p, BankLoader::tr("must list at least one objective id, or be left out"));
    for (size_t i = 0; i < tags->size(); ++i) {
      const QString ip = p + QStringLiteral("[%1]").arg(i);
      const QString id = text((*tags)[i]);
      if (!(*tags)[i].isString() || id.isEmpty()) {
        add(ip, BankLoader::tr("expected an objective id such as \"3.2\""));
      } else if (!m_declaredObjectives.contains(id)) {
        add(ip,
            BankLoader::tr("objective '%1' is not declared in $.bank.objectives (declared: %2)")
                .arg(id,
                     m_declaredObjectives.isEmpty()
                         ? QStringLiteral("none")
                         : QStringList(m_declaredObjectives.keys()).join(QStringLiteral(", "))));
      } else if (ids.contains(id)) {
        add(ip, BankLoader::tr("objective '%1' is listed twice").arg(id));
      } else {
        ids << id;
      }
    }
    return ids;
  }

  // bank.objectives: {"3.2": "Training models", ...}.
  QMap<QString, QString> bankObjectives(const JsonValue& meta, const QString& bankPath) {
    QMap<QString, QString> result;
    const QString p = bankPath + QStringLiteral(".objectives");
    const JsonValue* objectives = member(meta, QStringLiteral("objectives"));
    if (!objectives || !requireSchema2(p)) return result;
    if (!objectives->isObject()) {
      add(p, BankLoader::tr("expected an object mapping objective ids to titles, e.g. "
                            "{\"3.2\": \"Training models\"}"));
      return result;
    }
    if (objectives->members().empty())
      add(p, BankLoader::tr("must declare at least one objective, or be left out"));
    for (const auto& [name, value] : objectives->members()) {
      const QString key = QString::fromStdString(name);
      const QString kp = p + QLatin1Char('.') + key;
      if (!objectivePattern().match(key).hasMatch())
        add(kp, BankLoader::tr("'%1' is not an objective id (use the exam guide's numbering, "
                               "such as 3.2)")
                    .arg(key));
      else if (!value.isString() || text(value).trimmed().isEmpty())
        add(kp, BankLoader::tr("expected the objective's title as a non-empty string"));
      else
        result.insert(key, text(value));
    }
    return result;
  }

  // Sub-objective tags arrived with schema 2; a schema 1 file that uses them would be refused
  // by older builds with a less helpful "unknown field", so the file must say schema 2.
  bool requireSchema2(const QString& path) {
    if (m_schema >= 2) return true;
    add(path, BankLoader::tr("needs \"schema\": 2 (sub-objective tags are not part of schema 1)"));
    return false;
  }

  QuestionBank bank(const JsonValue& root) {
    QuestionBank b;
    checkKeys(root, QStringLiteral("$"),
              {QStringLiteral("schema"), QStringLiteral("bank"), QStringLiteral("questions")});

    const QString bankPath = QStringLiteral("$.bank");
    const JsonValue* metaValue = member(root, QStringLiteral("bank"));
    if (!metaValue) {
      add(bankPath, BankLoader::tr("missing required field"));
    } else if (!metaValue->isObject()) {
      add(bankPath, BankLoader::tr("expected an object"));
    } else {
      const JsonValue& meta = *metaValue;
      checkKeys(meta, bankPath,
                {QStringLiteral("id"), QStringLiteral("version"), QStringLiteral("title"),
                 QStringLiteral("exam"), QStringLiteral("language"), QStringLiteral("objectives")});
      b.id = id(meta, QStringLiteral("id"), bankPath);
      b.version = str(meta, QStringLiteral("version"), bankPath);
      if (!b.version.isEmpty() && !semverPattern().match(b.version).hasMatch())
        add(bankPath + QStringLiteral(".version"),
            BankLoader::tr("'%1' is not a semantic version such as 1.0.0").arg(b.version));
      b.title = str(meta, QStringLiteral("title"), bankPath);
      b.exam = str(meta, QStringLiteral("exam"), bankPath);
      const QString lang = str(meta, QStringLiteral("language"), bankPath, /*optional=*/true);
      if (!lang.isEmpty()) b.language = lang;
      b.objectives = bankObjectives(meta, bankPath);
      m_declaredObjectives = b.objectives;
    }

    if (const JsonArray* questions =
            array(root, QStringLiteral("questions"), QStringLiteral("$"))) {
      if (questions->empty())
        add(QStringLiteral("$.questions"), BankLoader::tr("needs at least one question"));
      QHash<QString, int> firstIndex;
      for (int i = 0; i < static_cast<int>(questions->size()); ++i) {
        const QString p = QStringLiteral("$.questions[%1]").arg(i);
        Question q = question((*questions)[static_cast<size_t>(i)], p);
        if (!q.id.isEmpty()) {
          if (firstIndex.contains(q.id))
            add(p + QStringLiteral(".id"),
                BankLoader::tr("duplicate question id '%1' (also at $.questions[%2].id)")
                    .arg(q.id)
                    .arg(firstIndex.value(q.id)));
          else
            firstIndex.insert(q.id, i);
        }
        b.questions.push_back(q);
      }
    }
    return b;
  }

 private:
  int m_schema = 1;
  QMap<QString, QString> m_declaredObjectives;
};

// core's parser words ("expected ',' or '}' in object") say where it stopped, not the typo that
// caused it: the usual typos are named.
QString syntaxErrorText(const std::string& problem, const QByteArray& json) {
  if (json.trimmed().isEmpty())
    return BankLoader::tr(
        "the file is empty; a bank is one JSON object (see "
        "docs/question-bank-format.md)");
  const QString words = QString::fromStdString(escapeForTerminal(problem));
  const auto has = [&](const char* text) { return problem.find(text) != std::string::npos; };
  if (has("expected ',' or '}'"))
    return BankLoader::tr(
               "expected ',' or '}' (%1): is a comma missing between two fields "
               "just before this point, or a '}' missing?")
        .arg(words);
  if (has("expected ',' or ']'"))
    return BankLoader::tr(
               "expected ',' or ']' (%1): is a comma missing between two items "
               "just before this point, or a ']' missing?")
        .arg(words);
  if (has("expected ':' after object key"))
    return BankLoader::tr("expected ':' after a field name (%1)").arg(words);
  if (has("unterminated string"))
    return BankLoader::tr("a string is not closed with '\"' (%1)").arg(words);
  return words;
}

}  // namespace

BankLoadResult BankLoader::loadFile(const QString& path) {
  // Banks compiled into the app (Qt resources, ":/...") are ours, not on the file system.
  if (path.startsWith(QStringLiteral(":/"))) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
      BankLoadResult r;
      r.problems.push_back({QStringLiteral("$"),
                            BankLoader::tr("cannot read %1: %2").arg(path, file.errorString())});
      return r;
    }
    return loadJson(file.readAll());
  }
  // A user's file goes through the engine's reader: regular files only, never blocking on a
  // FIFO, capped in size (the message names the cap).
  std::string bytes;
  try {
    bytes = precisionlab::SafeFileReader::readFile(QFile::encodeName(path).toStdString(),
                                                   precisionlab::filekinds::kBank);
  } catch (const precisionlab::InputError& e) {
    BankLoadResult r;
    r.problems.push_back(
        {QStringLiteral("$"), QString::fromStdString(precisionlab::escapeForTerminal(e.what()))});
    return r;
  }
  // Read in place, not copied: a second copy of a 15 MB bank stayed alive through the parse and
  // the validation (issue 47, lint at scale). loadJson keeps no reference to it.
  return loadJson(QByteArray::fromRawData(bytes.data(), static_cast<qsizetype>(bytes.size())));
}

int BankLoader::parseCount() { return g_parses.load(); }

BankLoadResult BankLoader::loadJson(const QByteArray& json) {
  BankLoadResult result;
  // One parse, by core's parser (the one every other file the project reads goes through): it
  // lists every repeated key with its path (a second "correct" would otherwise hide a typo; the
  // last value counts), and it is strict (invalid UTF-8, lone surrogates, a BOM), each problem
  // with its line and column.
  json::ParseOptions options;
  std::vector<json::DuplicateKey> duplicates;
  size_t omitted = 0;
  options.duplicateKeys = &duplicates;
  // More than kMaxProblems, so that the line counting the omitted ones is never listed.
  constexpr size_t kMaxDuplicateKeys = 100;
  static_assert(kMaxDuplicateKeys > kMaxProblems);
  options.maxDuplicateKeys = kMaxDuplicateKeys;
  options.omittedDuplicateKeys = &omitted;
  JsonValue root;
  ++g_parses;
  try {
    root =
        json::parse(std::string_view(json.constData(), static_cast<size_t>(json.size())), options);
  } catch (const json::ParseError& e) {
    result.problems.push_back(
        {QStringLiteral("$"), BankLoader::tr("JSON syntax error at line %1, column %2: %3")
                                  .arg(static_cast<qulonglong>(e.line()))
                                  .arg(static_cast<qulonglong>(e.column()))
                                  .arg(syntaxErrorText(e.problem(), json))});
    return result;
  }
  if (!root.isObject()) {
    result.problems.push_back(
        {QStringLiteral("$"), BankLoader::tr("expected an object at the top level")});
    return result;
  }

  // The schema number decides how to read everything else, so it is checked first.
  const JsonValue* schemaValue = member(root, QStringLiteral("schema"));
  const std::optional<int> whole = quizjson::wholeNumber(schemaValue);
  const int schema = whole.value_or(0);
  if (!schemaValue) {
    result.problems.push_back(
        {QStringLiteral("$.schema"), BankLoader::tr("missing required field")});
  } else if (!whole && schemaValue->isNumber()) {
    // 2147483648 read "expected an integer": it is one, outside every schema there is.
    result.problems.push_back(
        {QStringLiteral("$.schema"),
         BankLoader::tr(
             "schema %1 is not a schema version: this PrecisionLab reads schemas 1 to %2")
             .arg(QString::fromStdString(elideForMessage(schemaValue->numberText())))
             .arg(kSchemaVersion)});
    return result;
  } else if (!whole) {
    result.problems.push_back({QStringLiteral("$.schema"), BankLoader::tr("expected an integer")});
  } else if (schema > kSchemaVersion) {
    result.problems.push_back(
        {QStringLiteral("$.schema"),
         BankLoader::tr(
             "schema %1 was made by a newer PrecisionLab (this version reads schema %2); "
             "update PrecisionLab to use this bank")
             .arg(schema)
             .arg(kSchemaVersion)});
    return result;  // a newer format may differ anywhere: listing more would only mislead
  } else if (schema < 1) {
    result.problems.push_back(
        {QStringLiteral("$.schema"), BankLoader::tr("unknown schema version %1 (expected %2)")
                                         .arg(schema)
                                         .arg(kSchemaVersion)});
  }

  for (const auto& d : duplicates)
    result.problems.push_back(
        {QString::fromStdString(d.path),
         BankLoader::tr("duplicate key at line %1 (only the last value would count)")
             .arg(static_cast<qulonglong>(d.line))});
  if (omitted > 0)
    result.problems.push_back(
        {QStringLiteral("$"),
         BankLoader::tr("... and %1 more duplicate keys").arg(static_cast<qulonglong>(omitted))});
  Validator v(schema);
  QuestionBank bank = v.bank(root);
  result.problems += v.problems;
  // One malformed bank could list a problem per option (99,976 lines): the first ones and a count
  // of every other, the duplicate keys the parser stopped listing included (one line stands for
  // `omitted` of them; there are then more listed than kMaxProblems, so that line is cut here).
  const qsizetype found =
      result.problems.size() + (omitted > 0 ? static_cast<qsizetype>(omitted) - 1 : 0);
  if (found > kMaxProblems) {
    result.problems.resize(kMaxProblems);
    result.unlisted = found - kMaxProblems;
    result.problems.push_back(
        {QStringLiteral("$"),
         BankLoader::tr("... and %1 more problems").arg(static_cast<qlonglong>(result.unlisted))});
  }
  if (result.problems.isEmpty()) {
    bank.schema = schema;
    result.bank = std::move(bank);
  }
  return result;
}

}  // namespace precisionlab::quiz
