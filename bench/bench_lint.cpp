// precisionlab-bench-lint BANK.json: the cost of BankLint::check alone, on a bank already loaded
// (issue 47: `bank check --lint` of 10,000 questions took 114 s and 1.4 GB). The load's own peak
// is left out: freed memory is handed back to the system (malloc_trim) and the peak RSS reset
// (Linux: /proc/self/clear_refs) before the lint, so "lint's own" is the peak during the lint
// above the RSS just before it. bench/lint_scale.py runs it beside the CLI. Uses only
// BankLoader::loadFile and BankLint::check, so the same file builds against an older quiz library
// for a before/after comparison.
#include "quiz/BankLint.h"
#include "quiz/BankLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace {

// A "Name:   123 kB" line of /proc/self/status, in bytes; -1 where there is none.
long long statusBytes(const char* name) {
  std::ifstream status("/proc/self/status");
  std::string line;
  const std::string prefix = std::string(name) + ":";
  while (std::getline(status, line))
    if (line.compare(0, prefix.size(), prefix) == 0)
      return std::stoll(line.substr(prefix.size())) * 1024;
  return -1;
}

double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: precisionlab-bench-lint BANK.json\n");
    return 2;
  }
  const QString path = QString::fromLocal8Bit(argv[1]);
  const precisionlab::quiz::BankLoadResult loaded = precisionlab::quiz::BankLoader::loadFile(path);
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s: not a valid bank (precisionlab-cli bank check says why)\n", argv[1]);
    return 1;
  }
  const long long loadPeak = statusBytes("VmHWM");
#ifdef __GLIBC__
  malloc_trim(0);
#endif
  bool reset = false;
  {
    std::ofstream clear("/proc/self/clear_refs");
    reset = static_cast<bool>(clear << "5" << std::flush);
  }
  const long long before = statusBytes("VmRSS");
  QElapsedTimer wall;
  wall.start();
  const double cpu0 = cpuSeconds();
  const QVector<precisionlab::quiz::LintWarning> found =
      precisionlab::quiz::BankLint::check(*loaded.bank);
  const double cpu = cpuSeconds() - cpu0;
  const double wallSeconds = static_cast<double>(wall.nsecsElapsed()) / 1e9;
  const long long peak = statusBytes("VmHWM");
  const long long fileBytes = QFileInfo(path).size();
  const double mb = 1024.0 * 1024.0;
  std::printf("%s: %lld questions, %.1f MiB; %lld findings\n", argv[1],
              static_cast<long long>(loaded.bank->questions.size()), fileBytes / mb,
              static_cast<long long>(found.size()));
  std::printf("load: peak RSS %.0f MiB\n", loadPeak / mb);
  std::printf(
      "lint: %.2f s CPU, %.2f s wall; RSS %.0f MiB before it, peak %.0f MiB during it: its "
      "own %.0f MiB, %.1fx the file%s\n",
      cpu, wallSeconds, before / mb, peak / mb, (peak - before) / mb,
      static_cast<double>(peak - before) / static_cast<double>(fileBytes),
      reset ? "" : " (the peak could not be reset: it includes the load)");
  // For bench/lint_scale.py.
  std::printf("lint_cpu_s=%.3f lint_wall_s=%.3f lint_own_bytes=%lld file_bytes=%lld reset=%d\n",
              cpu, wallSeconds, peak - before, fileBytes, reset ? 1 : 0);
  return 0;
}
