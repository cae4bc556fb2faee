// Files the project writes: atomically (all or nothing, modes kept, the umask never touched) and
// locale-independently (issue 13: under a comma-decimal locale the Vertex AI export wrote
// "default=0,00002" into train.py).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <clocale>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "CoreTest.h"
#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/ScenarioIds.h"
#include "core/VertexAiExport.h"

using namespace precisionlab;

namespace {
std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

CORE_TEST(atomicWriteKeepsModesAndNeverTouchesTheUmask) {
  const mode_t previous = ::umask(022);
  // A replaced file keeps its mode (it used to become 0644).
  const std::string priv = coretest::tempDir() + "/private.txt";
  AtomicFileWriter::writeFile(priv, "v1");
  CHECK_EQ(::chmod(priv.c_str(), 0600), 0);
  AtomicFileWriter::writeFile(priv, "v2");
  struct stat st {};
  CHECK_EQ(::stat(priv.c_str(), &st), 0);
  CHECK_EQ(st.st_mode & 0777, mode_t(0600));
  CHECK_EQ(readAll(priv), std::string("v2"));
  // New files made by another thread during atomic writes get 0666 & ~umask, never 0666: the
  // writer used to set the umask to 0 for a moment, process-wide.
  const std::string dir = coretest::tempDir() + "/umask";
  CHECK_EQ(::mkdir(dir.c_str(), 0755), 0);
  std::atomic<bool> stop{false};
  std::atomic<int> wrongModes{0};
  std::thread other([&] {
    for (int i = 0; !stop; ++i) {
      const std::string p = dir + "/other-" + std::to_string(i % 64);
      ::unlink(p.c_str());
      const int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0666);
      if (fd < 0) continue;
      struct stat s {};
      ::fstat(fd, &s);
      if ((s.st_mode & 0777) != 0644) ++wrongModes;
      ::close(fd);
    }
  });
  const std::string target = dir + "/atomic.txt";
  for (int i = 0; i < 400; ++i) {
    AtomicFileWriter w(target + std::to_string(i % 8));
    w.write("x");
    w.commit();
  }
  stop = true;
  other.join();
  ::umask(previous);
  CHECK_EQ(::stat((target + "0").c_str(), &st), 0);
  CHECK_EQ(st.st_mode & 0777, mode_t(0644));
  CHECK_EQ(wrongModes.load(), 0);
}

CORE_TEST(abandonedAtomicWriteLeavesTheOldFile) {
  const std::string path = coretest::tempDir() + "/kept.txt";
  AtomicFileWriter::writeFile(path, "old");
  {
    AtomicFileWriter w(path);
    w.write("new, but never committed");
  }
  CHECK_EQ(readAll(path), std::string("old"));
}

CORE_TEST(vertexExportNumbersIgnoreTheLocale) {
  const std::string previous = std::setlocale(LC_NUMERIC, nullptr);
  const char* comma = nullptr;
  for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "de_DE"})
    if (std::setlocale(LC_NUMERIC, name)) {
      comma = name;
      break;
    }
  // locales-all is in packaging/setup.sh's list: a missing comma locale is a set-up fault.
  CHECK(comma != nullptr);
  VertexAiSettings settings;
  settings.learningRate = 2e-5;
  const std::string out = coretest::tempDir() + "/vertex";
  exportVertexAi(std::string(scenario::kFp16Amp), settings, out);
  std::setlocale(LC_NUMERIC, previous.c_str());
  const std::string train = readAll(out + "/train.py");
  CHECK(train.find("0.00002") != std::string::npos);
  CHECK(train.find("0,00002") == std::string::npos);
  // And Python reads it (where there is a Python: CI's fresh root has one).
  if (std::system("python3 -c pass >/dev/null 2>&1") == 0)
    CHECK_EQ(std::system(("python3 -m py_compile '" + out + "/train.py'").c_str()), 0);
}
