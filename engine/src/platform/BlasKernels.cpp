#include "engine/BlasKernels.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace precisionlab {

namespace {

constexpr const char* kChosenMarker = "PRECISIONLAB_BLAS_CORETYPE_CHOSEN";

// OpenBLAS's own name for the kernels it runs ("SkylakeX", "Prescott"), or "" without OpenBLAS.
std::string openBlasCore() {
  using CoreName = char* (*)();
  auto fn = reinterpret_cast<CoreName>(::dlsym(RTLD_DEFAULT, "openblas_get_corename"));
  if (!fn) return {};
  const char* name = fn();
  return name ? std::string(name) : std::string();
}

std::set<std::string> cpuFlags() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  std::set<std::string> flags;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    const auto colon = line.find(':');
    size_t pos = colon == std::string::npos ? line.size() : colon + 1;
    while (pos < line.size()) {
      const size_t end = std::min(line.find(' ', pos), line.size());
      if (end > pos) flags.insert(line.substr(pos, end - pos));
      pos = end + 1;
    }
    break;
  }
  return flags;
}

// The generic cores OpenBLAS falls back to (older than Haswell, no AVX2 kernels).
bool isGenericCore(const std::string& core) {
  static const char* const generic[] = {"Prescott", "Katmai", "Coppermine", "Northwood",
                                        "Banias",   "Core2",  "Penryn",     "Dunnington",
                                        "Nehalem",  "Atom",   "Unknown"};
  for (const char* g : generic)
    if (core == g) return true;
  return false;
}

// The kernel family this CPU can run, "" if none better than the fallback.
std::string familyFor(const std::set<std::string>& f) {
  if (f.count("avx512f") && f.count("avx512bw") && f.count("avx512vl") && f.count("avx512dq"))
    return "SkylakeX";
  if (f.count("avx2") && f.count("fma")) return "Haswell";
  return {};
}

}  // namespace

void selectBlasKernels(int argc, char** argv) {
  (void)argc;
  if (std::getenv("OPENBLAS_CORETYPE") || std::getenv(kChosenMarker)) return;
  const std::string core = openBlasCore();
  if (core.empty() || !isGenericCore(core)) return;
  const std::string family = familyFor(cpuFlags());
  if (family.empty()) return;
  ::setenv("OPENBLAS_CORETYPE", family.c_str(), 1);
  ::setenv(kChosenMarker, core.c_str(), 1);  // what OpenBLAS had picked; also stops a loop
  ::execv("/proc/self/exe", argv);
  // execv returned: carry on with the fallback kernels, which compute the same numbers.
  ::unsetenv("OPENBLAS_CORETYPE");
}

std::string blasKernelNote() {
  const std::string core = openBlasCore();
  if (core.empty()) return {};
  std::string note = "OpenBLAS " + core + " kernels";
  if (const char* was = std::getenv(kChosenMarker); was && *was)
    note += std::string(" (chosen by PrecisionLab: OpenBLAS detected only ") + was + ")";
  return note;
}

}  // namespace precisionlab
