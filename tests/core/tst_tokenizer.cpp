// WordPieceTokenizer against Hugging Face's BertTokenizer: expected tokens in
// tests/data/tokenizer-cases.tsv come from tools/bert_tokenizer_reference.py, a faithful copy of
// the transformers algorithm, run on tests/data/vocab-test.txt. Plus hand-checked cases, encode
// truncation, batch padding, vocabulary errors and the built-in vocabulary.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "CoreTest.h"
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

std::string joined(const std::vector<std::string>& tokens) {
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

void writeFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

const WordPieceTokenizer& testTokenizer() {
  static const WordPieceTokenizer tokenizer =
      WordPieceTokenizer::fromVocabFile(kDataDir + "vocab-test.txt");
  return tokenizer;
}

}  // namespace

CORE_TEST(matchesReference) {
  std::ifstream in(kDataDir + "tokenizer-cases.tsv", std::ios::binary);
  CHECK_MSG(in, "tests/data/tokenizer-cases.tsv is missing");
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t a = line.find('\t');
    const size_t b = line.find('\t', a + 1);
    CHECK(a != std::string::npos && b != std::string::npos);
    const std::string name = line.substr(0, a);
    const std::string text = line.substr(a + 1, b - a - 1);
    const std::string expected = joined(splitSpaces(line.substr(b + 1)));
    coretest::row(name, [&] {
      const std::string raw = unescape(text);  // may hold invalid UTF-8 on purpose
      CHECK_EQ(joined(testTokenizer().tokenize(raw)), expected);
    });
    ++rows;
  }
  CHECK(rows >= 40);
}

CORE_TEST(handChecked) {
  const std::pair<const char*, const char*> rows[] = {
      {"Unaffable", "un ##aff ##able"},      // wordpiece
      {"Café NIÑO über", "cafe nino uber"},  // accents
      {"hello,world!", "hello , world !"},   // punctuation
      {"«hello»", "« hello »"},              // guillemets
      {"the中文", "the 中 文"},              // cjk
      {"☃", "[UNK]"},                        // unknown
      {"the[SEP]loss", "the [SEP] loss"},    // special
  };
  for (const auto& [text, expected] : rows)
    coretest::row(text,
                  [&] { CHECK_EQ(joined(testTokenizer().tokenize(text)), std::string(expected)); });
}

CORE_TEST(specialIdsByString) {
  const WordPieceTokenizer* tokenizer_ = &testTokenizer();
  CHECK_EQ(tokenizer_->padId(), 0);
  CHECK_EQ(tokenizer_->unkId(), 1);
  CHECK_EQ(tokenizer_->clsId(), 2);
  CHECK_EQ(tokenizer_->sepId(), 3);
  CHECK_EQ(tokenizer_->idOf("[MASK]"), 4);
  CHECK_EQ(tokenizer_->idOf("no-such-token"), -1);
  CHECK_EQ(tokenizer_->token(tokenizer_->idOf("loss")), std::string("loss"));
  CHECK_THROWS_AS(tokenizer_->token(tokenizer_->vocabSize()), std::out_of_range);
  // Ids are looked up by string, so a vocab with specials elsewhere works too.
  const auto t =
      WordPieceTokenizer::fromVocabText("a\n[SEP]\nb\n[UNK]\n[CLS]\n[PAD]\n", true, "shuffled.txt");
  CHECK_EQ(t.sepId(), 1);
  CHECK_EQ(t.unkId(), 3);
  CHECK_EQ(t.clsId(), 4);
  CHECK_EQ(t.padId(), 5);
  CHECK_EQ(t.vocabSize(), 6);
}

CORE_TEST(vocabLineEndings) {
  // Python's text mode reads \r\n and \r as line ends: the same tokens either way.
  const auto crlf = WordPieceTokenizer::fromVocabText(
      "\xEF\xBB\xBF[PAD]\r\n[UNK]\r\n[CLS]\r\n[SEP]\r\nloss", true, "crlf.txt");
  CHECK_EQ(crlf.vocabSize(), 5);
  CHECK_EQ(crlf.idOf("loss"), 4);
  CHECK_EQ(crlf.padId(), 0);
}

CORE_TEST(encodeTruncates) {
  struct Row {
    const char* name;
    int maxLength;
    int expectedLength;
  };
  const Row rows[] = {
      {"roomy", 64, 8},  // [CLS] the loss is nan on gpu [SEP]
      {"exact", 8, 8},
      {"cut", 5, 5},
      {"minimum", 2, 2},
  };
  const WordPieceTokenizer* tokenizer_ = &testTokenizer();
  for (const Row& r : rows)
    coretest::row(r.name, [&] {
      const std::string text = "the loss is nan on gpu";  // 6 pieces
      const auto ids = tokenizer_->encode(text, r.maxLength);
      CHECK_EQ(static_cast<int>(ids.size()), r.expectedLength);
      CHECK_EQ(ids.front(), tokenizer_->clsId());
      CHECK_EQ(ids.back(), tokenizer_->sepId());
      if (r.maxLength >= 3) CHECK_EQ(ids[1], tokenizer_->idOf("the"));
    });
}

CORE_TEST(encodeRejectsTinyLength) {
  CHECK_THROWS_AS(testTokenizer().encode("the", 1), InputError);
}

CORE_TEST(encodeBatchPads) {
  const WordPieceTokenizer* tokenizer_ = &testTokenizer();
  const std::vector<std::string> texts = {"the loss", "unaffable running loss", ""};
  const EncodedBatch b = tokenizer_->encodeBatch(texts, 16);
  // Rows: [CLS] the loss [SEP] / [CLS] un ##aff ##able runn ##ing loss [SEP] / [CLS] [SEP]
  CHECK_EQ(b.batch, 3);
  CHECK_EQ(b.length, 8);
  CHECK_EQ(static_cast<int64_t>(b.inputIds.size()), 24);
  const std::vector<int64_t> mask = {1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1,
                                     1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0};
  CHECK_EQ(b.attentionMask, mask);
  CHECK_EQ(b.tokenTypeIds, std::vector<int64_t>(24, 0));
  CHECK_EQ(b.inputIds[3], tokenizer_->sepId());
  CHECK_EQ(b.inputIds[4], tokenizer_->padId());
  CHECK_EQ(b.inputIds[17], tokenizer_->sepId());
  CHECK_EQ(b.inputIds[23], tokenizer_->padId());
  CHECK_EQ(b.inputIds[9], tokenizer_->idOf("un"));
  // Truncation applies per row before padding.
  const EncodedBatch cut = tokenizer_->encodeBatch(texts, 4);
  CHECK_EQ(cut.length, 4);
  CHECK_EQ(cut.inputIds[7], tokenizer_->sepId());
  const EncodedBatch none = tokenizer_->encodeBatch({}, 8);
  CHECK_EQ(none.batch, 0);
  CHECK(none.inputIds.empty());
}

CORE_TEST(vocabErrors) {
  struct Row {
    const char* name;
    std::string content;
    const char* mustMention;
  };
  const std::vector<Row> rows = {
      {"empty", "", "vocab.txt: the vocabulary is empty"},
      {"no cls", "[PAD]\n[UNK]\n[SEP]\n", "[CLS]"},
      {"no sep", "[PAD]\n[UNK]\n[CLS]\n", "[SEP]"},
      {"no pad", "[UNK]\n[CLS]\n[SEP]\n", "[PAD]"},
      {"no unk", "[PAD]\n[CLS]\n[SEP]\n", "[UNK]"},
      {"duplicate", "[PAD]\n[UNK]\n[CLS]\n[SEP]\nloss\nnan\nloss\n",
       "vocab.txt:7: token \"loss\" already appears on line 5"},
      {"bad utf8", "[PAD]\n[UNK]\n[CLS]\n[SEP]\nlo\xffss\n", "vocab.txt:5"},
  };
  for (const Row& r : rows)
    coretest::row(r.name, [&] {
      const std::string path = coretest::tempDir() + "/vocab.txt";
      writeFile(path, r.content);
      try {
        WordPieceTokenizer::fromVocabFile(path);
        FAIL("no InputError");
      } catch (const InputError& e) {
        const std::string message = e.what();
        CHECK_MSG(coretest::contains(message, r.mustMention), message);
        CHECK_MSG(coretest::contains(message, path), message);
      }
    });
}

CORE_TEST(missingVocabFile) {
  CHECK_THROWS_AS(WordPieceTokenizer::fromVocabFile("/nonexistent/vocab.txt"), InputError);
}

CORE_TEST(builtinVocabCoversBuiltinData) {
  const auto tokenizer =
      WordPieceTokenizer::fromVocabText(precisionlab::builtinVocabText(), true, "built-in vocab");
  CHECK_EQ(tokenizer.padId(), 0);
  CHECK(tokenizer.vocabSize() >= 1000 && tokenizer.vocabSize() <= 6000);
  const auto dataset = precisionlab::TextDataset::builtin();
  std::vector<std::string> texts;
  for (const auto& e : dataset.examples()) texts.push_back(e.text);
  const auto start = std::chrono::steady_clock::now();
  const EncodedBatch batch = tokenizer.encodeBatch(texts, 512);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("tokenized %zu built-in texts in %.1f ms, longest %lld\n", texts.size(),
              seconds * 1e3, static_cast<long long>(batch.length));
  CHECK_MSG(seconds < 1.0, "tokenizing the built-in dataset must take milliseconds");
  int64_t unknown = 0;
  for (int64_t id : batch.inputIds) unknown += id == tokenizer.unkId();
  CHECK_EQ(unknown, int64_t(0));
}
