// UTF-8 decoding and encoding for the tokenizer and the dataset readers. Decoding follows the
// Unicode "maximal subpart" practice: each ill-formed subsequence becomes one U+FFFD, and a byte
// that cannot continue a sequence starts the next one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace precisionlab::utf8 {

constexpr char32_t kReplacement = 0xFFFD;

// Appends the code points of `text` to `out`, with U+FFFD for ill-formed bytes.
void decode(std::string_view text, std::u32string& out);
// Appends the UTF-8 encoding of `cp` (a valid scalar value) to `out`.
void append(char32_t cp, std::string& out);
// Returns the offset of the first ill-formed byte, or std::string_view::npos if `text` is valid.
size_t firstInvalid(std::string_view text);
// `text` with each ill-formed sequence replaced by U+FFFD (JSON text must be UTF-8, and a label or
// a device name may carry another encoding's bytes); valid text comes back unchanged.
std::string replaceInvalid(std::string_view text);

// Length (1-4) of the well-formed sequence at text[i], 0 if it is ill-formed (RFC 3629: no
// overlongs, no surrogates, nothing above U+10FFFF). *cp, when given, gets the code point.
size_t sequenceLength(std::string_view text, size_t i, char32_t* cp = nullptr);

}  // namespace precisionlab::utf8
