// A strict RFC 8259 JSON parser and a small writer, for files users hand us (safetensors headers,
// config.json, JSONL datasets, run files). Strict on purpose: untrusted input is either valid
// JSON in valid UTF-8 or rejected with a line and column. It rejects what lenient parsers accept:
// invalid UTF-8 (overlongs, surrogates, > U+10FFFF, also through \u escapes), duplicate object
// keys, nesting deeper than 128, more than kMaxNodes values, comments, trailing commas, NaN, a
// byte order mark, trailing garbage. Numbers keep their source text so integers convert
// exactly (u64 file offsets).
// It will not: stream, parse JSON5, or keep whitespace. Qt-free and torch-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace precisionlab::json {

// Malformed input. line() and column() are 1-based (column counts UTF-8 characters on the
// line); offset() is the 0-based byte offset. what() is "line L, column C: <problem>".
class ParseError : public std::runtime_error {
 public:
  ParseError(const std::string& problem, size_t line, size_t column, size_t offset);
  const std::string& problem() const { return problem_; }  // the message without the position
  size_t line() const { return line_; }
  size_t column() const { return column_; }
  size_t offset() const { return offset_; }

 private:
  std::string problem_;
  size_t line_;
  size_t column_;
  size_t offset_;
};

// A value of the wrong type was asked for (asString() on a number, asInt64() on 1.5 or on a
// number that does not fit). Callers rewrap it with the file and field it came from.
class TypeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Value {
 public:
  enum class Type { Null, Bool, Number, String, Array, Object };
  using Array = std::vector<Value>;
  using Members = std::vector<std::pair<std::string, Value>>;

  Value() = default;  // null
  Value(std::nullptr_t) {}
  Value(bool b) : type_(Type::Bool), bool_(b) {}
  Value(int n);
  Value(int64_t n);
  Value(uint64_t n);
  Value(double d);  // throws std::invalid_argument for NaN and infinities (not JSON)
  Value(const char* s);
  Value(std::string s);
  Value(std::string_view s);
  Value(Array items);
  Value(Members members);  // keys must be unique; serialize() throws otherwise

  static Value array() { return Value(Array{}); }
  static Value object() { return Value(Members{}); }
  // A number from its JSON text ("1e-12"); throws std::invalid_argument if not a JSON number.
  static Value numberFromText(std::string text);

  Type type() const { return type_; }
  bool isNull() const { return type_ == Type::Null; }
  bool isBool() const { return type_ == Type::Bool; }
  bool isNumber() const { return type_ == Type::Number; }
  bool isInteger() const;  // a number written without fraction or exponent
  bool isString() const { return type_ == Type::String; }
  bool isArray() const { return type_ == Type::Array; }
  bool isObject() const { return type_ == Type::Object; }

  // Checked accessors: each throws TypeError when the value is not of that type.
  bool asBool() const;
  double asDouble() const;    // also throws when the number is outside double's range
  int64_t asInt64() const;    // integers only, exact, overflow-checked
  uint64_t asUint64() const;  // non-negative integers only, exact, overflow-checked
  const std::string& asString() const;
  const std::string& numberText() const;  // the number as written in the source
  const Array& asArray() const;
  const Members& members() const;  // insertion (source) order

  // The member named key, or nullptr if absent or this is not an object.
  const Value* find(std::string_view key) const;

  // Builders. push() needs an array, set() an object (set replaces an existing key).
  Value& push(Value v);
  Value& set(std::string key, Value v);

 private:
  void expect(Type t, const char* what) const;

  Type type_ = Type::Null;
  bool bool_ = false;
  std::string text_;  // string contents, or the number's source text
  Array items_;
  Members members_;
};

const char* typeName(Value::Type t);  // "null", "boolean", "number", "string", "array", "object"

// Maximum nesting of arrays and objects parse() accepts.
constexpr int kMaxDepth = 128;
// Default budget of values (nodes) in one document: 2 million, about 250 MB of DOM at worst.
// A bert-base safetensors header has about 2,000; a 200,000-tensor sharded index about 400,000.
constexpr size_t kMaxNodes = 2000000;

// Parses one whole JSON text. Throws ParseError, also when the text holds more than maxNodes
// values (every scalar, array and object counts one).
Value parse(std::string_view text, size_t maxNodes = kMaxNodes);

// A repeated object key, for callers that report every one instead of failing on the first
// (question banks, whose authors want all their typos at once).
struct DuplicateKey {
  std::string path;  // "$.questions[3].correct"
  size_t line = 0;
  size_t column = 0;
};
struct ParseOptions {
  size_t maxNodes = kMaxNodes;
  // When set, repeated keys are collected here (the last value counts) instead of throwing.
  std::vector<DuplicateKey>* duplicateKeys = nullptr;
  // At most this many are collected (each holds its path: a long key over a million duplicates
  // would be gigabytes); the others are only counted here when set.
  size_t maxDuplicateKeys = 1000;
  size_t* omittedDuplicateKeys = nullptr;
};
Value parse(std::string_view text, const ParseOptions& options);

// `utf8` as a JSON string literal with quotes and escapes; non-ASCII stays UTF-8. Throws
// std::invalid_argument if utf8 is not valid UTF-8.
std::string quote(std::string_view utf8);

// JSON text of v: compact when indent < 0, else pretty-printed with `indent` spaces per level.
// Throws std::invalid_argument for an object with duplicate keys.
std::string serialize(const Value& v, int indent = -1);

// The layout serialize() writes. The defaults are serialize(v, indent)'s. The other settings
// reproduce a writer whose bytes a format has kept: Qt's QJsonDocument (the quiz's bank files,
// Anki packages and progress stores were written by it) is {4, true, true, true} indented and
// {-1, true} compact.
struct WriteOptions {
  int indent = -1;            // < 0: compact; else pretty-printed, `indent` spaces a level
  bool sortKeys = false;      // object keys in UTF-16 code unit order (Qt's, JavaScript's sort()),
                              // not insertion order; it differs from UTF-8's order only between
                              // U+E000..U+FFFF and the characters above U+FFFF
  bool breakEmpty = false;    // pretty: an empty array or object still breaks: "[\n  ]", not "[]"
  bool finalNewline = false;  // pretty: a newline after the closing bracket
};
std::string serialize(const Value& v, const WriteOptions& options);

}  // namespace precisionlab::json
