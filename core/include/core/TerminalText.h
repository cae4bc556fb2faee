// Text from files (tensor names, labels, run titles, messages that quote them) made safe to
// print on a terminal or into a log: C0 control characters, DEL, C1 controls (U+0080-U+009F)
// and bytes that are not valid UTF-8 are written as \xHH escapes (\n, \t, \r, \e readable), so an
// escape sequence in a file can neither recolour, retitle nor rewrite the user's terminal, and a
// NUL no longer cuts a message short. Printable UTF-8 passes through unchanged, in linear time.
// Torch-free and Qt-free: the CLI, the app and the quiz library share this one helper.
#pragma once

#include <string>
#include <string_view>

namespace precisionlab {

enum class NewlinePolicy { Escape, Keep };

// text with control characters escaped. NewlinePolicy::Keep leaves '\n' as is, for whole
// multi-line messages; a single name or label should use the default and stay on one line.
std::string escapeForTerminal(std::string_view text,
                              NewlinePolicy newlines = NewlinePolicy::Escape);

// A name or value from a file, as a message quotes it: at most maxBytes of it (cut at a UTF-8
// character boundary), then "... (N bytes)". A message names the token, key or label at fault;
// it does not copy a 60 MB one. Not escaped: the front ends escape whole messages.
std::string elideForMessage(std::string_view text, size_t maxBytes = 80);

}  // namespace precisionlab
