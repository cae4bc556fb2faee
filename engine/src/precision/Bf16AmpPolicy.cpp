#include "precision/Bf16AmpPolicy.h"

#include "platform/DeviceInfo.h"
#include "precision/PrecisionForwardScope.h"

namespace precisionlab {

RunProvenance Bf16AmpPolicy::provenance(const torch::Device& device) const {
  RunProvenance p;
  p.kind = Provenance::Live;
  p.device = describeDevice(device);
  p.note = "autocast bf16, no loss scaling, fp32 master weights and optimizer state";
  if (device.is_cpu()) {
    const CpuFeatures f = cpuFeatures();
    if (!f.avx512Bf16 && !f.amxBf16)
      p.note +=
          ". Warning: this CPU has neither avx512_bf16 nor amx_bf16, so bf16 runs on slow "
          "fallback kernels and is expected to be slower than fp32 here";
  }
  return p;
}

std::unique_ptr<ForwardScope> Bf16AmpPolicy::forwardScope() {
  return std::make_unique<PrecisionForwardScope>(deviceType_, torch::kBFloat16);
}

}  // namespace precisionlab
