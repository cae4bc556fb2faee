#include "platform/DeviceInfo.h"

#include "engine/BlasKernels.h"

#include <dlfcn.h>

#include <fstream>
#include <sstream>

#include <torch/cuda.h>

#include "core/ConfigValidator.h"
#include "core/EngineError.h"
#include "engine/BuildInfo.h"
#include "engine/TrainEnvironment.h"

#ifdef PRECISIONLAB_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#endif

namespace precisionlab {

torch::Device parseDevice(const std::string& spec) {
  // The words and the rules are the config validator's, so `train` and the GUI refuse alike.
  if (auto issue = checkDevice(spec, trainEnvironment().cudaDeviceCount))
    throw InputError(issue->message);
  if (spec == "cpu") return torch::Device(torch::kCPU);
  const int index = spec == "cuda" ? 0 : std::stoi(spec.substr(5));
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
    // The compute capability says whether it has Tensor Cores (sm_70 and later), and which
    // (core/SpeedEvidence.h reads it back from recordings too).
    const auto* props = at::cuda::getDeviceProperties(device.has_index() ? device.index() : 0);
    s += std::string(" ") + props->name + " (sm_" + std::to_string(props->major) +
         std::to_string(props->minor) + ")";
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
  // Which kernels the BLAS runs is part of what an fp32 figure measured (engine/BlasKernels.h).
  const std::string kernels = blasKernelNote();
  return s + ", BLAS " + b.blas.substr(0, b.blas.find(' ')) +
         (kernels.empty() ? std::string() : ", " + kernels.substr(0, kernels.find(" (chosen"))) +
         ")";
}

std::string describeComputeDevice(const std::string& device) {
  try {
    return describeDevice(parseDevice(device));
  } catch (const std::exception&) {
    return device + " (not available)";
  }
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
