// TextDataset: CSV (RFC 4180 quoting), TSV and JSONL readers, label mapping (discovered, integer,
// allowed-labels mode), deterministic seeded splits, one InputError per kind of bad file (naming
// the file and line), and the built-in dataset.
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "CoreTest.h"
#include "core/EngineError.h"
#include "core/TextDataset.h"

using precisionlab::DatasetOptions;
using precisionlab::InputError;
using precisionlab::TextDataset;

namespace {

std::string write(const std::string& name, const std::string& bytes) {
  const std::string path = coretest::tempDir() + "/" + name;
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  return path;
}

TextDataset loadText(const std::string& name, const std::string& bytes,
                     std::vector<std::string> labels = {}) {
  DatasetOptions options;
  options.path = write(name, bytes);
  options.labels = std::move(labels);
  return TextDataset::load(options);
}

}  // namespace

CORE_TEST(csvQuotedFields) {
  const std::string csv =
      "\xEF\xBB\xBFid,text,label\r\n"
      "1,\"loss, then NaN\",bad\r\n"
      "2,\"she said \"\"fp16\"\" twice\",good\r\n"
      "3,\"two\nlines\",bad\r\n"
      "\r\n"
      "4,plain text,good";  // no final newline
  const TextDataset d = loadText("quoted.csv", csv);
  CHECK_EQ(d.examples().size(), size_t(4));
  CHECK_EQ(d.labels(), (std::vector<std::string>{"bad", "good"}));
  CHECK_EQ(d.examples()[0].text, std::string("loss, then NaN"));
  CHECK_EQ(d.examples()[1].text, std::string("she said \"fp16\" twice"));
  CHECK_EQ(d.examples()[2].text, std::string("two\nlines"));
  CHECK_EQ(d.examples()[3].text, std::string("plain text"));
  CHECK_EQ(d.examples()[0].label, int64_t(0));
  CHECK_EQ(d.examples()[1].label, int64_t(1));
  CHECK(d.sourceName().find("quoted.csv") != std::string::npos);
}

CORE_TEST(tsvAndColumns) {
  DatasetOptions options;
  options.path =
      write("data.TSV", "sentence\tlabel\tcategory\nhello, world\tx\tpos\nbye\ty\tneg\n");
  options.textColumn = "sentence";
  options.labelColumn = "category";
  const TextDataset d = TextDataset::load(options);
  CHECK_EQ(d.examples().size(), size_t(2));
  CHECK_EQ(d.examples()[0].text, std::string("hello, world"));
  CHECK_EQ(d.labels(), (std::vector<std::string>{"neg", "pos"}));
  CHECK_EQ(d.examples()[0].label, int64_t(1));
}

CORE_TEST(jsonl) {
  const std::string text =
      "{\"text\": \"loss is NaN\", \"label\": 2}\n"
      "\n"
      "{\"label\": 0, \"text\": \"caf\\u00e9\", \"extra\": [1, 2]}\r\n"
      "   \n"
      "{\"text\": \"ten\", \"label\": 10}\n";
  const TextDataset d = loadText("data.jsonl", text);
  CHECK_EQ(d.examples().size(), size_t(3));
  // Integer labels sort numerically: 0, 2, 10.
  CHECK_EQ(d.labels(), (std::vector<std::string>{"0", "2", "10"}));
  CHECK_EQ(d.examples()[0].label, int64_t(1));
  CHECK_EQ(d.examples()[1].label, int64_t(0));
  CHECK_EQ(d.examples()[1].text, std::string("caf\xC3\xA9"));
  CHECK_EQ(d.examples()[2].label, int64_t(2));
  const TextDataset n = loadText("data.ndjson",
                                 "{\"text\":\"a\",\"label\":\"x\"}\n"
                                 "{\"text\":\"b\",\"label\":\"y\"}");
  CHECK_EQ(n.labels(), (std::vector<std::string>{"x", "y"}));
}

CORE_TEST(integerLabelsInCsv) {
  const TextDataset d = loadText("ints.csv", "text,label\na,1\nb,0\nc,2\nd,1\n");
  CHECK_EQ(d.labels(), (std::vector<std::string>{"0", "1", "2"}));
  CHECK_EQ(d.examples()[0].label, int64_t(1));
  CHECK_EQ(d.examples()[2].label, int64_t(2));
}

CORE_TEST(allowedLabels) {
  const std::vector<std::string> allowed = {"negative", "positive", "neutral"};
  const TextDataset d =
      loadText("allowed.csv", "text,label\na,positive\nb,0\nc,2\nd,negative\n", allowed);
  CHECK_EQ(d.labels(), allowed);
  CHECK_EQ(d.examples()[0].label, int64_t(1));
  CHECK_EQ(d.examples()[1].label, int64_t(0));
  CHECK_EQ(d.examples()[2].label, int64_t(2));
  CHECK_EQ(d.examples()[3].label, int64_t(0));
  try {
    loadText("allowed-bad.csv", "text,label\na,positive\nb,3\n", allowed);
    FAIL("index 3 is out of range");
  } catch (const InputError& e) {
    CHECK_MSG(coretest::contains(e.what(), "allowed-bad.csv:3"), e.what());
  }
}

CORE_TEST(splitIsSeededAndComplete) {
  std::string csv = "text,label\n";
  for (int i = 0; i < 101; ++i) csv += "t" + std::to_string(i) + "," + (i % 3 ? "a" : "b") + "\n";
  const TextDataset d = loadText("split.csv", csv);
  const auto [train1, valid1] = d.split(0.2, 42);
  const auto [train2, valid2] = d.split(0.2, 42);
  const auto [train3, valid3] = d.split(0.2, 43);
  CHECK_EQ(valid1.examples().size(), size_t(20));
  CHECK_EQ(train1.examples().size(), size_t(81));
  CHECK_EQ(train1.labels(), d.labels());
  std::vector<std::string> a, b, c;
  for (const auto& e : valid1.examples()) a.push_back(e.text);
  for (const auto& e : valid2.examples()) b.push_back(e.text);
  for (const auto& e : valid3.examples()) c.push_back(e.text);
  CHECK_EQ(a, b);
  CHECK(a != c);
  // The shuffle is our own Fisher-Yates over mt19937_64, whose output the C++ standard fixes,
  // so this order must come out on every platform and standard library.
  CHECK_EQ(std::vector<std::string>(a.begin(), a.begin() + 5),
           (std::vector<std::string>{"t87", "t91", "t16", "t26", "t8"}));
  std::set<std::string> all;
  for (const auto& e : train1.examples()) all.insert(e.text);
  for (const auto& t : a) all.insert(t);
  CHECK_EQ(all.size(), size_t(101));
  // Both parts non-empty even at the extremes.
  const TextDataset two = loadText("two.csv", "text,label\na,x\nb,y\n");
  const auto [t, v] = two.split(0.01, 1);
  CHECK_EQ(t.examples().size(), size_t(1));
  CHECK_EQ(v.examples().size(), size_t(1));
  CHECK_THROWS_AS(d.split(0.0, 1), InputError);
  CHECK_THROWS_AS(d.split(1.0, 1), InputError);
}

CORE_TEST(badFiles) {
  struct Row {
    const char* row;
    const char* name;
    std::string content;
    const char* mustMention;
  };
  const std::vector<Row> rows = {
      {"empty file", "empty.csv", "", "empty.csv: the file is empty"},
      {"missing text column", "notext.csv", "sentence,label\na,b\n",
       "notext.csv:1: no column \"text\" in the header (columns found: \"sentence\", "
       "\"label\")"},
      {"missing label column", "nolabel.tsv", "text\tcat\na\tb\n",
       "nolabel.tsv:1: no column \"label\""},
      {"invalid utf8", "utf8.csv", "text,label\na,x\nb\xff,y\n", "utf8.csv:3: invalid UTF-8"},
      {"malformed jsonl", "bad.jsonl",
       "{\"text\":\"a\",\"label\":1}\n{\"text\": \"b\", \"label\": }\n",
       "bad.jsonl:2: not valid JSON (column"},
      {"jsonl not object", "arr.jsonl", "[1,2]\n", "arr.jsonl:1:"},
      {"jsonl missing key", "key.jsonl",
       "{\"text\":\"a\",\"label\":1}\n{\"txt\":\"b\",\"label\":2}\n",
       "key.jsonl:2: no member \"text\" (members: \"txt\", \"label\")"},
      {"wrong field count", "fields.csv", "text,label\na,x\nb,c,y\n",
       "fields.csv:3: 3 fields, but the header has 2"},
      {"unterminated quote", "quote.csv", "text,label\na,x\n\"open\nstill open,y\nz,x\n",
       "quote.csv:3: a quoted field starts here but its closing quote is missing"},
      {"text after quote", "after.csv", "text,label\n\"a\"b,x\n", "after.csv:2:"},
      {"empty text", "blank.csv", "text,label\na,x\n  ,y\n",
       "blank.csv:3: the text in column \"text\" is empty"},
      {"empty label", "nolab.csv", "text,label\na,x\nb,\n", "nolab.csv:3: the label"},
      {"one class", "one.csv", "text,label\na,x\nb,x\n", "one.csv: only 1 class"},
      {"header only", "header.csv", "text,label\n", "header.csv: no examples"},
      {"unsupported", "data.parquet", "x", "data.parquet: unsupported"},
  };
  for (const Row& r : rows)
    coretest::row(r.row, [&] {
      try {
        loadText(r.name, r.content);
        FAIL("no InputError");
      } catch (const InputError& e) {
        const std::string message = e.what();
        CHECK_MSG(coretest::contains(message, r.mustMention), message);
        CHECK_MSG(coretest::contains(message, coretest::tempDir()), message);
      }
    });
}

CORE_TEST(unknownLabelNamesLine) {
  try {
    loadText("unknown.csv", "text,label\na,x\nb,maybe\n", {"x", "y"});
    FAIL("no InputError");
  } catch (const InputError& e) {
    const std::string message = e.what();
    CHECK_MSG(coretest::contains(message, "unknown.csv:3: label \"maybe\""), message);
    CHECK_MSG(coretest::contains(message, "\"x\", \"y\""), message);
  }
}

CORE_TEST(missingFile) {
  DatasetOptions options;
  options.path = coretest::tempDir() + "/absent.csv";
  try {
    TextDataset::load(options);
    FAIL("no InputError");
  } catch (const InputError& e) {
    CHECK_MSG(coretest::contains(e.what(), "absent.csv: cannot open"), e.what());
  }
}

CORE_TEST(builtinDataset) {
  const TextDataset d = TextDataset::builtin();
  CHECK(d.examples().size() >= 2000);
  CHECK(d.labels().size() >= 3);
  CHECK_EQ(d.sourceName(), std::string("built-in training reports"));
  std::vector<int> perClass(d.labels().size());
  for (const auto& e : d.examples()) {
    CHECK(!e.text.empty());
    ++perClass[static_cast<size_t>(e.label)];
  }
  for (int n : perClass) CHECK(n >= 100);
  const auto [train, valid] = d.split(0.1, 7);
  CHECK_EQ(train.examples().size() + valid.examples().size(), d.examples().size());
}
