#include "engine/BuildInfo.h"

#include "engine/BlasKernels.h"

#include "core/PretrainedModels.h"

#include <fstream>
#include <set>
#include <sstream>

#include <torch/cuda.h>

#include "platform/TorchCompat.h"

namespace precisionlab {
namespace {

// Which BLAS is mapped into this process: the first library whose file name says BLAS. Debian's
// LibTorch dispatches through libblas.so.3, an alternatives link that may point at OpenBLAS or
// the reference BLAS; the mapped path is resolved, so it names the real one.
std::string loadedBlas() {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  std::set<std::string> seen;
  std::string found;
  while (std::getline(maps, line)) {
    const auto slash = line.find('/');
    if (slash == std::string::npos) continue;
    const std::string path = line.substr(slash);
    const std::string name = path.substr(path.rfind('/') + 1);
    if (!seen.insert(name).second) continue;
    const bool blas = name.find("openblas") != std::string::npos ||
                      name.find("libmkl") != std::string::npos ||
                      name.find("libblis") != std::string::npos || name.rfind("libblas", 0) == 0;
    if (!blas) continue;
    std::string where = path.substr(0, path.rfind('/'));
    const auto parent = where.rfind('/');
    if (parent != std::string::npos) where = where.substr(parent + 1);
    // Prefer OpenBLAS/MKL over the generic libblas name when both are mapped.
    if (found.empty() || found.rfind("libblas", 0) == 0) found = name + " (" + where + ")";
  }
  return found.empty() ? "none loaded" : found;
}

}  // namespace

BuildInfo buildInfo() {
  // Everything but the thread count is fixed for the life of the process: read it once.
  static const BuildInfo fixed = [] {
    BuildInfo info;
    info.torchVersion = compat::torchVersion();
#ifdef PRECISIONLAB_WITH_CUDA
    info.cudaCompiled = true;
    info.cudaVersion = compat::cudaBuildVersion();
#endif
    info.cudaAvailable = torch::cuda::is_available();
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("flags", 0) != 0) continue;
      std::istringstream words(line.substr(line.find(':') + 1));
      std::string flag;
      while (words >> flag) {
        if (flag == "avx512_bf16") info.avx512Bf16 = true;
        if (flag == "amx_bf16") info.amxBf16 = true;
        if (flag == "avx512_fp16") info.avx512Fp16 = true;
        if (flag == "amx_fp16") info.amxFp16 = true;
      }
      break;  // every core lists the same flags
    }
    return info;
  }();
  BuildInfo info = fixed;
  // The BLAS may be loaded lazily (first matrix product), so it is looked up on each call.
  info.blas = loadedBlas();
  info.threads = at::get_num_threads();
  return info;
}

namespace {
std::string cpuFlags(const BuildInfo& b) {
  std::string s;
  auto add = [&](bool on, const char* name) {
    s += (s.empty() ? "" : ", ");
    s += std::string(name) + (on ? " yes" : " no");
  };
  add(b.avx512Bf16, "avx512_bf16");
  add(b.amxBf16, "amx_bf16");
  add(b.avx512Fp16, "avx512_fp16");
  add(b.amxFp16, "amx_fp16");
  return s;
}
}  // namespace

std::string buildInfoText() {
  const BuildInfo b = buildInfo();
  std::ostringstream out;
  out << "LibTorch " << b.torchVersion
      << (b.cudaCompiled ? " (CUDA " + b.cudaVersion + " support compiled in" +
                               (b.cudaAvailable ? ", a CUDA device is available)"
                                                : ", no CUDA device available)")
                         : std::string(" (CPU only: no CUDA support compiled in)"))
      << "\n"
      << "CPU features: " << cpuFlags(b) << "\n"
      << "BLAS loaded: " << b.blas << "\n"
      << "BLAS kernels: " << (blasKernelNote().empty() ? "-" : blasKernelNote()) << "\n"
      << "Threads: " << b.threads << "\n";
  const std::string miniLm = PretrainedModels::findMiniLm();
  out << "Pretrained MiniLM: "
      << (miniLm.empty() ? std::string("not installed (the lab trains the built-in tiny BERT from "
                                       "random weights)")
                         : miniLm)
      << "\n";
  return out.str();
}

}  // namespace precisionlab
