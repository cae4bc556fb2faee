#include "engine/TrainEnvironment.h"

#include <torch/cuda.h>

#include <algorithm>
#include <thread>

#include "core/BertConfig.h"
#include "core/ConfigValidator.h"
#include "core/EngineError.h"
#include "core/PretrainedModels.h"
#include "engine/HfModelDirectory.h"
#include "platform/DeviceInfo.h"
#include "platform/TorchCompat.h"

namespace precisionlab {

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
