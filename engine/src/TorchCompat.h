// The one place where LibTorch 1.13 (Debian) and 2.x (CUDA builds) differ for this engine.
// Everything else includes this header instead of testing versions itself. Keyed on
// TORCH_VERSION_MAJOR/MINOR only: Debian's torch/version.h reports 1.13.0 for 1.13.1.
#pragma once

#include <torch/torch.h>
#include <torch/version.h>
#include <c10/core/Allocator.h>

#include <string>
#ifdef PRECISIONLAB_WITH_CUDA
#include <cuda.h>
#endif

#define PRECISIONLAB_TORCH_AT_LEAST(major, minor) \
  (TORCH_VERSION_MAJOR > (major) ||               \
   (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

namespace precisionlab::compat {

// c10::MemoryReportingInfoBase::reportMemoryUsage took (void*, int64_t, int64_t, int64_t,
// Device) in 1.13; 2.x changed the totals to size_t. Deduce the parameter types from the
// member function so an override compiles against both.
template <typename F>
struct ReportMemoryUsageArgs;
template <typename C, typename Ptr, typename Size, typename Total, typename Reserved,
          typename Dev>
struct ReportMemoryUsageArgs<void (C::*)(Ptr, Size, Total, Reserved, Dev)> {
  using AllocSize = Size;
  using TotalAllocated = Total;
  using TotalReserved = Reserved;
};
using MemoryReportArgs =
    ReportMemoryUsageArgs<decltype(&c10::MemoryReportingInfoBase::reportMemoryUsage)>;

inline const char* torchVersion() { return TORCH_VERSION; }

// The CUDA version LibTorch was built for, "13.0"; only meaningful in CUDA builds.
#ifdef PRECISIONLAB_WITH_CUDA
inline std::string cudaBuildVersion() {
#ifdef CUDA_VERSION
  return std::to_string(CUDA_VERSION / 1000) + "." + std::to_string(CUDA_VERSION % 1000 / 10);
#else
  return "unknown";
#endif
}
#endif

}  // namespace precisionlab::compat
