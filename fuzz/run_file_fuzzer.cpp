// libFuzzer target for .plrun run files (parseRunRecording): any input is refused with
// InputError or accepted with every value in its bounds: a final end state, steps increasing
// up to totalSteps, step times an hour at most. Torch-free.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/EngineError.h"
#include "core/RunRecording.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  precisionlab::RunRecording r;
  try {
    r = precisionlab::parseRunRecording(text, "fuzz.plrun");
  } catch (const precisionlab::InputError&) {
    return 0;
  }
  using precisionlab::RunState;
  if (r.state != RunState::Finished && r.state != RunState::Failed &&
      r.state != RunState::Cancelled)
    std::abort();
  int64_t previous = 0;
  for (const auto& s : r.steps) {
    if (s.step <= previous || s.step > r.totalSteps || !(s.stepMs >= 0 && s.stepMs <= 3600000.0))
      std::abort();
    previous = s.step;
  }
  if (r.config.threads < 0 || r.config.threads > precisionlab::kMaxThreads) std::abort();
  return 0;
}
