// Autocast fp16 with loss scaling turned off: the forward pass is fp16=True's, but small
// gradients flowing back through fp16 ops flush to zero (below 2^-24) and nothing rescues them.
// Live on CUDA, emulated on a CPU without fp16 kernels. Like PyTorch without a scaler, it steps
// whatever the gradients hold.
#pragma once

#include "precision/PrecisionPolicy.h"

namespace precisionlab {

class Fp16NoScalerPolicy : public PrecisionPolicy {
 public:
  // emulated: fp16Emulated(config, device).
  Fp16NoScalerPolicy(bool emulated, c10::DeviceType deviceType)
      : emulated_(emulated), deviceType_(deviceType) {}

  Precision precision() const override { return Precision::Fp16AmpNoScaler; }
  RunProvenance provenance(const torch::Device& device) const override;
  std::unique_ptr<ForwardScope> forwardScope() override;

 private:
  bool emulated_;
  c10::DeviceType deviceType_;
};

}  // namespace precisionlab
