// The one place where LibTorch 1.13 (Debian) and 2.x (CUDA builds) differ for this engine.
// Everything else includes this header instead of testing versions itself. Keyed on
// TORCH_VERSION_MAJOR/MINOR only: Debian's torch/version.h reports 1.13.0 for 1.13.1.
#pragma once

#include <ATen/autocast_mode.h>
#include <c10/core/Allocator.h>
#include <c10/util/Exception.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <optional>
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
template <typename C, typename Ptr, typename Size, typename Total, typename Reserved, typename Dev>
struct ReportMemoryUsageArgs<void (C::*)(Ptr, Size, Total, Reserved, Dev)> {
  using AllocSize = Size;
  using TotalAllocated = Total;
  using TotalReserved = Reserved;
};
using MemoryReportArgs =
    ReportMemoryUsageArgs<decltype(&c10::MemoryReportingInfoBase::reportMemoryUsage)>;

inline const char* torchVersion() { return TORCH_VERSION; }

// Autocast state per device (AutocastGuard). 1.13 has one setter pair per device (set_enabled for
// CUDA, set_cpu_enabled for CPU); 2.4 replaced them with device-typed functions and turned the old
// names into deprecated wrappers that warn on every call.
#if PRECISIONLAB_TORCH_AT_LEAST(2, 4)
inline bool autocastEnabled(c10::DeviceType t) { return at::autocast::is_autocast_enabled(t); }
inline void setAutocastEnabled(c10::DeviceType t, bool on) {
  at::autocast::set_autocast_enabled(t, on);
}
inline c10::ScalarType autocastDtype(c10::DeviceType t) {
  return at::autocast::get_autocast_dtype(t);
}
inline void setAutocastDtype(c10::DeviceType t, c10::ScalarType d) {
  at::autocast::set_autocast_dtype(t, d);
}
#else
inline void checkAutocastDevice(c10::DeviceType t) {
  TORCH_CHECK(t == c10::DeviceType::CPU || t == c10::DeviceType::CUDA,
              "AutocastGuard supports cpu and cuda on this LibTorch, not ", t);
}
inline bool autocastEnabled(c10::DeviceType t) {
  checkAutocastDevice(t);
  return t == c10::DeviceType::CPU ? at::autocast::is_cpu_enabled() : at::autocast::is_enabled();
}
inline void setAutocastEnabled(c10::DeviceType t, bool on) {
  checkAutocastDevice(t);
  if (t == c10::DeviceType::CPU)
    at::autocast::set_cpu_enabled(on);
  else
    at::autocast::set_enabled(on);
}
inline c10::ScalarType autocastDtype(c10::DeviceType t) {
  checkAutocastDevice(t);
  return t == c10::DeviceType::CPU ? at::autocast::get_autocast_cpu_dtype()
                                   : at::autocast::get_autocast_gpu_dtype();
}
inline void setAutocastDtype(c10::DeviceType t, c10::ScalarType d) {
  checkAutocastDevice(t);
  if (t == c10::DeviceType::CPU)
    at::autocast::set_autocast_cpu_dtype(d);  // throws for kHalf in 1.13
  else
    at::autocast::set_autocast_gpu_dtype(d);
}
#endif

// CPU fp16: LibTorch 2.3+ has CPU kernels for fp16 matmul/softmax/layer norm and the optimizer's
// elementwise math, accepts kHalf for CPU autocast, and has CPU kernels for GradScaler's
// _amp_foreach_non_finite_check_and_unscale_ / _amp_update_scale_. 1.13 has none of these.
constexpr bool kCpuFp16Kernels = PRECISIONLAB_TORCH_AT_LEAST(2, 3);
constexpr bool kCpuAmpScalerOps = PRECISIONLAB_TORCH_AT_LEAST(2, 3);

// c10::optional became std::optional in 2.4; one alias for both, used by the wrappers below.
#if PRECISIONLAB_TORCH_AT_LEAST(2, 4)
using OptionalTensor = std::optional<at::Tensor>;
inline constexpr auto kNoTensor = std::nullopt;
#else
using OptionalTensor = c10::optional<at::Tensor>;
inline constexpr auto kNoTensor = c10::nullopt;
#endif

// Fused scaled-dot-product attention (2.1+, the first with a `scale` argument); callers keep an
// op-by-op path for 1.13.
constexpr bool kHasSdpa = PRECISIONLAB_TORCH_AT_LEAST(2, 1);
inline at::Tensor scaledDotProductAttention(const at::Tensor& q, const at::Tensor& k,
                                            const at::Tensor& v, const at::Tensor& additiveMask,
                                            double dropout, double scale) {
#if PRECISIONLAB_TORCH_AT_LEAST(2, 1)
  OptionalTensor mask;
  if (additiveMask.defined()) mask = additiveMask.to(q.scalar_type());
  return at::scaled_dot_product_attention(q, k, v, mask, dropout, /*is_causal=*/false, scale);
#else
  (void)q, (void)k, (void)v, (void)additiveMask, (void)dropout, (void)scale;
  TORCH_CHECK(false, "scaled_dot_product_attention needs LibTorch 2.1");
#endif
}

// One fused AdamW kernel over a group of CUDA tensors (2.1+), the kernel behind
// torch.optim.AdamW(fused=True). state_steps are 0-dim float tensors the caller has incremented.
// found_inf (optional, defined) makes the kernel skip the update on the device when the
// GradScaler found inf/NaN, without a host read. Returns false where there is no such kernel.
constexpr bool kHasFusedAdamW = PRECISIONLAB_TORCH_AT_LEAST(2, 1);
inline bool fusedAdamW(std::vector<at::Tensor>& params, std::vector<at::Tensor>& grads,
                       std::vector<at::Tensor>& expAvgs, std::vector<at::Tensor>& expAvgSqs,
                       std::vector<at::Tensor>& steps, double lr, double beta1, double beta2,
                       double weightDecay, double eps, const at::Tensor& foundInf) {
#if PRECISIONLAB_TORCH_AT_LEAST(2, 1)
  OptionalTensor inf;
  if (foundInf.defined()) inf = foundInf;
  at::_fused_adamw_(params, grads, expAvgs, expAvgSqs, /*max_exp_avg_sqs=*/{}, steps, lr, beta1,
                    beta2, weightDecay, eps, /*amsgrad=*/false, /*maximize=*/false,
                    /*grad_scale=*/kNoTensor, inf);
  return true;
#else
  (void)params, (void)grads, (void)expAvgs, (void)expAvgSqs, (void)steps, (void)lr, (void)beta1,
      (void)beta2, (void)weightDecay, (void)eps, (void)foundInf;
  return false;
#endif
}

// Multiplies every tensor in place by a 0-dim tensor without a host sync (gradient clipping):
// one foreach kernel on 2.1+ (_foreach_mul_.Tensor), one mul_ per tensor on 1.13.
inline void foreachMulInPlace(std::vector<at::Tensor>& tensors, const at::Tensor& factor) {
#if PRECISIONLAB_TORCH_AT_LEAST(2, 1)
  at::_foreach_mul_(tensors, factor);
#else
  for (auto& t : tensors) t.mul_(factor.to(t.scalar_type()));
#endif
}

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

// c10d (data-parallel training, training/DataParallel.cpp only: its headers are costly, so they
// are read where PRECISIONLAB_COMPAT_C10D is defined before this header). Gloo's headers come
// from libgloo-dev on Debian (PRECISIONLAB_WITH_GLOO, set by CMake when found).
#if defined(PRECISIONLAB_COMPAT_C10D) && defined(PRECISIONLAB_WITH_GLOO)
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
// NCCL's own header (nccl.h) comes with the PyPI wheel's nvidia-nccl package, not with torch:
// PRECISIONLAB_WITH_NCCL is set by CMake when a CUDA LibTorch and nccl.h are both found.
#ifdef PRECISIONLAB_WITH_NCCL
#ifndef USE_C10D_NCCL
#define USE_C10D_NCCL
#endif
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

namespace precisionlab::compat {

// What a process group's collectives are called on: 1.13's ProcessGroupGloo/NCCL are
// c10d::ProcessGroups; 2.0 split the backends off as c10d::Backend (same allreduce/broadcast).
#if PRECISIONLAB_TORCH_AT_LEAST(2, 0)
using CollectiveBackend = c10d::Backend;
#else
using CollectiveBackend = c10d::ProcessGroup;
#endif

// TCPStore's libuv server (2.2+) is its default from 2.4, but Debian's 2.6 is built without
// libuv support and refuses it ("use_libuv was requested but PyTorch was build without libuv
// support"): the classic socket server everywhere, set where the option exists (not in 1.13).
template <typename O>
auto useClassicStoreServer(O& options, int) -> decltype(options.useLibUV = false, void()) {
  options.useLibUV = false;
}
template <typename O>
void useClassicStoreServer(O&, long) {}
inline void useClassicStoreServer(c10d::TCPStoreOptions& options) {
  useClassicStoreServer(options, 0);
}

#ifdef PRECISIONLAB_WITH_NCCL
// ProcessGroupNCCL's options: 1.13 and 2.x both take the timeout as the base options' member.
inline c10::intrusive_ptr<CollectiveBackend> makeNcclGroup(
    const c10::intrusive_ptr<c10d::Store>& store, int rank, int size,
    std::chrono::milliseconds timeout) {
  auto options = c10d::ProcessGroupNCCL::Options::create();
  options->timeout = timeout;
  return c10::make_intrusive<c10d::ProcessGroupNCCL>(store, rank, size, options);
}
#endif

}  // namespace precisionlab::compat
#endif
