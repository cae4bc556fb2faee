// fp16 numerics on a CPU whose LibTorch (Debian's 1.13) has no fp16 matmul, softmax or AdamW:
// values a real CUDA run would hold in fp16 are rounded to fp16 and back (round to nearest even,
// overflow to inf above 65504, subnormals below 6.1e-5, zero below 2.98e-8), and the arithmetic
// stays in fp32. This reproduces what makes fp16 fail (overflow, underflow, lost small updates,
// Adam's eps of 1e-8 becoming 0); it says nothing about fp16 speed or memory.
#pragma once

#include <torch/torch.h>

namespace precisionlab::fp16emu {

// t rounded to the nearest fp16 value, returned in t's dtype. Not differentiable on its own:
// inside autograd graphs use fp16Round().
torch::Tensor roundToFp16(const torch::Tensor& t);

// Autograd function: rounds to fp16 in the forward pass and rounds the incoming gradient to
// fp16 in the backward pass, so gradients flowing back through an emulated fp16 op are fp16
// values too (they underflow to zero without loss scaling, as on a GPU).
struct Fp16Round : public torch::autograd::Function<Fp16Round> {
  static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x);
  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                 torch::autograd::variable_list gradOutputs);
};

// Fp16Round::apply(x); undefined tensors pass through.
torch::Tensor fp16Round(const torch::Tensor& x);

// How much of the forward pass holds fp16 values while the thread's cast mode is EmulateFp16:
// autocast's fp16 list only (fp16=True), or every op (a model cast with .to(kHalf)).
enum class Fp16Scope { AutocastLists, WholeModel };
Fp16Scope currentFp16Scope();

// RAII, per thread like the cast mode itself.
class Fp16ScopeGuard {
 public:
  explicit Fp16ScopeGuard(Fp16Scope scope);
  ~Fp16ScopeGuard();
  Fp16ScopeGuard(const Fp16ScopeGuard&) = delete;
  Fp16ScopeGuard& operator=(const Fp16ScopeGuard&) = delete;

 private:
  Fp16Scope previous_;
};

}  // namespace precisionlab::fp16emu
