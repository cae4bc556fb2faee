#include "engine/TrainConfig.h"

#include <torch/cuda.h>

#include <algorithm>
#include <thread>

#include "engine/ConfigValidator.h"
#include "engine/src/TorchCompat.h"

namespace precisionlab {

const char* cpuFp16Name(CpuFp16 m) {
  switch (m) {
    case CpuFp16::Auto:
      return "auto";
    case CpuFp16::Emulate:
      return "emulate";
    case CpuFp16::Real:
      return "real";
  }
  return "unknown";
}

bool parseCpuFp16(const std::string& s, CpuFp16* out) {
  for (CpuFp16 m : {CpuFp16::Auto, CpuFp16::Emulate, CpuFp16::Real}) {
    if (s == cpuFp16Name(m)) {
      *out = m;
      return true;
    }
  }
  return false;
}

bool cpuFp16KernelsAvailable() { return compat::kCpuFp16Kernels; }

ConfigEnvironment trainEnvironment() {
  ConfigEnvironment env;
  env.cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  env.cpuFp16Kernels = compat::kCpuFp16Kernels;
  env.torchVersion = compat::torchVersion();
  env.cudaDeviceCount = [] {
    return torch::cuda::is_available() ? static_cast<int>(torch::cuda::device_count()) : 0;
  };
  return env;
}

}  // namespace precisionlab
