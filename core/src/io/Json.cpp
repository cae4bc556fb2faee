// Strict JSON: a recursive-descent parser over bytes (depth-limited, so recursion is bounded),
// UTF-8 validation on the fly, and a writer that emits only valid JSON.
#include "core/Json.h"

#include "core/TerminalText.h"
#include "core/Utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace precisionlab::json {

ParseError::ParseError(const std::string& problem, size_t line, size_t column, size_t offset)
    : std::runtime_error("line " + std::to_string(line) + ", column " + std::to_string(column) +
                         ": " + problem),
      problem_(problem),
      line_(line),
      column_(column),
      offset_(offset) {}

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Length of the JSON number at the start of s (RFC 8259 grammar), 0 if there is none.
size_t scanNumber(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  if (i >= s.size()) return 0;
  if (s[i] == '0') {
    ++i;
  } else if (s[i] >= '1' && s[i] <= '9') {
    while (i < s.size() && isDigit(s[i])) ++i;
  } else {
    return 0;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (i >= s.size() || !isDigit(s[i])) return 0;
    while (i < s.size() && isDigit(s[i])) ++i;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (i >= s.size() || !isDigit(s[i])) return 0;
    while (i < s.size() && isDigit(s[i])) ++i;
  }
  return i;
}

class Parser {
 public:
  Parser(std::string_view text, const ParseOptions& options)
      : s_(text),
        maxNodes_(options.maxNodes),
        duplicates_(options.duplicateKeys),
        maxDuplicates_(options.maxDuplicateKeys),
        omitted_(options.omittedDuplicateKeys) {}

  Value parseDocument() {
    if (s_.size() >= 3 && s_.substr(0, 3) == "\xEF\xBB\xBF")
      fail(0, "byte order mark (U+FEFF) before the JSON text; save the file as UTF-8 without BOM");
    skipWhitespace();
    Value v = parseValue(0);
    skipWhitespace();
    if (pos_ != s_.size()) fail(pos_, "unexpected " + describe(pos_) + " after the JSON value");
    return v;
  }

 private:
  // 1-based line and column (in code points) of byte offset `at`. Counted on from the last
  // position asked for (duplicate keys are reported in text order), so reporting every
  // duplicate is linear: counting from byte 0 each time took 165 s for 80,000 of them.
  std::pair<size_t, size_t> position(size_t at) const {
    at = std::min(at, s_.size());
    if (at < lineCursor_) {
      lineCursor_ = 0;
      lineCount_ = 1;
      columnCount_ = 0;
    }
    for (size_t i = lineCursor_; i < at; ++i) {
      if (s_[i] == '\n') {
        ++lineCount_;
        columnCount_ = 0;
      } else if ((static_cast<unsigned char>(s_[i]) & 0xC0) != 0x80) {
        ++columnCount_;
      }
    }
    lineCursor_ = at;
    return {lineCount_, columnCount_ + 1};
  }

  [[noreturn]] void fail(size_t at, const std::string& problem) const {
    const auto [line, column] = position(at);
    throw ParseError(problem, line, column, at);
  }

  std::string describe(size_t at) const {
    if (at >= s_.size()) return "end of input";
    const unsigned char c = static_cast<unsigned char>(s_[at]);
    if (c >= 0x21 && c < 0x7F) return std::string("character '") + static_cast<char>(c) + "'";
    static const char* hex = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
  }

  void skipWhitespace() {
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
      ++pos_;
    }
  }

  void expectLiteral(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word)
      fail(pos_, "unexpected " + describe(pos_) + "; expected a JSON value");
    pos_ += word.size();
  }

  Value parseValue(int depth) {
    if (pos_ >= s_.size()) fail(pos_, "unexpected end of input; expected a JSON value");
    // The DOM costs about 100 bytes a value whatever the text spends on it ("0," is 2 bytes),
    // so the count of values is bounded, not only the nesting.
    if (++nodes_ > maxNodes_)
      fail(pos_, "more than " + std::to_string(maxNodes_) + " JSON values; this file is far " +
                     "larger than any file of its kind");
    const char c = s_[pos_];
    switch (c) {
      case '{':
        return parseObject(depth + 1);
      case '[':
        return parseArray(depth + 1);
      case '"':
        return Value(parseString());
      case 't':
        expectLiteral("true");
        return Value(true);
      case 'f':
        expectLiteral("false");
        return Value(false);
      case 'n':
        expectLiteral("null");
        return Value();
      default:
        break;
    }
    if (c == '-' || isDigit(c)) {
      const size_t n = scanNumber(s_.substr(pos_));
      if (n == 0) fail(pos_, "malformed number");
      // A leading zero followed by more digits ("01") scans as "0" and then fails as trailing.
      Value v = Value::numberFromText(std::string(s_.substr(pos_, n)));
      pos_ += n;
      return v;
    }
    fail(pos_, "unexpected " + describe(pos_) + "; expected a JSON value");
  }

  void checkDepth(int depth) const {
    if (depth > kMaxDepth)
      fail(pos_, "nesting deeper than " + std::to_string(kMaxDepth) + " arrays/objects");
  }

  Value parseArray(int depth) {
    checkDepth(depth);
    ++pos_;  // '['
    Value::Array items;
    skipWhitespace();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return Value(std::move(items));
    }
    for (;;) {
      skipWhitespace();
      const size_t pathLength = path_.size();
      if (duplicates_) path_ += "[" + std::to_string(items.size()) + "]";
      items.push_back(parseValue(depth));
      path_.resize(pathLength);
      skipWhitespace();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        skipWhitespace();
        if (pos_ < s_.size() && s_[pos_] == ']') fail(pos_, "trailing comma in array");
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == ']') {
        ++pos_;
        return Value(std::move(items));
      }
      fail(pos_, "unexpected " + describe(pos_) + "; expected ',' or ']' in array");
    }
  }

  Value parseObject(int depth) {
    checkDepth(depth);
    ++pos_;  // '{'
    Value::Members members;
    std::unordered_map<std::string, size_t> seen;  // key -> its index in members
    skipWhitespace();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return Value(std::move(members));
    }
    for (;;) {
      skipWhitespace();
      if (pos_ >= s_.size() || s_[pos_] != '"') {
        if (pos_ < s_.size() && s_[pos_] == '}' && !members.empty())
          fail(pos_, "trailing comma in object");
        fail(pos_, "unexpected " + describe(pos_) + "; expected a string key in object");
      }
      const size_t keyAt = pos_;
      std::string key = parseString();
      const auto [where, inserted] = seen.emplace(key, members.size());
      const bool repeated = !inserted;
      if (repeated && !duplicates_)
        fail(keyAt, "duplicate key " + quote(elideForMessage(key)) + " in object");
      skipWhitespace();
      if (pos_ >= s_.size() || s_[pos_] != ':')
        fail(pos_, "unexpected " + describe(pos_) + "; expected ':' after object key");
      ++pos_;
      skipWhitespace();
      const size_t pathLength = path_.size();
      if (duplicates_) path_ += "." + key;
      if (repeated && duplicates_->size() < maxDuplicates_) {
        const auto [line, column] = position(keyAt);
        duplicates_->push_back({path_, line, column});
      } else if (repeated && omitted_) {
        ++*omitted_;
      }
      Value v = parseValue(depth);
      path_.resize(pathLength);
      if (repeated) {  // the last one counts, as in most parsers
        members[where->second].second = std::move(v);
      } else {
        members.emplace_back(std::move(key), std::move(v));
      }
      skipWhitespace();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        return Value(std::move(members));
      }
      fail(pos_, "unexpected " + describe(pos_) + "; expected ',' or '}' in object");
    }
  }

  uint32_t parseHex4(size_t at) {
    if (at + 4 > s_.size()) fail(at, "incomplete \\u escape");
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) {
      const char c = s_[at + k];
      v <<= 4;
      if (c >= '0' && c <= '9') {
        v |= static_cast<uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        v |= static_cast<uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        v |= static_cast<uint32_t>(c - 'A' + 10);
      } else {
        fail(at + k, "invalid hex digit in \\u escape");
      }
    }
    return v;
  }

  std::string parseString() {
    const size_t open = pos_;
    ++pos_;  // '"'
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail(open, "unterminated string");
      const unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (c < 0x20) fail(pos_, "control character in string; escape it (\\n, \\t, \\u00XX)");
      if (c == '\\') {
        const size_t esc = pos_;
        if (pos_ + 1 >= s_.size()) fail(open, "unterminated string");
        const char e = s_[pos_ + 1];
        pos_ += 2;
        switch (e) {
          case '"':
            out += '"';
            break;
          case '\\':
            out += '\\';
            break;
          case '/':
            out += '/';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            uint32_t cp = parseHex4(pos_);
            pos_ += 4;
            if (cp >= 0xDC00 && cp <= 0xDFFF) fail(esc, "lone low surrogate in \\u escape");
            if (cp >= 0xD800 && cp <= 0xDBFF) {
              if (s_.substr(pos_, 2) != "\\u")
                fail(esc, "high surrogate in \\u escape not followed by a low surrogate");
              const uint32_t lo = parseHex4(pos_ + 2);
              if (lo < 0xDC00 || lo > 0xDFFF)
                fail(esc, "high surrogate in \\u escape not followed by a low surrogate");
              pos_ += 6;
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            utf8::append(static_cast<char32_t>(cp), out);
            break;
          }
          default:
            fail(esc, "invalid escape sequence '\\" + std::string(1, e) + "'");
        }
        continue;
      }
      const size_t n = utf8::sequenceLength(s_, pos_);
      if (n == 0) fail(pos_, "invalid UTF-8 in string");
      out.append(s_.substr(pos_, n));
      pos_ += n;
    }
  }

  std::string_view s_;
  // position()'s cursor: the offset it last counted to, the line there and the code points
  // before it on that line.
  mutable size_t lineCursor_ = 0;
  mutable size_t lineCount_ = 1;
  mutable size_t columnCount_ = 0;
  size_t maxNodes_;
  std::vector<DuplicateKey>* duplicates_;  // null: a repeated key is an error
  size_t maxDuplicates_;
  size_t* omitted_;
  std::string path_ = "$";  // kept only while collecting duplicates
  size_t nodes_ = 0;
  size_t pos_ = 0;
};

// A code point's rank in UTF-16 code unit order: the characters above U+FFFF (surrogate pairs,
// D800..DFFF) sort between U+D7FF and U+E000.
uint32_t utf16Rank(char32_t cp) {
  if (cp < 0xD800) return cp;
  if (cp >= 0x10000) return 0xD800 + (cp - 0x10000);
  return cp + 0x100000;  // U+E000..U+FFFF: after every surrogate pair
}

// a < b in UTF-16 code unit order, both UTF-8 (an ill-formed byte ranks as itself; quote()
// refuses such a key later anyway).
bool utf16Less(std::string_view a, std::string_view b) {
  size_t i = 0;
  size_t j = 0;
  while (i < a.size() && j < b.size()) {
    char32_t ca = 0;
    char32_t cb = 0;
    size_t na = utf8::sequenceLength(a, i, &ca);
    size_t nb = utf8::sequenceLength(b, j, &cb);
    if (na == 0) {
      na = 1;
      ca = static_cast<unsigned char>(a[i]);
    }
    if (nb == 0) {
      nb = 1;
      cb = static_cast<unsigned char>(b[j]);
    }
    if (ca != cb) return utf16Rank(ca) < utf16Rank(cb);
    i += na;
    j += nb;
  }
  return i == a.size() && j < b.size();
}

void serializeTo(std::string& out, const Value& v, const WriteOptions& o, int level) {
  const int indent = o.indent;
  const auto newline = [&](int lvl) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent) * static_cast<size_t>(lvl), ' ');
  };
  switch (v.type()) {
    case Value::Type::Null:
      out += "null";
      return;
    case Value::Type::Bool:
      out += v.asBool() ? "true" : "false";
      return;
    case Value::Type::Number:
      out += v.numberText();
      return;
    case Value::Type::String:
      out += quote(v.asString());
      return;
    case Value::Type::Array: {
      const auto& items = v.asArray();
      out += '[';
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        newline(level + 1);
        serializeTo(out, items[i], o, level + 1);
      }
      if (!items.empty() || o.breakEmpty) newline(level);
      out += ']';
      return;
    }
    case Value::Type::Object: {
      std::vector<const Value::Members::value_type*> members;
      members.reserve(v.members().size());
      for (const auto& m : v.members()) members.push_back(&m);
      if (o.sortKeys)
        std::stable_sort(members.begin(), members.end(), [](const auto* a, const auto* b) {
          return utf16Less(a->first, b->first);
        });
      std::unordered_set<std::string_view> seen;
      out += '{';
      for (size_t i = 0; i < members.size(); ++i) {
        if (!seen.insert(members[i]->first).second)
          throw std::invalid_argument("json::serialize: duplicate key " + quote(members[i]->first));
        if (i) out += ',';
        newline(level + 1);
        out += quote(members[i]->first);
        out += indent < 0 ? ":" : ": ";
        serializeTo(out, members[i]->second, o, level + 1);
      }
      if (!members.empty() || o.breakEmpty) newline(level);
      out += '}';
      return;
    }
  }
}

}  // namespace

Value::Value(int n) : Value(static_cast<int64_t>(n)) {}
Value::Value(int64_t n) : type_(Type::Number), text_(std::to_string(n)) {}
Value::Value(uint64_t n) : type_(Type::Number), text_(std::to_string(n)) {}

Value::Value(double d) : type_(Type::Number) {
  if (!std::isfinite(d)) throw std::invalid_argument("JSON cannot hold NaN or infinity");
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, d);  // shortest text that round-trips
  text_.assign(buf, r.ptr);
  // Keep a double a double when read back ("2" would become an integer).
  if (text_.find_first_of(".eE") == std::string::npos) text_ += ".0";
}

Value::Value(const char* s) : Value(std::string(s)) {}
Value::Value(std::string s) : type_(Type::String), text_(std::move(s)) {}
Value::Value(std::string_view s) : Value(std::string(s)) {}
Value::Value(Array items) : type_(Type::Array), items_(std::move(items)) {}
Value::Value(Members members) : type_(Type::Object), members_(std::move(members)) {}

Value Value::numberFromText(std::string text) {
  if (text.empty() || scanNumber(text) != text.size())
    throw std::invalid_argument("not a JSON number: " + text);
  Value v;
  v.type_ = Type::Number;
  v.text_ = std::move(text);
  return v;
}

const char* typeName(Value::Type t) {
  switch (t) {
    case Value::Type::Null:
      return "null";
    case Value::Type::Bool:
      return "boolean";
    case Value::Type::Number:
      return "number";
    case Value::Type::String:
      return "string";
    case Value::Type::Array:
      return "array";
    case Value::Type::Object:
      return "object";
  }
  return "?";
}

void Value::expect(Type t, const char* what) const {
  if (type_ != t) throw TypeError(std::string("expected ") + what + ", found " + typeName(type_));
}

bool Value::isInteger() const {
  return type_ == Type::Number && text_.find_first_of(".eE") == std::string::npos;
}

bool Value::asBool() const {
  expect(Type::Bool, "a boolean");
  return bool_;
}

double Value::asDouble() const {
  expect(Type::Number, "a number");
  double d = 0;
  const auto r = std::from_chars(text_.data(), text_.data() + text_.size(), d);
  if (r.ec != std::errc() || !std::isfinite(d))
    throw TypeError("number " + text_ + " is outside the range of a double");
  return d;
}

int64_t Value::asInt64() const {
  expect(Type::Number, "an integer");
  if (!isInteger()) throw TypeError("expected an integer, found " + text_);
  int64_t n = 0;
  const auto r = std::from_chars(text_.data(), text_.data() + text_.size(), n);
  if (r.ec != std::errc() || r.ptr != text_.data() + text_.size())
    throw TypeError("integer " + text_ + " does not fit in 64 bits");
  return n;
}

uint64_t Value::asUint64() const {
  expect(Type::Number, "a non-negative integer");
  if (!isInteger()) throw TypeError("expected a non-negative integer, found " + text_);
  if (text_[0] == '-') {
    if (text_ == "-0") return 0;
    throw TypeError("expected a non-negative integer, found " + text_);
  }
  uint64_t n = 0;
  const auto r = std::from_chars(text_.data(), text_.data() + text_.size(), n);
  if (r.ec != std::errc() || r.ptr != text_.data() + text_.size())
    throw TypeError("integer " + text_ + " does not fit in 64 bits");
  return n;
}

const std::string& Value::asString() const {
  expect(Type::String, "a string");
  return text_;
}

const std::string& Value::numberText() const {
  expect(Type::Number, "a number");
  return text_;
}

const Value::Array& Value::asArray() const {
  expect(Type::Array, "an array");
  return items_;
}

const Value::Members& Value::members() const {
  expect(Type::Object, "an object");
  return members_;
}

const Value* Value::find(std::string_view key) const {
  if (type_ != Type::Object) return nullptr;
  for (const auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

Value& Value::push(Value v) {
  expect(Type::Array, "an array");
  items_.push_back(std::move(v));
  return *this;
}

Value& Value::set(std::string key, Value v) {
  expect(Type::Object, "an object");
  for (auto& m : members_) {
    if (m.first == key) {
      m.second = std::move(v);
      return *this;
    }
  }
  members_.emplace_back(std::move(key), std::move(v));
  return *this;
}

Value parse(std::string_view text, size_t maxNodes) {
  ParseOptions options;
  options.maxNodes = maxNodes;
  return Parser(text, options).parseDocument();
}

Value parse(std::string_view text, const ParseOptions& options) {
  return Parser(text, options).parseDocument();
}

std::string quote(std::string_view utf8) {
  if (utf8::firstInvalid(utf8) != std::string_view::npos)
    throw std::invalid_argument("json::quote: string is not valid UTF-8");
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(utf8.size() + 2);
  out += '"';
  for (const char ch : utf8) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
  return out;
}

std::string serialize(const Value& v, int indent) {
  WriteOptions options;
  options.indent = indent;
  return serialize(v, options);
}

std::string serialize(const Value& v, const WriteOptions& options) {
  std::string out;
  serializeTo(out, v, options, 0);
  if (options.finalNewline && options.indent >= 0) out += '\n';
  return out;
}

}  // namespace precisionlab::json
