#include "precision/Fp16NoScalerPolicy.h"

#include "platform/DeviceInfo.h"
#include "precision/EmulationNotes.h"
#include "precision/PrecisionForwardScope.h"

namespace precisionlab {

RunProvenance Fp16NoScalerPolicy::provenance(const torch::Device& device) const {
  RunProvenance p;
  p.device = describeDevice(device);
  if (emulated_) {
    p.kind = Provenance::Emulated;
    p.note = std::string(
                 "fp16 autocast numerics emulated by rounding to fp16, loss scaling "
                 "off. ") +
             emulationnotes::kSpeedNotMeasurable;
  } else {
    p.kind = Provenance::Live;
    p.note = "autocast fp16 without loss scaling";
    if (!device.is_cuda()) describeRealCpuFp16(p);
  }
  return p;
}

std::unique_ptr<ForwardScope> Fp16NoScalerPolicy::forwardScope() {
  if (emulated_) return std::make_unique<PrecisionForwardScope>(fp16emu::Fp16Scope::AutocastLists);
  return std::make_unique<PrecisionForwardScope>(deviceType_, torch::kHalf);
}

}  // namespace precisionlab
