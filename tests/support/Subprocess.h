// Runs a program for a test without Qt (tests/core builds with neither Qt nor LibTorch): fork and
// execvpe, the environment with some variables set or removed, stdout and stderr captured in
// files under $TMPDIR (so several children can run at once without a pipe filling up), and a
// wait with a timeout that kills the child when it runs past it. POSIX only.
//   precisionlab::test::Subprocess p;
//   p.start("python3", {"-c", "import yaml"});
//   const auto r = p.wait(30000);  // r.ok(): finished in time with exit code 0
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace precisionlab::test {

struct ProcessResult {
  bool started = false;   // the program could be run at all
  bool finished = false;  // it ended before the timeout (else it was killed)
  bool crashed = false;   // it ended on a signal
  int exitCode = -1;
  std::string out;  // stdout (and stderr, with mergeOutput)
  std::string err;
  bool ok() const { return started && finished && !crashed && exitCode == 0; }
};

struct ProcessOptions {
  std::vector<std::pair<std::string, std::string>> setEnv;
  std::vector<std::string> unsetEnv;
  bool mergeOutput = false;  // stderr into `out`, in order, as QProcess::MergedChannels
};

// The full path of `name` found on $PATH (or `name` itself if it holds a '/' and is
// executable); empty if there is none.
inline std::string findExecutable(const std::string& name) {
  const auto executable = [](const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) return executable(name) ? name : std::string();
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (executable(candidate)) return candidate;
  }
  return {};
}

class Subprocess {
 public:
  Subprocess() = default;
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;
  ~Subprocess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
    removeFiles();
  }

  // Starts `program` (searched on $PATH unless it holds a '/'); false if it could not be
  // started (no such program, fork failed).
  bool start(const std::string& program, const std::vector<std::string>& args,
             const ProcessOptions& options = {}) {
    merge_ = options.mergeOutput;
    if (findExecutable(program).empty()) return false;
    outPath_ = tempFile();
    errPath_ = merge_ ? std::string() : tempFile();
    if (outPath_.empty() || (!merge_ && errPath_.empty())) return false;

    std::vector<std::string> env;
    for (char** e = environ; e && *e; ++e) {
      const std::string entry = *e;
      const std::string key = entry.substr(0, entry.find('='));
      bool drop = false;
      for (const auto& u : options.unsetEnv) drop = drop || u == key;
      for (const auto& s : options.setEnv) drop = drop || s.first == key;
      if (!drop) env.push_back(entry);
    }
    for (const auto& s : options.setEnv) env.push_back(s.first + "=" + s.second);
    std::vector<char*> envp;
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::vector<std::string> argStore;
    argStore.push_back(program);
    argStore.insert(argStore.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argStore) argv.push_back(a.data());
    argv.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid < 0) return false;
    if (pid == 0) {
      const int out = ::open(outPath_.c_str(), O_WRONLY | O_TRUNC);
      const int err = merge_ ? out : ::open(errPath_.c_str(), O_WRONLY | O_TRUNC);
      const int in = ::open("/dev/null", O_RDONLY);
      if (out < 0 || err < 0 || in < 0) ::_exit(127);
      ::dup2(in, 0);
      ::dup2(out, 1);
      ::dup2(err, 2);
      ::execvpe(argv[0], argv.data(), envp.data());
      ::_exit(127);
    }
    pid_ = pid;
    return true;
  }

  // Waits up to timeoutMs for the child; kills it if it runs longer.
  ProcessResult wait(int timeoutMs) {
    ProcessResult r;
    if (pid_ <= 0) return r;
    r.started = true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    int status = 0;
    for (;;) {
      const pid_t done = ::waitpid(pid_, &status, WNOHANG);
      if (done == pid_) {
        r.finished = true;
        break;
      }
      if (done < 0 || std::chrono::steady_clock::now() >= deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    pid_ = -1;
    if (r.finished && WIFEXITED(status)) r.exitCode = WEXITSTATUS(status);
    if (r.finished && WIFSIGNALED(status)) r.crashed = true;
    r.out = readFile(outPath_);
    if (!merge_) r.err = readFile(errPath_);
    removeFiles();
    return r;
  }

 private:
  static std::string tempFile() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/subprocess-XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) return {};
    ::close(fd);
    return pattern;
  }
  static std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  void removeFiles() {
    if (!outPath_.empty()) ::unlink(outPath_.c_str());
    if (!errPath_.empty()) ::unlink(errPath_.c_str());
    outPath_.clear();
    errPath_.clear();
  }

  pid_t pid_ = -1;
  bool merge_ = false;
  std::string outPath_;
  std::string errPath_;
};

// Runs `program` to the end (at most timeoutMs) and returns what it did.
inline ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                                int timeoutMs, const ProcessOptions& options = {}) {
  Subprocess p;
  if (!p.start(program, args, options)) return {};
  return p.wait(timeoutMs);
}

}  // namespace precisionlab::test
