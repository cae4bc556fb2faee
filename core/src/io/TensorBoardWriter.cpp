#include "core/TensorBoardWriter.h"

#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"

#include <sys/stat.h>
#include <unistd.h>
#include <array>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <vector>

namespace precisionlab {
namespace {

// Protobuf wire format: key = (field << 3) | wire type; 0 varint, 1 fixed64, 2 bytes, 5 fixed32.
void putVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void putKey(std::string& out, int field, int wireType) {
  putVarint(out, (static_cast<uint64_t>(field) << 3) | static_cast<uint64_t>(wireType));
}

template <typename T>
void putLittleEndian(std::string& out, T value) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));  // x86 and ARM Linux are little-endian
  out.append(reinterpret_cast<const char*>(bytes), sizeof(T));
}

void putBytes(std::string& out, int field, const std::string& bytes) {
  putKey(out, field, 2);
  putVarint(out, bytes.size());
  out += bytes;
}

// tensorflow.Event { double wall_time = 1; int64 step = 2; oneof what { string file_version = 3;
// Summary summary = 5; } }
std::string eventHeader(double wallTime, int64_t step) {
  std::string e;
  putKey(e, 1, 1);
  putLittleEndian(e, wallTime);
  if (step != 0) {
    putKey(e, 2, 0);
    putVarint(e, static_cast<uint64_t>(step));
  }
  return e;
}

const std::array<uint32_t, 256>& crcTable() {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82f63b78u : c >> 1;  // Castagnoli
      t[i] = c;
    }
    return t;
  }();
  return table;
}

std::string hostName() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

}  // namespace

uint32_t TensorBoardWriter::crc32c(const void* data, size_t size) {
  const auto& table = crcTable();
  uint32_t crc = 0xffffffffu;
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return crc ^ 0xffffffffu;
}

uint32_t TensorBoardWriter::maskedCrc32c(const void* data, size_t size) {
  const uint32_t crc = crc32c(data, size);
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

std::string TensorBoardWriter::frame(const std::string& payload) {
  std::string out;
  std::string length;
  putLittleEndian(length, static_cast<uint64_t>(payload.size()));
  out += length;
  putLittleEndian(out, maskedCrc32c(length.data(), length.size()));
  out += payload;
  putLittleEndian(out, maskedCrc32c(payload.data(), payload.size()));
  return out;
}

TensorBoardWriter::TensorBoardWriter(std::string directory, double wallTimeSeconds)
    : directory_(std::move(directory)) {
  // As TensorFlow names them: <seconds>.<host>.<pid>.<n>, n counting this process's writers, so
  // two runs recorded in the same second on the same host never share a file name.
  static std::atomic<int64_t> writers{0};
  fileName_ = "events.out.tfevents." + std::to_string(static_cast<int64_t>(wallTimeSeconds)) + "." +
              hostName() + "." + std::to_string(static_cast<int64_t>(::getpid())) + "." +
              std::to_string(writers++);
  std::string e = eventHeader(wallTimeSeconds, 0);
  putBytes(e, 3, "brain.Event:2");
  addEvent(e);
}

void TensorBoardWriter::addEvent(const std::string& eventBytes) {
  bytes_ += frame(eventBytes);
  ++events_;
}

void TensorBoardWriter::addScalar(const std::string& tag, int64_t step, double value,
                                  double wallTimeSeconds) {
  // tensorflow.Summary.Value { string tag = 1; float simple_value = 2; }
  std::string v;
  putBytes(v, 1, tag);
  putKey(v, 2, 5);
  putLittleEndian(v, static_cast<float>(value));
  std::string summary;  // tensorflow.Summary { repeated Value value = 1; }
  putBytes(summary, 1, v);
  std::string e = eventHeader(wallTimeSeconds, step);
  putBytes(e, 5, summary);
  addEvent(e);
}

std::string TensorBoardWriter::close() {
  // mkdir -p, one level at a time, remembering the folders made here: a failed write (a full
  // disk) removes them again, so no empty run folder is left for TensorBoard to list.
  std::vector<std::string> made;
  const auto removeMade = [&made] {
    for (auto it = made.rbegin(); it != made.rend(); ++it) ::rmdir(it->c_str());
  };
  for (size_t pos = 1; pos != std::string::npos;) {
    pos = directory_.find('/', pos + 1);
    const std::string part = directory_.substr(0, pos);
    if (::mkdir(part.c_str(), 0777) == 0) {
      made.push_back(part);
    } else if (errno != EEXIST) {
      const int err = errno;
      removeMade();
      throw InputError(part + ": cannot create the folder: " + AtomicFileWriter::reason(err));
    }
  }
  struct stat st {};
  if (::stat(directory_.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw InputError(directory_ + ": not a folder");
  const std::string path = directory_ + "/" + fileName_;
  try {
    AtomicFileWriter::writeFile(path, bytes_);
  } catch (...) {
    removeMade();
    throw;
  }
  return path;
}

}  // namespace precisionlab
