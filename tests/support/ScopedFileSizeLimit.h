// A file-size limit (RLIMIT_FSIZE) for the scope of one test, with SIGXFSZ ignored so that a
// write past it fails with EFBIG as on a full disk instead of killing the process. The old limit
// and handler come back when the scope ends, also when a QCOMPARE returns early or an exception
// leaves the scope (a 64 KiB limit left behind would fail every later write of the test binary).
#pragma once

#include <sys/resource.h>

#include <csignal>

namespace precisionlab::test {

class ScopedFileSizeLimit {
 public:
  explicit ScopedFileSizeLimit(rlim_t bytes) {
    saved_ = getrlimit(RLIMIT_FSIZE, &old_) == 0;
    if (!saved_) return;  // nothing to restore, so nothing is changed
    handler_ = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim = old_;
    lim.rlim_cur = bytes;
    ok_ = setrlimit(RLIMIT_FSIZE, &lim) == 0;
  }
  ~ScopedFileSizeLimit() {
    // Only what the constructor read is written back: an unread old_ is all zeros, a limit of 0
    // bytes that would fail every later write.
    if (!saved_) return;
    setrlimit(RLIMIT_FSIZE, &old_);
    std::signal(SIGXFSZ, handler_);
  }
  ScopedFileSizeLimit(const ScopedFileSizeLimit&) = delete;
  ScopedFileSizeLimit& operator=(const ScopedFileSizeLimit&) = delete;
  bool ok() const { return ok_; }  // false: the limit could not be set (the test should fail)

 private:
  struct rlimit old_ {};
  void (*handler_)(int) = SIG_DFL;
  bool saved_ = false;  // old_ and handler_ hold what to restore
  bool ok_ = false;
};

}  // namespace precisionlab::test
