#include "training/AdamW.h"

#include <cmath>

#include "platform/TorchCompat.h"

namespace precisionlab {

AdamW::AdamW(std::vector<Param> params, AdamWOptions options)
    : params_(std::move(params)), state_(params_.size()), options_(options) {}

bool AdamW::decaysByName(const std::string& name) {
  return name.find("bias") == std::string::npos &&
         name.find("LayerNorm.weight") == std::string::npos;
}

void AdamW::keepOnly(std::vector<bool> owned) {
  TORCH_CHECK(owned.size() == params_.size(), "AdamW::keepOnly: ", owned.size(), " flags for ",
              params_.size(), " parameters");
  owned_ = std::move(owned);
}

int64_t AdamW::stateBytes() const {
  int64_t bytes = 0;
  for (const State& s : state_)
    for (const torch::Tensor* t : {&s.expAvg, &s.expAvgSq})
      if (t->defined()) bytes += t->numel() * static_cast<int64_t>(t->element_size());
  return bytes;
}

void AdamW::zeroGrad() {
  for (auto& p : params_) {
    if (p.tensor.mutable_grad().defined()) p.tensor.mutable_grad().reset();
  }
}

bool AdamW::fusedStep(double lr, const torch::Tensor& foundInf) {
  if (!compat::kHasFusedAdamW || roundToStorage || params_.empty() ||
      !params_.front().tensor.is_cuda())
    return false;
  torch::NoGradGuard noGrad;
  // Hugging Face's two groups: with weight decay, and without (biases, LayerNorm weights).
  for (const bool decay : {true, false}) {
    std::vector<torch::Tensor> ps, gs, ms, vs, steps;
    for (size_t i = 0; i < params_.size(); ++i) {
      torch::Tensor& p = params_[i].tensor;
      if (params_[i].decay != decay || !p.grad().defined() || !owns(i)) continue;
      State& s = state_[i];
      if (!s.expAvg.defined()) {
        s.expAvg = torch::zeros_like(p, torch::MemoryFormat::Preserve);
        s.expAvgSq = torch::zeros_like(p, torch::MemoryFormat::Preserve);
      }
      if (!s.stepTensor.defined())
        s.stepTensor = torch::full({}, static_cast<double>(s.step),
                                   torch::TensorOptions(torch::kFloat).device(p.device()));
      s.step += 1;
      ps.push_back(p);
      gs.push_back(p.grad());
      ms.push_back(s.expAvg);
      vs.push_back(s.expAvgSq);
      steps.push_back(s.stepTensor);
    }
    if (ps.empty()) continue;
    at::_foreach_add_(steps, 1.0);  // as torch.optim.AdamW does before the kernel
    compat::fusedAdamW(ps, gs, ms, vs, steps, lr, options_.beta1, options_.beta2,
                       decay ? options_.weightDecay : 0.0, options_.eps, foundInf);
  }
  return true;
}

void AdamW::step(double lr, const torch::Tensor& foundInf) {
  if (fusedStep(lr, foundInf)) return;
  torch::NoGradGuard noGrad;
  const double b1 = options_.beta1, b2 = options_.beta2;
  // Rounds the result of the op just done in place, as the kernel storing it would.
  auto stored = [this](torch::Tensor& t) {
    if (roundToStorage) t.copy_(roundToStorage(t));
  };
  for (size_t i = 0; i < params_.size(); ++i) {
    torch::Tensor& p = params_[i].tensor;
    const torch::Tensor& grad = p.grad();
    if (!grad.defined() || !owns(i)) continue;
    State& s = state_[i];
    if (!s.expAvg.defined()) {
      s.expAvg = torch::zeros_like(p, torch::MemoryFormat::Preserve);
      s.expAvgSq = torch::zeros_like(p, torch::MemoryFormat::Preserve);
    }
    s.step += 1;
    const double wd = params_[i].decay ? options_.weightDecay : 0.0;

    // Decoupled weight decay: p *= 1 - lr * wd.
    if (wd != 0.0) {
      p.mul_(1.0 - lr * wd);
      stored(p);
    }
    // m = b1 * m + (1 - b1) * g
    s.expAvg.mul_(b1);
    stored(s.expAvg);
    s.expAvg.add_(grad, 1.0 - b1);
    stored(s.expAvg);
    // v = b2 * v + (1 - b2) * g^2
    s.expAvgSq.mul_(b2);
    stored(s.expAvgSq);
    s.expAvgSq.addcmul_(grad, grad, 1.0 - b2);
    stored(s.expAvgSq);

    const double biasCorrection1 = 1.0 - std::pow(b1, static_cast<double>(s.step));
    const double biasCorrection2 = 1.0 - std::pow(b2, static_cast<double>(s.step));
    const double stepSize = lr / biasCorrection1;
    // denom = sqrt(v) / sqrt(bias_correction2) + eps
    torch::Tensor denom = s.expAvgSq.sqrt();
    stored(denom);
    denom.div_(std::sqrt(biasCorrection2));
    stored(denom);
    denom.add_(options_.eps);
    stored(denom);
    // p -= lr / bias_correction1 * m / denom
    p.addcdiv_(s.expAvg, denom, -stepSize);
    stored(p);
  }
}

}  // namespace precisionlab
