#include "platform/DeviceInfo.h"

#include <dlfcn.h>

#include <fstream>
#include <sstream>

#include <torch/cuda.h>

#include "core/EngineError.h"
#include "engine/BuildInfo.h"

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
                     std::to_string(count) +
                     " CUDA device(s), cuda:0 to cuda:" + std::to_string(count - 1));
  }
  return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
}

CpuFeatures cpuFeatures() {
  const BuildInfo b = buildInfo();
  CpuFeatures f;
  f.avx512Bf16 = b.avx512Bf16;
  f.amxBf16 = b.amxBf16;
  return f;
}

std::string describeDevice(const torch::Device& device) {
  if (device.is_cuda()) {
    std::string s = "cuda:" + std::to_string(device.has_index() ? device.index() : 0);
#ifdef PRECISIONLAB_WITH_CUDA
    s += std::string(" ") +
         at::cuda::getDeviceProperties(device.has_index() ? device.index() : 0)->name;
#endif
    return s;
  }
  const BuildInfo b = buildInfo();
  std::string s = "cpu (" + std::to_string(b.threads) + (b.threads == 1 ? " thread" : " threads");
  std::string units;
  if (b.avx512Bf16) units += ", avx512_bf16";
  if (b.amxBf16) units += ", amx_bf16";
  if (b.avx512Fp16) units += ", avx512_fp16";
  if (b.amxFp16) units += ", amx_fp16";
  s += units.empty() ? ", no bf16/fp16 units" : units;
  return s + ", BLAS " + b.blas.substr(0, b.blas.find(' ')) + ")";
}

void setComputeThreads(int threads) {
  if (threads < 1) threads = 1;
  if (at::get_num_threads() != threads) at::set_num_threads(threads);
  // Looked up at run time: the symbol exists only when OpenBLAS is the BLAS actually loaded.
  using SetThreads = void (*)(int);
  static const auto openblasSetThreads =
      reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
  static const auto openblasGetThreads =
      reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
  if (openblasSetThreads && (!openblasGetThreads || openblasGetThreads() != threads))
    openblasSetThreads(threads);
}

void synchronizeDevice(const torch::Device& device) {
  if (device.is_cuda()) torch::cuda::synchronize(device.has_index() ? device.index() : -1);
}

}  // namespace precisionlab
