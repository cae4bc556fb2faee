#include "precision/PrecisionForwardScope.h"

namespace precisionlab {

PrecisionForwardScope::PrecisionForwardScope(c10::DeviceType deviceType, c10::ScalarType dtype) {
  autocast_.emplace(deviceType, dtype);
}

PrecisionForwardScope::PrecisionForwardScope(fp16emu::Fp16Scope depth) {
  castMode_.emplace(ops::CastMode::EmulateFp16);
  depth_.emplace(depth);
}

}  // namespace precisionlab
