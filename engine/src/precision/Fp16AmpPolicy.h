// fp16=True in Hugging Face's TrainingArguments: autocast fp16 forward, GradScaler, fp32 master
// weights and optimizer state. Live on CUDA. On a CPU (LibTorch 1.13 has no fp16 kernels there)
// the autocast numerics are emulated by fp16 rounding while the scaler runs for real, so loss
// scale, skipped steps and learning behave as on a GPU; speed and memory do not.
#pragma once

#include "precision/GradScaler.h"
#include "precision/PrecisionPolicy.h"

namespace precisionlab {

class Fp16AmpPolicy : public PrecisionPolicy {
 public:
  Fp16AmpPolicy(const TrainConfig& config, const torch::Device& device);

  Precision precision() const override { return Precision::Fp16Amp; }
  RunProvenance provenance(const torch::Device& device) const override;
  std::unique_ptr<ForwardScope> forwardScope() override;
  void backward(const torch::Tensor& loss) override;
  bool unscaleAndCheck(const std::vector<torch::Tensor>& params) override;
  void update(bool foundInf) override;
  double lossScale() const override { return scale_; }
  torch::Tensor foundInfTensor() const override { return scaler_.foundInfTensor(); }

  const GradScaler& scaler() const { return scaler_; }
  int64_t scalerGrowthTracker() const override { return scaler_.growthTracker(); }
  void restoreScaler(double scale, int64_t growthTracker) override {
    scaler_.restore(scale, growthTracker);
    scale_ = scaler_.getScale();
  }

 private:
  bool emulated_;
  c10::DeviceType deviceType_;
  GradScaler scaler_;
  double scale_;  // host copy of the scale, refreshed when update() has synced anyway
};

}  // namespace precisionlab
