// Round-trip fp16 emulation. to(kHalf) and back is supported on CPU by LibTorch 1.13 and is
// IEEE round-to-nearest-even, the same rounding a GPU applies when it stores an fp16 result.
#include "precision/Fp16Emulation.h"

namespace precisionlab::fp16emu {

namespace {
thread_local Fp16Scope tScope = Fp16Scope::AutocastLists;
}  // namespace

torch::Tensor roundToFp16(const torch::Tensor& t) {
  if (!t.defined() || t.scalar_type() == torch::kHalf) return t;
  return t.to(torch::kHalf).to(t.scalar_type());
}

torch::Tensor Fp16Round::forward(torch::autograd::AutogradContext* /*ctx*/,
                                 const torch::Tensor& x) {
  return roundToFp16(x);
}

torch::autograd::variable_list Fp16Round::backward(torch::autograd::AutogradContext* /*ctx*/,
                                                   torch::autograd::variable_list gradOutputs) {
  return {roundToFp16(gradOutputs[0])};
}

torch::Tensor fp16Round(const torch::Tensor& x) {
  if (!x.defined()) return x;
  // Outside autograd (eval under NoGradGuard, constants) the plain rounding is enough.
  if (!x.requires_grad()) return roundToFp16(x);
  return Fp16Round::apply(x);
}

Fp16Scope currentFp16Scope() { return tScope; }

Fp16ScopeGuard::Fp16ScopeGuard(Fp16Scope scope) : previous_(tScope) { tScope = scope; }

Fp16ScopeGuard::~Fp16ScopeGuard() { tScope = previous_; }

}  // namespace precisionlab::fp16emu
