// GradScaler: ATen's _amp_foreach_non_finite_check_and_unscale_ / _amp_update_scale_ where the
// build has kernels for the device (CUDA always; CPU from LibTorch 2.3), the same rule in plain
// tensor ops elsewhere. Both paths keep PyTorch's state layout: scale (1,) fp32, tracker (1,)
// int32, found_inf (1,) fp32.
#include "precision/GradScaler.h"

#include <cmath>
#include <stdexcept>

#include <torch/version.h>

#include "platform/TorchCompat.h"

namespace precisionlab {

namespace {
// The fused AMP ops gained CPU kernels in PyTorch 2.3; 1.13 has them for CUDA only.
bool useAtenAmp(const torch::Device& device) {
  return device.is_cuda() || compat::kCpuAmpScalerOps;
}
}  // namespace

GradScaler::GradScaler(const GradScalerOptions& options, const torch::Device& device)
    : options_(options), device_(device) {
  TORCH_CHECK(options.initScale > 0, "GradScaler: initScale must be positive, got ",
              options.initScale);
  TORCH_CHECK(options.growthFactor > 1.0, "GradScaler: growthFactor must be > 1, got ",
              options.growthFactor);
  TORCH_CHECK(options.backoffFactor < 1.0 && options.backoffFactor > 0,
              "GradScaler: backoffFactor must be in (0, 1), got ", options.backoffFactor);
  TORCH_CHECK(options.growthInterval > 0, "GradScaler: growthInterval must be positive, got ",
              options.growthInterval);
  auto f32 = torch::TensorOptions().dtype(torch::kFloat32).device(device_);
  scale_ = torch::full({1}, options.initScale, f32);
  growthTracker_ = torch::zeros({1}, f32.dtype(torch::kInt32));
  foundInfT_ = torch::zeros({1}, f32);
}

torch::Tensor GradScaler::scale(const torch::Tensor& loss) const {
  // 0-dim factor so a scalar loss stays a scalar (backward() needs one).
  return loss * scale_[0].to(loss.device());
}

bool GradScaler::unscale_(const std::vector<torch::Tensor>& params) {
  if (unscaled_)
    throw std::logic_error(
        "unscale_() has already been called on this optimizer since the "
        "last update().");
  std::vector<torch::Tensor> grads;
  grads.reserve(params.size());
  for (const auto& p : params) {
    const auto& g = p.grad();
    if (!g.defined()) continue;
    // PyTorch refuses here: an fp16 master copy cannot hold the unscaled gradients safely.
    if (g.scalar_type() == torch::kHalf)
      throw std::invalid_argument("Attempting to unscale FP16 gradients.");
    grads.push_back(g);
  }
  // inv_scale in double, then stored as fp32 like PyTorch's `self._scale.double().reciprocal()
  // .float()`.
  auto invScale = scale_.to(torch::kFloat64).reciprocal().to(torch::kFloat32);
  foundInfT_.zero_();
  if (!grads.empty()) {
    if (useAtenAmp(device_))
      at::_amp_foreach_non_finite_check_and_unscale_(grads, foundInfT_, invScale);
    else
      unscaleFallback(grads, invScale);
  }
  unscaled_ = true;
  foundInf_ = foundInfT_.item<float>() != 0.0f;  // device sync: decides whether to step
  return foundInf_;
}

void GradScaler::unscaleFallback(const std::vector<torch::Tensor>& grads,
                                 const torch::Tensor& invScale) {
  torch::NoGradGuard noGrad;
  // Like the CUDA kernel: every gradient is multiplied (inf/NaN stay inf/NaN), and found_inf
  // becomes 1 when any value is non-finite. One flag per tensor, combined once at the end.
  std::vector<torch::Tensor> bad;
  bad.reserve(grads.size());
  for (auto g : grads) {
    bad.push_back(torch::isfinite(g).all().logical_not());
    g.mul_(invScale.to(g.scalar_type()));
  }
  foundInfT_.copy_(torch::stack(bad).any().to(torch::kFloat32).reshape({1}));
}

void GradScaler::update() {
  if (!unscaled_) throw std::logic_error("No inf checks were recorded prior to update().");
  if (useAtenAmp(device_))
    at::_amp_update_scale_(scale_, growthTracker_, foundInfT_, options_.growthFactor,
                           options_.backoffFactor, options_.growthInterval);
  else
    updateFallback();
  unscaled_ = false;
  foundInf_ = false;
}

void GradScaler::updateFallback() {
  // _amp_update_scale_'s rule: inf -> backoff, tracker 0; else tracker + 1 and at the interval
  // grow (only if the grown scale is still finite) and reset the tracker.
  float scale = scale_.item<float>();
  int32_t tracker = growthTracker_.item<int32_t>();
  if (foundInf_) {
    scale = static_cast<float>(scale * options_.backoffFactor);
    tracker = 0;
  } else {
    int32_t successful = tracker + 1;
    if (successful == options_.growthInterval) {
      float grown = static_cast<float>(scale * options_.growthFactor);
      if (std::isfinite(grown)) scale = grown;
      tracker = 0;
    } else {
      tracker = successful;
    }
  }
  scale_.fill_(scale);
  growthTracker_.fill_(tracker);
}

double GradScaler::getScale() const { return scale_.item<float>(); }

int64_t GradScaler::growthTracker() const { return growthTracker_.item<int32_t>(); }

void GradScaler::restore(double scale, int64_t growthTracker) {
  scale_.fill_(scale);
  growthTracker_.fill_(growthTracker);
}

}  // namespace precisionlab
