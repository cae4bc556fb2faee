#include "engine/src/AtomicFileWriter.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engine/EngineError.h"

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

AtomicFileWriter::AtomicFileWriter(std::string path) : path_(std::move(path)) {
  std::string templ = parentDir(path_) + "/." + baseName(path_) + ".tmp-XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  fd_ = ::mkstemp(buf.data());
  if (fd_ < 0) fail("cannot create a temporary file next to it", errno);
  tempPath_.assign(buf.data());
  // mkstemp makes the file 0600; a saved checkpoint should be readable like any other file.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, 0666 & ~mask);
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
  throw InputError(path_ + ": " + action + ": " + std::strerror(err) +
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
  if (fd < 0) throw InputError(dir + ": cannot open directory to flush it: " + std::strerror(errno));
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  // Some file systems (tmpfs variants, network mounts) refuse fsync on directories.
  if (rc != 0 && err != EINVAL && err != ENOTSUP)
    throw InputError(dir + ": cannot flush directory to disk: " + std::strerror(err));
}

}  // namespace precisionlab
