// AdamW with PyTorch's exact single-tensor update (torch.optim.AdamW, foreach=False), written
// out so every arithmetic step is visible and can be rounded to a storage format: with
// roundToStorage set, each op's result is rounded the way a real fp16 kernel rounds its output,
// so eps 1e-8 becomes 0, v underflows and 0/0 gives NaN exactly as fp16 AdamW would.
// On CUDA (LibTorch 2.x) the same update runs as PyTorch's fused kernel instead.
// ZeRO stage 1 (keepOnly): an optimizer that owns a shard of the parameters keeps state for and
// updates only those; the others get their new values from their owner (Trainer, sharded
// data parallelism).
// Not implemented: amsgrad, maximize, capturable, foreach kernels.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <torch/torch.h>

namespace precisionlab {

struct AdamWOptions {
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weightDecay = 0.01;  // applied only to parameters with decay = true
};

class AdamW {
 public:
  struct Param {
    std::string name;
    torch::Tensor tensor;  // the leaf parameter, updated in place
    bool decay = true;     // false for biases and LayerNorm weights (Hugging Face's no_decay)
  };
  // Per parameter, same dtype and device as the parameter. Empty until its first update.
  struct State {
    int64_t step = 0;
    torch::Tensor expAvg;      // m
    torch::Tensor expAvgSq;    // v
    torch::Tensor stepTensor;  // the step as a 0-dim float tensor, for the fused CUDA kernel
  };

  AdamW(std::vector<Param> params, AdamWOptions options);

  // Hugging Face's rule: no weight decay on names containing "bias" or "LayerNorm.weight".
  static bool decaysByName(const std::string& name);

  // Sets gradients to undefined (set_to_none, PyTorch 2's default), freeing their memory.
  void zeroGrad();
  // One update of every parameter that has a gradient, at learning rate lr.
  // On CUDA with LibTorch 2.x and no roundToStorage: the fused kernel of
  // torch.optim.AdamW(fused=True), one launch per weight-decay group; foundInf (a 0-dim tensor
  // from the GradScaler, optional) then skips the update on the device.
  void step(double lr, const torch::Tensor& foundInf = {});

  const std::vector<Param>& params() const { return params_; }
  std::vector<State>& state() { return state_; }
  const std::vector<State>& state() const { return state_; }
  const AdamWOptions& options() const { return options_; }
  AdamWOptions& options() { return options_; }

  // ZeRO stage 1: from now on only the parameters marked true get state and updates (one flag
  // per parameter, in params() order; empty = all). Before the first step.
  void keepOnly(std::vector<bool> owned);
  bool owns(size_t i) const { return owned_.empty() || owned_[i]; }
  // The bytes of every state tensor this optimizer holds (m and v), as allocated.
  int64_t stateBytes() const;

  // When set, applied after every arithmetic op of the update (on m, v, the denominator and the
  // parameter), e.g. [](auto& t) { return t.to(torch::kHalf).to(t.scalar_type()); }.
  std::function<torch::Tensor(const torch::Tensor&)> roundToStorage;

 private:
  bool fusedStep(double lr, const torch::Tensor& foundInf);

  std::vector<Param> params_;
  std::vector<State> state_;
  std::vector<bool> owned_;
  AdamWOptions options_;
};

}  // namespace precisionlab
