// WordPiece tokenizer equal to Hugging Face's BertTokenizer: see WordPieceTokenizer.h. The path
// a text takes mirrors PreTrainedTokenizer.tokenize + BertTokenizer._tokenize: cut out special
// tokens, basic tokenization (BertBasicTokenizer), then greedy longest-match-first WordPiece.
#include "core/WordPieceTokenizer.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "core/EngineError.h"
#include "core/SafeFileReader.h"
#include "core/TerminalText.h"
#include "core/Utf8.h"
#include "text/BertBasicTokenizer.h"

namespace precisionlab {
namespace {

// BertTokenizer's all_special_tokens: cut out of the text whole, even when absent from the vocab.
constexpr std::array<std::string_view, 5> kSpecialTokens = {"[UNK]", "[SEP]", "[PAD]", "[CLS]",
                                                            "[MASK]"};
// WordpieceTokenizer.max_input_chars_per_word.
constexpr size_t kMaxCharsPerWord = 100;

// The special token that starts at text[i], if any.
const std::string_view* specialAt(const std::string& text, size_t i) {
  for (const std::string_view& s : kSpecialTokens) {
    if (text.compare(i, s.size(), s) == 0) return &s;
  }
  return nullptr;
}

}  // namespace

WordPieceTokenizer WordPieceTokenizer::fromVocabFile(const std::string& path, bool lowercase) {
  // A vocab.txt is one WordPiece token per line; SafeFileReader names what went wrong.
  return fromVocabText(SafeFileReader::readFile(path, filekinds::kVocab), lowercase, path);
}

WordPieceTokenizer WordPieceTokenizer::fromVocabText(const std::string& text, bool lowercase,
                                                     const std::string& sourceName) {
  WordPieceTokenizer t;
  t.lowercase_ = lowercase;
  std::string_view rest(text);
  if (rest.substr(0, 3) == "\xEF\xBB\xBF") rest.remove_prefix(3);  // a BOM is not part of [PAD]
  const size_t bad = utf8::firstInvalid(rest);
  if (bad != std::string_view::npos) {
    const size_t line = 1 + static_cast<size_t>(std::count(rest.begin(), rest.begin() + bad, '\n'));
    throw InputError(sourceName + ":" + std::to_string(line) +
                     ": the vocabulary is not valid UTF-8. Save it as UTF-8.");
  }
  // Python's readlines() in text mode: \n, \r\n and \r all end a line; a last line without a
  // newline still counts, a final newline adds no empty token. The lines are counted first (one
  // fast pass): more than kMaxVocabTokens is refused before a token is stored, and the table is
  // sized once instead of growing.
  size_t lines = 0;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '\n') {
      ++lines;
    } else if (rest[i] == '\r') {
      ++lines;
      if (i + 1 < rest.size() && rest[i + 1] == '\n') ++i;
    }
  }
  if (!rest.empty() && rest.back() != '\n' && rest.back() != '\r') ++lines;
  if (lines > kMaxVocabTokens)
    throw InputError(sourceName + ": " + std::to_string(lines) + " lines, more than the " +
                     std::to_string(kMaxVocabTokens) +
                     " tokens a BERT vocabulary holds (is this a vocab.txt?)");
  t.vocab_.reserve(lines);
  t.ids_.reserve(lines);
  while (!rest.empty()) {
    const size_t end = rest.find_first_of("\r\n");
    const std::string_view line = rest.substr(0, end);
    const size_t lineNo = t.vocab_.size() + 1;
    const auto inserted = t.ids_.emplace(std::string(line), static_cast<int64_t>(t.vocab_.size()));
    if (!inserted.second) {
      throw InputError(sourceName + ":" + std::to_string(lineNo) + ": token \"" +
                       elideForMessage(line) + "\" already appears on line " +
                       std::to_string(inserted.first->second + 1) +
                       ". Each vocabulary line must hold a different token.");
    }
    t.vocab_.emplace_back(line);
    if (end == std::string_view::npos) break;
    const size_t skip =
        (rest[end] == '\r' && end + 1 < rest.size() && rest[end + 1] == '\n') ? 2 : 1;
    rest.remove_prefix(end + skip);
  }
  if (t.vocab_.empty()) {
    throw InputError(sourceName +
                     ": the vocabulary is empty. A BERT vocab.txt holds one token "
                     "per line, starting with [PAD], [UNK], [CLS], [SEP], [MASK].");
  }
  const auto required = [&](const char* token) {
    const int64_t id = t.idOf(token);
    if (id < 0) {
      throw InputError(sourceName + ": no line holds the special token " + token + " (" +
                       std::to_string(t.vocab_.size()) +
                       " lines read). Use the vocab.txt that belongs to the model.");
    }
    return id;
  };
  t.clsId_ = required("[CLS]");
  t.sepId_ = required("[SEP]");
  t.padId_ = required("[PAD]");
  t.unkId_ = required("[UNK]");
  return t;
}

int64_t WordPieceTokenizer::idOf(const std::string& token) const {
  const auto it = ids_.find(token);
  return it == ids_.end() ? -1 : it->second;
}

const std::string& WordPieceTokenizer::token(int64_t id) const {
  if (id < 0 || id >= vocabSize()) {
    throw std::out_of_range("token id " + std::to_string(id) + " outside the vocabulary of " +
                            std::to_string(vocabSize()));
  }
  return vocab_[static_cast<size_t>(id)];
}

void WordPieceTokenizer::wordPiece(const char32_t* word, size_t n, std::vector<int64_t>& ids,
                                   std::vector<std::string>* texts) const {
  if (n > kMaxCharsPerWord) {
    ids.push_back(unkId_);
    if (texts) texts->push_back(vocab_[static_cast<size_t>(unkId_)]);
    return;
  }
  // The word in UTF-8 once, with the byte offset of every code point, so each candidate
  // substring is one append into a reused key (no allocation once the buffers have grown).
  thread_local std::string bytes, key;
  thread_local std::vector<size_t> offsets;
  bytes.clear();
  offsets.clear();
  for (size_t i = 0; i < n; ++i) {
    offsets.push_back(bytes.size());
    utf8::append(word[i], bytes);
  }
  offsets.push_back(bytes.size());

  const size_t firstPiece = ids.size();
  size_t start = 0;
  while (start < n) {
    size_t end = n;
    int64_t found = -1;
    for (; end > start; --end) {
      key.clear();
      if (start > 0) key.append("##");
      key.append(bytes, offsets[start], offsets[end] - offsets[start]);
      const auto it = ids_.find(key);
      if (it != ids_.end()) {
        found = it->second;
        break;
      }
    }
    if (found < 0) {  // one unmatched position makes the whole word [UNK]
      ids.resize(firstPiece);
      ids.push_back(unkId_);
      if (texts) {
        texts->resize(firstPiece);
        texts->push_back(vocab_[static_cast<size_t>(unkId_)]);
      }
      return;
    }
    ids.push_back(found);
    if (texts) texts->push_back(vocab_[static_cast<size_t>(found)]);
    start = end;
  }
}

void WordPieceTokenizer::pieces(const std::string& utf8, std::vector<int64_t>& ids,
                                std::vector<std::string>* texts, size_t maxIds) const {
  const BertBasicTokenizer basic(lowercase_);
  thread_local std::u32string chars;
  thread_local BasicTokens words;
  // `texts` indexes must line up with `ids`; texts is only used by tokenize(), which starts empty.
  const auto runSlice = [&](size_t begin, size_t end) {
    chars.clear();
    words.clear();
    utf8::decode(std::string_view(utf8).substr(begin, end - begin), chars);
    basic.tokenize(chars.data(), chars.size(), words);
    for (size_t w = 0; w < words.ends.size() && ids.size() < maxIds; ++w) {
      const size_t b = words.begin(w);
      wordPiece(words.chars.data() + b, words.ends[w] - b, ids, texts);
    }
  };
  // A chunk is cut into slices of about kSlice bytes, each ending after an ASCII space or
  // punctuation byte: BERT's basic tokenizer splits there anyway (and an ASCII byte is never
  // inside a UTF-8 sequence), so the tokens are the same, and a 50 MB text stops being
  // tokenized as soon as maxIds ids are out.
  constexpr size_t kSlice = 4096;
  const auto isBoundary = [](unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || (c >= 33 && c <= 47) ||
           (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
  };
  const auto runChunk = [&](size_t begin, size_t end) {
    while (begin < end && ids.size() < maxIds) {
      size_t cut = end;
      if (end - begin > kSlice) {
        cut = begin + kSlice;
        while (cut < end && !isBoundary(static_cast<unsigned char>(utf8[cut - 1]))) ++cut;
      }
      runSlice(begin, cut);
      begin = cut;
    }
  };
  size_t chunkBegin = 0;
  size_t i = utf8.find('[');
  while (i != std::string::npos && ids.size() < maxIds) {
    if (const std::string_view* special = specialAt(utf8, i)) {
      runChunk(chunkBegin, i);
      if (ids.size() >= maxIds) return;
      const int64_t id = idOf(std::string(*special));
      ids.push_back(id >= 0 ? id : unkId_);
      if (texts) texts->emplace_back(*special);
      chunkBegin = i + special->size();
      i = utf8.find('[', chunkBegin);
    } else {
      i = utf8.find('[', i + 1);
    }
  }
  runChunk(chunkBegin, utf8.size());
}

std::vector<std::string> WordPieceTokenizer::tokenize(const std::string& utf8) const {
  std::vector<int64_t> ids;
  std::vector<std::string> texts;
  pieces(utf8, ids, &texts);
  return texts;
}

std::vector<int64_t> WordPieceTokenizer::encode(const std::string& utf8, int64_t maxLength) const {
  if (maxLength < 2) {
    throw InputError("maximum sequence length " + std::to_string(maxLength) +
                     " is too short: it must hold [CLS] and [SEP] (use at least 2).");
  }
  std::vector<int64_t> ids;
  ids.reserve(64);
  ids.push_back(clsId_);
  pieces(utf8, ids, nullptr, static_cast<size_t>(maxLength - 1));
  if (static_cast<int64_t>(ids.size()) > maxLength - 1)
    ids.resize(static_cast<size_t>(maxLength - 1));
  ids.push_back(sepId_);
  return ids;
}

EncodedBatch WordPieceTokenizer::encodeBatch(const std::vector<std::string>& texts,
                                             int64_t maxLength) const {
  std::vector<std::vector<int64_t>> rows;
  rows.reserve(texts.size());
  size_t longest = 0;
  for (const std::string& text : texts) {
    rows.push_back(encode(text, maxLength));
    longest = std::max(longest, rows.back().size());
  }
  EncodedBatch batch;
  batch.batch = static_cast<int64_t>(rows.size());
  batch.length = static_cast<int64_t>(longest);
  const size_t total = rows.size() * longest;
  batch.inputIds.assign(total, padId_);  // (batch, length) row-major
  batch.attentionMask.assign(total, 0);
  batch.tokenTypeIds.assign(total, 0);
  for (size_t r = 0; r < rows.size(); ++r) {
    std::copy(rows[r].begin(), rows[r].end(), batch.inputIds.begin() + r * longest);
    std::fill_n(batch.attentionMask.begin() + r * longest, rows[r].size(), 1);
  }
  return batch;
}

}  // namespace precisionlab
