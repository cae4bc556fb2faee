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

uint64_t drawSeed() {
  auto gen = tGenerator ? *tGenerator : at::globalContext().defaultGenerator(torch::kCPU);
  std::lock_guard<std::mutex> lock(gen.mutex());
  return at::check_generator<at::CPUGeneratorImpl>(gen)->random64();
}

}  // namespace

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
  // Keep when a 32-bit uniform draw is below (1 - p) * 2^32.
  const auto threshold = static_cast<uint64_t>((1.0 - p) * 4294967296.0);
  auto mask = torch::empty(x.sizes(), x.options().requires_grad(false));  // contiguous
  const int64_t n = mask.numel();
  AT_DISPATCH_FLOATING_TYPES_AND2(torch::kBFloat16, torch::kHalf, dtype, "seededDropout", [&] {
    // The scale as torch::dropout stores it: 1 / (1 - p) rounded to the input's dtype.
    const auto keep = static_cast<scalar_t>(1.0 / (1.0 - p));
    const auto drop = static_cast<scalar_t>(0);
    scalar_t* out = mask.data_ptr<scalar_t>();
    // Each 64-bit hash decides two elements; pairs are indexed, so threads cannot change it.
    at::parallel_for(0, (n + 1) / 2, 32768, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        const uint64_t r = mix(seed + static_cast<uint64_t>(i + 1) * 0x9E3779B97F4A7C15ULL);
        out[2 * i] = (r & 0xFFFFFFFFULL) < threshold ? keep : drop;
        if (2 * i + 1 < n) out[2 * i + 1] = (r >> 32) < threshold ? keep : drop;
      }
    });
  });
  return x * mask;
}

}  // namespace precisionlab
