// WordPieceTokenizer against Hugging Face's BertTokenizer: expected tokens in
// tests/data/tokenizer-cases.tsv come from tools/bert_tokenizer_reference.py, a faithful copy of
// the transformers algorithm, run on tests/data/vocab-test.txt. Plus hand-checked cases, encode
// truncation, batch padding, vocabulary errors and the built-in vocabulary.
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/BuiltinData.h"
#include "core/EngineError.h"
#include "core/TextDataset.h"
#include "core/Utf8.h"
#include "core/WordPieceTokenizer.h"

using precisionlab::EncodedBatch;
using precisionlab::InputError;
using precisionlab::WordPieceTokenizer;

namespace {

const std::string kDataDir = std::string(PRECISIONLAB_SOURCE_DIR) + "/tests/data/";

// The escapes of tokenizer-cases.in: \uXXXX, \UXXXXXXXX, \xHH (raw byte), \t \n \r \\.
std::string unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out.push_back(s[i]);
      continue;
    }
    const char k = s[i + 1];
    if (k == 'u' || k == 'U' || k == 'x') {
      const size_t digits = k == 'u' ? 4 : k == 'U' ? 8 : 2;
      const auto value = std::stoul(s.substr(i + 2, digits), nullptr, 16);
      if (k == 'x') {
        out.push_back(static_cast<char>(value));
      } else {
        precisionlab::utf8::append(static_cast<char32_t>(value), out);
      }
      i += 1 + digits;
      continue;
    }
    out.push_back(k == 't' ? '\t' : k == 'n' ? '\n' : k == 'r' ? '\r' : k);
    ++i;
  }
  return out;
}

std::vector<std::string> splitSpaces(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string t;
  while (in >> t) out.push_back(unescape(t));
  return out;
}

QString joined(const std::vector<std::string>& tokens) {
  QStringList list;
  for (const auto& t : tokens) list << QString::fromStdString(t);
  return list.join(QLatin1Char(' '));
}

void writeFile(const QString& path, const std::string& bytes) {
  std::ofstream out(path.toStdString(), std::ios::binary);
  out << bytes;
}

}  // namespace

class TokenizerTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    tokenizer_ = std::make_unique<WordPieceTokenizer>(
        WordPieceTokenizer::fromVocabFile(kDataDir + "vocab-test.txt"));
  }

  void matchesReference_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    std::ifstream in(kDataDir + "tokenizer-cases.tsv", std::ios::binary);
    QVERIFY2(in, "tests/data/tokenizer-cases.tsv is missing");
    std::string line;
    int rows = 0;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const size_t a = line.find('\t');
      const size_t b = line.find('\t', a + 1);
      QVERIFY(a != std::string::npos && b != std::string::npos);
      const std::string name = line.substr(0, a);
      QTest::newRow(name.c_str()) << QString::fromStdString(line.substr(a + 1, b - a - 1))
                                  << joined(splitSpaces(line.substr(b + 1)));
      ++rows;
    }
    QVERIFY(rows >= 40);
  }
  void matchesReference() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const std::string raw = unescape(text.toStdString());  // may hold invalid UTF-8 on purpose
    QCOMPARE(joined(tokenizer_->tokenize(raw)), expected);
  }

  void handChecked_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("wordpiece") << "Unaffable"
                               << "un ##aff ##able";
    QTest::newRow("accents") << QString::fromUtf8("Café NIÑO über") << "cafe nino uber";
    QTest::newRow("punctuation") << "hello,world!"
                                 << "hello , world !";
    QTest::newRow("guillemets") << QString::fromUtf8("«hello»") << QString::fromUtf8("« hello »");
    QTest::newRow("cjk") << QString::fromUtf8("the中文") << QString::fromUtf8("the 中 文");
    QTest::newRow("unknown") << QString::fromUtf8("☃") << "[UNK]";
    QTest::newRow("special") << "the[SEP]loss"
                             << "the [SEP] loss";
  }
  void handChecked() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(joined(tokenizer_->tokenize(text.toStdString())), expected);
  }

  void specialIdsByString() {
    QCOMPARE(tokenizer_->padId(), 0);
    QCOMPARE(tokenizer_->unkId(), 1);
    QCOMPARE(tokenizer_->clsId(), 2);
    QCOMPARE(tokenizer_->sepId(), 3);
    QCOMPARE(tokenizer_->idOf("[MASK]"), 4);
    QCOMPARE(tokenizer_->idOf("no-such-token"), -1);
    QCOMPARE(tokenizer_->token(tokenizer_->idOf("loss")), std::string("loss"));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, tokenizer_->token(tokenizer_->vocabSize()));
    // Ids are looked up by string, so a vocab with specials elsewhere works too.
    const auto t = WordPieceTokenizer::fromVocabText("a\n[SEP]\nb\n[UNK]\n[CLS]\n[PAD]\n", true,
                                                     "shuffled.txt");
    QCOMPARE(t.sepId(), 1);
    QCOMPARE(t.unkId(), 3);
    QCOMPARE(t.clsId(), 4);
    QCOMPARE(t.padId(), 5);
    QCOMPARE(t.vocabSize(), 6);
  }

  void vocabLineEndings() {
    // Python's text mode reads \r\n and \r as line ends: the same tokens either way.
    const auto crlf = WordPieceTokenizer::fromVocabText(
        "\xEF\xBB\xBF[PAD]\r\n[UNK]\r\n[CLS]\r\n[SEP]\r\nloss", true, "crlf.txt");
    QCOMPARE(crlf.vocabSize(), 5);
    QCOMPARE(crlf.idOf("loss"), 4);
    QCOMPARE(crlf.padId(), 0);
  }

  void encodeTruncates_data() {
    QTest::addColumn<int>("maxLength");
    QTest::addColumn<int>("expectedLength");
    QTest::newRow("roomy") << 64 << 8;  // [CLS] the loss is nan on gpu [SEP]
    QTest::newRow("exact") << 8 << 8;
    QTest::newRow("cut") << 5 << 5;
    QTest::newRow("minimum") << 2 << 2;
  }
  void encodeTruncates() {
    QFETCH(int, maxLength);
    QFETCH(int, expectedLength);
    const std::string text = "the loss is nan on gpu";  // 6 pieces
    const auto ids = tokenizer_->encode(text, maxLength);
    QCOMPARE(static_cast<int>(ids.size()), expectedLength);
    QCOMPARE(ids.front(), tokenizer_->clsId());
    QCOMPARE(ids.back(), tokenizer_->sepId());
    if (maxLength >= 3) QCOMPARE(ids[1], tokenizer_->idOf("the"));
  }

  void encodeRejectsTinyLength() {
    QVERIFY_THROWS_EXCEPTION(InputError, tokenizer_->encode("the", 1));
  }

  void encodeBatchPads() {
    const std::vector<std::string> texts = {"the loss", "unaffable running loss", ""};
    const EncodedBatch b = tokenizer_->encodeBatch(texts, 16);
    // Rows: [CLS] the loss [SEP] / [CLS] un ##aff ##able runn ##ing loss [SEP] / [CLS] [SEP]
    QCOMPARE(b.batch, 3);
    QCOMPARE(b.length, 8);
    QCOMPARE(static_cast<int64_t>(b.inputIds.size()), 24);
    const std::vector<int64_t> mask = {1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1,
                                       1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0};
    QCOMPARE(b.attentionMask, mask);
    QCOMPARE(b.tokenTypeIds, std::vector<int64_t>(24, 0));
    QCOMPARE(b.inputIds[3], tokenizer_->sepId());
    QCOMPARE(b.inputIds[4], tokenizer_->padId());
    QCOMPARE(b.inputIds[17], tokenizer_->sepId());
    QCOMPARE(b.inputIds[23], tokenizer_->padId());
    QCOMPARE(b.inputIds[9], tokenizer_->idOf("un"));
    // Truncation applies per row before padding.
    const EncodedBatch cut = tokenizer_->encodeBatch(texts, 4);
    QCOMPARE(cut.length, 4);
    QCOMPARE(cut.inputIds[7], tokenizer_->sepId());
    const EncodedBatch none = tokenizer_->encodeBatch({}, 8);
    QCOMPARE(none.batch, 0);
    QVERIFY(none.inputIds.empty());
  }

  void vocabErrors_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("mustMention");
    QTest::newRow("empty") << QByteArray() << "vocab.txt: the vocabulary is empty";
    QTest::newRow("no cls") << QByteArray("[PAD]\n[UNK]\n[SEP]\n") << "[CLS]";
    QTest::newRow("no sep") << QByteArray("[PAD]\n[UNK]\n[CLS]\n") << "[SEP]";
    QTest::newRow("no pad") << QByteArray("[UNK]\n[CLS]\n[SEP]\n") << "[PAD]";
    QTest::newRow("no unk") << QByteArray("[PAD]\n[CLS]\n[SEP]\n") << "[UNK]";
    QTest::newRow("duplicate") << QByteArray("[PAD]\n[UNK]\n[CLS]\n[SEP]\nloss\nnan\nloss\n")
                               << "vocab.txt:7: token \"loss\" already appears on line 5";
    QTest::newRow("bad utf8") << QByteArray("[PAD]\n[UNK]\n[CLS]\n[SEP]\nlo\xffss\n")
                              << "vocab.txt:5";
  }
  void vocabErrors() {
    QFETCH(QByteArray, content);
    QFETCH(QString, mustMention);
    QTemporaryDir dir;
    const QString path = dir.filePath("vocab.txt");
    writeFile(path, content.toStdString());
    try {
      WordPieceTokenizer::fromVocabFile(path.toStdString());
      QFAIL("no InputError");
    } catch (const InputError& e) {
      const QString message = QString::fromUtf8(e.what());
      QVERIFY2(message.contains(mustMention), qPrintable(message));
      QVERIFY2(message.contains(path), qPrintable(message));
    }
  }

  void missingVocabFile() {
    QVERIFY_THROWS_EXCEPTION(InputError,
                             WordPieceTokenizer::fromVocabFile("/nonexistent/vocab.txt"));
  }

  void builtinVocabCoversBuiltinData() {
    const auto tokenizer =
        WordPieceTokenizer::fromVocabText(precisionlab::builtinVocabText(), true, "built-in vocab");
    QCOMPARE(tokenizer.padId(), 0);
    QVERIFY(tokenizer.vocabSize() >= 1000 && tokenizer.vocabSize() <= 6000);
    const auto dataset = precisionlab::TextDataset::builtin();
    std::vector<std::string> texts;
    for (const auto& e : dataset.examples()) texts.push_back(e.text);
    const auto start = std::chrono::steady_clock::now();
    const EncodedBatch batch = tokenizer.encodeBatch(texts, 512);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    qInfo("tokenized %zu built-in texts in %.1f ms, longest %lld", texts.size(), seconds * 1e3,
          static_cast<long long>(batch.length));
    QVERIFY2(seconds < 1.0, "tokenizing the built-in dataset must take milliseconds");
    int64_t unknown = 0;
    for (int64_t id : batch.inputIds) unknown += id == tokenizer.unkId();
    QCOMPARE(unknown, 0);
  }

 private:
  std::unique_ptr<WordPieceTokenizer> tokenizer_;
};

QTEST_GUILESS_MAIN(TokenizerTest)
#include "tst_tokenizer.moc"
