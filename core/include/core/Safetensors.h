// The safetensors file format (Hugging Face): u64 little-endian header length N, N bytes of UTF-8
// JSON describing each tensor (dtype, shape, data_offsets relative to the data start) plus an
// optional "__metadata__" string map, then the raw little-endian C-order data. This header is
// the torch-free part: validating a header with every check of the reference reader. Loading
// tensors lives in model/SafetensorsFile.h. Files are untrusted input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace precisionlab {

struct TensorEntry {
  std::string name;
  std::string dtype;           // "F32", "BF16", ...: the file's own spelling
  std::vector<int64_t> shape;  // empty for a scalar
  uint64_t begin = 0;          // data_offsets, relative to the first byte after the header
  uint64_t end = 0;
  uint64_t byteSize() const { return end - begin; }
};

struct SafetensorsHeader {
  std::vector<TensorEntry> tensors;                           // in file (offset) order
  std::vector<std::pair<std::string, std::string>> metadata;  // "__metadata__", file order
  uint64_t headerLength = 0;                                  // N; data starts at 8 + N
  uint64_t dataStart() const { return 8 + headerLength; }
};

// The largest header the reference reader accepts (100,000,000 bytes).
constexpr uint64_t kMaxSafetensorsHeaderLength = 100000000;

// Validates the whole file layout of data[0..size) (the header and that the data region matches
// it exactly; the tensor bytes themselves are not read). Throws InputError naming sourceName, the
// tensor and what is wrong for: a file under 8 bytes, N over the cap or past the end of the file,
// a header that is not valid UTF-8 JSON, not an object, has duplicate keys, a "__metadata__"
// that is not a string->string map, an entry that is not exactly {dtype, shape, data_offsets},
// dims that are not non-negative integers, an unknown dtype, an element count x bits that
// overflows, is not a whole number of bytes or differs from end - begin, offsets that do not
// run contiguously from 0 without gaps or overlaps, and data that does not end at end of file.
SafetensorsHeader parseSafetensorsHeader(const uint8_t* data, size_t size,
                                         const std::string& sourceName);
// The same checks for a file of fileSize bytes of which only the first prefixSize are given: the
// 8-byte length and the header (prefixSize >= 8 + N, else the file is reported as truncated).
// Readers that read the data range by range (SafetensorsFile) validate with this one.
SafetensorsHeader parseSafetensorsHeader(const uint8_t* prefix, size_t prefixSize,
                                         uint64_t fileSize, const std::string& sourceName);

// Bits per element of a safetensors dtype name, or 0 for a name the format does not define.
int safetensorsDtypeBits(const std::string& dtype);

}  // namespace precisionlab
