// Writes a file so that readers see either the old file or the complete new one, never a torn
// one: the bytes go to a temporary file in the same directory, which is fsync'ed and renamed
// over the target on commit(), then the directory is fsync'ed. Destroying the writer without
// commit() (an exception, a full disk) removes the temporary file and leaves the old file.
// Every failure throws InputError naming the file and the system's reason, in words for a full
// disk, a read-only mount and a denied permission.
// Only a regular file or a new path is written: a folder, device node, FIFO or socket at the path
// is refused (renaming over /dev/null would replace it); a symbolic link is followed.
// This is the project's one writer of output files: the quiz library and the app go through it.
// Permissions: a file that is replaced keeps its mode; a new one gets 0666 minus the umask, as
// any other new file. The umask is never changed (it is process-wide: changing it, even for an
// instant, would give another thread's new files the wrong mode).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace precisionlab {

class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(std::string path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  void write(const void* data, size_t size);
  void write(std::string_view text) { write(text.data(), text.size()); }
  void commit();

  // Convenience: the whole file in one call.
  static void writeFile(const std::string& path, std::string_view contents);
  // Why `path` cannot be written (a folder, device, FIFO, socket), or empty for a regular file
  // or a new path.
  static std::string refusal(const std::string& path);
  // strerror(err), in plain words for ENOSPC, EDQUOT, EROFS, EACCES and EPERM.
  static std::string reason(int err);
  // fsync a directory so a rename inside it survives a crash.
  static void syncDirectory(const std::string& dir);

 private:
  [[noreturn]] void fail(const std::string& action, int err);
  void discard();

  std::string path_;
  std::string tempPath_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace precisionlab
