// safetensors header validation, mirroring the reference reader (huggingface/safetensors,
// Metadata::validate) check for check. Torch-free so the fuzz target compiles it alone.
#include "core/Safetensors.h"

#include <algorithm>
#include <limits>
#include <string_view>

#include "core/EngineError.h"
#include "core/Json.h"
#include "core/TerminalText.h"
#include "core/Utf8.h"

namespace precisionlab {

namespace {

struct DtypeBits {
  const char* name;
  int bits;
};

// Every dtype name the format defines. Loading supports only F32/F16/BF16 (SafetensorsFile);
// the others are still parsed so inspect can list them and the refusal names them.
constexpr DtypeBits kDtypes[] = {
    {"BOOL", 8},    {"U8", 8},      {"I8", 8},      {"I16", 16},    {"U16", 16},
    {"F16", 16},    {"BF16", 16},   {"I32", 32},    {"U32", 32},    {"F32", 32},
    {"F64", 64},    {"I64", 64},    {"U64", 64},    {"C64", 64},    {"F8_E4M3", 8},
    {"F8_E5M2", 8}, {"F8_E8M0", 8}, {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"F4", 4},
};

std::string known() {
  std::string s;
  for (const auto& d : kDtypes) {
    if (!s.empty()) s += ", ";
    s += d.name;
  }
  return s;
}

[[noreturn]] void fail(const std::string& source, const std::string& what) {
  throw InputError(source + ": not a valid safetensors file: " + what);
}

[[noreturn]] void failTensor(const std::string& source, const std::string& tensor,
                             const std::string& what) {
  fail(source, "tensor \"" + tensor + "\": " + what);
}

uint64_t readLe64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// The printable form of a key for an error message (keys are valid UTF-8 by now, but may hold
// control characters).
std::string show(const std::string& key) {
  std::string q = json::quote(elideForMessage(key));
  return q.substr(1, q.size() - 2);
}

TensorEntry parseEntry(const std::string& source, const std::string& name, const json::Value& v) {
  TensorEntry e;
  e.name = name;
  const std::string shown = show(name);
  if (!v.isObject())
    failTensor(source, shown,
               std::string("entry must be an object with dtype, shape and "
                           "data_offsets, found ") +
                   json::typeName(v.type()));
  for (const auto& m : v.members()) {
    if (m.first != "dtype" && m.first != "shape" && m.first != "data_offsets")
      failTensor(
          source, shown,
          "unexpected field \"" + show(m.first) + "\" (allowed: dtype, shape, data_offsets)");
  }
  const json::Value* dtype = v.find("dtype");
  const json::Value* shape = v.find("shape");
  const json::Value* offsets = v.find("data_offsets");
  if (!dtype) failTensor(source, shown, "missing field \"dtype\"");
  if (!shape) failTensor(source, shown, "missing field \"shape\"");
  if (!offsets) failTensor(source, shown, "missing field \"data_offsets\"");

  if (!dtype->isString())
    failTensor(source, shown,
               std::string("\"dtype\" must be a string, found ") + json::typeName(dtype->type()));
  e.dtype = dtype->asString();
  if (safetensorsDtypeBits(e.dtype) == 0)
    failTensor(source, shown, "unknown dtype \"" + show(e.dtype) + "\" (known: " + known() + ")");

  if (!shape->isArray())
    failTensor(source, shown,
               std::string("\"shape\" must be an array of non-negative "
                           "integers, found ") +
                   json::typeName(shape->type()));
  const auto& dims = shape->asArray();
  for (size_t i = 0; i < dims.size(); ++i) {
    const json::Value& d = dims[i];
    const std::string where = "shape[" + std::to_string(i) + "]";
    if (!d.isNumber())
      failTensor(source, shown,
                 where + " must be a non-negative integer, found " + json::typeName(d.type()));
    if (!d.isInteger() || d.numberText()[0] == '-')
      failTensor(source, shown, where + " must be a non-negative integer, found " + d.numberText());
    uint64_t n = 0;
    try {
      n = d.asUint64();
    } catch (const json::TypeError&) {
      failTensor(source, shown, where + " = " + d.numberText() + " is too large");
    }
    if (n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      failTensor(source, shown, where + " = " + d.numberText() + " is too large");
    e.shape.push_back(static_cast<int64_t>(n));
  }

  if (!offsets->isArray() || offsets->asArray().size() != 2)
    failTensor(source, shown,
               "\"data_offsets\" must be an array [begin, end] of two "
               "non-negative integers");
  uint64_t be[2] = {0, 0};
  for (size_t i = 0; i < 2; ++i) {
    const json::Value& o = offsets->asArray()[i];
    const char* which = i == 0 ? "begin" : "end";
    if (!o.isNumber() || !o.isInteger() || o.numberText()[0] == '-')
      failTensor(source, shown,
                 std::string("data_offsets ") + which + " must be a non-negative integer, found " +
                     (o.isNumber() ? o.numberText() : json::typeName(o.type())));
    try {
      be[i] = o.asUint64();
    } catch (const json::TypeError&) {
      failTensor(source, shown,
                 std::string("data_offsets ") + which + " = " + o.numberText() +
                     " does not fit in 64 bits");
    }
  }
  e.begin = be[0];
  e.end = be[1];
  return e;
}

// elements x bits with overflow checks, as bytes; the reference rejects a product that is not a
// whole number of bytes (possible for 4- and 6-bit dtypes).
void checkByteSize(const std::string& source, const TensorEntry& e) {
  const std::string shown = show(e.name);
  uint64_t elements = 1;
  for (const int64_t d : e.shape) {
    const auto ud = static_cast<uint64_t>(d);
    if (ud != 0 && elements > std::numeric_limits<uint64_t>::max() / ud)
      failTensor(source, shown, "shape's element count overflows 64 bits");
    elements *= ud;
  }
  const auto bits = static_cast<uint64_t>(safetensorsDtypeBits(e.dtype));
  if (elements > std::numeric_limits<uint64_t>::max() / bits)
    failTensor(source, shown, "shape's size in bits overflows 64 bits");
  const uint64_t totalBits = elements * bits;
  if (totalBits % 8 != 0)
    failTensor(
        source, shown,
        std::to_string(elements) + " elements of " + e.dtype + " are not a whole number of bytes");
  if (e.end < e.begin)
    failTensor(source, shown,
               "data_offsets end " + std::to_string(e.end) + " is before begin " +
                   std::to_string(e.begin));
  if (totalBits / 8 != e.end - e.begin)
    failTensor(source, shown,
               "shape holds " + std::to_string(totalBits / 8) + " bytes of " + e.dtype +
                   " but data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                   "] span " + std::to_string(e.end - e.begin));
}

}  // namespace

int safetensorsDtypeBits(const std::string& dtype) {
  for (const auto& d : kDtypes)
    if (dtype == d.name) return d.bits;
  return 0;
}

SafetensorsHeader parseSafetensorsHeader(const uint8_t* data, size_t size,
                                         const std::string& source) {
  return parseSafetensorsHeader(data, size, static_cast<uint64_t>(size), source);
}

SafetensorsHeader parseSafetensorsHeader(const uint8_t* data, size_t prefixSize, uint64_t size,
                                         const std::string& source) {
  if (size < 8 || prefixSize < 8)
    fail(source,
         "the file has " + std::to_string(size) + " bytes, fewer than the 8-byte header length");
  SafetensorsHeader h;
  h.headerLength = readLe64(data);
  if (h.headerLength > kMaxSafetensorsHeaderLength)
    fail(source, "header length " + std::to_string(h.headerLength) + " exceeds the limit of " +
                     std::to_string(kMaxSafetensorsHeaderLength) + " bytes");
  // N <= 1e8, so 8 + N cannot overflow; still compare without adding to the file size.
  if (h.headerLength > size - 8)
    fail(source, "header length " + std::to_string(h.headerLength) + " runs past the end of the " +
                     std::to_string(size) + "-byte file (truncated download?)");
  if (h.headerLength > prefixSize - 8)
    fail(source, "the file ended inside its " + std::to_string(h.headerLength) +
                     "-byte header while it was read (truncated meanwhile?)");

  const std::string_view text(reinterpret_cast<const char*>(data + 8),
                              static_cast<size_t>(h.headerLength));
  const size_t bad = utf8::firstInvalid(text);
  if (bad != std::string_view::npos)
    fail(source, "header is not valid UTF-8 (byte " + std::to_string(8 + bad) + ")");
  json::Value root;
  try {
    root = json::parse(text);
  } catch (const json::ParseError& e) {
    fail(source, std::string("header JSON, ") + e.what());
  }
  if (!root.isObject())
    fail(source, std::string("header must be a JSON object, found ") + json::typeName(root.type()));

  for (const auto& m : root.members()) {
    if (m.first == "__metadata__") {
      if (!m.second.isObject())
        fail(source, std::string("\"__metadata__\" must be an object of strings, found ") +
                         json::typeName(m.second.type()));
      for (const auto& kv : m.second.members()) {
        if (!kv.second.isString())
          fail(source, "\"__metadata__\" value of \"" + show(kv.first) +
                           "\" must be a string, "
                           "found " +
                           json::typeName(kv.second.type()));
        h.metadata.emplace_back(kv.first, kv.second.asString());
      }
      continue;
    }
    h.tensors.push_back(parseEntry(source, m.first, m.second));
  }
  for (const auto& e : h.tensors) checkByteSize(source, e);

  // Contiguous from 0 in offset order: sort, then each begin must be the previous end.
  std::sort(h.tensors.begin(), h.tensors.end(), [](const TensorEntry& a, const TensorEntry& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  uint64_t expected = 0;
  for (size_t i = 0; i < h.tensors.size(); ++i) {
    const TensorEntry& e = h.tensors[i];
    if (e.begin != expected) {
      if (e.begin > expected)
        failTensor(source, show(e.name),
                   "data_offsets begin " + std::to_string(e.begin) +
                       " leaves a gap: the previous tensor ends at " + std::to_string(expected));
      failTensor(source, show(e.name),
                 "data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                     "] overlap tensor \"" + show(h.tensors[i - 1].name) + "\" which ends at " +
                     std::to_string(expected));
    }
    expected = e.end;
  }
  const uint64_t dataSize = size - h.dataStart();
  if (expected != dataSize) {
    if (expected > dataSize)
      fail(source, "tensor data ends at byte " + std::to_string(expected) +
                       " of the data section but the file holds only " + std::to_string(dataSize) +
                       " data bytes (truncated file?)");
    fail(source,
         std::to_string(dataSize - expected) + " trailing bytes after the last tensor's data");
  }
  return h;
}

}  // namespace precisionlab
