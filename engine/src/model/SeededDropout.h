// Dropout whose keep/drop mask comes from a counter-based hash of one 64-bit seed drawn from the
// default generator, instead of one bernoulli draw per element. LibTorch 1.13's CPU bernoulli_
// (no MKL in Debian's build) draws a random64 per element on one thread, which was about 15 %
// of a BERT training step here; the hash fills the mask in parallel at memory speed.
// Same distribution and scaling as torch::dropout (keep with probability 1 - p, scale kept
// values by 1 / (1 - p) in the input's dtype); the random stream differs from PyTorch's, so
// masks are not PyTorch's masks. Deterministic: the same generator state gives the same mask
// whatever the thread count. Non-CPU tensors and p >= 1 fall back to torch::dropout.
#pragma once

#include <torch/torch.h>

namespace precisionlab {

// x * mask / (1 - p) in training, x unchanged otherwise; differentiable through the multiply.
torch::Tensor seededDropout(const torch::Tensor& x, double p, bool training);

// The CPU generator seededDropout draws its seeds from on the calling thread: a run's own
// generator while the trainer runs that run's step (so two runs stepping on two threads at
// once never share a random stream), or nullptr for the global default generator. Returns the
// previous one, for the caller to restore.
at::Generator* setThreadDropoutGenerator(at::Generator* generator);

}  // namespace precisionlab
