// One reader for every file a user can hand in (safetensors, config.json, vocab.txt, datasets,
// .plrun run files, question banks). The rules, in one place:
// - regular files only: a FIFO, a device, a socket or a directory is refused by what it is;
// - opened with O_NONBLOCK, then fstat'ed before a byte is read, so a FIFO never blocks us;
// - a size cap per kind of file, checked against fstat before anything is allocated; the
//   message names the cap;
// - reads go through pread into our own buffers (no mmap), so a file truncated while it is read
//   gives an error, never SIGBUS.
// Torch-free and Qt-free, so quiz/ and fuzz/ share it. Errors are InputError naming the file.
// It will not: follow the file as it grows, or read anything but whole files and byte ranges.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace precisionlab {

// The kinds of untrusted files and their caps. The caps are generous for real files (a
// bert-base vocab.txt is 230 KB, a recorded run a few MB) and small enough that a mistaken
// or hostile file is refused before it costs memory.
struct FileKind {
  const char* what;   // "config.json", "vocabulary", ...: used in messages
  uint64_t maxBytes;  // larger files are refused
};

namespace filekinds {
constexpr FileKind kConfigJson{"config file", 4u << 20};
constexpr FileKind kIndexJson{"checkpoint index", 64u << 20};
constexpr FileKind kVocab{"vocabulary", 64u << 20};
constexpr FileKind kDataset{"dataset", 512u << 20};
constexpr FileKind kRunFile{"run file", 128u << 20};
constexpr FileKind kBank{"question bank", 16u << 20};
// Safetensors: the tensor data is read range by range, never whole, so only the header is capped
// (by kMaxSafetensorsHeaderLength); the file itself may be as large as the disk holds.
constexpr FileKind kSafetensors{"safetensors file", UINT64_MAX};
}  // namespace filekinds

class SafeFileReader {
 public:
  // Opens path without blocking and checks it is a regular file within kind's cap.
  SafeFileReader(const std::string& path, const FileKind& kind);
  ~SafeFileReader();
  SafeFileReader(const SafeFileReader&) = delete;
  SafeFileReader& operator=(const SafeFileReader&) = delete;

  const std::string& path() const { return path_; }
  uint64_t size() const { return size_; }  // as fstat saw it at open

  // Exactly n bytes at offset into buf; throws InputError if the file is now shorter (it was
  // truncated while we read) or a read fails.
  void readAt(uint64_t offset, void* buf, size_t n) const;
  // The whole file (size() bytes).
  std::string readAll() const;

  // Whole-file shortcut: SafeFileReader(path, kind).readAll().
  static std::string readFile(const std::string& path, const FileKind& kind);
  // "a directory", "a named pipe (FIFO)", "a character device", ... for an st_mode.
  static const char* describeFileType(unsigned mode);
  // A byte count for people: "16 MiB", "512 KiB", "100 bytes".
  static std::string bytesText(uint64_t n);

 private:
  std::string path_;
  FileKind kind_;
  int fd_ = -1;
  uint64_t size_ = 0;
};

}  // namespace precisionlab
