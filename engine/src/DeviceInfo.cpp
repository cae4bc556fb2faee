#include "engine/src/DeviceInfo.h"

#include <fstream>
#include <sstream>

#include <torch/cuda.h>

#include "engine/EngineError.h"

#ifdef PRECISIONLAB_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#endif

namespace precisionlab {

torch::Device parseDevice(const std::string& spec) {
  if (spec == "cpu") return torch::Device(torch::kCPU);
  int index = 0;
  if (spec != "cuda") {
    const std::string prefix = "cuda:";
    const std::string digits = spec.substr(spec.rfind(prefix, 0) == 0 ? prefix.size() : 0);
    if (spec.rfind(prefix, 0) != 0 || digits.empty() || digits.size() > 3 ||
        digits.find_first_not_of("0123456789") != std::string::npos) {
      throw InputError("device '" + spec + "' is not valid: use cpu, cuda or cuda:N");
    }
    index = std::stoi(digits);
  }
  if (!torch::cuda::is_available()) {
    throw InputError("device '" + spec +
                     "' was asked for, but this LibTorch build or machine has no CUDA device: "
                     "use --device cpu, or build against a CUDA LibTorch");
  }
  const auto count = static_cast<int>(torch::cuda::device_count());
  if (index >= count) {
    throw InputError("device '" + spec + "' does not exist: this machine has " +
                     std::to_string(count) + " CUDA device(s), cuda:0 to cuda:" +
                     std::to_string(count - 1));
  }
  return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
}

CpuFeatures cpuFeatures() {
  CpuFeatures f;
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::string flag;
    while (words >> flag) {
      if (flag == "avx512_bf16") f.avx512Bf16 = true;
      if (flag == "amx_bf16") f.amxBf16 = true;
    }
    break;  // every core lists the same flags
  }
  return f;
}

std::string describeDevice(const torch::Device& device) {
  if (device.is_cuda()) {
    std::string s = "cuda:" + std::to_string(device.has_index() ? device.index() : 0);
#ifdef PRECISIONLAB_WITH_CUDA
    s += std::string(" ") + at::cuda::getDeviceProperties(device.has_index() ? device.index() : 0)->name;
#endif
    return s;
  }
  const CpuFeatures f = cpuFeatures();
  const int threads = at::get_num_threads();
  std::string s = "cpu (" + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  if (f.avx512Bf16) s += ", avx512_bf16";
  if (f.amxBf16) s += ", amx_bf16";
  return s + ")";
}

void synchronizeDevice(const torch::Device& device) {
  if (device.is_cuda()) torch::cuda::synchronize(device.has_index() ? device.index() : -1);
}

}  // namespace precisionlab
