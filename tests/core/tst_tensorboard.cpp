// TensorBoard export read back by a reader of the format written here from the specification
// (TFRecord framing with masked CRC-32C; tensorflow.Event and Summary protobuf fields), not by
// the writer's own code: every frame's two CRCs are checked, every event decoded, and the
// scalars compared with the recording they came from. The CLI's export (one run per recording,
// a taken folder refused) and TensorBoard's own reader on it are tests/cli/tst_clitensorboard.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "CoreTest.h"
#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"
#include "core/TensorBoardWriter.h"

using namespace precisionlab;
namespace fs = std::filesystem;

namespace {

using Bytes = std::string;

// CRC-32C bit by bit (no table), so a table bug in the writer would show.
uint32_t referenceCrc32c(const Bytes& data) {
  uint32_t crc = 0xffffffffu;
  for (char ch : data) {
    crc ^= static_cast<unsigned char>(ch);
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0x82f63b78u & (0u - (crc & 1u)));
  }
  return ~crc;
}
uint32_t masked(const Bytes& data) {
  const uint32_t c = referenceCrc32c(data);
  return ((c >> 15) | (c << 17)) + 0xa282ead8u;
}

struct Event {
  double wallTime = 0;
  int64_t step = 0;
  std::string fileVersion;
  std::vector<std::pair<std::string, float>> values;
};

// data.substr that, like QByteArray::mid, gives what there is past the end instead of throwing.
Bytes mid(const Bytes& data, size_t pos, size_t n) {
  return pos >= data.size() ? Bytes() : data.substr(pos, n);
}

class Reader {
 public:
  explicit Reader(Bytes data) : data_(std::move(data)) {}
  std::vector<Event> events() {
    std::vector<Event> out;
    size_t pos = 0;
    while (pos < data_.size()) {
      if (data_.size() - pos < 12) throw std::runtime_error("truncated frame header");
      const Bytes len = mid(data_, pos, 8);
      uint64_t n = 0;
      std::memcpy(&n, len.data(), 8);
      if (fixed32(mid(data_, pos + 8, 4)) != masked(len))
        throw std::runtime_error("length CRC mismatch");
      if (data_.size() - pos < 16 || static_cast<uint64_t>(data_.size() - pos - 16) < n)
        throw std::runtime_error("truncated record");
      const Bytes payload = mid(data_, pos + 12, static_cast<size_t>(n));
      if (fixed32(mid(data_, pos + 12 + static_cast<size_t>(n), 4)) != masked(payload))
        throw std::runtime_error("data CRC mismatch");
      out.push_back(event(payload));
      pos += 16 + static_cast<size_t>(n);
    }
    return out;
  }

 private:
  static uint32_t fixed32(const Bytes& b) {
    if (b.size() < 4) throw std::runtime_error("truncated fixed32");
    uint32_t v = 0;
    std::memcpy(&v, b.data(), 4);
    return v;
  }
  static uint64_t varint(const Bytes& b, size_t& i) {
    uint64_t v = 0;
    for (int shift = 0; i < b.size() && shift < 64; shift += 7) {
      const auto byte = static_cast<unsigned char>(b[i++]);
      v |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
    }
    throw std::runtime_error("bad varint");
  }
  // Calls fn(field, wireType, bytes-or-value) for each field of a message.
  template <typename Fn>
  static void fields(const Bytes& m, Fn fn) {
    size_t i = 0;
    while (i < m.size()) {
      const uint64_t key = varint(m, i);
      const int field = static_cast<int>(key >> 3), wire = static_cast<int>(key & 7);
      Bytes bytes;
      uint64_t value = 0;
      if (wire == 0) {
        value = varint(m, i);
      } else if (wire == 1) {
        bytes = mid(m, i, 8), i += 8;
      } else if (wire == 5) {
        bytes = mid(m, i, 4), i += 4;
      } else if (wire == 2) {
        const auto n = static_cast<size_t>(varint(m, i));
        bytes = mid(m, i, n);
        i += n;
      } else {
        throw std::runtime_error("unknown wire type");
      }
      fn(field, wire, bytes, value);
    }
  }
  static Event event(const Bytes& payload) {
    Event e;
    fields(payload, [&](int field, int wire, const Bytes& bytes, uint64_t value) {
      if (field == 1 && wire == 1 && bytes.size() == 8) std::memcpy(&e.wallTime, bytes.data(), 8);
      if (field == 2 && wire == 0) e.step = static_cast<int64_t>(value);
      if (field == 3 && wire == 2) e.fileVersion = bytes;
      if (field == 5 && wire == 2)
        fields(bytes, [&](int f, int, const Bytes& v, uint64_t) {
          if (f != 1) return;
          std::string tag;
          float simple = NAN;
          fields(v, [&](int vf, int vw, const Bytes& vb, uint64_t) {
            if (vf == 1 && vw == 2) tag = vb;
            if (vf == 2 && vw == 5 && vb.size() == 4) std::memcpy(&simple, vb.data(), 4);
          });
          e.values.push_back({tag, simple});
        });
    });
    return e;
  }
  Bytes data_;
};

Bytes readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

// An empty directory of its own for one check.
std::string freshDir(const std::string& name) {
  const std::string dir = coretest::tempDir() + "/" + name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

CORE_TEST(crc32cKnownValue) {
  // The CRC-32C check value of "123456789" (RFC 3720, iSCSI).
  CHECK_EQ(TensorBoardWriter::crc32c("123456789", 9), 0xE3069283u);
  CHECK_EQ(referenceCrc32c("123456789"), 0xE3069283u);
}

CORE_TEST(exportedRunReadsBack) {
  const RunRecording run =
      readRunRecording(PRECISIONLAB_SOURCE_DIR "/resources/recorded/fp16-amp.plrun");
  CHECK(run.steps.size() >= 10);
  const std::string dir = freshDir("readback");
  const TensorBoardExportResult r = exportTensorBoard(run, dir);
  CHECK(coretest::contains(r.eventFile, "events.out.tfevents."));
  CHECK(coretest::contains(r.runDirectory, "/fp16-amp.live.") ||
        coretest::contains(r.runDirectory, "/fp16-amp.emulated."));
  std::vector<Event> events;
  try {
    events = Reader(readAll(r.eventFile)).events();
  } catch (const std::exception& e) {
    FAIL(e.what());
  }
  CHECK(!events.empty());
  CHECK_EQ(events.front().fileVersion, std::string("brain.Event:2"));
  std::map<std::string, std::map<int64_t, float>> series;
  double lastWall = 0;
  for (size_t i = 1; i < events.size(); ++i) {
    CHECK_EQ(events[i].values.size(), size_t(1));
    CHECK(events[i].wallTime >= lastWall);
    lastWall = events[i].wallTime;
    series[events[i].values[0].first][events[i].step] = events[i].values[0].second;
  }
  CHECK_EQ(static_cast<int64_t>(events.size() - 1), r.scalars);
  CHECK_EQ(r.scalars, static_cast<int64_t>(run.steps.size() * 11 + run.evals.size() * 2));
  for (const StepRecord& s : run.steps) {
    CHECK_FUZZY_EQ(series["train/loss"][s.step], static_cast<float>(s.loss));
    CHECK_FUZZY_EQ(series["train/learningRate"][s.step], static_cast<float>(s.learningRate));
    CHECK_FUZZY_EQ(series["throughput/samplesPerSec"][s.step], static_cast<float>(s.samplesPerSec));
    CHECK_FUZZY_EQ(series["amp/lossScale"][s.step], static_cast<float>(s.lossScale));
    CHECK_FUZZY_EQ(series["gradients/gradZeroFraction"][s.step],
                   static_cast<float>(s.gradZeroFraction));
    CHECK_FUZZY_EQ(series["memory/peakBytes"][s.step], static_cast<float>(s.peakBytes));
    CHECK_FUZZY_EQ(series["amp/skipped"][s.step], s.skipped ? 1.0f : 0.0f);
  }
  for (const EvalRecord& e : run.evals)
    CHECK_FUZZY_EQ(series["validation/valLoss"][e.step], static_cast<float>(e.valLoss));
}

CORE_TEST(corruptionIsDetectedByTheReader) {
  TensorBoardWriter w2(freshDir("corrupt"), 1.0);
  w2.addScalar("x", 1, 2.5, 2.0);
  Bytes bytes = readAll(w2.close());
  CHECK_EQ(Reader(bytes).events().size(), size_t(2));
  bytes[bytes.size() - 6] = static_cast<char>(bytes[bytes.size() - 6] ^ 0x01);
  CHECK_THROWS_AS(Reader(bytes).events(), std::runtime_error);
}

CORE_TEST(nonFiniteLossesAreKept) {
  TensorBoardWriter w(freshDir("nonfinite"), 100.0);
  w.addScalar("train/loss", 41, std::nan(""), 101.0);
  w.addScalar("train/loss", 42, INFINITY, 102.0);
  const std::vector<Event> events = Reader(readAll(w.close())).events();
  CHECK_EQ(events.size(), size_t(3));
  CHECK(std::isnan(events[1].values[0].second));
  CHECK(std::isinf(events[2].values[0].second));
  CHECK_EQ(events[2].step, int64_t(42));
}
