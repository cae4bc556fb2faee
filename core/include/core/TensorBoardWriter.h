// TensorBoard event files without TensorFlow or protobuf: the writer builds the two protobuf
// messages TensorBoard's scalar dashboard reads (tensorflow.Event with wall_time, step,
// file_version or summary; tensorflow.Summary.Value with tag and simple_value) by hand, and frames
// each one as a TFRecord: uint64 length, uint32 masked CRC-32C of the length, the bytes, uint32
// masked CRC-32C of the bytes (little-endian; mask = ((crc >> 15) | (crc << 17)) + 0xa282ead8).
// The first event is file_version "brain.Event:2", as TensorFlow's writer puts it.
//
// Events are collected in memory and written atomically by close() (AtomicFileWriter), so a
// reader never sees a torn file; the file is named events.out.tfevents.<seconds>.<host>.<pid>.<n>
// (n counts the process's writers, so no two writers share a name), which is how TensorBoard
// finds it. Qt-free and torch-free. tests/core/tst_tensorboard.cpp reads
// the files back with its own reader of the format (CRCs checked).
#pragma once

#include <cstdint>
#include <string>

namespace precisionlab {

class TensorBoardWriter {
 public:
  // Events go to `directory` (created if missing). wallTimeSeconds stamps the file name and
  // the file_version event.
  TensorBoardWriter(std::string directory, double wallTimeSeconds);

  void addScalar(const std::string& tag, int64_t step, double value, double wallTimeSeconds);
  // Writes the file; returns its path. Throws InputError naming the file on failure.
  std::string close();
  int64_t eventCount() const { return events_; }

  // The pieces, public for the tests: CRC-32C (Castagnoli) and TensorFlow's mask of it.
  static uint32_t crc32c(const void* data, size_t size);
  static uint32_t maskedCrc32c(const void* data, size_t size);
  // One TFRecord frame around `payload`.
  static std::string frame(const std::string& payload);

 private:
  void addEvent(const std::string& eventBytes);

  std::string directory_;
  std::string fileName_;
  std::string bytes_;
  int64_t events_ = 0;
};

}  // namespace precisionlab
