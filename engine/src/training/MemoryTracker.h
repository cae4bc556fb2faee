// Peak memory of one training step, as the allocator reports it (never estimated).
// CPU: a c10::MemoryReportingInfoBase installed on the calling thread for the step; it sums the
// sizes of allocations and frees it is told about, so the result is the bytes already resident
// at the start (given by the caller: weights, gradients, optimizer state) plus the highest
// growth during the step. Frees of blocks allocated before tracking began are not reported by
// c10, which can only make the growth read high, never low.
// CUDA (builds with PRECISIONLAB_WITH_CUDA): the caching allocator's peak allocated bytes.
#pragma once

#include <cstdint>
#include <memory>

#include <torch/torch.h>

namespace precisionlab {

class MemoryTracker {
 public:
  explicit MemoryTracker(torch::Device device);
  ~MemoryTracker();
  MemoryTracker(const MemoryTracker&) = delete;
  MemoryTracker& operator=(const MemoryTracker&) = delete;

  // Starts tracking on this thread; residentBytes counts what lives across steps.
  void begin(int64_t residentBytes);
  // Bytes allocated and not yet freed since begin() (CPU: the hook's running sum; CUDA: the
  // caching allocator's allocated bytes now). The difference of two readings is what the code
  // between them allocated and kept.
  int64_t heldBytes() const;
  // Stops tracking and returns the peak in bytes (0 where the device cannot report it).
  int64_t end();

 private:
  struct Reporter;
  torch::Device device_;
  int64_t resident_ = 0;
  std::shared_ptr<Reporter> reporter_;
  std::unique_ptr<c10::DebugInfoGuard> guard_;
};

}  // namespace precisionlab
