// BertTokenizer's "basic" stage, as Hugging Face's BasicTokenizer runs it inside BertTokenizer:
// clean text, spaces around CJK ideographs, whitespace split, lowercase + strip accents (when
// lowercasing), punctuation split. Works on code points; WordPieceTokenizer does the rest.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace precisionlab {

// Basic tokens, flattened to avoid one allocation per token: token i is
// chars[begin(i), ends[i]).
struct BasicTokens {
  std::u32string chars;
  std::vector<size_t> ends;
  size_t begin(size_t i) const { return i == 0 ? 0 : ends[i - 1]; }
  void clear() {
    chars.clear();
    ends.clear();
  }
};

class BertBasicTokenizer {
 public:
  explicit BertBasicTokenizer(bool lowercase) : lowercase_(lowercase) {}

  // Appends the basic tokens of text[0, n) to `out`. U+FFFD (how bad UTF-8 arrives) is dropped.
  void tokenize(const char32_t* text, size_t n, BasicTokens& out) const;

 private:
  // Lowercases and strips accents from one whitespace token into `out`.
  void normalizeWord(const char32_t* word, size_t n, std::u32string& out) const;
  bool isNeverSplit(const char32_t* word, size_t n) const;

  bool lowercase_;
};

}  // namespace precisionlab
