#include "training/MemoryTracker.h"

#include <algorithm>

#include "platform/TorchCompat.h"

#ifdef PRECISIONLAB_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

namespace precisionlab {

struct MemoryTracker::Reporter : public c10::MemoryReportingInfoBase {
  void reportMemoryUsage(void* /*ptr*/, compat::MemoryReportArgs::AllocSize allocSize,
                         compat::MemoryReportArgs::TotalAllocated /*totalAllocated*/,
                         compat::MemoryReportArgs::TotalReserved /*totalReserved*/,
                         c10::Device device) override {
    if (!device.is_cpu()) return;
    current += static_cast<int64_t>(allocSize);  // negative on free
    peak = std::max(peak, current);
  }
  bool memoryProfilingEnabled() const override { return true; }

  int64_t current = 0;
  int64_t peak = 0;
};

MemoryTracker::MemoryTracker(torch::Device device) : device_(device) {}

MemoryTracker::~MemoryTracker() = default;

void MemoryTracker::begin(int64_t residentBytes) {
  resident_ = residentBytes;
  if (device_.is_cpu()) {
    reporter_ = std::make_shared<Reporter>();
    guard_ = std::make_unique<c10::DebugInfoGuard>(c10::DebugInfoKind::PROFILER_STATE, reporter_);
  }
#ifdef PRECISIONLAB_WITH_CUDA
  if (device_.is_cuda()) c10::cuda::CUDACachingAllocator::resetPeakStats(device_.index());
#endif
}

int64_t MemoryTracker::heldBytes() const {
  if (device_.is_cpu()) return reporter_ ? reporter_->current : 0;
#ifdef PRECISIONLAB_WITH_CUDA
  if (device_.is_cuda()) {
    auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device_.index());
    return static_cast<int64_t>(stats.allocated_bytes[0].current);
  }
#endif
  return 0;
}

int64_t MemoryTracker::end() {
  if (device_.is_cpu()) {
    guard_.reset();
    const int64_t peak = resident_ + (reporter_ ? reporter_->peak : 0);
    reporter_.reset();
    return peak;
  }
#ifdef PRECISIONLAB_WITH_CUDA
  if (device_.is_cuda()) {
    auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device_.index());
    return static_cast<int64_t>(stats.allocated_bytes[0].peak);
  }
#endif
  return 0;
}

}  // namespace precisionlab
