// bf16=True: autocast bf16, no loss scaler (bf16 has fp32's exponent range, so gradients do not
// underflow), fp32 master weights. Live on CPU and CUDA. On a CPU without avx512_bf16/amx_bf16
// the bf16 kernels are slower than fp32, and the provenance says so.
#pragma once

#include "precision/PrecisionPolicy.h"

namespace precisionlab {

class Bf16AmpPolicy : public PrecisionPolicy {
 public:
  explicit Bf16AmpPolicy(const torch::Device& device) : deviceType_(device.type()) {}

  Precision precision() const override { return Precision::Bf16Amp; }
  RunProvenance provenance(const torch::Device& device) const override;
  std::unique_ptr<ForwardScope> forwardScope() override;

 private:
  c10::DeviceType deviceType_;
};

}  // namespace precisionlab
