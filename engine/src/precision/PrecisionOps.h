// The numerically interesting ops of BERT, routed through one place so a precision policy can
// change what they do without touching the model: real autocast needs nothing here (ATen does
// the casts), but emulated fp16 on a CPU without fp16 kernels rounds the values a real CUDA
// autocast run would hold in fp16 (inputs and outputs of fp16-listed ops, and the gradients
// flowing back through them).
//
// The mode is per thread, like autocast itself; the trainer sets it around one forward pass.
// Owner of the fp32 pass-through: the model/trainer; owner of the emulation: the precision lab.
#pragma once

#include <torch/torch.h>

namespace precisionlab::ops {

enum class CastMode {
  None,         // ops run as written (fp32, or real autocast handled by ATen)
  EmulateFp16,  // fp16 autocast numerics emulated by rounding to fp16 and back
};

CastMode currentCastMode();
// RAII: sets the thread's cast mode, restores the previous one on destruction.
class CastModeScope {
 public:
  explicit CastModeScope(CastMode mode);
  ~CastModeScope();
  CastModeScope(const CastModeScope&) = delete;
  CastModeScope& operator=(const CastModeScope&) = delete;

 private:
  CastMode previous_;
};

// Autocast fp16 list (CUDA): runs in fp16.
torch::Tensor linear(const torch::Tensor& x, const torch::Tensor& weight,
                     const torch::Tensor& bias);
torch::Tensor matmul(const torch::Tensor& a, const torch::Tensor& b);
// Autocast fp32 list: runs in fp32 whatever the input.
torch::Tensor softmax(const torch::Tensor& x, int64_t dim);
torch::Tensor layerNorm(const torch::Tensor& x, int64_t hidden, const torch::Tensor& weight,
                        const torch::Tensor& bias, double eps);
torch::Tensor crossEntropy(const torch::Tensor& logits, const torch::Tensor& labels);
// Not on autocast's lists: runs in the input's dtype ("gelu", "gelu_new", "relu", "tanh").
torch::Tensor activation(const torch::Tensor& x, const std::string& name);
// Residual add: fp16 + fp32 promotes to fp32 under autocast, so nothing to round here, but the
// model routes it through one place so emulation stays faithful if that changes.
torch::Tensor residualAdd(const torch::Tensor& a, const torch::Tensor& b);
// x with its last dimension's `channel` multiplied by `factor` (a power of two: exact in every
// format whose range holds the result). An elementwise multiply is on neither autocast list:
// it runs in its input's dtype, fp16 after an fp16 linear, so emulated fp16 rounds the product
// (a value above 65504 becomes inf, as on a GPU). The range experiment's outlier feature.
torch::Tensor scaleChannel(const torch::Tensor& x, int64_t channel, double factor);

}  // namespace precisionlab::ops
