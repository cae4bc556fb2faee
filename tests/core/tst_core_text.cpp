// core's one UTF-8 codec, its one CSV writer (read back by its CSV reader) and its JSON parser:
// the pieces every file the project reads or writes goes through.
#include <string>

#include "CoreTest.h"
#include "core/CsvReader.h"
#include "core/CsvWriter.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/Utf8.h"

using namespace precisionlab;

CORE_TEST(utf8SequenceLengths) {
  CHECK_EQ(utf8::sequenceLength("a", 0), size_t(1));
  CHECK_EQ(utf8::sequenceLength("\xC3\xA9", 0), size_t(2));          // é
  CHECK_EQ(utf8::sequenceLength("\xE2\x82\xAC", 0), size_t(3));      // €
  CHECK_EQ(utf8::sequenceLength("\xF0\x9F\x98\x80", 0), size_t(4));  // an emoji
  CHECK_EQ(utf8::sequenceLength("\xEF\xBF\xBD", 0), size_t(3));      // U+FFFD itself is valid
  CHECK_EQ(utf8::sequenceLength("\xC0\xAF", 0), size_t(0));          // overlong '/'
  CHECK_EQ(utf8::sequenceLength("\xE0\x80\xAF", 0), size_t(0));      // overlong
  CHECK_EQ(utf8::sequenceLength("\xED\xA0\x80", 0), size_t(0));      // surrogate D800
  CHECK_EQ(utf8::sequenceLength("\xF4\x90\x80\x80", 0), size_t(0));  // above U+10FFFF
  CHECK_EQ(utf8::sequenceLength("\xC3", 0), size_t(0));              // cut short
  char32_t cp = 0;
  CHECK_EQ(utf8::sequenceLength("x\xE2\x82\xAC", 1, &cp), size_t(3));
  CHECK_EQ(static_cast<unsigned>(cp), 0x20ACu);
  CHECK_EQ(utf8::firstInvalid("ok \xC3\xA9"), std::string_view::npos);
  CHECK_EQ(utf8::firstInvalid("ok \xC3"), size_t(3));
}

CORE_TEST(utf8AppendDecodesBack) {
  for (char32_t cp : {char32_t(0x41), char32_t(0xE9), char32_t(0x7FF), char32_t(0x800),
                      char32_t(0xFFFF), char32_t(0x10000), char32_t(0x10FFFF)}) {
    std::string s;
    utf8::append(cp, s);
    std::u32string back;
    utf8::decode(s, back);
    CHECK_EQ(back.size(), size_t(1));
    CHECK_EQ(static_cast<unsigned>(back[0]), static_cast<unsigned>(cp));
    CHECK_EQ(utf8::firstInvalid(s), std::string_view::npos);
  }
  std::u32string decoded;
  utf8::decode(
      "a\xFF"
      "b",
      decoded);  // an invalid byte decodes as U+FFFD, the rest survives
  CHECK_EQ(decoded.size(), size_t(3));
  CHECK_EQ(static_cast<unsigned>(decoded[1]), static_cast<unsigned>(utf8::kReplacement));
}

CORE_TEST(csvQuotesWhatNeedsIt) {
  CHECK_EQ(csv::field("plain"), std::string("plain"));
  CHECK_EQ(csv::field("a,b"), std::string("\"a,b\""));
  CHECK_EQ(csv::field("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
  CHECK_EQ(csv::field("two\nlines"), std::string("\"two\nlines\""));
  CHECK_EQ(csv::field("cr\ronly"), std::string("\"cr\ronly\""));  // one escaper used to miss \r
  CHECK_EQ(csv::field(""), std::string(""));
  CHECK_EQ(csv::record({"1", "a,b", "", "x\"y"}), std::string("1,\"a,b\",,\"x\"\"y\"\r\n"));
}

CORE_TEST(csvWriterAndReaderAgree) {
  const std::vector<std::string> row = {
      "text", "with, comma", "quote \" inside", "line\nbreak", "cr\rhere", "caf\xC3\xA9", ""};
  const std::string text = csv::record({"a", "b", "c", "d", "e", "f", "g"}) + csv::record(row);
  const auto records = CsvReader::parse(text, ',', "round-trip.csv");
  CHECK_EQ(records.size(), size_t(2));
  CHECK_EQ(records[1].fields.size(), row.size());
  for (size_t i = 0; i < row.size(); ++i) CHECK_EQ(records[1].fields[i], row[i]);
}

CORE_TEST(jsonRejectsDuplicateKeysByDefault) {
  try {
    json::parse("{\n  \"a\": 1,\n  \"a\": 2\n}");
    CHECK(false);
  } catch (const json::ParseError& e) {
    CHECK_EQ(e.line(), size_t(3));
    CHECK_EQ(e.column(), size_t(3));
    CHECK(e.problem().find("duplicate key \"a\"") != std::string::npos);
  }
}

CORE_TEST(jsonCollectsDuplicateKeysWithPaths) {
  std::vector<json::DuplicateKey> dups;
  json::ParseOptions options;
  options.duplicateKeys = &dups;
  const json::Value v = json::parse(
      "{\"questions\": [{\"id\": \"q1\"}, {\"id\": \"q2\", \"correct\": \"a\",\n"
      " \"correct\": \"b\"}], \"x\": {\"y\": {\"z\": 1, \"z\": 2}}}",
      options);
  CHECK_EQ(dups.size(), size_t(2));
  CHECK_EQ(dups[0].path, std::string("$.questions[1].correct"));
  CHECK_EQ(dups[0].line, size_t(2));
  CHECK_EQ(dups[1].path, std::string("$.x.y.z"));
  // The last value counts, as in QJsonDocument and Python's json.
  const json::Value& q2 = v.find("questions")->asArray()[1];
  CHECK_EQ(q2.find("correct")->asString(), std::string("b"));
  CHECK_EQ(q2.members().size(), size_t(2));
}

CORE_TEST(jsonEscapesBecomeUtf8) {
  const json::Value v = json::parse("[\"caf\\u00e9 \\ud83d\\ude00\"]");
  CHECK_EQ(v.asArray()[0].asString(), std::string("caf\xC3\xA9 \xF0\x9F\x98\x80"));
  CHECK_THROWS(json::parse("[\"\\ud83d\"]"), json::ParseError, "surrogate");
  CHECK_THROWS(json::parse("[\"\xC0\xAF\"]"), json::ParseError, "invalid UTF-8");
  CHECK_THROWS(json::quote("\xC3"), std::invalid_argument, "not valid UTF-8");
}

// WriteOptions reproduce Qt's QJsonDocument layout, which the quiz's formats keep: keys in
// UTF-16 order (an emoji, a surrogate pair, before U+E000; after it in UTF-8's order), four
// spaces, an empty array still broken over two lines, a newline at the end.
CORE_TEST(jsonWritesQtsLayout) {
  const std::string emoji = "\xF0\x9F\x98\x80";
  const std::string privateUse = "\xEE\x80\x80";  // U+E000
  json::Value inner = json::Value::object();
  inner.set("z", 1);
  inner.set("y", json::Value(json::Value::Array{json::Value(1), json::Value("x")}));
  json::Value v = json::Value::object();
  v.set(privateUse, nullptr);
  v.set("b", json::Value::array());
  v.set(emoji, true);
  v.set("a", inner);
  v.set("c", json::Value::object());
  json::WriteOptions indented;
  indented.indent = 4;
  indented.sortKeys = true;
  indented.breakEmpty = true;
  indented.finalNewline = true;
  CHECK_EQ(json::serialize(v, indented),
           "{\n"
           "    \"a\": {\n"
           "        \"y\": [\n"
           "            1,\n"
           "            \"x\"\n"
           "        ],\n"
           "        \"z\": 1\n"
           "    },\n"
           "    \"b\": [\n"
           "    ],\n"
           "    \"c\": {\n"
           "    },\n"
           "    \"" +
               emoji + "\": true,\n    \"" + privateUse + "\": null\n}\n");
  json::WriteOptions compact;
  compact.sortKeys = true;
  compact.breakEmpty = true;  // no line to break in compact text
  CHECK_EQ(json::serialize(v, compact), "{\"a\":{\"y\":[1,\"x\"],\"z\":1},\"b\":[],\"c\":{},\"" +
                                            emoji + "\":true,\"" + privateUse + "\":null}");
  // Without sortKeys the insertion order stays, and the old overload is the same layout.
  CHECK_EQ(json::serialize(inner, json::WriteOptions{}), std::string("{\"z\":1,\"y\":[1,\"x\"]}"));
  CHECK_EQ(json::serialize(v, 2), json::serialize(v, json::WriteOptions{2, false, false, false}));
  // Sorting never hides a repeated key: a key is a key whatever its place.
  json::Value dup(
      json::Value::Members{{"b", json::Value(1)}, {"a", json::Value(2)}, {"b", json::Value(3)}});
  CHECK_THROWS(json::serialize(dup, compact), std::invalid_argument, "duplicate key \"b\"");
  // Prefixes sort first; the comparison is by character, not by byte count.
  json::Value keys = json::Value::object();
  for (const char* k : {"ab", "a", "", "\xC3\xA9", "b"}) keys.set(k, 0);
  CHECK_EQ(json::serialize(keys, compact),
           std::string("{\"\":0,\"a\":0,\"ab\":0,\"b\":0,\"\xC3\xA9\":0}"));
}
