// JSON Lines reader: see JsonlReader.h. Parsing is precisionlab::json's strict parser.
#include "core/JsonlReader.h"

#include "core/EngineError.h"
#include "core/Json.h"
#include "core/TerminalText.h"

namespace precisionlab {
namespace {

std::string memberList(const json::Value& object) {
  std::string list;
  for (const auto& member : object.members()) {
    if (list.size() > 1000) return list + ", ...";
    if (!list.empty()) list += ", ";
    list += "\"" + elideForMessage(member.first) + "\"";
  }
  return list.empty() ? "none" : list;
}

}  // namespace

std::vector<JsonlRecord> JsonlReader::parse(std::string_view text, const std::string& textKey,
                                            const std::string& labelKey,
                                            const std::string& sourceName) {
  std::vector<JsonlRecord> records;
  forEach(text, textKey, labelKey, sourceName,
          [&](JsonlRecord& r) { records.push_back(std::move(r)); });
  return records;
}

void JsonlReader::forEach(std::string_view text, const std::string& textKey,
                          const std::string& labelKey, const std::string& sourceName,
                          const std::function<void(JsonlRecord&)>& onRecord) {
  size_t line = 0;
  while (!text.empty()) {
    ++line;
    const size_t end = text.find('\n');
    std::string_view row = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    if (line == 1 && row.substr(0, 3) == "\xEF\xBB\xBF") row.remove_prefix(3);
    if (row.find_first_not_of(" \t") == std::string_view::npos) continue;
    const std::string where = sourceName + ":" + std::to_string(line) + ": ";
    json::Value value;
    try {
      value = json::parse(row);
    } catch (const json::ParseError& e) {
      throw InputError(where + "not valid JSON (column " + std::to_string(e.column()) + ": " +
                       e.problem() + "). Each line must be one JSON object.");
    }
    if (!value.isObject()) {
      throw InputError(where + "expected a JSON object like {\"" + textKey + "\": \"...\", \"" +
                       labelKey + "\": ...}, found a " + json::typeName(value.type()) + ".");
    }
    const json::Value* textValue = value.find(textKey);
    const json::Value* labelValue = value.find(labelKey);
    const auto requireMember = [&](const json::Value* found, const std::string& key) {
      if (!found) {
        throw InputError(where + "no member \"" + key + "\" (members: " + memberList(value) +
                         "). Set the text and label column options to the right names.");
      }
    };
    requireMember(textValue, textKey);
    requireMember(labelValue, labelKey);
    JsonlRecord record;
    record.line = line;
    if (!textValue->isString()) {
      throw InputError(where + "member \"" + textKey + "\" must be a string, found a " +
                       json::typeName(textValue->type()) + ".");
    }
    record.text = textValue->asString();
    if (labelValue->isString()) {
      record.label = labelValue->asString();
    } else if (labelValue->isInteger()) {
      try {
        record.label = std::to_string(labelValue->asInt64());
      } catch (const json::TypeError&) {
        throw InputError(where + "label " + labelValue->numberText() + " is out of range.");
      }
    } else {
      throw InputError(where + "member \"" + labelKey +
                       "\" must be a string or an integer, "
                       "found " +
                       (labelValue->isNumber()
                            ? labelValue->numberText()
                            : std::string("a ") + json::typeName(labelValue->type())) +
                       ".");
    }
    onRecord(record);
  }
}

}  // namespace precisionlab
