// TextDataset: CSV (RFC 4180 quoting), TSV and JSONL readers, label mapping (discovered, integer,
// allowed-labels mode), deterministic seeded splits, one InputError per kind of bad file (naming
// the file and line), and the built-in dataset.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <set>
#include <string>

#include "core/EngineError.h"
#include "core/TextDataset.h"

using precisionlab::DatasetOptions;
using precisionlab::InputError;
using precisionlab::TextDataset;

class TextDatasetTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;

  std::string write(const QString& name, const std::string& bytes) {
    const std::string path = dir_.filePath(name).toStdString();
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    return path;
  }
  TextDataset loadText(const QString& name, const std::string& bytes,
                       std::vector<std::string> labels = {}) {
    DatasetOptions options;
    options.path = write(name, bytes);
    options.labels = std::move(labels);
    return TextDataset::load(options);
  }

 private Q_SLOTS:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  void csvQuotedFields() {
    const std::string csv =
        "\xEF\xBB\xBFid,text,label\r\n"
        "1,\"loss, then NaN\",bad\r\n"
        "2,\"she said \"\"fp16\"\" twice\",good\r\n"
        "3,\"two\nlines\",bad\r\n"
        "\r\n"
        "4,plain text,good";  // no final newline
    const TextDataset d = loadText("quoted.csv", csv);
    QCOMPARE(d.examples().size(), size_t(4));
    QCOMPARE(d.labels(), (std::vector<std::string>{"bad", "good"}));
    QCOMPARE(d.examples()[0].text, std::string("loss, then NaN"));
    QCOMPARE(d.examples()[1].text, std::string("she said \"fp16\" twice"));
    QCOMPARE(d.examples()[2].text, std::string("two\nlines"));
    QCOMPARE(d.examples()[3].text, std::string("plain text"));
    QCOMPARE(d.examples()[0].label, int64_t(0));
    QCOMPARE(d.examples()[1].label, int64_t(1));
    QVERIFY(d.sourceName().find("quoted.csv") != std::string::npos);
  }

  void tsvAndColumns() {
    DatasetOptions options;
    options.path =
        write("data.TSV", "sentence\tlabel\tcategory\nhello, world\tx\tpos\nbye\ty\tneg\n");
    options.textColumn = "sentence";
    options.labelColumn = "category";
    const TextDataset d = TextDataset::load(options);
    QCOMPARE(d.examples().size(), size_t(2));
    QCOMPARE(d.examples()[0].text, std::string("hello, world"));
    QCOMPARE(d.labels(), (std::vector<std::string>{"neg", "pos"}));
    QCOMPARE(d.examples()[0].label, int64_t(1));
  }

  void jsonl() {
    const std::string text =
        "{\"text\": \"loss is NaN\", \"label\": 2}\n"
        "\n"
        "{\"label\": 0, \"text\": \"caf\\u00e9\", \"extra\": [1, 2]}\r\n"
        "   \n"
        "{\"text\": \"ten\", \"label\": 10}\n";
    const TextDataset d = loadText("data.jsonl", text);
    QCOMPARE(d.examples().size(), size_t(3));
    // Integer labels sort numerically: 0, 2, 10.
    QCOMPARE(d.labels(), (std::vector<std::string>{"0", "2", "10"}));
    QCOMPARE(d.examples()[0].label, int64_t(1));
    QCOMPARE(d.examples()[1].label, int64_t(0));
    QCOMPARE(d.examples()[1].text, std::string("caf\xC3\xA9"));
    QCOMPARE(d.examples()[2].label, int64_t(2));
    const TextDataset n = loadText("data.ndjson",
                                   "{\"text\":\"a\",\"label\":\"x\"}\n"
                                   "{\"text\":\"b\",\"label\":\"y\"}");
    QCOMPARE(n.labels(), (std::vector<std::string>{"x", "y"}));
  }

  void integerLabelsInCsv() {
    const TextDataset d = loadText("ints.csv", "text,label\na,1\nb,0\nc,2\nd,1\n");
    QCOMPARE(d.labels(), (std::vector<std::string>{"0", "1", "2"}));
    QCOMPARE(d.examples()[0].label, int64_t(1));
    QCOMPARE(d.examples()[2].label, int64_t(2));
  }

  void allowedLabels() {
    const std::vector<std::string> allowed = {"negative", "positive", "neutral"};
    const TextDataset d =
        loadText("allowed.csv", "text,label\na,positive\nb,0\nc,2\nd,negative\n", allowed);
    QCOMPARE(d.labels(), allowed);
    QCOMPARE(d.examples()[0].label, int64_t(1));
    QCOMPARE(d.examples()[1].label, int64_t(0));
    QCOMPARE(d.examples()[2].label, int64_t(2));
    QCOMPARE(d.examples()[3].label, int64_t(0));
    try {
      loadText("allowed-bad.csv", "text,label\na,positive\nb,3\n", allowed);
      QFAIL("index 3 is out of range");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains("allowed-bad.csv:3"), e.what());
    }
  }

  void splitIsSeededAndComplete() {
    std::string csv = "text,label\n";
    for (int i = 0; i < 101; ++i) csv += "t" + std::to_string(i) + "," + (i % 3 ? "a" : "b") + "\n";
    const TextDataset d = loadText("split.csv", csv);
    const auto [train1, valid1] = d.split(0.2, 42);
    const auto [train2, valid2] = d.split(0.2, 42);
    const auto [train3, valid3] = d.split(0.2, 43);
    QCOMPARE(valid1.examples().size(), size_t(20));
    QCOMPARE(train1.examples().size(), size_t(81));
    QCOMPARE(train1.labels(), d.labels());
    std::vector<std::string> a, b, c;
    for (const auto& e : valid1.examples()) a.push_back(e.text);
    for (const auto& e : valid2.examples()) b.push_back(e.text);
    for (const auto& e : valid3.examples()) c.push_back(e.text);
    QCOMPARE(a, b);
    QVERIFY(a != c);
    // The shuffle is our own Fisher-Yates over mt19937_64, whose output the C++ standard fixes,
    // so this order must come out on every platform and standard library.
    QCOMPARE(std::vector<std::string>(a.begin(), a.begin() + 5),
             (std::vector<std::string>{"t87", "t91", "t16", "t26", "t8"}));
    std::set<std::string> all;
    for (const auto& e : train1.examples()) all.insert(e.text);
    for (const auto& t : a) all.insert(t);
    QCOMPARE(all.size(), size_t(101));
    // Both parts non-empty even at the extremes.
    const TextDataset two = loadText("two.csv", "text,label\na,x\nb,y\n");
    const auto [t, v] = two.split(0.01, 1);
    QCOMPARE(t.examples().size(), size_t(1));
    QCOMPARE(v.examples().size(), size_t(1));
    QVERIFY_THROWS_EXCEPTION(InputError, d.split(0.0, 1));
    QVERIFY_THROWS_EXCEPTION(InputError, d.split(1.0, 1));
  }

  void badFiles_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mustMention");
    QTest::newRow("empty file") << "empty.csv" << QByteArray() << "empty.csv: the file is empty";
    QTest::newRow("missing text column") << "notext.csv" << QByteArray("sentence,label\na,b\n")
                                         << "notext.csv:1: no column \"text\" in the header "
                                            "(columns found: \"sentence\", \"label\")";
    QTest::newRow("missing label column")
        << "nolabel.tsv" << QByteArray("text\tcat\na\tb\n") << "nolabel.tsv:1: no column \"label\"";
    QTest::newRow("invalid utf8") << "utf8.csv" << QByteArray("text,label\na,x\nb\xff,y\n")
                                  << "utf8.csv:3: invalid UTF-8";
    QTest::newRow("malformed jsonl")
        << "bad.jsonl"
        << QByteArray("{\"text\":\"a\",\"label\":1}\n{\"text\": \"b\", \"label\": }\n")
        << "bad.jsonl:2: not valid JSON (column";
    QTest::newRow("jsonl not object") << "arr.jsonl" << QByteArray("[1,2]\n") << "arr.jsonl:1:";
    QTest::newRow("jsonl missing key")
        << "key.jsonl" << QByteArray("{\"text\":\"a\",\"label\":1}\n{\"txt\":\"b\",\"label\":2}\n")
        << "key.jsonl:2: no member \"text\" (members: \"txt\", \"label\")";
    QTest::newRow("wrong field count") << "fields.csv" << QByteArray("text,label\na,x\nb,c,y\n")
                                       << "fields.csv:3: 3 fields, but the header has 2";
    QTest::newRow("unterminated quote")
        << "quote.csv" << QByteArray("text,label\na,x\n\"open\nstill open,y\nz,x\n")
        << "quote.csv:3: a quoted field starts here but its closing quote is missing";
    QTest::newRow("text after quote")
        << "after.csv" << QByteArray("text,label\n\"a\"b,x\n") << "after.csv:2:";
    QTest::newRow("empty text") << "blank.csv" << QByteArray("text,label\na,x\n  ,y\n")
                                << "blank.csv:3: the text in column \"text\" is empty";
    QTest::newRow("empty label") << "nolab.csv" << QByteArray("text,label\na,x\nb,\n")
                                 << "nolab.csv:3: the label";
    QTest::newRow("one class") << "one.csv" << QByteArray("text,label\na,x\nb,x\n")
                               << "one.csv: only 1 class";
    QTest::newRow("header only") << "header.csv" << QByteArray("text,label\n")
                                 << "header.csv: no examples";
    QTest::newRow("unsupported") << "data.parquet" << QByteArray("x")
                                 << "data.parquet: unsupported";
  }
  void badFiles() {
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, mustMention);
    try {
      loadText(name, content.toStdString());
      QFAIL("no InputError");
    } catch (const InputError& e) {
      const QString message = QString::fromUtf8(e.what());
      QVERIFY2(message.contains(mustMention), qPrintable(message));
      QVERIFY2(message.contains(dir_.path()), qPrintable(message));
    }
  }

  void unknownLabelNamesLine() {
    try {
      loadText("unknown.csv", "text,label\na,x\nb,maybe\n", {"x", "y"});
      QFAIL("no InputError");
    } catch (const InputError& e) {
      const QString message = QString::fromUtf8(e.what());
      QVERIFY2(message.contains("unknown.csv:3: label \"maybe\""), qPrintable(message));
      QVERIFY2(message.contains("\"x\", \"y\""), qPrintable(message));
    }
  }

  void missingFile() {
    DatasetOptions options;
    options.path = dir_.filePath("absent.csv").toStdString();
    try {
      TextDataset::load(options);
      QFAIL("no InputError");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains("absent.csv: cannot open"), e.what());
    }
  }

  void builtinDataset() {
    const TextDataset d = TextDataset::builtin();
    QVERIFY(d.examples().size() >= 2000);
    QVERIFY(d.labels().size() >= 3);
    QCOMPARE(d.sourceName(), std::string("built-in training reports"));
    std::vector<int> perClass(d.labels().size());
    for (const auto& e : d.examples()) {
      QVERIFY(!e.text.empty());
      ++perClass[static_cast<size_t>(e.label)];
    }
    for (int n : perClass) QVERIFY(n >= 100);
    const auto [train, valid] = d.split(0.1, 7);
    QCOMPARE(train.examples().size() + valid.examples().size(), d.examples().size());
  }
};

QTEST_GUILESS_MAIN(TextDatasetTest)
#include "tst_textdataset.moc"
