// Option A, "make the layers half precision": model.to(kHalf) with AdamW on fp16 parameters and
// fp16 optimizer state, no loss scaler. Live on CUDA. On a CPU without fp16 kernels it is
// emulated: weights rounded to fp16 after init and after every step, every forward op in fp16
// (not just autocast's list: the whole model is half), the loss in fp16, gradients rounded to
// fp16, and AdamW rounding each op's result to fp16, so eps 1e-8 becomes 0 and v underflows.
#pragma once

#include "precision/PrecisionPolicy.h"

namespace precisionlab {

class HalfModelPolicy : public PrecisionPolicy {
 public:
  // emulated: fp16Emulated(config, device).
  explicit HalfModelPolicy(bool emulated) : emulated_(emulated) {}

  Precision precision() const override { return Precision::HalfModel; }
  RunProvenance provenance(const torch::Device& device) const override;
  void prepareModel(torch::nn::Module& model) override;
  void prepareOptimizer(AdamW& optimizer) override;
  std::unique_ptr<ForwardScope> forwardScope() override;
  bool unscaleAndCheck(const std::vector<torch::Tensor>& params) override;
  void afterOptimizerStep(AdamW& optimizer) override;

 private:
  bool emulated_;
  bool optimizerPrepared_ = false;
};

}  // namespace precisionlab
