#include "model/SeededDropout.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>

#include <mutex>

namespace precisionlab {

namespace {

// splitmix64's output function: a bijective 64-bit mix that passes BigCrush when fed a
// Weyl sequence, which is what seed + counter * golden gives it.
inline uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

thread_local at::Generator* tGenerator = nullptr;
thread_local DropoutTape* tTape = nullptr;

uint64_t drawFromGenerator() {
  auto gen = tGenerator ? *tGenerator : at::globalContext().defaultGenerator(torch::kCPU);
  std::lock_guard<std::mutex> lock(gen.mutex());
  return at::check_generator<at::CPUGeneratorImpl>(gen)->random64();
}

uint64_t drawSeed() { return tTape ? tTape->next() : drawFromGenerator(); }

}  // namespace

DropoutTape::DropoutTape(Mode mode, std::vector<uint64_t>* seeds, int64_t block)
    : mode_(mode), seeds_(seeds), block_(block), outer_(tTape) {
  TORCH_CHECK(seeds_ != nullptr, "DropoutTape needs a seed list");
  if (block_ == kInheritBlock) block_ = outer_ ? outer_->block_ : 0;
  TORCH_CHECK(block_ >= 0, "DropoutTape block must not be negative");
  tTape = this;
}

DropoutTape::~DropoutTape() { tTape = outer_; }

DropoutTape* DropoutTape::current() { return tTape; }

uint64_t DropoutTape::next() {
  if (mode_ == Mode::Replay) {
    TORCH_CHECK(cursor_ < seeds_->size(), "dropout replay asked for seed ", cursor_ + 1, " of ",
                seeds_->size(), " recorded: the replayed pass differs from the recorded one");
    return (*seeds_)[cursor_++];
  }
  const uint64_t seed = outer_ ? outer_->next() : drawFromGenerator();
  seeds_->push_back(seed);
  return seed;
}

at::Generator* setThreadDropoutGenerator(at::Generator* generator) {
  at::Generator* previous = tGenerator;
  tGenerator = generator;
  return previous;
}

torch::Tensor seededDropout(const torch::Tensor& x, double p, bool training) {
  if (!training || p <= 0.0) return x;
  const auto dtype = x.scalar_type();
  const bool supported = dtype == torch::kFloat || dtype == torch::kDouble ||
                         dtype == torch::kBFloat16 || dtype == torch::kHalf;
  if (p >= 1.0 || !x.device().is_cpu() || !supported) return torch::dropout(x, p, training);

  const uint64_t seed = drawSeed();
  // Global index of this tensor's first element in the whole batch (0 unless a tape says the
  // tensor is one of equal micro-batches): hashes are indexed by that, so a micro-batch's mask
  // is its slice of the one-batch mask.
  const int64_t n = x.numel();
  const int64_t first = (tTape ? tTape->block() : 0) * n;
  // Keep when a 32-bit uniform draw is below (1 - p) * 2^32.
  const auto threshold = static_cast<uint64_t>((1.0 - p) * 4294967296.0);
  auto mask = torch::empty(x.sizes(), x.options().requires_grad(false));  // contiguous
  AT_DISPATCH_FLOATING_TYPES_AND2(torch::kBFloat16, torch::kHalf, dtype, "seededDropout", [&] {
    // The scale as torch::dropout stores it: 1 / (1 - p) rounded to the input's dtype.
    const auto keep = static_cast<scalar_t>(1.0 / (1.0 - p));
    const auto drop = static_cast<scalar_t>(0);
    scalar_t* out = mask.data_ptr<scalar_t>();
    // Each 64-bit hash decides two elements (global indices 2p and 2p + 1); pairs are indexed,
    // so threads cannot change it. With first = 0 this is element 2p and 2p + 1 of the tensor.
    at::parallel_for(first / 2, (first + n + 1) / 2, 32768, [&](int64_t begin, int64_t end) {
      for (int64_t p = begin; p < end; ++p) {
        const uint64_t r = mix(seed + static_cast<uint64_t>(p + 1) * 0x9E3779B97F4A7C15ULL);
        const int64_t lo = 2 * p - first;  // >= -1, < n
        if (lo >= 0) out[lo] = (r & 0xFFFFFFFFULL) < threshold ? keep : drop;
        if (lo + 1 < n) out[lo + 1] = (r >> 32) < threshold ? keep : drop;
      }
    });
  });
  return x * mask;
}

}  // namespace precisionlab
