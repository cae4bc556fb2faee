// The fp32 baseline: every hook keeps PrecisionPolicy's default (no autocast, no scaler).
#pragma once

#include "precision/PrecisionPolicy.h"

namespace precisionlab {

class Fp32Policy : public PrecisionPolicy {
 public:
  Precision precision() const override { return Precision::Fp32; }
  RunProvenance provenance(const torch::Device& device) const override;
};

}  // namespace precisionlab
