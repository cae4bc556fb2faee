// The strict JSON parser: what it accepts, what it rejects (with the exact line and column),
// checked number conversions, and writer round trips.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "CoreTest.h"
#include "core/Json.h"

namespace json = precisionlab::json;

CORE_TEST(acceptsValid) {
  struct Row {
    const char* name;
    std::string text;
    std::string reserialized;
  };
  const std::vector<Row> rows = {
      {"null", "null", "null"},
      {"scalar with whitespace", " \t\r\n true \n", "true"},
      {"zero", "0", "0"},
      {"negative zero", "-0", "-0"},
      {"exponent", "1E+2", "1E+2"},
      {"fraction", "-12.5e-3", "-12.5e-3"},
      {"empty array", "[ ]", "[]"},
      {"empty object", "{ }", "{}"},
      {"nested", R"({"a":[1,{"b":null}],"c":"d"})", R"({"a":[1,{"b":null}],"c":"d"})"},
      {"utf8 string", "\"h\xC3\xA9llo \xF0\x9F\x98\x80\"", "\"h\xC3\xA9llo \xF0\x9F\x98\x80\""},
      {"surrogate pair escape", R"("\ud83d\ude00")", "\"\xF0\x9F\x98\x80\""},
      {"escaped slash", R"("a\/b")", "\"a/b\""},
      {"max code point", "\"\xF4\x8F\xBF\xBF\"", "\"\xF4\x8F\xBF\xBF\""},
  };
  for (const Row& r : rows)
    coretest::row(r.name, [&] { CHECK_EQ(json::serialize(json::parse(r.text)), r.reserialized); });
}

CORE_TEST(rejects) {
  struct Row {
    const char* name;
    std::string text;
    int line;
    int column;
    std::string problem;  // a substring of the message
  };
  const std::vector<Row> rows = {
      {"empty", "", 1, 1, "end of input"},
      {"only spaces", "  \n ", 2, 2, "end of input"},
      {"trailing garbage", "{} x", 1, 4, "after the JSON value"},
      {"two values", "1 2", 1, 3, "after the JSON value"},
      {"leading zero", "01", 1, 2, "after the JSON value"},
      {"plus sign", "+1", 1, 1, "expected a JSON value"},
      {"bare dot", "1.", 1, 1, "malformed number"},
      {"bare exponent", "[1e]", 1, 2, "malformed number"},
      {"NaN", "NaN", 1, 1, "expected a JSON value"},
      {"single quotes", "['a']", 1, 2, "character '''"},
      {"trailing comma array", "[1,\n 2,]", 2, 4, "trailing comma"},
      {"trailing comma object", R"({"a":1,})", 1, 8, "trailing comma"},
      {"missing colon", R"({"a" 1})", 1, 6, "expected ':'"},
      {"unquoted key", "{a:1}", 1, 2, "expected a string key"},
      {"duplicate key", "{\"a\":1,\n  \"a\":2}", 2, 3, "duplicate key \"a\""},
      {"comment", "[1 // no\n]", 1, 4, "expected ',' or ']'"},
      {"unterminated string", "[\"abc", 1, 2, "unterminated"},
      {"raw newline in string", "\"a\nb\"", 1, 3, "control character"},
      {"bad escape", R"("\x41")", 1, 2, "invalid escape"},
      {"bad hex", R"("\u12G4")", 1, 6, "invalid hex digit"},
      {"lone high surrogate", R"("ab\ud800")", 1, 4, "high surrogate"},
      {"high + non-low", R"("\ud800\u0041")", 1, 2, "high surrogate"},
      {"lone low surrogate", R"("\udc00")", 1, 2, "lone low surrogate"},
      {"invalid byte", "\"a\xFF\"", 1, 3, "invalid UTF-8"},
      {"overlong slash", "\"\xC0\xAF\"", 1, 2, "invalid UTF-8"},
      {"overlong 3-byte", "\"\xE0\x80\xAF\"", 1, 2, "invalid UTF-8"},
      {"encoded surrogate", "\"\xED\xA0\x80\"", 1, 2, "invalid UTF-8"},
      {"above U+10FFFF", "\"\xF4\x90\x80\x80\"", 1, 2, "invalid UTF-8"},
      {"truncated sequence", "\"\xC3\"", 1, 2, "invalid UTF-8"},
      {"column counts characters", "\"\xC3\xA9\xC3\xA9\" x", 1, 6, "after the JSON value"},
      {"byte order mark", "\xEF\xBB\xBF{}", 1, 1, "byte order mark"},
      {"non-ascii outside string", "[\xC3\xA9]", 1, 2, "byte 0xC3"},
      {"nul byte", std::string("[1,\0]", 5), 1, 4, "byte 0x00"},
  };
  for (const Row& r : rows)
    coretest::row(r.name, [&] {
      try {
        json::parse(r.text);
        FAIL("parsed without error");
      } catch (const json::ParseError& e) {
        const std::string what = e.what();
        CHECK_MSG(coretest::contains(what, r.problem), what);
        CHECK_EQ(int(e.line()), r.line);
        CHECK_EQ(int(e.column()), r.column);
        CHECK_MSG(coretest::startsWith(what, "line " + std::to_string(r.line) + ", column " +
                                                 std::to_string(r.column) + ": "),
                  what);
      }
    });
}

CORE_TEST(structureAndOrder) {
  const json::Value v = json::parse(R"({"z":1,"a":[true,false,null],"m":"s","n":2.5})");
  CHECK(v.isObject());
  const auto& m = v.members();
  CHECK_EQ(int(m.size()), 4);
  CHECK_EQ(m[0].first, std::string("z"));  // insertion order, not sorted
  CHECK_EQ(m[3].first, std::string("n"));
  CHECK(v.find("a")->isArray());
  CHECK_EQ(int(v.find("a")->asArray().size()), 3);
  CHECK(v.find("a")->asArray()[0].asBool());
  CHECK(v.find("a")->asArray()[2].isNull());
  CHECK_EQ(v.find("m")->asString(), std::string("s"));
  CHECK_FUZZY_EQ(v.find("n")->asDouble(), 2.5);
  CHECK(!v.find("n")->isInteger());
  CHECK(v.find("missing") == nullptr);
  CHECK(v.find("m")->find("x") == nullptr);  // not an object
  CHECK_THROWS_AS(v.find("m")->asDouble(), json::TypeError);
  CHECK_THROWS_AS(v.asArray(), json::TypeError);
  CHECK_THROWS_AS(v.find("z")->asString(), json::TypeError);
}

CORE_TEST(integers) {
  const json::Value v = json::parse(
      "[18446744073709551615, 18446744073709551616, -9223372036854775808,"
      " 9223372036854775808, 1.0, 1e2, -1, -0, 1e999]");
  const auto& a = v.asArray();
  CHECK_EQ(a[0].asUint64(), std::numeric_limits<uint64_t>::max());
  CHECK_THROWS_AS(a[0].asInt64(), json::TypeError);
  CHECK_THROWS_AS(a[1].asUint64(), json::TypeError);
  CHECK_EQ(a[2].asInt64(), std::numeric_limits<int64_t>::min());
  CHECK_THROWS_AS(a[2].asUint64(), json::TypeError);
  CHECK_EQ(a[3].asUint64(), uint64_t(9223372036854775808ull));
  CHECK_THROWS_AS(a[3].asInt64(), json::TypeError);
  CHECK(!a[4].isInteger());
  CHECK_THROWS_AS(a[4].asInt64(), json::TypeError);  // 1.0 is not an integer
  CHECK_THROWS_AS(a[5].asUint64(), json::TypeError);
  CHECK_FUZZY_EQ(a[5].asDouble(), 100.0);
  CHECK_EQ(a[6].asInt64(), int64_t(-1));
  CHECK_THROWS_AS(a[6].asUint64(), json::TypeError);
  CHECK_EQ(a[7].asUint64(), uint64_t(0));
  CHECK_EQ(a[8].numberText(), std::string("1e999"));
  CHECK_THROWS_AS(a[8].asDouble(), json::TypeError);
}

CORE_TEST(escapesAndUnicode) {
  const json::Value v = json::parse(R"("\"\\\/\b\f\n\r\t\u0000\u00e9\u20AC")");
  const std::string expected =
      std::string("\"\\/\b\f\n\r\t") + std::string(1, '\0') + "\xC3\xA9\xE2\x82\xAC";
  CHECK(v.asString() == expected);
}

CORE_TEST(depthLimit) {
  const std::string ok = std::string(json::kMaxDepth, '[') + std::string(json::kMaxDepth, ']');
  CHECK(json::parse(ok).isArray());
  const std::string deep =
      std::string(json::kMaxDepth + 1, '[') + std::string(json::kMaxDepth + 1, ']');
  try {
    json::parse(deep);
    FAIL("parsed too deep a document");
  } catch (const json::ParseError& e) {
    CHECK(std::string(e.what()).find("nesting deeper than 128") != std::string::npos);
    CHECK_EQ(int(e.column()), json::kMaxDepth + 1);
  }
  // Far deeper input must fail cleanly too, not overflow the stack.
  CHECK_THROWS_AS(json::parse(std::string(100000, '[')), json::ParseError);
}

CORE_TEST(writerRoundTrip) {
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
    CHECK_EQ(json::serialize(back, indent), text);
    CHECK_EQ(back.find("hidden_size")->asInt64(), int64_t(64));
    CHECK_FUZZY_EQ(back.find("layer_norm_eps")->asDouble(), 1e-12);
    CHECK_FUZZY_EQ(back.find("hidden_dropout_prob")->asDouble(), 0.1);
    CHECK(!back.find("whole")->isInteger());
    CHECK_EQ(back.find("big")->asUint64(), uint64_t(18446744073709551615ull));
    CHECK_EQ(back.find("neg")->asInt64(), int64_t(-5));
    CHECK(back.find("none")->isNull());
    CHECK(back.find("id2label")->find("0")->asString() == "neg\u00e9\"");
    CHECK_EQ(int(back.members().size()), 10);
  }
  CHECK_EQ(json::serialize(json::parse("{\"a\":[1,2]}"), 2),
           std::string("{\n  \"a\": [\n    1,\n    2\n  ]\n}"));
  json::Value dup(json::Value::Members{{"k", 1}, {"k", 2}});
  CHECK_THROWS_AS(json::serialize(dup), std::invalid_argument);
  CHECK_THROWS_AS(json::Value(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
  CHECK_THROWS_AS(json::Value::numberFromText("01"), std::invalid_argument);
}

CORE_TEST(quoteEscapes) {
  CHECK_EQ(json::quote(std::string("a\"b\\c\n\x01", 7)), std::string("\"a\\\"b\\\\c\\n\\u0001\""));
  CHECK_THROWS_AS(json::quote("\xFF"), std::invalid_argument);
}
