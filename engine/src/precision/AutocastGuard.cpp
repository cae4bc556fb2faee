// Autocast guard with the LibTorch version difference kept in the AutocastCompat block below:
// 1.13 has one setter pair per device (set_enabled for CUDA, set_cpu_enabled for CPU); 2.4
// replaced them with device-typed functions and turned the old names into deprecated wrappers
// that warn on every call.
#include "precision/AutocastGuard.h"

#include <ATen/autocast_mode.h>
#include <c10/util/Exception.h>
#include <torch/version.h>

namespace precisionlab {

// ---- AutocastCompat -------------------------------------------------------------------------
namespace {

#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
bool compatIsEnabled(c10::DeviceType t) { return at::autocast::is_autocast_enabled(t); }
void compatSetEnabled(c10::DeviceType t, bool on) { at::autocast::set_autocast_enabled(t, on); }
c10::ScalarType compatDtype(c10::DeviceType t) { return at::autocast::get_autocast_dtype(t); }
void compatSetDtype(c10::DeviceType t, c10::ScalarType d) {
  at::autocast::set_autocast_dtype(t, d);
}
#else
void checkSupported(c10::DeviceType t) {
  TORCH_CHECK(t == c10::DeviceType::CPU || t == c10::DeviceType::CUDA,
              "AutocastGuard supports cpu and cuda on this LibTorch, not ", t);
}
bool compatIsEnabled(c10::DeviceType t) {
  checkSupported(t);
  return t == c10::DeviceType::CPU ? at::autocast::is_cpu_enabled() : at::autocast::is_enabled();
}
void compatSetEnabled(c10::DeviceType t, bool on) {
  checkSupported(t);
  if (t == c10::DeviceType::CPU)
    at::autocast::set_cpu_enabled(on);
  else
    at::autocast::set_enabled(on);
}
c10::ScalarType compatDtype(c10::DeviceType t) {
  checkSupported(t);
  return t == c10::DeviceType::CPU ? at::autocast::get_autocast_cpu_dtype()
                                   : at::autocast::get_autocast_gpu_dtype();
}
void compatSetDtype(c10::DeviceType t, c10::ScalarType d) {
  checkSupported(t);
  if (t == c10::DeviceType::CPU)
    at::autocast::set_autocast_cpu_dtype(d);  // throws for kHalf in 1.13
  else
    at::autocast::set_autocast_gpu_dtype(d);
}
#endif

}  // namespace
// ---- end AutocastCompat ---------------------------------------------------------------------

AutocastGuard::AutocastGuard(c10::DeviceType deviceType, c10::ScalarType dtype, bool enabled)
    : deviceType_(deviceType),
      previousEnabled_(compatIsEnabled(deviceType)),
      previousDtype_(compatDtype(deviceType)) {
  // Set the dtype first: if the device refuses it (fp16 on 1.13 CPU) nothing has changed yet.
  compatSetDtype(deviceType_, dtype);
  compatSetEnabled(deviceType_, enabled);
  at::autocast::increment_nesting();
}

AutocastGuard::~AutocastGuard() {
  // Python's torch.autocast.__exit__: the cache lives as long as the outermost region.
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  compatSetEnabled(deviceType_, previousEnabled_);
  compatSetDtype(deviceType_, previousDtype_);
}

bool AutocastGuard::isEnabled(c10::DeviceType deviceType) { return compatIsEnabled(deviceType); }

c10::ScalarType AutocastGuard::dtype(c10::DeviceType deviceType) { return compatDtype(deviceType); }

}  // namespace precisionlab
