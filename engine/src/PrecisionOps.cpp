// The fp32 pass-through of BERT's numerically interesting ops, and the per-thread cast mode.
// CastMode::None runs each op exactly as the model would call torch directly (real autocast,
// when a policy enables it, is applied by ATen underneath). The EmulateFp16 branch belongs to
// the precision lab and is added there; until then it falls through to the plain ops.
#include "engine/src/PrecisionOps.h"

namespace precisionlab::ops {

namespace {
// Per thread, like autocast: the scheduler's worker thread runs one forward pass at a time.
thread_local CastMode tCastMode = CastMode::None;
}  // namespace

CastMode currentCastMode() { return tCastMode; }

CastModeScope::CastModeScope(CastMode mode) : previous_(tCastMode) { tCastMode = mode; }

CastModeScope::~CastModeScope() { tCastMode = previous_; }

torch::Tensor linear(const torch::Tensor& x, const torch::Tensor& weight,
                     const torch::Tensor& bias) {
  return torch::nn::functional::linear(x, weight, bias);
}

torch::Tensor matmul(const torch::Tensor& a, const torch::Tensor& b) { return torch::matmul(a, b); }

torch::Tensor softmax(const torch::Tensor& x, int64_t dim) { return torch::softmax(x, dim); }

torch::Tensor layerNorm(const torch::Tensor& x, int64_t hidden, const torch::Tensor& weight,
                        const torch::Tensor& bias, double eps) {
  return torch::layer_norm(x, {hidden}, weight, bias, eps);
}

torch::Tensor crossEntropy(const torch::Tensor& logits, const torch::Tensor& labels) {
  return torch::nn::functional::cross_entropy(logits, labels);
}

torch::Tensor activation(const torch::Tensor& x, const std::string& name) {
  if (name == "gelu") return torch::gelu(x);  // exact erf form, as Hugging Face's "gelu"
  if (name == "gelu_new") return torch::gelu(x, "tanh");
  if (name == "relu") return torch::relu(x);
  if (name == "tanh") return torch::tanh(x);
  TORCH_CHECK(false, "unknown activation '", name, "' (expected gelu, gelu_new, relu or tanh)");
}

torch::Tensor residualAdd(const torch::Tensor& a, const torch::Tensor& b) { return a + b; }

}  // namespace precisionlab::ops
