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

// Records or replays the seeds seededDropout takes on the calling thread, so that a pass run
// twice, or in parts, drops exactly what one pass would:
//  - Record: each seed is taken as usual (from the enclosing tape, else the generator) and
//    appended to `seeds`;
//  - Replay: seeds are served from `seeds` in order and nothing is drawn.
// `block` says where the tensors lie in a larger batch: the inputs are the block-th of equal
// parts along dim 0 (micro-batch `block` of gradient accumulation), and each mask is that part
// of the whole batch's mask, so k micro-batches replaying the seeds of the first drop the same
// elements as one batch. kInheritBlock takes the enclosing tape's block (0 without one).
// Used by gradient accumulation (one tape per micro-batch) and activation checkpointing (a
// layer's recompute replays its forward's seeds). Tapes nest; each restores the previous one.
class DropoutTape {
 public:
  enum class Mode { Record, Replay };
  static constexpr int64_t kInheritBlock = -1;
  DropoutTape(Mode mode, std::vector<uint64_t>* seeds, int64_t block = kInheritBlock);
  ~DropoutTape();
  DropoutTape(const DropoutTape&) = delete;
  DropoutTape& operator=(const DropoutTape&) = delete;

  int64_t block() const { return block_; }
  uint64_t next();  // the next seed (recorded or replayed)
  static DropoutTape* current();

 private:
  Mode mode_;
  std::vector<uint64_t>* seeds_;
  int64_t block_;
  size_t cursor_ = 0;
  DropoutTape* outer_;
};

}  // namespace precisionlab
