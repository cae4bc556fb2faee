// BERT's numerically interesting ops and the per-thread cast mode. CastMode::None runs each op
// exactly as the model would call torch directly (real autocast, when a policy enables it, is
// applied by ATen underneath). CastMode::EmulateFp16 reproduces on fp32 kernels the values a
// CUDA fp16 run holds, at one of two depths (Fp16Emulation.h):
//   AutocastLists (fp16=True): CUDA autocast's fp16 ops (linear, matmul) see fp16-rounded
//     inputs (weights included: autocast casts the fp32 master weights) and produce fp16
//     outputs; fp32-list ops (softmax, layer_norm, cross_entropy) run in fp32; ops on neither
//     list (gelu, tanh) run in their input's dtype, fp16 after a linear; fp16 + fp32 residual
//     adds promote to fp32.
//   WholeModel (model.to(kHalf)): every op's inputs and outputs are fp16, the loss included.
// Rounding goes through Fp16Round, so gradients flowing back are fp16 values as well.
#include "precision/PrecisionOps.h"

#include "precision/Fp16Emulation.h"

namespace precisionlab::ops {

namespace {
// Per thread, like autocast: the scheduler's worker thread runs one forward pass at a time.
thread_local CastMode tCastMode = CastMode::None;

bool emulating() { return tCastMode == CastMode::EmulateFp16; }
bool wholeModel() {
  return emulating() && fp16emu::currentFp16Scope() == fp16emu::Fp16Scope::WholeModel;
}
using fp16emu::fp16Round;

torch::Tensor plainActivation(const torch::Tensor& x, const std::string& name) {
  if (name == "gelu") return torch::gelu(x);  // exact erf form, as Hugging Face's "gelu"
  if (name == "gelu_new") return torch::gelu(x, "tanh");
  if (name == "relu") return torch::relu(x);
  if (name == "tanh") return torch::tanh(x);
  TORCH_CHECK(false, "unknown activation '", name, "' (expected gelu, gelu_new, relu or tanh)");
}
}  // namespace

CastMode currentCastMode() { return tCastMode; }

CastModeScope::CastModeScope(CastMode mode) : previous_(tCastMode) { tCastMode = mode; }

CastModeScope::~CastModeScope() { tCastMode = previous_; }

torch::Tensor linear(const torch::Tensor& x, const torch::Tensor& weight,
                     const torch::Tensor& bias) {
  if (!emulating()) return torch::nn::functional::linear(x, weight, bias);
  // fp16 GEMM accumulates in fp32 and rounds once when it stores the output.
  return fp16Round(torch::nn::functional::linear(fp16Round(x), fp16Round(weight), fp16Round(bias)));
}

torch::Tensor matmul(const torch::Tensor& a, const torch::Tensor& b) {
  if (!emulating()) return torch::matmul(a, b);
  return fp16Round(torch::matmul(fp16Round(a), fp16Round(b)));
}

torch::Tensor softmax(const torch::Tensor& x, int64_t dim) {
  // Autocast's fp32 list: an fp16 run still computes softmax in fp32 (its input is already
  // fp16-valued). A half model keeps fp16 in and out.
  if (!wholeModel()) return torch::softmax(x, dim);
  return fp16Round(torch::softmax(fp16Round(x), dim));
}

torch::Tensor layerNorm(const torch::Tensor& x, int64_t hidden, const torch::Tensor& weight,
                        const torch::Tensor& bias, double eps) {
  if (!wholeModel()) return torch::layer_norm(x, {hidden}, weight, bias, eps);
  return fp16Round(
      torch::layer_norm(fp16Round(x), {hidden}, fp16Round(weight), fp16Round(bias), eps));
}

torch::Tensor crossEntropy(const torch::Tensor& logits, const torch::Tensor& labels) {
  if (!wholeModel()) return torch::nn::functional::cross_entropy(logits, labels);
  // A half model's loss is fp16: log_softmax stores fp16 log-probabilities, nll_loss an fp16
  // mean.
  auto logProbs = fp16Round(torch::log_softmax(fp16Round(logits), -1));
  return fp16Round(torch::nll_loss(logProbs, labels));
}

torch::Tensor activation(const torch::Tensor& x, const std::string& name) {
  if (!emulating()) return plainActivation(x, name);
  // Not on autocast's lists: runs in its input's dtype. BERT applies activations to linear
  // outputs, which are fp16 under autocast, so the output is fp16 too.
  return fp16Round(plainActivation(wholeModel() ? fp16Round(x) : x, name));
}

torch::Tensor residualAdd(const torch::Tensor& a, const torch::Tensor& b) {
  // Under autocast fp16 + fp32 promotes to fp32; only a half model adds in fp16.
  if (!wholeModel()) return a + b;
  return fp16Round(fp16Round(a) + fp16Round(b));
}

torch::Tensor scaleChannel(const torch::Tensor& x, int64_t channel, double factor) {
  // One multiply by a constant vector (ones, `factor` at `channel`): its backward multiplies the
  // gradient by the same vector, so gradients are scaled exactly as well. The vector is fp32 and
  // the product returns to x's dtype: a factor of 2^16 or more is no fp16 constant (fill_ refuses
  // it: "value cannot be converted to type at::Half without overflow", seen with real CPU fp16
  // kernels on LibTorch 2.6), and an fp16 value scaled past 65504 becomes inf in the cast, as on
  // fp16 hardware. Powers of two scale exactly in every dtype, so fp32 and bf16 are unchanged.
  auto scale = torch::ones({x.size(-1)}, x.options().dtype(torch::kFloat).requires_grad(false));
  scale[channel].fill_(factor);
  auto out = (x * scale).to(x.scalar_type());
  return emulating() ? fp16Round(out) : out;
}

}  // namespace precisionlab::ops
