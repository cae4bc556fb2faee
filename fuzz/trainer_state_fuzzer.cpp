// libFuzzer target for Hugging Face trainer_state.json (core/TrainerStateImport::fromText):
// any input gives a run recording the run-file reader accepts (steps within kMaxSteps, in
// order, step times within an hour) or an InputError, never a crash or a sanitizer report. Core
// only (no Qt, no torch).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/EngineError.h"
#include "core/TrainerStateImport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace precisionlab;
  try {
    const RunRecording r = TrainerStateImport::fromText(
        std::string_view(reinterpret_cast<const char*>(data), size), "trainer_state.json", {});
    if (r.steps.empty() || r.totalSteps < 1 || r.totalSteps > kMaxSteps) std::abort();
    for (size_t i = 0; i < r.steps.size(); ++i)
      if (r.steps[i].step < 1 || r.steps[i].step > r.totalSteps ||
          (i > 0 && r.steps[i].step <= r.steps[i - 1].step) || !(r.steps[i].stepMs >= 0) ||
          r.steps[i].stepMs > kMaxRecordedStepMs)
        std::abort();
  } catch (const InputError&) {
  }
  return 0;
}
