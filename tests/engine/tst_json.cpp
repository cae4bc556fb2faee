// The strict JSON parser: what it accepts, what it rejects (with the exact line and column),
// checked number conversions, and writer round trips.
#include <QtTest>

#include <cstdint>
#include <limits>
#include <string>

#include "core/Json.h"

namespace json = precisionlab::json;

class TestJson : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void acceptsValid_data();
  void acceptsValid();
  void rejects_data();
  void rejects();
  void structureAndOrder();
  void integers();
  void escapesAndUnicode();
  void depthLimit();
  void writerRoundTrip();
  void quoteEscapes();
};

void TestJson::acceptsValid_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("reserialized");
  QTest::newRow("null") << QByteArray("null") << "null";
  QTest::newRow("scalar with whitespace") << QByteArray(" \t\r\n true \n") << "true";
  QTest::newRow("zero") << QByteArray("0") << "0";
  QTest::newRow("negative zero") << QByteArray("-0") << "-0";
  QTest::newRow("exponent") << QByteArray("1E+2") << "1E+2";
  QTest::newRow("fraction") << QByteArray("-12.5e-3") << "-12.5e-3";
  QTest::newRow("empty array") << QByteArray("[ ]") << "[]";
  QTest::newRow("empty object") << QByteArray("{ }") << "{}";
  QTest::newRow("nested") << QByteArray(R"({"a":[1,{"b":null}],"c":"d"})")
                          << R"({"a":[1,{"b":null}],"c":"d"})";
  QTest::newRow("utf8 string") << QByteArray("\"h\xC3\xA9llo \xF0\x9F\x98\x80\"")
                               << QString::fromUtf8("\"h\xC3\xA9llo \xF0\x9F\x98\x80\"");
  QTest::newRow("surrogate pair escape")
      << QByteArray(R"("\ud83d\ude00")") << QString::fromUtf8("\"\xF0\x9F\x98\x80\"");
  QTest::newRow("escaped slash") << QByteArray(R"("a\/b")") << "\"a/b\"";
  QTest::newRow("max code point") << QByteArray("\"\xF4\x8F\xBF\xBF\"")
                                  << QString::fromUtf8("\"\xF4\x8F\xBF\xBF\"");
}

void TestJson::acceptsValid() {
  QFETCH(QByteArray, text);
  QFETCH(QString, reserialized);
  const json::Value v = json::parse(std::string_view(text.constData(), size_t(text.size())));
  QCOMPARE(QString::fromStdString(json::serialize(v)), reserialized);
}

void TestJson::rejects_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<int>("line");
  QTest::addColumn<int>("column");
  QTest::addColumn<QString>("problem");  // a substring of the message
  QTest::newRow("empty") << QByteArray("") << 1 << 1 << "end of input";
  QTest::newRow("only spaces") << QByteArray("  \n ") << 2 << 2 << "end of input";
  QTest::newRow("trailing garbage") << QByteArray("{} x") << 1 << 4 << "after the JSON value";
  QTest::newRow("two values") << QByteArray("1 2") << 1 << 3 << "after the JSON value";
  QTest::newRow("leading zero") << QByteArray("01") << 1 << 2 << "after the JSON value";
  QTest::newRow("plus sign") << QByteArray("+1") << 1 << 1 << "expected a JSON value";
  QTest::newRow("bare dot") << QByteArray("1.") << 1 << 1 << "malformed number";
  QTest::newRow("bare exponent") << QByteArray("[1e]") << 1 << 2 << "malformed number";
  QTest::newRow("NaN") << QByteArray("NaN") << 1 << 1 << "expected a JSON value";
  QTest::newRow("single quotes") << QByteArray("['a']") << 1 << 2 << "character '''";
  QTest::newRow("trailing comma array") << QByteArray("[1,\n 2,]") << 2 << 4 << "trailing comma";
  QTest::newRow("trailing comma object") << QByteArray(R"({"a":1,})") << 1 << 8 << "trailing comma";
  QTest::newRow("missing colon") << QByteArray(R"({"a" 1})") << 1 << 6 << "expected ':'";
  QTest::newRow("unquoted key") << QByteArray("{a:1}") << 1 << 2 << "expected a string key";
  QTest::newRow("duplicate key") << QByteArray("{\"a\":1,\n  \"a\":2}") << 2 << 3
                                 << "duplicate key \"a\"";
  QTest::newRow("comment") << QByteArray("[1 // no\n]") << 1 << 4 << "expected ',' or ']'";
  QTest::newRow("unterminated string") << QByteArray("[\"abc") << 1 << 2 << "unterminated";
  QTest::newRow("raw newline in string") << QByteArray("\"a\nb\"") << 1 << 3 << "control character";
  QTest::newRow("bad escape") << QByteArray(R"("\x41")") << 1 << 2 << "invalid escape";
  QTest::newRow("bad hex") << QByteArray(R"("\u12G4")") << 1 << 6 << "invalid hex digit";
  QTest::newRow("lone high surrogate") << QByteArray(R"("ab\ud800")") << 1 << 4 << "high surrogate";
  QTest::newRow("high + non-low") << QByteArray(R"("\ud800\u0041")") << 1 << 2 << "high surrogate";
  QTest::newRow("lone low surrogate")
      << QByteArray(R"("\udc00")") << 1 << 2 << "lone low surrogate";
  QTest::newRow("invalid byte") << QByteArray("\"a\xFF\"") << 1 << 3 << "invalid UTF-8";
  QTest::newRow("overlong slash") << QByteArray("\"\xC0\xAF\"") << 1 << 2 << "invalid UTF-8";
  QTest::newRow("overlong 3-byte") << QByteArray("\"\xE0\x80\xAF\"") << 1 << 2 << "invalid UTF-8";
  QTest::newRow("encoded surrogate") << QByteArray("\"\xED\xA0\x80\"") << 1 << 2 << "invalid UTF-8";
  QTest::newRow("above U+10FFFF") << QByteArray("\"\xF4\x90\x80\x80\"") << 1 << 2
                                  << "invalid UTF-8";
  QTest::newRow("truncated sequence") << QByteArray("\"\xC3\"") << 1 << 2 << "invalid UTF-8";
  QTest::newRow("column counts characters")
      << QByteArray("\"\xC3\xA9\xC3\xA9\" x") << 1 << 6 << "after the JSON value";
  QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF{}") << 1 << 1 << "byte order mark";
  QTest::newRow("non-ascii outside string") << QByteArray("[\xC3\xA9]") << 1 << 2 << "byte 0xC3";
  QTest::newRow("nul byte") << QByteArray("[1,\0]", 5) << 1 << 4 << "byte 0x00";
}

void TestJson::rejects() {
  QFETCH(QByteArray, text);
  QFETCH(int, line);
  QFETCH(int, column);
  QFETCH(QString, problem);
  try {
    json::parse(std::string_view(text.constData(), size_t(text.size())));
    QFAIL("parsed without error");
  } catch (const json::ParseError& e) {
    const QString what = QString::fromStdString(e.what());
    QVERIFY2(what.contains(problem), qPrintable(what));
    QCOMPARE(int(e.line()), line);
    QCOMPARE(int(e.column()), column);
    QVERIFY(what.startsWith(QStringLiteral("line %1, column %2: ").arg(line).arg(column)));
  }
}

void TestJson::structureAndOrder() {
  const json::Value v = json::parse(R"({"z":1,"a":[true,false,null],"m":"s","n":2.5})");
  QVERIFY(v.isObject());
  const auto& m = v.members();
  QCOMPARE(int(m.size()), 4);
  QCOMPARE(QString::fromStdString(m[0].first), "z");  // insertion order, not sorted
  QCOMPARE(QString::fromStdString(m[3].first), "n");
  QVERIFY(v.find("a")->isArray());
  QCOMPARE(int(v.find("a")->asArray().size()), 3);
  QVERIFY(v.find("a")->asArray()[0].asBool());
  QVERIFY(v.find("a")->asArray()[2].isNull());
  QCOMPARE(QString::fromStdString(v.find("m")->asString()), "s");
  QCOMPARE(v.find("n")->asDouble(), 2.5);
  QVERIFY(!v.find("n")->isInteger());
  QVERIFY(v.find("missing") == nullptr);
  QVERIFY(v.find("m")->find("x") == nullptr);  // not an object
  QVERIFY_THROWS_EXCEPTION(json::TypeError, v.find("m")->asDouble());
  QVERIFY_THROWS_EXCEPTION(json::TypeError, v.asArray());
  QVERIFY_THROWS_EXCEPTION(json::TypeError, v.find("z")->asString());
}

void TestJson::integers() {
  const json::Value v = json::parse(
      "[18446744073709551615, 18446744073709551616, -9223372036854775808,"
      " 9223372036854775808, 1.0, 1e2, -1, -0, 1e999]");
  const auto& a = v.asArray();
  QCOMPARE(a[0].asUint64(), std::numeric_limits<uint64_t>::max());
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[0].asInt64());
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[1].asUint64());
  QCOMPARE(a[2].asInt64(), std::numeric_limits<int64_t>::min());
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[2].asUint64());
  QCOMPARE(a[3].asUint64(), uint64_t(9223372036854775808ull));
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[3].asInt64());
  QVERIFY(!a[4].isInteger());
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[4].asInt64());  // 1.0 is not an integer
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[5].asUint64());
  QCOMPARE(a[5].asDouble(), 100.0);
  QCOMPARE(a[6].asInt64(), int64_t(-1));
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[6].asUint64());
  QCOMPARE(a[7].asUint64(), uint64_t(0));
  QCOMPARE(QString::fromStdString(a[8].numberText()), "1e999");
  QVERIFY_THROWS_EXCEPTION(json::TypeError, a[8].asDouble());
}

void TestJson::escapesAndUnicode() {
  const json::Value v = json::parse(R"("\"\\\/\b\f\n\r\t\u0000\u00e9\u20AC")");
  const std::string expected =
      std::string("\"\\/\b\f\n\r\t") + std::string(1, '\0') + "\xC3\xA9\xE2\x82\xAC";
  QVERIFY(v.asString() == expected);
}

void TestJson::depthLimit() {
  const std::string ok = std::string(json::kMaxDepth, '[') + std::string(json::kMaxDepth, ']');
  QVERIFY(json::parse(ok).isArray());
  const std::string deep =
      std::string(json::kMaxDepth + 1, '[') + std::string(json::kMaxDepth + 1, ']');
  try {
    json::parse(deep);
    QFAIL("parsed too deep a document");
  } catch (const json::ParseError& e) {
    QVERIFY(std::string(e.what()).find("nesting deeper than 128") != std::string::npos);
    QCOMPARE(int(e.column()), json::kMaxDepth + 1);
  }
  // Far deeper input must fail cleanly too, not overflow the stack.
  QVERIFY_THROWS_EXCEPTION(json::ParseError, json::parse(std::string(100000, '[')));
}

void TestJson::writerRoundTrip() {
  json::Value o = json::Value::object();
  o.set("architectures", json::Value(json::Value::Array{"BertForSequenceClassification"}));
  o.set("hidden_size", 32);
  o.set("layer_norm_eps", 1e-12);
  o.set("hidden_dropout_prob", 0.1);
  o.set("whole", 2.0);
  o.set("big", uint64_t(18446744073709551615ull));
  o.set("neg", int64_t(-5));
  o.set("flag", true);
  o.set("none", nullptr);
  json::Value labels = json::Value::object();
  labels.set("0", "neg\u00e9\"");
  o.set("id2label", labels);
  o.set("hidden_size", 64);  // replaces
  for (int indent : {-1, 0, 2}) {
    const std::string text = json::serialize(o, indent);
    const json::Value back = json::parse(text);
    QCOMPARE(json::serialize(back, indent), text);
    QCOMPARE(back.find("hidden_size")->asInt64(), int64_t(64));
    QCOMPARE(back.find("layer_norm_eps")->asDouble(), 1e-12);
    QCOMPARE(back.find("hidden_dropout_prob")->asDouble(), 0.1);
    QVERIFY(!back.find("whole")->isInteger());
    QCOMPARE(back.find("big")->asUint64(), uint64_t(18446744073709551615ull));
    QCOMPARE(back.find("neg")->asInt64(), int64_t(-5));
    QVERIFY(back.find("none")->isNull());
    QVERIFY(back.find("id2label")->find("0")->asString() == "neg\u00e9\"");
    QCOMPARE(int(back.members().size()), 10);
  }
  QCOMPARE(QString::fromStdString(json::serialize(json::parse("{\"a\":[1,2]}"), 2)),
           "{\n  \"a\": [\n    1,\n    2\n  ]\n}");
  json::Value dup(json::Value::Members{{"k", 1}, {"k", 2}});
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, json::serialize(dup));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           json::Value(std::numeric_limits<double>::quiet_NaN()));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, json::Value::numberFromText("01"));
}

void TestJson::quoteEscapes() {
  QCOMPARE(QString::fromStdString(json::quote(std::string("a\"b\\c\n\x01", 7))),
           "\"a\\\"b\\\\c\\n\\u0001\"");
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, json::quote("\xFF"));
}

QTEST_GUILESS_MAIN(TestJson)
#include "tst_json.moc"
