// RAII autocast, like Python's `with torch.autocast(device_type, dtype)`: LibTorch has no guard
// of its own. Autocast state is per thread and keeps a cache of low-precision copies of fp32
// leaf weights; the cache must be cleared when the outermost guard closes, otherwise the copy
// made before optimizer.step() is reused after it (stale weights). Open one guard per forward
// pass, on the thread that runs it. The LibTorch 1.13 / >= 2.4 API difference lives in the .cpp.
#pragma once

#include <c10/core/DeviceType.h>
#include <c10/core/ScalarType.h>

namespace precisionlab {

class AutocastGuard {
 public:
  // dtype: kBFloat16 (CPU or CUDA) or kHalf (CUDA; LibTorch 1.13's CPU autocast refuses it).
  AutocastGuard(c10::DeviceType deviceType, c10::ScalarType dtype, bool enabled = true);
  ~AutocastGuard();
  AutocastGuard(const AutocastGuard&) = delete;
  AutocastGuard& operator=(const AutocastGuard&) = delete;

  // Current thread state for `deviceType`, through the same compatibility layer.
  static bool isEnabled(c10::DeviceType deviceType);
  static c10::ScalarType dtype(c10::DeviceType deviceType);

 private:
  c10::DeviceType deviceType_;
  bool previousEnabled_;
  c10::ScalarType previousDtype_;
};

}  // namespace precisionlab
