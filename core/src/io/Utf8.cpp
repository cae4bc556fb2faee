// UTF-8 codec: see Utf8.h.
#include "core/Utf8.h"

namespace precisionlab::utf8 {
namespace {

// Decodes one sequence at text[i]. Returns its length; cp is U+FFFD for an ill-formed
// subsequence (whose length is then the maximal subpart, at least 1).
size_t decodeOne(std::string_view text, size_t i, char32_t& cp) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  size_t need = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
    cp = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    cp = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;  // no overlongs
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    cp = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;  // no overlongs
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    cp = kReplacement;
    return 1;
  }
  size_t k = 1;
  for (; k <= need; ++k) {
    if (i + k >= text.size()) break;
    const unsigned char b = byte(i + k);
    const unsigned char l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
    if (b < l || b > h) break;
    cp = (cp << 6) | (b & 0x3F);
  }
  if (k <= need) {
    cp = kReplacement;
    return k;
  }
  return need + 1;
}

}  // namespace

void decode(std::string_view text, std::u32string& out) {
  out.reserve(out.size() + text.size());
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {  // fast path: ASCII
      out.push_back(b);
      ++i;
      continue;
    }
    char32_t cp = 0;
    i += decodeOne(text, i, cp);
    out.push_back(cp);
  }
}

void append(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

size_t sequenceLength(std::string_view text, size_t i, char32_t* cp) {
  char32_t c = 0;
  const size_t n = decodeOne(text, i, c);
  // decodeOne also answers U+FFFD for an ill-formed subsequence; only the real one is valid.
  if (c == kReplacement && !(n == 3 && text.compare(i, 3, "\xEF\xBF\xBD") == 0)) return 0;
  if (cp) *cp = c;
  return n;
}

std::string replaceInvalid(std::string_view text) {
  if (firstInvalid(text) == std::string_view::npos) return std::string(text);
  std::u32string codePoints;
  decode(text, codePoints);  // each ill-formed sequence becomes one U+FFFD
  std::string out;
  for (char32_t c : codePoints) append(c, out);
  return out;
}

size_t firstInvalid(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const size_t n = sequenceLength(text, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

}  // namespace precisionlab::utf8
