// WordPiece tokenizer equal to Hugging Face's BertTokenizer on any vocab.txt: clean text, spaces
// around CJK ideographs, whitespace split, optional lowercase + accent strip, punctuation split,
// greedy longest-match-first WordPiece with "##" continuations, [UNK] for words over 100 code
// points. It does not handle never_split lists, tokenize_chinese_chars=False or added tokens.
// Pure C++17: no torch, no Qt. Immutable after construction, so safe to share between threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace precisionlab {

// A padded batch in row-major (batch x length) layout, ready to become int64 tensors.
struct EncodedBatch {
  int64_t batch = 0;
  int64_t length = 0;
  std::vector<int64_t> inputIds;       // [PAD] where the row is shorter than length
  std::vector<int64_t> attentionMask;  // 1 for real tokens, 0 for padding
  std::vector<int64_t> tokenTypeIds;   // all 0: single-sentence inputs
};

// The most tokens a vocab.txt may hold, counted while it is read: config.json's vocab_size is at
// most this too (multilingual vocabularies reach 250,002). The file is at most 64 MiB
// (filekinds::kVocab), read in one linear pass.
constexpr size_t kMaxVocabTokens = size_t{1} << 20;

class WordPieceTokenizer {
 public:
  // Reads a vocab.txt (one token per line, id = line index). Throws InputError naming the file
  // and line for a missing/empty file, a duplicate token or a missing [CLS]/[SEP]/[PAD]/[UNK].
  static WordPieceTokenizer fromVocabFile(const std::string& path, bool lowercase = true);
  // Same, from text already in memory; sourceName is used in error messages.
  static WordPieceTokenizer fromVocabText(const std::string& text, bool lowercase,
                                          const std::string& sourceName);

  // Wordpieces, without the added [CLS]/[SEP]; special-token strings in the text ("[SEP]") stay
  // whole, as in Hugging Face. Invalid UTF-8 bytes are treated as U+FFFD (dropped).
  std::vector<std::string> tokenize(const std::string& utf8) const;
  // [CLS] pieces [SEP]; the pieces are truncated so the result has at most maxLength ids
  // (maxLength must be >= 2).
  std::vector<int64_t> encode(const std::string& utf8, int64_t maxLength) const;
  // encode() for each text, padded with [PAD] to the longest row (dynamic padding).
  EncodedBatch encodeBatch(const std::vector<std::string>& texts, int64_t maxLength) const;

  int64_t vocabSize() const { return static_cast<int64_t>(vocab_.size()); }
  int64_t padId() const { return padId_; }
  int64_t clsId() const { return clsId_; }
  int64_t sepId() const { return sepId_; }
  int64_t unkId() const { return unkId_; }
  // The id of a token, or -1 if it is not in the vocabulary.
  int64_t idOf(const std::string& token) const;
  // The token of an id; throws std::out_of_range for an id outside [0, vocabSize()).
  const std::string& token(int64_t id) const;
  const std::vector<std::string>& vocab() const { return vocab_; }
  bool lowercase() const { return lowercase_; }

 private:
  WordPieceTokenizer() = default;
  // Appends the ids of the wordpieces of `utf8` to `ids` and, when `texts` is not null, their
  // strings to `texts` (a special token absent from the vocab keeps its string, id [UNK]).
  // Stops soon after ids holds maxIds ids: the rest of a long text is never tokenized, and
  // the first maxIds ids are those a full run gives.
  void pieces(const std::string& utf8, std::vector<int64_t>& ids, std::vector<std::string>* texts,
              size_t maxIds = SIZE_MAX) const;
  // WordPiece of one basic token (code points, no whitespace or punctuation inside).
  void wordPiece(const char32_t* word, size_t n, std::vector<int64_t>& ids,
                 std::vector<std::string>* texts) const;

  std::vector<std::string> vocab_;
  std::unordered_map<std::string, int64_t> ids_;
  bool lowercase_ = true;
  int64_t padId_ = -1;
  int64_t clsId_ = -1;
  int64_t sepId_ = -1;
  int64_t unkId_ = -1;
};

}  // namespace precisionlab
