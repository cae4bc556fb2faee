// BertTokenizer's basic stage: see BertBasicTokenizer.h. Character data comes from
// UnicodeTables.h, generated from Python's unicodedata, the module Hugging Face uses.
#include "text/BertBasicTokenizer.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "text/UnicodeTables.h"

namespace precisionlab {
namespace {

namespace ut = unicode_tables;

ut::CharClass classOfSlow(char32_t cp) {
  const uint32_t key = (static_cast<uint32_t>(cp) << 3) | 7u;
  const uint32_t* end = ut::kClassRuns + ut::kClassRunCount;
  const uint32_t* it = std::upper_bound(ut::kClassRuns, end, key);  // first run starting after cp
  return static_cast<ut::CharClass>(*(it - 1) & 7u);
}

// Classes of ASCII and Latin-1, the common case, without a binary search.
const std::array<uint8_t, 256>& latinClasses() {
  static const std::array<uint8_t, 256> table = [] {
    std::array<uint8_t, 256> t{};
    for (char32_t c = 0; c < 256; ++c) t[c] = classOfSlow(c);
    return t;
  }();
  return table;
}

inline ut::CharClass classOf(char32_t cp) {
  if (cp < 256) return static_cast<ut::CharClass>(latinClasses()[cp]);
  if (cp > 0x10FFFF) return ut::kControl;
  return classOfSlow(cp);
}

inline bool isCjkIdeograph(char32_t cp) {
  return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x20000 && cp <= 0x2A6DF) || (cp >= 0x2A700 && cp <= 0x2B73F) ||
         (cp >= 0x2B740 && cp <= 0x2B81F) || (cp >= 0x2B820 && cp <= 0x2CEAF) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x2F800 && cp <= 0x2FA1F);
}

// Python's str.lower() of one code point, appended to `out`.
inline void appendLower(char32_t cp, std::u32string& out) {
  if (cp < 0x80) {
    out.push_back(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp);
    return;
  }
  if (cp == ut::kDottedCapitalI) {
    out.push_back(0x69);
    out.push_back(0x307);
    return;
  }
  const ut::LowerRun* end = ut::kLowerRuns + ut::kLowerRunCount;
  const ut::LowerRun* it =
      std::upper_bound(ut::kLowerRuns, end, static_cast<uint32_t>(cp),
                       [](uint32_t c, const ut::LowerRun& r) { return c < r.first; });
  if (it != ut::kLowerRuns) {
    const ut::LowerRun& r = *(it - 1);
    const uint32_t offset = static_cast<uint32_t>(cp) - r.first;
    if (offset % r.stride == 0 && offset / r.stride < r.count) {
      out.push_back(static_cast<char32_t>(static_cast<int64_t>(cp) + r.delta));
      return;
    }
  }
  out.push_back(cp);
}

// NFD of one code point with Mn kept (they are dropped later, after canonical reordering).
inline void appendDecomposed(char32_t cp, std::u32string& out) {
  if (cp < 0xC0) {
    out.push_back(cp);
    return;
  }
  if (cp >= 0xAC00 && cp <= 0xD7A3) {  // Hangul syllables decompose into jamo algorithmically
    const uint32_t s = cp - 0xAC00;
    out.push_back(0x1100 + s / 588);
    out.push_back(0x1161 + (s % 588) / 28);
    if (s % 28 != 0) out.push_back(0x11A7 + s % 28);
    return;
  }
  const uint64_t key = (static_cast<uint64_t>(cp) << 43) | ((uint64_t{1} << 43) - 1);
  const uint64_t* end = ut::kStripRuns + ut::kStripRunCount;
  const uint64_t* it = std::upper_bound(ut::kStripRuns, end, key);
  if (it != ut::kStripRuns) {
    const uint64_t r = *(it - 1);
    const uint32_t first = static_cast<uint32_t>(r >> 43);
    const uint32_t to = static_cast<uint32_t>((r >> 22) & 0x1FFFFF);
    const uint32_t count = static_cast<uint32_t>((r >> 2) & 0xFFFFF);
    const uint32_t stride = static_cast<uint32_t>(r & 3);
    const uint32_t offset = static_cast<uint32_t>(cp) - first;
    if (offset % stride == 0 && offset / stride < count) {
      out.push_back(to);
      return;
    }
  }
  for (size_t i = 0; i < ut::kStripMultiCount; ++i) {
    if (ut::kStripMulti[i].cp == cp) {
      for (uint32_t c : ut::kStripMulti[i].to) {
        if (c != 0) out.push_back(c);
      }
      return;
    }
  }
  out.push_back(cp);
}

// The canonical combining class of a character that survives accent stripping (0 for most).
inline uint8_t spacingMarkCcc(char32_t cp) {
  if (cp < ut::kSpacingMarkCcc[0].cp) return 0;
  for (size_t i = 0; i < ut::kSpacingMarkCccCount; ++i) {
    if (ut::kSpacingMarkCcc[i].cp == cp) return ut::kSpacingMarkCcc[i].ccc;
  }
  return 0;
}

constexpr std::array<std::u32string_view, 5> kSpecialTokens = {U"[UNK]", U"[SEP]", U"[PAD]",
                                                               U"[CLS]", U"[MASK]"};

}  // namespace

bool BertBasicTokenizer::isNeverSplit(const char32_t* word, size_t n) const {
  const std::u32string_view w(word, n);
  return std::find(kSpecialTokens.begin(), kSpecialTokens.end(), w) != kSpecialTokens.end();
}

void BertBasicTokenizer::normalizeWord(const char32_t* word, size_t n, std::u32string& out) const {
  // lower(), then NFD; kept Mn mark canonical-reordering runs, then they are dropped. Only
  // non-Mn characters with a nonzero class (a few spacing marks) can still move.
  thread_local std::u32string lowered, decomposed;
  lowered.clear();
  decomposed.clear();
  for (size_t i = 0; i < n; ++i) appendLower(word[i], lowered);
  for (char32_t cp : lowered) appendDecomposed(cp, decomposed);

  thread_local std::vector<std::pair<uint8_t, char32_t>> run;  // (ccc, cp) of survivors in a run
  run.clear();
  const auto flushRun = [&] {
    std::stable_sort(run.begin(), run.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& item : run) out.push_back(item.second);
    run.clear();
  };
  for (char32_t cp : decomposed) {
    const ut::CharClass cls = classOf(cp);
    if (cls == ut::kMarkNonzeroCcc) continue;  // dropped; the run goes on
    if (cls == ut::kMarkZeroCcc) {             // dropped; a starter ends the run
      flushRun();
      continue;
    }
    const uint8_t ccc = spacingMarkCcc(cp);
    if (ccc != 0) {
      run.emplace_back(ccc, cp);
    } else {
      flushRun();
      out.push_back(cp);
    }
  }
  flushRun();
}

void BertBasicTokenizer::tokenize(const char32_t* text, size_t n, BasicTokens& out) const {
  // _clean_text + _tokenize_chinese_chars, then whitespace split, one word at a time.
  thread_local std::u32string word, normalized;
  size_t i = 0;
  while (i < n) {
    word.clear();
    for (; i < n; ++i) {
      const char32_t cp = text[i];
      if (cp == 0 || cp == 0xFFFD) continue;
      const ut::CharClass cls = classOf(cp);
      if (cls == ut::kControl) continue;
      if (cls == ut::kWhitespace) {
        if (!word.empty()) break;
        continue;
      }
      if (isCjkIdeograph(cp)) {
        if (!word.empty()) break;  // the ideograph starts the next word
        word.push_back(cp);
        ++i;
        break;
      }
      word.push_back(cp);
    }
    if (word.empty()) continue;

    const std::u32string* chars = &word;
    if (!lowercase_ && isNeverSplit(word.data(), word.size())) {
      // never_split: special tokens were cut out before this stage, so "[CLS]" arrives here only
      // when cleaning joined it up. Lowercasing BertTokenizer lowercases the text before that
      // cut, so then it arrives as "[cls]" and is split like any word.
      out.chars += word;
      out.ends.push_back(out.chars.size());
      continue;
    }
    if (lowercase_) {
      normalized.clear();
      normalizeWord(word.data(), word.size(), normalized);
      chars = &normalized;
    }
    // _run_split_on_punc: every punctuation character is a token of its own.
    size_t start = out.chars.size();
    for (char32_t cp : *chars) {
      if (classOf(cp) == ut::kPunctuation) {
        if (out.chars.size() > start) out.ends.push_back(out.chars.size());
        out.chars.push_back(cp);
        out.ends.push_back(out.chars.size());
        start = out.chars.size();
      } else {
        out.chars.push_back(cp);
      }
    }
    if (out.chars.size() > start) out.ends.push_back(out.chars.size());
  }
}

}  // namespace precisionlab
