// The shared test helpers of tests/support hold what the tests rely on: the scoped file-size
// limit comes back on every way out of its scope (a 64 KiB limit left behind by a throwing test
// fails every later write of the test binary), and the tiny config is one the validator accepts
// on a two-core machine without CUDA, so the tests that train with it fail on what they test.
#include <sys/resource.h>

#include <csignal>
#include <cstdio>
#include <stdexcept>

#include "../support/ScopedFileSizeLimit.h"
#include "../support/TinyTrainConfig.h"
#include "CoreTest.h"
#include "core/ConfigValidator.h"

using namespace precisionlab;

namespace {

rlim_t currentLimit() {
  struct rlimit r {};
  CHECK_EQ(::getrlimit(RLIMIT_FSIZE, &r), 0);
  return r.rlim_cur;
}

bool xfszIgnored() {
  const auto previous = std::signal(SIGXFSZ, SIG_DFL);
  std::signal(SIGXFSZ, previous);
  return previous == SIG_IGN;
}

}  // namespace

CORE_TEST(fileSizeLimitComesBackAfterAnException) {
  const rlim_t before = currentLimit();
  const bool ignoredBefore = xfszIgnored();
  try {
    test::ScopedFileSizeLimit limit(64 * 1024);
    CHECK(limit.ok());
    CHECK_EQ(currentLimit(), rlim_t(64 * 1024));
    CHECK(xfszIgnored());
    throw std::runtime_error("a write failed");
  } catch (const std::runtime_error&) {
  }
  CHECK_EQ(currentLimit(), before);
  CHECK_EQ(xfszIgnored(), ignoredBefore);
}

CORE_TEST(fileSizeLimitComesBackAfterAnEarlyReturn) {
  const rlim_t before = currentLimit();
  const auto limited = [] {
    test::ScopedFileSizeLimit limit(64 * 1024);
    if (limit.ok()) return true;  // as a QVERIFY returning early
    return false;
  };
  CHECK(limited());
  CHECK_EQ(currentLimit(), before);
  // And a file larger than the limit can be written again.
  const std::string path = coretest::tempDir() + "/after-limit.bin";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  CHECK(f != nullptr);
  const std::string block(128 * 1024, 'x');
  const size_t written = std::fwrite(block.data(), 1, block.size(), f);
  CHECK_EQ(std::fclose(f), 0);
  CHECK_EQ(written, block.size());
}

CORE_TEST(tinyTrainConfigIsValid) {
  ConfigEnvironment twoCores;
  twoCores.cores = 2;
  const TrainConfig c = test::tinyTrainConfig(3);
  const auto issues = validate(c, twoCores);
  for (const auto& issue : issues) std::printf("  %s\n", issue.message.c_str());
  CHECK(issues.empty());
  CHECK_EQ(c.preset, std::string("tiny"));
  CHECK(c.dataPath.empty());  // the built-in data
  CHECK_EQ(c.threads, 1);
  CHECK_EQ(c.steps, int64_t(3));
}
