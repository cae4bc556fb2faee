// Shared by the engine tests of the scaling bank's experiments (tst_memoryexperiments,
// tst_rangeexperiment): the lab's tiny settings for CI and bit-for-bit comparison of tensors.
#pragma once

#include <torch/torch.h>

#include <cstring>

#include "../support/TinyTrainConfig.h"
#include "core/LabScenarios.h"

namespace precisionlab::testing {

inline bool bitEqual(const torch::Tensor& a, const torch::Tensor& b) {
  return a.sizes() == b.sizes() && a.scalar_type() == b.scalar_type() &&
         std::memcmp(a.contiguous().data_ptr(), b.contiguous().data_ptr(),
                     size_t(a.numel()) * a.element_size()) == 0;
}

// The lab's tiny settings for CI: the built-in tiny BERT, batch 16 (4 micro-batches of 4), 24
// steps, sequence 32, one thread, evaluated at the end only.
inline TrainConfig tinyExperimentBase() {
  TrainConfig c = test::tinyTrainConfig(24, 16, 32);
  c.validationFraction = 0.04;
  return c;
}

}  // namespace precisionlab::testing
