// Reads JSON Lines (.jsonl/.ndjson): one JSON object per line, blank lines skipped. Extracts a
// text and a label member from each object; the label may be a string or an integer. Each line is
// parsed on its own with json::parse's bounds (128 levels, kMaxNodes values) and handed over one
// at a time (forEach), so the memory is the records kept, in time linear in the input.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace precisionlab {

struct JsonlRecord {
  size_t line = 0;    // 1-based
  std::string text;   // the text member
  std::string label;  // a string label, or an integer label's decimal text
};

class JsonlReader {
 public:
  // Throws InputError "<sourceName>:<line>: ..." for a malformed line (with the parser's
  // message), a line that is not an object, a missing member (listing those present), or a
  // member of the wrong type.
  static std::vector<JsonlRecord> parse(std::string_view text, const std::string& textKey,
                                        const std::string& labelKey, const std::string& sourceName);
  // The same, one record at a time: onRecord may throw to stop (a cap on the records kept).
  static void forEach(std::string_view text, const std::string& textKey,
                      const std::string& labelKey, const std::string& sourceName,
                      const std::function<void(JsonlRecord&)>& onRecord);
};

}  // namespace precisionlab
