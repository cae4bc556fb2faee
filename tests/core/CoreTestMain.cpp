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

void skip(const char* file, int line, const std::string& why) {
  throw Skip{why + " (" + file + ":" + std::to_string(line) + ")"};
}

std::vector<std::string>& rowFailures() {
  static std::vector<std::string> failures;
  return failures;
}

void row(const std::string& name, const std::function<void()>& body) {
  try {
    body();
  } catch (const Failure& f) {
    rowFailures().push_back("row \"" + name + "\": " + f.what);
  } catch (const Skip&) {
    throw;  // an environment skip skips the whole case
  } catch (const std::exception& e) {
    rowFailures().push_back("row \"" + name + "\": unexpected exception: " + e.what());
  }
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
  int failed = 0, run = 0, skipped = 0;
  for (const auto& c : coretest::registry()) {
    if (argc > 1 && std::strcmp(argv[1], "-l") == 0) {
      std::cout << c.name << "\n";
      continue;
    }
    if (argc > 1 && std::strcmp(argv[1], c.name) != 0) continue;
    ++run;
    auto& rows = coretest::rowFailures();
    rows.clear();
    try {
      c.run();
      if (rows.empty()) {
        std::cout << "PASS   " << c.name << "\n";
      } else {
        ++failed;
        for (const std::string& r : rows) std::cout << "FAIL!  " << c.name << ": " << r << "\n";
      }
    } catch (const coretest::Failure& f) {
      ++failed;
      for (const std::string& r : rows) std::cout << "FAIL!  " << c.name << ": " << r << "\n";
      std::cout << "FAIL!  " << c.name << ": " << f.what << "\n";
    } catch (const coretest::Skip& s) {
      if (rows.empty()) {
        ++skipped;
        std::cout << "SKIP   " << c.name << ": " << s.why << "\n";
      } else {
        ++failed;
        for (const std::string& r : rows) std::cout << "FAIL!  " << c.name << ": " << r << "\n";
      }
    } catch (const std::exception& e) {
      ++failed;
      for (const std::string& r : rows) std::cout << "FAIL!  " << c.name << ": " << r << "\n";
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
  std::cout << "Totals: " << run - failed - skipped << " passed, " << failed << " failed, "
            << skipped << " skipped\n";
  return failed ? 1 : 0;
}
