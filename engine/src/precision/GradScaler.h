// Loss scaling for fp16 mixed precision with torch.cuda.amp.GradScaler's semantics and defaults
// (LibTorch has no C++ GradScaler: pytorch issue #44710). Usage per step, as in Python:
//   scaler.scale(loss).backward();
//   bool foundInf = scaler.unscale_(params);   // before clipping: grads become true gradients
//   if (!foundInf) { clip; optimizer.step(); }  // scaler.step(): skipped on inf/NaN
//   scaler.update();                            // backoff on inf/NaN, growth after `interval`
// On CUDA it uses ATen's fused AMP kernels; where the build has no CPU kernels (LibTorch 1.13)
// it runs the same rule in plain tensor ops. Scale and growth tracker stay on the device, like
// PyTorch's, so the only host sync is the found-inf read that decides the step.
#pragma once

#include <cstdint>
#include <vector>

#include <torch/torch.h>

namespace precisionlab {

struct GradScalerOptions {
  double initScale = 65536.0;     // 2^16, PyTorch's default
  double growthFactor = 2.0;      // scale *= growth after `growthInterval` good steps in a row
  double backoffFactor = 0.5;     // scale *= backoff on a step with inf/NaN gradients
  int64_t growthInterval = 2000;  // consecutive finite steps before growing
};

class GradScaler {
 public:
  explicit GradScaler(const GradScalerOptions& options = {},
                      const torch::Device& device = torch::kCPU);

  // loss * scale, so small gradients survive fp16 (the backward runs on the scaled loss).
  torch::Tensor scale(const torch::Tensor& loss) const;
  // Divides every defined gradient of `params` by the scale in place (inv_scale computed in
  // double) and returns true when any gradient holds inf/NaN. Throws std::invalid_argument
  // "Attempting to unscale FP16 gradients." for fp16 gradients, as PyTorch does, and
  // std::logic_error when called twice before update(). Reads found_inf: a device sync.
  bool unscale_(const std::vector<torch::Tensor>& params);
  // The found-inf result of this iteration's unscale_ (false before it).
  bool foundInf() const { return foundInf_; }
  // The same flag as a (1,) float tensor on the device (1.0 when inf/NaN was found), for kernels
  // that skip on the device (fused AdamW); undefined before the first unscale_.
  const torch::Tensor& foundInfTensor() const { return foundInfT_; }
  // Backoff and tracker reset when the last unscale_ found inf/NaN, else growth after the
  // interval. Throws std::logic_error when no unscale_ was recorded since the last update().
  void update();

  double getScale() const;        // host read: a device sync
  int64_t growthTracker() const;  // consecutive finite steps since the last change
  // Puts back a state read from a training checkpoint (scale as float32, as it is kept).
  void restore(double scale, int64_t growthTracker);
  const GradScalerOptions& options() const { return options_; }

 private:
  void unscaleFallback(const std::vector<torch::Tensor>& grads, const torch::Tensor& invScale);
  void updateFallback();

  GradScalerOptions options_;
  torch::Device device_;
  torch::Tensor scale_;          // (1,) float32 on the device
  torch::Tensor growthTracker_;  // (1,) int32 on the device
  torch::Tensor foundInfT_;      // (1,) float32 on the device, 1.0 when inf/NaN was found
  bool unscaled_ = false;
  bool foundInf_ = false;
};

}  // namespace precisionlab
