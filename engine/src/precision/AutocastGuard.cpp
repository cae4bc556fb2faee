// Autocast guard: enables autocast for one device and dtype for its lifetime, restoring what was
// set before. The LibTorch 1.13 / 2.4+ difference in the autocast API is in TorchCompat.h.
#include "precision/AutocastGuard.h"

#include <ATen/autocast_mode.h>

#include "platform/TorchCompat.h"

namespace precisionlab {

AutocastGuard::AutocastGuard(c10::DeviceType deviceType, c10::ScalarType dtype, bool enabled)
    : deviceType_(deviceType),
      previousEnabled_(compat::autocastEnabled(deviceType)),
      previousDtype_(compat::autocastDtype(deviceType)) {
  // Set the dtype first: if the device refuses it (fp16 on 1.13 CPU) nothing has changed yet.
  compat::setAutocastDtype(deviceType_, dtype);
  compat::setAutocastEnabled(deviceType_, enabled);
  at::autocast::increment_nesting();
}

AutocastGuard::~AutocastGuard() {
  // Python's torch.autocast.__exit__: the cache lives as long as the outermost region.
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  compat::setAutocastEnabled(deviceType_, previousEnabled_);
  compat::setAutocastDtype(deviceType_, previousDtype_);
}

bool AutocastGuard::isEnabled(c10::DeviceType deviceType) {
  return compat::autocastEnabled(deviceType);
}

c10::ScalarType AutocastGuard::dtype(c10::DeviceType deviceType) {
  return compat::autocastDtype(deviceType);
}

}  // namespace precisionlab
