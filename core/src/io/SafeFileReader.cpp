#include "core/SafeFileReader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/EngineError.h"

namespace precisionlab {

const char* SafeFileReader::describeFileType(unsigned mode) {
  switch (mode & S_IFMT) {
    case S_IFREG:
      return "a regular file";
    case S_IFDIR:
      return "a directory";
    case S_IFIFO:
      return "a named pipe (FIFO)";
    case S_IFCHR:
      return "a character device";
    case S_IFBLK:
      return "a block device";
    case S_IFSOCK:
      return "a socket";
    case S_IFLNK:
      return "a symbolic link";
    default:
      return "not a regular file";
  }
}

std::string SafeFileReader::bytesText(uint64_t n) {
  if (n >= (1u << 30) && n % (1u << 30) == 0) return std::to_string(n >> 30) + " GiB";
  if (n >= (1u << 20) && n % (1u << 20) == 0) return std::to_string(n >> 20) + " MiB";
  if (n >= (1u << 10) && n % (1u << 10) == 0) return std::to_string(n >> 10) + " KiB";
  return std::to_string(n) + " bytes";
}

SafeFileReader::SafeFileReader(const std::string& path, const FileKind& kind)
    : path_(path), kind_(kind) {
  if (path.find('\0') != std::string::npos)
    throw InputError("a file name contains a NUL byte; give the " + std::string(kind.what) +
                     " by its real name");
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd_ < 0) {
    const int err = errno;
    struct stat link {};
    if (err == ELOOP)
      throw InputError(path + ": is a symbolic link loop (a link that leads back to itself), not " +
                       "a file; give the " + kind.what + " by its real path");
    if (err == ENOENT && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
      throw InputError(path + ": is a symbolic link that leads nowhere; give the " + kind.what +
                       " by its real path");
    throw InputError(path + ": cannot open the " + kind.what + ": " + std::strerror(err));
  }
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    const int err = errno;
    ::close(fd_);
    throw InputError(path + ": cannot read the " + std::string(kind.what) + ": " +
                     std::strerror(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd_);
    throw InputError(path + ": is " + describeFileType(st.st_mode) + ", not a regular file; give " +
                     "the " + kind.what + " as a file");
  }
  size_ = static_cast<uint64_t>(st.st_size);
  if (size_ > kind.maxBytes) {
    ::close(fd_);
    throw InputError(path + ": the " + std::string(kind.what) + " is " + bytesText(size_) +
                     ", over the limit of " + bytesText(kind.maxBytes) + " for this kind of file");
  }
  // Regular files never block; clear the flag so reads behave normally on every file system.
  const int flags = ::fcntl(fd_, F_GETFL);
  if (flags >= 0) ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK);
}

SafeFileReader::~SafeFileReader() {
  if (fd_ >= 0) ::close(fd_);
}

void SafeFileReader::readAt(uint64_t offset, void* buf, size_t n) const {
  char* p = static_cast<char*>(buf);
  while (n > 0) {
    const size_t chunk = n < (size_t{1} << 30) ? n : (size_t{1} << 30);
    const ssize_t got = ::pread(fd_, p, chunk, static_cast<off_t>(offset));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(path_ + ": cannot read the " + std::string(kind_.what) + ": " +
                       std::strerror(errno));
    }
    if (got == 0)
      throw InputError(path_ + ": the " + std::string(kind_.what) + " ended at byte " +
                       std::to_string(offset) + " while it was being read (was it truncated or " +
                       "replaced meanwhile?); read it again once it is complete");
    p += got;
    offset += static_cast<uint64_t>(got);
    n -= static_cast<size_t>(got);
  }
}

std::string SafeFileReader::readAll() const {
  std::string out(static_cast<size_t>(size_), '\0');
  readAt(0, out.data(), out.size());
  return out;
}

std::string SafeFileReader::readFile(const std::string& path, const FileKind& kind) {
  return SafeFileReader(path, kind).readAll();
}

}  // namespace precisionlab
