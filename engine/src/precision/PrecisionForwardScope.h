// What a precision policy holds open during one forward pass: a real autocast region (bf16 on
// CPU or CUDA, fp16 on CUDA) or emulated fp16 (cast mode + emulation depth) on a CPU without
// fp16 kernels. Closing it clears autocast's weight cache (AutocastGuard) and restores the
// thread's previous modes.
#pragma once

#include <optional>

#include "precision/AutocastGuard.h"
#include "precision/Fp16Emulation.h"
#include "precision/PrecisionOps.h"
#include "precision/PrecisionPolicy.h"

namespace precisionlab {

class PrecisionForwardScope : public ForwardScope {
 public:
  // Real autocast to `dtype` on `deviceType`.
  PrecisionForwardScope(c10::DeviceType deviceType, c10::ScalarType dtype);
  // Emulated fp16 at the given depth (autocast's lists, or a whole half model).
  explicit PrecisionForwardScope(fp16emu::Fp16Scope depth);

 private:
  std::optional<AutocastGuard> autocast_;
  std::optional<ops::CastModeScope> castMode_;
  std::optional<fp16emu::Fp16ScopeGuard> depth_;
};

}  // namespace precisionlab
