// The quiz writes JSON with core's writer (quiz/src/QuizJson.h); before, it wrote it with Qt's
// QJsonDocument, and files, packages and progress stores made by those builds are out there. The
// bytes must not change where the format is specified: the bank JSON
// (docs/question-bank-format.md), the precisionlab comments of GIFT and Moodle XML, the `chosen`
// column of the progress store and the JSON columns of an Anki package's col row. The reference
// here is the old Qt code itself, kept in this test (tests may use QJson; quiz/ may not:
// packaging/check-format.sh), run on the shipped bank and on a bank of awkward text (quotes,
// backslashes, control characters, "--", non-ASCII and astral characters, keys whose UTF-16 and
// UTF-8 orders differ, empty arrays). The Anki columns are also compared with bytes captured from
// the Qt build (tests/data/anki-col.golden). The readers meet hostile JSON with core's rules: a
// repeated key, deep nesting, invalid UTF-8 or a huge number in a bank file, a precisionlab
// comment or an Anki col row is refused, naming the file and the line and column (or the field).
#include "bank_import_helpers.h"
#include "quiz/AnkiPackageFormat.h"
#include "quiz/BankExtras.h"
#include "quiz/BankInterchange.h"
#include "quiz/BankJsonWriter.h"
#include "quiz/BankLoader.h"
#include "quiz/ProgressStore.h"
#include "quiz/ZipArchive.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cstring>

using namespace precisionlab::quiz;

namespace {

using bank_import_helpers::builtIn;

// ---- The Qt code the quiz used before (BankJsonWriter.cpp, BankExtras.cpp), verbatim. ----

QByteArray qtBankJson(const QuestionBank& bank) {
  QJsonObject meta{{QStringLiteral("id"), bank.id},
                   {QStringLiteral("version"), bank.version},
                   {QStringLiteral("title"), bank.title},
                   {QStringLiteral("exam"), bank.exam},
                   {QStringLiteral("language"), bank.language}};
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

void put(QJsonObject& o, const char* key, const QString& value) {
  if (!value.isEmpty()) o.insert(QLatin1String(key), value);
}

QString jsonLine(const QJsonObject& o) {
  QString line = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
  return line.replace(QStringLiteral("--"), QStringLiteral("-\\u002d"));
}

QString qtEncode(const Question& q) {
  QJsonObject o;
  o.insert(QStringLiteral("v"), 1);
  put(o, "id", q.id);
  put(o, "exam", q.exam);
  put(o, "domain", q.domain);
  put(o, "topic", q.topic);
  put(o, "source", q.source);
  put(o, "examTrap", q.examTrap);
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

QString qtEncodeBank(const QuestionBank& bank) {
  QJsonObject o;
  o.insert(QStringLiteral("v"), 1);
  put(o, "id", bank.id);
  put(o, "version", bank.version);
  put(o, "title", bank.title);
  put(o, "exam", bank.exam);
  put(o, "language", bank.language);
  QJsonObject objectives;
  for (auto it = bank.objectives.cbegin(); it != bank.objectives.cend(); ++it)
    objectives.insert(it.key(), it.value());
  if (!objectives.isEmpty()) o.insert(QStringLiteral("objectives"), objectives);
  return jsonLine(o);
}

QByteArray qtChosen(const QStringList& ids) {
  QJsonArray chosen;
  for (const QString& id : ids) chosen.append(id);
  return QJsonDocument(chosen).toJson(QJsonDocument::Compact);
}

// ---- Awkward text. ----

// Every character class a writer could get wrong: JSON's escapes, the other C0 controls (Qt
// writes \u00XX, lowercase hex), DEL and C1 (written raw), '/', "--" (the XML comment rule),
// non-ASCII, U+2028, a private-use character (U+E000 sorts after an astral one in UTF-16, before
// it in UTF-8) and an emoji.
QString awkward(const QString& tag) {
  return tag + QStringLiteral(" \"q\" \\ / </x> -- a\tb\nc\rd\be\ff") + QChar(0x01) + QChar(0x1f) +
         QChar(0x7f) + QChar(0x85) + QStringLiteral(" caf\u00e9 \u20ac \u2028 ") + QChar(0xE000) +
         QString::fromUtf8("\xF0\x9F\x98\x80") + QStringLiteral("\u00ff");
}

QuestionBank awkwardBank() {
  QuestionBank b;
  b.schema = 2;
  b.id = "odd-bank";
  b.version = "1.2.3-rc.1";
  b.title = awkward("title");
  b.exam = awkward("exam");
  b.language = "de";
  b.objectives.insert("10", awkward("ten"));
  b.objectives.insert("9", "nine");
  b.objectives.insert("3.2", "");
  b.objectives.insert(QString(QChar(0xE000)), "private use");
  b.objectives.insert(QString::fromUtf8("\xF0\x9F\x98\x80"), "emoji");
  b.objectives.insert("Z", "upper");
  b.objectives.insert("a", "lower");
  Question q;
  q.id = "q-1";
  q.exam = awkward("qexam");
  q.domain = "Dom/ain";
  q.topic = awkward("topic");
  q.answer = AnswerKind::Multiple;
  q.stem = awkward("stem");
  q.explanation = awkward("explanation");
  q.examTrap = awkward("trap");
  q.source = "original";
  q.references = {{awkward("ref"), "https://example.com/a?b=c&d=\"e\""}, {"", ""}};
  q.objectives = {"10", "9", QString(QChar(0xE000))};
  for (int i = 0; i < 3; ++i) {
    Option o;
    o.id = QString(QChar('a' + i));
    o.text = awkward("option");
    o.correct = i != 1;
    o.whyLearnersPick = i == 2 ? QString() : awkward("why");
    o.analysis = awkward("analysis");
    o.whenRight = awkward("when");
    o.scenario = i == 0 ? QStringLiteral("bf16") : QString();
    q.options.push_back(o);
  }
  b.questions.push_back(q);
  Question bare;  // no options, references or objectives: Qt's layout of an empty array
  bare.id = "q-2";
  bare.answer = AnswerKind::Single;
  b.questions.push_back(bare);
  return b;
}

QVector<QuestionBank> banks() {
  QVector<QuestionBank> all{builtIn(), awkwardBank(), QuestionBank{}};
  for (const char* file :
       {"/tests/data/pmle-scaling-1.0.0.json", "/tests/data/pmle-scaling-2.0.0.json"})
    all.push_back(BankLoader::loadFile(QStringLiteral(PRECISIONLAB_SOURCE_DIR) + file)
                      .bank.value_or(QuestionBank{}));
  return all;
}

// ---- An Anki package's col row. ----

struct ColRow {
  qint64 mod = 0;
  QByteArray conf, models, decks, dconf;
};

ColRow colOf(const QByteArray& package) {
  QBuffer buffer;
  buffer.setData(package);
  buffer.open(QIODevice::ReadOnly);
  ZipReader zip;
  ColRow row;
  if (!zip.open(&buffer).isEmpty()) return row;
  QString error;
  const QByteArray collection =
      zip.read(*zip.find("collection.anki2"), 1 << 30, &error).value_or(QByteArray());
  sqlite3* db = nullptr;
  sqlite3_open(":memory:", &db);
  auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(quint64(collection.size())));
  memcpy(copy, collection.constData(), size_t(collection.size()));
  sqlite3_deserialize(db, "main", copy, collection.size(), collection.size(),
                      SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(db, "SELECT mod, conf, models, decks, dconf FROM col", -1, &s, nullptr);
  if (sqlite3_step(s) == SQLITE_ROW) {
    const auto text = [&](int i) {
      return QByteArray(reinterpret_cast<const char*>(sqlite3_column_text(s, i)),
                        sqlite3_column_bytes(s, i));
    };
    row = {sqlite3_column_int64(s, 0), text(1), text(2), text(3), text(4)};
  }
  sqlite3_finalize(s);
  sqlite3_close(db);
  return row;
}

// Qt's compact form of `json` (its key order, number and string forms): unchanged when `json`
// is already what QJsonDocument would write.
QByteArray qtCompact(const QByteArray& json) {
  return QJsonDocument::fromJson(json).toJson(QJsonDocument::Compact);
}

BankImportResult importPackage(const QByteArray& data) {
  return BankInterchange::importData(data, BankFormat::AnkiPackage, "deck.apkg");
}

// Our package with its col row's `column` replaced by `json`.
QByteArray packageWithCol(const char* column, const QByteArray& json) {
  const QByteArray package = AnkiPackageFormat::write(builtIn());
  QBuffer buffer;
  buffer.setData(package);
  buffer.open(QIODevice::ReadOnly);
  ZipReader zip;
  if (!zip.open(&buffer).isEmpty()) return {};
  QString error;
  const QByteArray collection =
      zip.read(*zip.find("collection.anki2"), 1 << 30, &error).value_or(QByteArray());
  sqlite3* db = nullptr;
  sqlite3_open(":memory:", &db);
  auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(quint64(collection.size())));
  memcpy(copy, collection.constData(), size_t(collection.size()));
  sqlite3_deserialize(db, "main", copy, collection.size(), collection.size(),
                      SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
  sqlite3_stmt* s = nullptr;
  const QByteArray sql = QByteArray("UPDATE col SET ") + column + " = ?1";
  sqlite3_prepare_v2(db, sql.constData(), -1, &s, nullptr);
  sqlite3_bind_text(s, 1, json.constData(), int(json.size()), SQLITE_TRANSIENT);
  sqlite3_step(s);
  sqlite3_finalize(s);
  sqlite3_int64 size = 0;
  unsigned char* bytes = sqlite3_serialize(db, "main", &size, 0);
  const QByteArray out(reinterpret_cast<const char*>(bytes), qsizetype(size));
  sqlite3_free(bytes);
  sqlite3_close(db);
  ZipWriter writer;
  writer.add("collection.anki2", out);
  writer.add("media", "{}");
  return writer.finish();
}

}  // namespace

class TestQuizJson : public QObject {
  Q_OBJECT
 private slots:
  void bankJsonIsQtsBytes() {
    for (const QuestionBank& b : banks()) {
      const QByteArray ours = BankJsonWriter::write(b);
      QCOMPARE(ours, qtBankJson(b));
    }
    // And it still reads back as the same bank.
    const QuestionBank shipped = builtIn();
    QVERIFY(!shipped.questions.isEmpty());
    const BankLoadResult back = BankLoader::loadJson(BankJsonWriter::write(shipped));
    QVERIFY(back.ok());
    QCOMPARE(BankJsonWriter::write(*back.bank), BankJsonWriter::write(shipped));
  }

  void precisionlabCommentsAreQtsBytes() {
    for (const QuestionBank& b : banks()) {
      QCOMPARE(BankExtras::encodeBank(b), qtEncodeBank(b));
      for (const Question& q : b.questions) QCOMPARE(BankExtras::encode(q), qtEncode(q));
    }
    // Read back: every field the comment carries.
    const QuestionBank odd = awkwardBank();
    QuestionBank bank;
    BankExtras::applyBank(BankExtras::encodeBank(odd), &bank);
    QCOMPARE(bank.title, odd.title);
    QCOMPARE(bank.objectives, odd.objectives);
    Question q;
    q.options.resize(3);
    QCOMPARE(BankExtras::apply(BankExtras::encode(odd.questions[0]), &q), QString());
    QCOMPARE(q.stem, QString());  // not carried: the format has it
    QCOMPARE(q.examTrap, odd.questions[0].examTrap);
    QCOMPARE(q.objectives, odd.questions[0].objectives);
    QCOMPARE(q.references.size(), 2);
    QCOMPARE(q.references[0].title, odd.questions[0].references[0].title);
    QCOMPARE(q.options[1].whenRight, odd.questions[0].options[1].whenRight);
    QCOMPARE(q.options[0].scenario, QString("bf16"));
  }

  void hostileComments_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not json") << "{\"v\":1,"
                              << "not a JSON object (line 1, column 8";
    QTest::newRow("array") << "[1]"
                           << "not a JSON object";
    QTest::newRow("repeated key") << "{\"v\":1,\n\"id\":\"a\",\"id\":\"b\",\"options\":[]}"
                                  << "line 2, column 10: duplicate key \"id\"";
    QTest::newRow("deep") << "{\"v\":1,\"x\":" + QString(200, '[') + QString(200, ']') + "}"
                          << "nesting deeper than 128";
    QTest::newRow("huge version") << "{\"v\":1e999,\"options\":[]}"
                                  << "unknown version";
    QTest::newRow("version 1.5") << "{\"v\":1.5,\"options\":[]}"
                                 << "unknown version";
    QTest::newRow("lone surrogate")
        << "{\"v\":1,\"id\":\"\\ud800\",\"options\":[]}"
        << "high surrogate in \\u escape not followed by a low surrogate";
    QTest::newRow("options") << "{\"v\":1.0,\"options\":[{}]}"
                             << "describes 1 options";
  }
  void hostileComments() {
    QFETCH(QString, json);
    QFETCH(QString, expected);
    Question q;
    const QString error = BankExtras::apply(json, &q);
    QVERIFY2(error.contains(expected), qPrintable(error));
    QuestionBank bank;
    bank.id = "kept";
    BankExtras::applyBank(json, &bank);  // takes nothing from a bad comment
    QCOMPARE(bank.id, QString("kept"));
  }

  void chosenColumnIsQtsBytes() {
    QTemporaryDir dir;
    const QString path = dir.filePath("progress.sqlite3");
    const QVector<QStringList> lists = {
        {}, {"a"}, {"a", "c"}, {awkward("id"), "", QString::fromUtf8("\xF0\x9F\x98\x80")}};
    {
      ProgressStore store;
      QVERIFY(store.open(path).result().ok());
      const qint64 id = store.addProfile("Ana").result().profile.id;
      for (int i = 0; i < lists.size(); ++i) {
        Attempt a;
        a.profileId = id;
        a.bankId = "bank";
        a.questionId = QString("q%1").arg(i);
        a.domain = "Scaling";
        a.chosenOptionIds = lists[i];
        a.timeTakenMs = 1000;
        a.timeMs = 1000 + i;
        QVERIFY(store.recordAttempt(a).result().ok);
      }
      const QVector<Attempt> back = store.attempts(id).result();
      QCOMPARE(back.size(), lists.size());
      for (const Attempt& a : back) QCOMPARE(a.chosenOptionIds, lists[a.questionId.mid(1).toInt()]);
    }
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(db, "SELECT chosen FROM attempts ORDER BY time_ms", -1, &s, nullptr);
    int i = 0;
    while (sqlite3_step(s) == SQLITE_ROW) {
      const QByteArray chosen(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)),
                              sqlite3_column_bytes(s, 0));
      QCOMPARE(chosen, qtChosen(lists[i++]));
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
    QCOMPARE(i, lists.size());
  }

  void ankiColumnsAreQtsBytes() {
    for (const QuestionBank& b : {builtIn(), awkwardBank()}) {
      const ColRow col = colOf(AnkiPackageFormat::write(b));
      QVERIFY(!col.models.isEmpty());
      QCOMPARE(col.conf, qtCompact(col.conf));
      QCOMPARE(col.models, qtCompact(col.models));
      QCOMPARE(col.decks, qtCompact(col.decks));
      QCOMPARE(col.dconf, qtCompact(col.dconf));
    }
    // The shipped bank's columns, byte for byte as the Qt build wrote them (its export time
    // replaced by SECONDS).
    const ColRow col = colOf(AnkiPackageFormat::write(builtIn()));
    const QByteArray seconds = QByteArray::number(col.mod / 1000);
    const auto timeless = [&](QByteArray json) {
      return json.replace("\"mod\":" + seconds, "\"mod\":SECONDS");
    };
    const QByteArray ours = "conf " + timeless(col.conf) + "\nmodels " + timeless(col.models) +
                            "\ndecks " + timeless(col.decks) + "\ndconf " + timeless(col.dconf) +
                            "\n";
    QFile golden(QStringLiteral(PRECISIONLAB_SOURCE_DIR "/tests/data/anki-col.golden"));
    if (qEnvironmentVariableIsSet("PRECISIONLAB_WRITE_GOLDEN")) {
      QVERIFY(golden.open(QIODevice::WriteOnly));
      golden.write(ours);
      golden.close();
    }
    QVERIFY(golden.open(QIODevice::ReadOnly));
    QCOMPARE(ours, golden.readAll());
  }

  void hostileAnkiColumns_data() {
    QTest::addColumn<QByteArray>("column");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("models cut") << QByteArray("models") << QByteArray("[1,")
                                << "col.models is not a JSON object: line 1, column 4";
    QTest::newRow("models array") << QByteArray("models") << QByteArray("[1]")
                                  << "col.models is not a JSON object";
    QTest::newRow("models repeated key")
        << QByteArray("models") << QByteArray("{\"1\": {},\n \"1\": {}}")
        << "col.models is not a JSON object: line 2, column 2: duplicate key \"1\"";
    QTest::newRow("decks deep") << QByteArray("decks")
                                << QByteArray(300, '[') + QByteArray(300, ']')
                                << "col.decks is not a JSON object: line 1, column 129: nesting";
    QTest::newRow("decks invalid UTF-8")
        << QByteArray("decks") << QByteArray("{\"1\": {\"name\": \"\xC0\xAF\"}}")
        << "col.decks is not a JSON object: line 1, column 17: invalid UTF-8";
  }
  void hostileAnkiColumns() {
    QFETCH(QByteArray, column);
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const BankImportResult r = importPackage(packageWithCol(column.constData(), json));
    QVERIFY(!r.ok());
    const QString text = bank_import_helpers::problems(r);
    QVERIFY2(text.contains(expected), qPrintable(text));
    QVERIFY2(text.contains("deck.apkg"), qPrintable(text));
  }

  // A hostile bank file: each problem names the file and the line (or the field) it is at.
  void hostileBankFiles_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QuestionBank shipped = builtIn();
    const QByteArray valid = BankJsonWriter::write(shipped);
    const QByteArray schema = "\"schema\": " + QByteArray::number(shipped.schema);
    QVERIFY(valid.contains(schema));
    QByteArray repeated = valid;
    repeated.replace("{\n    \"bank\"", "{\n    \"schema\": 1,\n    \"bank\"");
    QTest::newRow("repeated key") << repeated << "$.schema: duplicate key at line";
    QTest::newRow("deep") << QByteArray("{\"schema\": 1, \"bank\": ") + QByteArray(200, '[') +
                                 QByteArray(200, ']') + "}"
                          << "line 1, column 150: nesting deeper than 128";
    QByteArray huge = valid;
    huge.replace(schema, "\"schema\": 1e999");
    QTest::newRow("huge schema") << huge << "$.schema: schema 1e999 is not a schema version";
    QByteArray bigInt = valid;
    bigInt.replace(schema, "\"schema\": 100000000000000000000000");
    QTest::newRow("huge integer schema")
        << bigInt << "$.schema: schema 100000000000000000000000 is not a schema version";
    QByteArray badUtf8 = valid;
    badUtf8.replace("\"title\": \"", "\"title\": \"\xC0\xAF");
    QTest::newRow("invalid UTF-8") << badUtf8 << "invalid UTF-8";
    QByteArray surrogate = valid;
    surrogate.replace("\"title\": \"", "\"title\": \"\\udc00");
    QTest::newRow("lone surrogate") << surrogate << "lone low surrogate";
  }
  void hostileBankFiles() {
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath("bank.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(json) == json.size());
    f.close();
    const BankImportResult r = BankInterchange::importFile(path);
    QVERIFY(!r.ok());
    const QString text = bank_import_helpers::problems(r);
    QVERIFY2(text.contains(expected), qPrintable(text));
    QVERIFY2(text.contains("bank.json"), qPrintable(text));
  }

  // Numbers in an Anki col row that Qt read as doubles: a huge notetype kind is no cloze, a
  // huge id is no id; neither stops the import.
  void ankiNumbersOutOfRange() {
    const ColRow col = colOf(AnkiPackageFormat::write(builtIn()));
    QByteArray models = col.models;
    models.replace("\"type\":0", "\"type\":1e999");
    const BankImportResult r = importPackage(packageWithCol("models", models));
    QVERIFY2(r.ok(), qPrintable(bank_import_helpers::problems(r)));
    QCOMPARE(r.bank->questions.size(), builtIn().questions.size());
  }
};

QTEST_GUILESS_MAIN(TestQuizJson)
#include "tst_quizjson.moc"
