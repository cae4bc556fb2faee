#include "core/AtomicFileWriter.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include "core/EngineError.h"

namespace precisionlab {

namespace {

std::string parentDir(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string baseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string AtomicFileWriter::reason(int err) {
  std::string words;
  switch (err) {
    case ENOSPC:
      words = "the disk is full; free some space or choose another disk";
      break;
    case EDQUOT:
      words = "your disk quota is used up; free some space or choose another disk";
      break;
    case EFBIG:
      words =
          "the file would pass this process's file size limit (ulimit -f) or the file system's "
          "largest file; raise the limit or choose another disk";
      break;
    case EROFS:
      words = "the disk or folder is mounted read-only; choose another folder";
      break;
    case EACCES:
    case EPERM:
      words =
          "permission denied: you may not write there (or the file is marked immutable); "
          "choose another folder";
      break;
    default:
      return std::strerror(err);
  }
  return words + " (" + std::strerror(err) + ")";
}

std::string AtomicFileWriter::refusal(const std::string& path) {
  struct stat st {};
  if (path.empty()) return "no file name given";
  if (::stat(path.c_str(), &st) != 0) return {};  // a new file (or a dangling link: see below)
  if (S_ISREG(st.st_mode)) return {};
  if (S_ISDIR(st.st_mode)) return "it is a folder; give a file name inside it";
  return "it is not a regular file (a device, pipe or socket); an export never replaces one, "
         "choose a file name";
}

AtomicFileWriter::AtomicFileWriter(std::string path) : path_(std::move(path)) {
  // Only a regular file or a new path: renaming over /dev/null or a FIFO would replace it.
  // A symbolic link to a file is followed, so the link stays and its target gets the bytes.
  if (const std::string no = refusal(path_); !no.empty())
    throw InputError(path_ + ": cannot write it: " + no);
  struct stat link {};
  if (::lstat(path_.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    if (char* resolved = ::realpath(path_.c_str(), nullptr)) {
      path_ = resolved;
      std::free(resolved);
    } else {
      throw InputError(path_ + ": cannot write it: it is a symbolic link that leads nowhere");
    }
  }
  // Not mkstemp (always 0600): open(O_CREAT | O_EXCL, 0666) lets the kernel apply the umask,
  // so a new file gets the mode any new file gets, without reading the umask by changing it.
  static thread_local std::mt19937_64 rng(std::random_device{}() ^ static_cast<uint64_t>(::getpid())
                                                                       << 32);
  const std::string prefix = parentDir(path_) + "/." + baseName(path_) + ".tmp-";
  for (int attempt = 0; fd_ < 0; ++attempt) {
    char suffix[17];
    std::snprintf(suffix, sizeof suffix, "%016llx", static_cast<unsigned long long>(rng()));
    tempPath_ = prefix + suffix;
    fd_ = ::open(tempPath_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0 && (errno != EEXIST || attempt >= 100)) {
      const int err = errno;
      tempPath_.clear();
      fail("cannot create a temporary file next to it", err);
    }
  }
  // A file that is replaced keeps its permissions (a user who made it private keeps it so).
  struct stat existing {};
  if (::stat(path_.c_str(), &existing) == 0 && S_ISREG(existing.st_mode))
    ::fchmod(fd_, existing.st_mode & 07777);
}

AtomicFileWriter::~AtomicFileWriter() { discard(); }

void AtomicFileWriter::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!committed_ && !tempPath_.empty()) ::unlink(tempPath_.c_str());
  tempPath_.clear();
}

void AtomicFileWriter::fail(const std::string& action, int err) {
  discard();
  throw InputError(path_ + ": " + action + ": " + reason(err) +
                   " (the previous file, if any, is unchanged)");
}

void AtomicFileWriter::write(const void* data, size_t size) {
  if (fd_ < 0) throw InputError(path_ + ": write after the file was closed");
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd_, p, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write", errno);
    }
    p += n;
    size -= static_cast<size_t>(n);
  }
}

void AtomicFileWriter::commit() {
  if (fd_ < 0) throw InputError(path_ + ": commit after the file was closed");
  if (::fsync(fd_) != 0) fail("cannot flush to disk", errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("cannot close", errno);
  // Checked again: something may have been put at the path while the bytes were written.
  if (const std::string no = refusal(path_); !no.empty()) {
    discard();
    throw InputError(path_ + ": cannot write it: " + no);
  }
  if (::rename(tempPath_.c_str(), path_.c_str()) != 0) fail("cannot replace", errno);
  committed_ = true;
  tempPath_.clear();
  syncDirectory(parentDir(path_));
}

void AtomicFileWriter::writeFile(const std::string& path, std::string_view contents) {
  AtomicFileWriter w(path);
  w.write(contents);
  w.commit();
}

void AtomicFileWriter::syncDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    throw InputError(dir + ": cannot open directory to flush it: " + std::strerror(errno));
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  // Some file systems (tmpfs variants, network mounts) refuse fsync on directories.
  if (rc != 0 && err != EINVAL && err != ENOTSUP)
    throw InputError(dir + ": cannot flush directory to disk: " + std::strerror(err));
}

}  // namespace precisionlab
