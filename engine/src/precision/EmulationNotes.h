// Provenance wording shared by the emulated policies, so every emulated run says the same thing
// about what its speed and memory figures mean.
#pragma once

namespace precisionlab::emulationnotes {

inline constexpr const char* kSpeedNotMeasurable =
    "Speed and memory are those of fp32 kernels plus rounding, not of fp16: compare speed with "
    "the live bf16-amp run here, or run on a GPU.";

}  // namespace precisionlab::emulationnotes
