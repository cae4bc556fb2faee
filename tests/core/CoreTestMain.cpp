#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "CoreTest.h"

namespace coretest {

std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}

void fail(const char* file, int line, const std::string& what) {
  throw Failure{std::string(file) + ":" + std::to_string(line) + ": " + what};
}

namespace {
std::string g_tempDir;
void removeTempDir() {
  if (!g_tempDir.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(g_tempDir, ec);
  }
}
}  // namespace

std::string tempDir() {
  if (g_tempDir.empty()) {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/coretest-XXXXXX";
    if (!::mkdtemp(pattern.data())) fail(__FILE__, __LINE__, "mkdtemp failed");
    g_tempDir = pattern;
    std::atexit(removeTempDir);
  }
  return g_tempDir;
}

}  // namespace coretest

int main(int argc, char** argv) {
  int failed = 0, run = 0;
  for (const auto& c : coretest::registry()) {
    if (argc > 1 && std::strcmp(argv[1], "-l") == 0) {
      std::cout << c.name << "\n";
      continue;
    }
    if (argc > 1 && std::strcmp(argv[1], c.name) != 0) continue;
    ++run;
    try {
      c.run();
      std::cout << "PASS   " << c.name << "\n";
    } catch (const coretest::Failure& f) {
      ++failed;
      std::cout << "FAIL!  " << c.name << ": " << f.what << "\n";
    } catch (const std::exception& e) {
      ++failed;
      std::cout << "FAIL!  " << c.name << ": unexpected exception: " << e.what() << "\n";
    }
  }
  if (argc > 1 && std::strcmp(argv[1], "-l") == 0) return 0;
  if (run == 0) {
    // A test executable with no cases (a file left out of the build, a registration macro
    // broken) must not pass as green.
    if (argc > 1)
      std::cout << "no test case named " << argv[1] << " (-l lists them)\n";
    else
      std::cout << "FAIL!  no test cases are registered in this executable\n";
    return 2;
  }
  std::cout << "Totals: " << run - failed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}
