#include "precision/Fp32Policy.h"

#include "platform/DeviceInfo.h"

namespace precisionlab {

RunProvenance Fp32Policy::provenance(const torch::Device& device) const {
  RunProvenance p;
  p.kind = Provenance::Live;
  p.device = describeDevice(device);
  p.note = "fp32 weights, activations, gradients and optimizer state";
  return p;
}

}  // namespace precisionlab
