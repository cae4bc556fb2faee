#include "cli/RankLauncher.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <thread>

#include "cli/ArgParser.h"

extern char** environ;

namespace precisionlab::cli {

namespace {

volatile sig_atomic_t gSignals = 0;  // Ctrl-C / SIGTERM received, not yet passed on
volatile sig_atomic_t gLastSignal = 0;

extern "C" void onLauncherSignal(int sig) {
  gLastSignal = sig;
  gSignals = gSignals + 1;
}

std::string statusText(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = ::strsignal(sig);
    return "was killed by signal " + std::to_string(sig) +
           (name ? std::string(" (") + name + ")" : "");
  }
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

std::vector<std::string> ownCommandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  const std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> out;
  std::string cur;
  for (char c : all) {
    if (c == '\0') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

int freeLocalPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return 0;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  int port = 0;
  socklen_t len = sizeof a;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

std::vector<std::string> rankCommandLine(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") {  // positionals follow: copied as they are
      out.insert(out.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (args[i] == "--nproc" && i + 1 < args.size()) {
      out.insert(out.end(), {"--nproc", "1"});
      ++i;
    } else if (args[i].rfind("--nproc=", 0) == 0) {
      out.emplace_back("--nproc=1");
    } else {
      out.push_back(args[i]);
    }
  }
  return out;
}

int launchRanks(const RankLaunch& launch, const std::vector<std::string>& commandLine) {
  const std::vector<std::string> args = rankCommandLine(commandLine);
  const int port = launch.port > 0 ? launch.port : freeLocalPort();
  if (port <= 0) throw std::runtime_error("found no free TCP port on 127.0.0.1 for the ranks");
  // Everything the children need is built before fork: between fork and exec only
  // async-signal-safe calls.
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const char* kOwn[] = {
      "RANK=", "WORLD_SIZE=", "LOCAL_RANK=", "LOCAL_WORLD_SIZE=", "MASTER_ADDR=", "MASTER_PORT="};
  std::vector<std::string> inherited;
  for (char** e = environ; *e; ++e) {
    bool own = false;
    for (const char* k : kOwn) own = own || std::strncmp(*e, k, std::strlen(k)) == 0;
    if (!own) inherited.emplace_back(*e);
  }
  std::vector<std::vector<std::string>> envs(size_t(launch.nproc), inherited);
  std::vector<std::vector<char*>> envps(size_t(launch.nproc));
  for (int r = 0; r < launch.nproc; ++r) {
    auto& e = envs[size_t(r)];
    e.push_back("RANK=" + std::to_string(r));
    e.push_back("LOCAL_RANK=" + std::to_string(r));
    e.push_back("WORLD_SIZE=" + std::to_string(launch.nproc));
    e.push_back("LOCAL_WORLD_SIZE=" + std::to_string(launch.nproc));
    e.push_back("MASTER_ADDR=127.0.0.1");
    e.push_back("MASTER_PORT=" + std::to_string(port));
    for (auto& s : e) envps[size_t(r)].push_back(s.data());
    envps[size_t(r)].push_back(nullptr);
  }

  struct sigaction sa {};
  sa.sa_handler = onLauncherSignal;  // no SA_RESTART: waitpid returns EINTR to pass it on
  sigemptyset(&sa.sa_mask);
  struct sigaction oldInt {
  }, oldTerm{};
  ::sigaction(SIGINT, &sa, &oldInt);
  ::sigaction(SIGTERM, &sa, &oldTerm);
  gSignals = 0;

  const pid_t parent = ::getpid();
  std::vector<pid_t> pids(size_t(launch.nproc), -1);
  std::vector<bool> running(size_t(launch.nproc), false);
  auto stopAll = [&](int sig) {
    for (int r = 0; r < launch.nproc; ++r)
      if (running[size_t(r)]) ::kill(pids[size_t(r)], sig);
  };
  for (int r = 0; r < launch.nproc; ++r) {
    const pid_t pid = ::fork();
    if (pid < 0) {
      const int err = errno;
      stopAll(SIGKILL);
      for (int q = 0; q < r; ++q) ::waitpid(pids[size_t(q)], nullptr, 0);
      throw std::runtime_error(std::string("cannot start rank ") + std::to_string(r) + ": " +
                               std::strerror(err));
    }
    if (pid == 0) {
      ::setpgid(0, 0);
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(kExitRankLost);  // the launcher died before prctl
      ::signal(SIGINT, SIG_DFL);
      ::signal(SIGTERM, SIG_DFL);
      ::execve("/proc/self/exe", argv.data(), envps[size_t(r)].data());
      ::_exit(127);
    }
    pids[size_t(r)] = pid;
    running[size_t(r)] = true;
  }
  std::cerr << "precisionlab-cli train: " << launch.nproc << " ranks on 127.0.0.1:" << port
            << " (pids";
  for (int r = 0; r < launch.nproc; ++r) std::cerr << " " << pids[size_t(r)];
  std::cerr << ")\n" << std::flush;

  int result = kExitOk;
  bool failed = false;
  int left = launch.nproc;
  int passedOn = 0;
  auto deadline = std::chrono::steady_clock::time_point::max();
  while (left > 0) {
    while (passedOn < gSignals) {  // Ctrl-C or SIGTERM: pass it on to every rank
      ++passedOn;
      stopAll(gLastSignal == SIGTERM ? SIGTERM : SIGINT);
    }
    int status = 0;
    // Poll while stopping the others (for the SIGKILL deadline), else block until a rank ends.
    const pid_t pid = ::waitpid(-1, &status, failed ? WNOHANG : 0);
    if (pid == 0 || (pid < 0 && errno == EINTR)) {
      if (failed && std::chrono::steady_clock::now() >= deadline) stopAll(SIGKILL);
      if (pid == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    if (pid < 0) break;  // ECHILD: none left
    int rank = -1;
    for (int r = 0; r < launch.nproc; ++r)
      if (pids[size_t(r)] == pid) rank = r;
    if (rank < 0) continue;
    running[size_t(rank)] = false;
    --left;
    const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    const bool cancelled = WIFEXITED(status) && WEXITSTATUS(status) == kExitCancelled;
    if (cancelled && result == kExitOk) result = kExitCancelled;
    if (ok || cancelled || failed) continue;
    failed = true;
    result = WIFEXITED(status) ? WEXITSTATUS(status) : kExitRankLost;
    if (left > 0)
      std::cerr << "precisionlab-cli train: rank " << rank << " (pid " << pid << ") "
                << statusText(status) << "; stopping the other ranks\n"
                << std::flush;
    stopAll(SIGTERM);
    deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  }
  ::sigaction(SIGINT, &oldInt, nullptr);
  ::sigaction(SIGTERM, &oldTerm, nullptr);
  return result;
}

}  // namespace precisionlab::cli
