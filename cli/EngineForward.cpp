// The front's hand-over to the engine executable (EngineCommands.h): precisionlab-cli-engine is
// looked for where the build and the install put it, next to this program's own file (found
// through /proc/self/exe, so a symlink or a PATH lookup does not matter): in the build tree
// beside it, installed in ../libexec/precisionlab/. It replaces this process (exec), so its
// exit status, signals and standard streams are the command's own.
#include <limits.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/EngineCommands.h"
#include "core/TerminalText.h"

namespace precisionlab::cli {
namespace {

constexpr const char* kEngineName = "precisionlab-cli-engine";

std::string ownFolder() {
  std::vector<char> buf(PATH_MAX + 1, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", buf.data(), PATH_MAX);
  if (n <= 0) return ".";
  const std::string self(buf.data(), static_cast<size_t>(n));
  const size_t slash = self.rfind('/');
  return slash == std::string::npos ? "." : self.substr(0, slash);
}

}  // namespace

int runInEngine(const std::string& command, char** argv) {
  const std::string folder = ownFolder();
  const std::vector<std::string> candidates = {
      folder + "/" + kEngineName,                           // the build tree
      folder + "/../libexec/precisionlab/" + kEngineName};  // installed (bin/../libexec)
  std::string tried;
  int lastError = ENOENT;
  for (const std::string& path : candidates) {
    if (::access(path.c_str(), X_OK) != 0) {
      tried += (tried.empty() ? "" : ", ") + path;
      continue;
    }
    std::cout.flush();
    ::execv(path.c_str(), argv);  // returns only on failure
    lastError = errno;
    tried += (tried.empty() ? "" : ", ") + path;
  }
  std::cerr << "precisionlab-cli " << command << ": " << command << " needs the training engine ("
            << kEngineName
            << ", the part of PrecisionLab linked with LibTorch), which could not be started ("
            << std::strerror(lastError) << "; looked for " << escapeForTerminal(tried)
            << "): reinstall PrecisionLab, or build the target " << kEngineName << "\n";
  return 1;
}

}  // namespace precisionlab::cli
