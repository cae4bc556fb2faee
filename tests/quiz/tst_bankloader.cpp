// Bank validation: every rule of docs/question-bank-format.md, one table row per broken bank,
// each checked for the exact JSON path and the gist of the message, and never half loaded.
#include "quiz/BankLoader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <optional>

using namespace precisionlab::quiz;

namespace {

QJsonObject option(const QString& id, bool correct, const QString& scenario = {}) {
  QJsonObject o{{"id", id},
                {"text", "Option " + id},
                {"correct", correct},
                {"whyLearnersPick", "It sounds plausible"},
                {"analysis", correct ? "Right because ..." : "Wrong because ..."},
                {"whenRight", "When the situation is different"}};
  if (!scenario.isEmpty()) o.insert("scenario", scenario);
  return o;
}

QJsonObject validBank() {
  QJsonObject q0{
      {"id", "pmle-scaling-001"},
      {"exam", "PMLE"},
      {"domain", "Scaling prototypes into ML models"},
      {"topic", "Mixed precision"},
      {"answer", "single"},
      {"stem", "You want to speed up training with mixed precision. What should you do?"},
      {"options",
       QJsonArray{option("a", false, "half-layers"), option("b", false, "tensorflow-container"),
                  option("c", false, "vertex-hp-tuning"), option("d", true, "fp16-amp")}},
      {"examTrap", "Confusing framework flags with infrastructure tuning"},
      {"explanation", "fp16=True enables AMP"},
      {"references", QJsonArray{QJsonObject{{"title", "AMP"},
                                            {"url", "https://pytorch.org/docs/stable/amp.html"}}}},
      {"source", "seed"}};
  QJsonObject q1{{"id", "pmle-scaling-002"},
                 {"exam", "PMLE"},
                 {"domain", "Scaling prototypes into ML models"},
                 {"topic", "Loss scaling"},
                 {"answer", "multiple"},
                 {"stem", "Which two statements about bf16 are true?"},
                 {"options", QJsonArray{option("a", true), option("b", true), option("c", false)}},
                 {"explanation", "bf16 keeps the fp32 exponent range"},
                 {"source", "original"}};
  return QJsonObject{
      {"schema", 1},
      {"bank", QJsonObject{{"id", "pmle-scaling"},
                           {"version", "1.0.0"},
                           {"title", "Scaling prototypes into ML models"},
                           {"exam", "Google Cloud Professional Machine Learning Engineer"},
                           {"language", "en"}}},
      {"questions", QJsonArray{q0, q1}}};
}

// Sets (or with nullopt removes) the value at a slash path such as "questions/0/options/1/id".
QJsonValue edit(const QJsonValue& node, QStringList path, const std::optional<QJsonValue>& value) {
  const QString head = path.takeFirst();
  bool isIndex = false;
  const int index = head.toInt(&isIndex);
  if (isIndex) {
    QJsonArray a = node.toArray();
    if (path.isEmpty()) {
      if (value)
        a[index] = *value;
      else
        a.removeAt(index);
    } else {
      a[index] = edit(a.at(index), path, value);
    }
    return a;
  }
  QJsonObject o = node.toObject();
  if (path.isEmpty()) {
    if (value)
      o.insert(head, *value);
    else
      o.remove(head);
  } else {
    o.insert(head, edit(o.value(head), path, value));
  }
  return o;
}

QByteArray json(const QJsonObject& o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }

QByteArray with(const QString& path, const QJsonValue& value) {
  return json(edit(validBank(), path.split('/'), value).toObject());
}

// Schema 2 with sub-objective tags: bank.objectives declares 3.2 and 3.3, question 0 is tagged.
QJsonObject validSchema2Bank() {
  QJsonObject b = validBank();
  b = edit(b, {"schema"}, QJsonValue(2)).toObject();
  b = edit(b, {"bank", "objectives"},
           QJsonObject{{"3.2", "Training models"},
                       {"3.3", "Choosing appropriate hardware for training"}})
          .toObject();
  return edit(b, {"questions", "0", "objectives"}, QJsonArray{"3.2", "3.3"}).toObject();
}

QByteArray with2(const QString& path, const QJsonValue& value) {
  return json(edit(validSchema2Bank(), path.split('/'), value).toObject());
}

QByteArray without(const QString& path) {
  return json(edit(validBank(), path.split('/'), std::nullopt).toObject());
}

}  // namespace

class TestBankLoader : public QObject {
  Q_OBJECT
 private slots:
  void validBankLoads() {
    const BankLoadResult r = BankLoader::loadJson(json(validBank()));
    for (const auto& p : r.problems) qWarning() << p.toString();
    QVERIFY(r.ok());
    QCOMPARE(r.bank->id, QString("pmle-scaling"));
    QCOMPARE(r.bank->questions.size(), 2);
    QCOMPARE(r.bank->questions[0].answer, AnswerKind::Single);
    QCOMPARE(r.bank->questions[1].answer, AnswerKind::Multiple);
    QCOMPARE(r.bank->questions[0].options[3].scenario, QString("fp16-amp"));
    QCOMPARE(r.bank->questions[0].correctOptionIds(), QStringList{"d"});
    QCOMPARE(r.bank->questions[1].references.size(), 0);
    QCOMPARE(r.bank->questions[0].references[0].url,
             QString("https://pytorch.org/docs/stable/amp.html"));
  }

  void brokenBank_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    // Every required field, removed one at a time.
    const QStringList required = {"schema",
                                  "bank",
                                  "bank/id",
                                  "bank/version",
                                  "bank/title",
                                  "bank/exam",
                                  "questions",
                                  "questions/0/id",
                                  "questions/0/exam",
                                  "questions/0/domain",
                                  "questions/0/topic",
                                  "questions/0/answer",
                                  "questions/0/stem",
                                  "questions/0/options",
                                  "questions/0/explanation",
                                  "questions/0/source",
                                  "questions/0/options/1/id",
                                  "questions/0/options/1/text",
                                  "questions/0/options/1/correct",
                                  "questions/0/options/1/whyLearnersPick",
                                  "questions/0/options/1/analysis",
                                  "questions/0/options/1/whenRight",
                                  "questions/0/references/0/title",
                                  "questions/0/references/0/url"};
    for (const QString& field : required) {
      QString path = "$." + field;
      path.replace(QRegularExpression("/(\\d+)"), "[\\1]");
      path.replace('/', '.');
      QTest::addRow("missing %s", qPrintable(field))
          << without(field) << path << "missing required field";
    }

    // Wrong types.
    QTest::newRow("schema as string") << with("schema", "1") << "$.schema"
                                      << "expected an integer";
    // A number that is no schema version is quoted with the range this build reads (issue 39).
    QTest::newRow("schema fractional") << with("schema", 1.5) << "$.schema"
                                       << "schema 1.5 is not a schema version: this PrecisionLab "
                                          "reads schemas 1 to";
    QTest::newRow("bank not object") << with("bank", "x") << "$.bank"
                                     << "expected an object";
    QTest::newRow("bank id number") << with("bank/id", 5) << "$.bank.id"
                                    << "expected a string";
    QTest::newRow("questions not array") << with("questions", QJsonObject{}) << "$.questions"
                                         << "expected an array";
    QTest::newRow("question not object") << with("questions/1", "q") << "$.questions[1]"
                                         << "expected an object";
    QTest::newRow("options not array")
        << with("questions/0/options", "abcd") << "$.questions[0].options"
        << "expected an array";
    QTest::newRow("option not object")
        << with("questions/0/options/2", 3) << "$.questions[0].options[2]"
        << "expected an object";
    QTest::newRow("correct as string")
        << with("questions/0/options/1/correct", "false") << "$.questions[0].options[1].correct"
        << "expected a boolean";
    QTest::newRow("stem as array")
        << with("questions/1/stem", QJsonArray{"a"}) << "$.questions[1].stem"
        << "expected a string";
    QTest::newRow("references not array")
        << with("questions/0/references", "x") << "$.questions[0].references"
        << "expected an array";
    QTest::newRow("scenario as bool")
        << with("questions/0/options/0/scenario", true) << "$.questions[0].options[0].scenario"
        << "expected a string";

    // Empty strings.
    QTest::newRow("empty stem") << with("questions/0/stem", "") << "$.questions[0].stem"
                                << "must not be empty";
    QTest::newRow("blank title") << with("bank/title", "   ") << "$.bank.title"
                                 << "must not be empty";
    QTest::newRow("empty whenRight")
        << with("questions/1/options/0/whenRight", "") << "$.questions[1].options[0].whenRight"
        << "must not be empty";
    QTest::newRow("no questions") << with("questions", QJsonArray{}) << "$.questions"
                                  << "at least one question";

    // Ids.
    QTest::newRow("duplicate question id")
        << with("questions/1/id", "pmle-scaling-001") << "$.questions[1].id"
        << "duplicate question id 'pmle-scaling-001' (also at $.questions[0].id)";
    QTest::newRow("duplicate option id")
        << with("questions/0/options/2/id", "a") << "$.questions[0].options[2].id"
        << "duplicate option id 'a'";
    QTest::newRow("bad question id") << with("questions/0/id", "Q 1") << "$.questions[0].id"
                                     << "not a valid id";
    QTest::newRow("bad option id")
        << with("questions/0/options/0/id", "A") << "$.questions[0].options[0].id"
        << "not a valid id";
    QTest::newRow("bad bank id") << with("bank/id", "pmle_scaling") << "$.bank.id"
                                 << "not a valid id";
    QTest::newRow("bad version") << with("bank/version", "1.0") << "$.bank.version"
                                 << "not a semantic version";

    // Answer keys.
    QJsonObject noCorrect = validBank();
    noCorrect = edit(noCorrect, {"questions", "0", "options", "3", "correct"}, QJsonValue(false))
                    .toObject();
    QTest::newRow("no correct option") << json(noCorrect) << "$.questions[0].options"
                                       << "no option is marked correct";
    QTest::newRow("two correct on single")
        << with("questions/0/options/0/correct", true) << "$.questions[0].options"
        << "single-answer question has 2 correct options";
    QTest::newRow("one correct on multiple")
        << with("questions/1/options/1/correct", false) << "$.questions[1].options"
        << "needs at least two correct";
    QTest::newRow("unknown answer kind")
        << with("questions/0/answer", "some") << "$.questions[0].answer"
        << "expected \"single\" or \"multiple\"";
    QTest::newRow("bad source") << with("questions/0/source", "web") << "$.questions[0].source"
                                << "expected \"seed\" or \"original\"";

    // Option counts.
    QTest::newRow("one option") << with("questions/0/options", QJsonArray{option("a", true)})
                                << "$.questions[0].options"
                                << "has 1 options; a question needs 2 to 6";
    QJsonArray seven;
    for (int i = 0; i < 7; ++i) seven.append(option(QString("o%1").arg(i), i == 0));
    QTest::newRow("seven options") << with("questions/0/options", seven) << "$.questions[0].options"
                                   << "has 7 options";

    // Scenario and schema.
    QTest::newRow("unknown scenario")
        << with("questions/0/options/2/scenario", "tpu-v5") << "$.questions[0].options[2].scenario"
        << "unknown scenario id 'tpu-v5'";
    QTest::newRow("newer schema") << with("schema", 3) << "$.schema"
                                  << "made by a newer PrecisionLab";

    // Sub-objective tags (schema 2).
    QTest::newRow("objectives in schema 1")
        << with("bank/objectives", QJsonObject{{"3.2", "Training"}}) << "$.bank.objectives"
        << "needs \"schema\": 2";
    QTest::newRow("question objectives in schema 1")
        << with("questions/0/objectives", QJsonArray{"3.2"}) << "$.questions[0].objectives"
        << "needs \"schema\": 2";
    QTest::newRow("undeclared objective")
        << with2("questions/0/objectives", QJsonArray{"3.2", "4.1"})
        << "$.questions[0].objectives[1]"
        << "objective '4.1' is not declared in $.bank.objectives (declared: 3.2, 3.3)";
    QTest::newRow("objective listed twice")
        << with2("questions/0/objectives", QJsonArray{"3.2", "3.2"})
        << "$.questions[0].objectives[1]"
        << "listed twice";
    QTest::newRow("objective as number")
        << with2("questions/0/objectives", QJsonArray{3.2}) << "$.questions[0].objectives[0]"
        << "expected an objective id";
    QTest::newRow("empty objectives")
        << with2("questions/1/objectives", QJsonArray{}) << "$.questions[1].objectives"
        << "at least one objective";
    QTest::newRow("objectives not array")
        << with2("questions/1/objectives", "3.2") << "$.questions[1].objectives"
        << "expected an array";
    QTest::newRow("bank objectives not object")
        << with2("bank/objectives", QJsonArray{"3.2"}) << "$.bank.objectives"
        << "expected an object";
    QTest::newRow("bad objective id")
        << with2("bank/objectives/section-3", "Scaling") << "$.bank.objectives.section-3"
        << "not an objective id";
    QTest::newRow("untitled objective")
        << with2("bank/objectives/3.2", "  ") << "$.bank.objectives.3.2"
        << "title as a non-empty string";
    QTest::newRow("schema zero") << with("schema", 0) << "$.schema"
                                 << "unknown schema version 0";

    // Unknown fields.
    QTest::newRow("unknown top field") << with("extra", 1) << "$.extra"
                                       << "unknown field";
    QTest::newRow("unknown bank field") << with("bank/author", "me") << "$.bank.author"
                                        << "unknown field";
    QTest::newRow("unknown question field")
        << with("questions/1/hint", "x") << "$.questions[1].hint"
        << "unknown field";
    QTest::newRow("typo in option field")
        << with("questions/0/options/0/corect", true) << "$.questions[0].options[0].corect"
        << "unknown field";
    QTest::newRow("bad url") << with("questions/0/references/0/url", "pytorch.org")
                             << "$.questions[0].references[0].url"
                             << "http(s) URL";

    // Text-level problems.
    QByteArray dupKey = json(validBank());
    dupKey.replace("\"stem\":", "\"stem\":\"first\",\"stem\":");
    QTest::newRow("duplicate key") << dupKey << "$.questions[0].stem"
                                   << "duplicate key";
    QTest::newRow("syntax error") << QByteArray(
                                         "{\n  \"schema\": 1,\n  \"bank\": {\"id\" \"x\"}\n}\n")
                                  << "$"
                                  // the column of the '"' where ':' belongs (core's parser)
                                  << "JSON syntax error at line 3, column 17: expected ':' after a "
                                     "field name";
    QTest::newRow("not an object") << QByteArray("[1, 2]") << "$"
                                   << "expected an object at the top level";
  }

  void brokenBank() {
    QFETCH(QByteArray, text);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const BankLoadResult r = BankLoader::loadJson(text);
    QVERIFY2(!r.bank.has_value(), "a bank with problems must not be loaded");
    QVERIFY(!r.ok());
    bool found = false;
    QStringList all;
    for (const BankProblem& p : r.problems) {
      all << p.toString();
      if (p.path == path && p.message.contains(message)) found = true;
      // A file-level problem reads as its message: no bare "$: " in front of it.
      if (p.path == QLatin1String("$")) QCOMPARE(p.toString(), p.message);
    }
    QVERIFY2(
        found,
        qPrintable(
            QString("expected %1: ...%2... among:\n  %3").arg(path, message, all.join("\n  "))));
  }

  void schema2WithObjectivesLoads() {
    const BankLoadResult r = BankLoader::loadJson(json(validSchema2Bank()));
    for (const auto& p : r.problems) qWarning() << p.toString();
    QVERIFY(r.ok());
    QCOMPARE(r.bank->schema, 2);
    QCOMPARE(r.bank->objectives.value("3.3"),
             QString("Choosing appropriate hardware for training"));
    QCOMPARE(r.bank->questions[0].objectives, (QStringList{"3.2", "3.3"}));
    QVERIFY(r.bank->questions[1].objectives.isEmpty());  // optional per question
  }

  void everyProblemIsReported() {
    QJsonObject bank = validBank();
    bank = edit(bank, {"questions", "0", "stem"}, QJsonValue("")).toObject();
    bank = edit(bank, {"questions", "1", "options", "0", "correct"}, QJsonValue("yes")).toObject();
    bank = edit(bank, {"bank", "id"}, std::nullopt).toObject();
    const BankLoadResult r = BankLoader::loadJson(json(bank));
    QStringList paths;
    for (const auto& p : r.problems) paths << p.path;
    QVERIFY(paths.contains("$.questions[0].stem"));
    QVERIFY(paths.contains("$.questions[1].options[0].correct"));
    QVERIFY(paths.contains("$.bank.id"));
    QVERIFY(!r.bank.has_value());
  }

  void unreadableFile() {
    const BankLoadResult r = BankLoader::loadFile("/nonexistent/bank.json");
    QCOMPARE(r.problems.size(), 1);
    QVERIFY(r.problems[0].message.contains("/nonexistent/bank.json"));
  }

  void builtInBankPasses() {
    const QString path =
        QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/banks/pmle-scaling.json");
    const BankLoadResult r = BankLoader::loadFile(path);
    QStringList all;
    for (const auto& p : r.problems) all << p.toString();
    QVERIFY2(r.ok(), qPrintable(all.join("\n")));
    QVERIFY(r.bank->questions.size() >= 12);
    QCOMPARE(r.bank->questions.first().source, QString("seed"));
    for (const Option& o : r.bank->questions.first().options) QVERIFY(!o.scenario.isEmpty());
  }

  void scoringIsSetEquality() {
    const BankLoadResult r = BankLoader::loadJson(json(validBank()));
    QVERIFY(r.ok());
    const Question& single = r.bank->questions[0];
    const Question& multiple = r.bank->questions[1];
    QVERIFY(single.isCorrect({"d"}));
    QVERIFY(!single.isCorrect({"a"}));
    QVERIFY(!single.isCorrect({}));
    QVERIFY(!single.isCorrect({"d", "a"}));
    QVERIFY(multiple.isCorrect({"b", "a"}));
    QVERIFY(multiple.isCorrect({"a", "b", "a"}));
    QVERIFY(!multiple.isCorrect({"a"}));
    QVERIFY(!multiple.isCorrect({"a", "b", "c"}));
  }
};

QTEST_GUILESS_MAIN(TestBankLoader)
#include "tst_bankloader.moc"
