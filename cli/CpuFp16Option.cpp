#include "cli/CpuFp16Option.h"

#include "core/EngineError.h"

namespace precisionlab::cli {

void addCpuFp16Option(ArgParser& parser) {
  parser.add("cpu-fp16", "MODE",
             std::string("fp16 runs on a CPU: emulate (round to fp16, fp32 arithmetic: numerics "
                         "only), real (fp16 kernels: live numerics and memory, LibTorch 2.x), or "
                         "auto (real only on CPUs with fp16 units); default auto") +
                 (cpuFp16KernelsAvailable() ? "" : "; this build has LibTorch 1.13: emulate only"));
}

void applyCpuFp16Option(const ArgParser& parser, TrainConfig& config, const std::string& command) {
  if (!parser.has("cpu-fp16")) return;
  const std::string value = parser.text("cpu-fp16", "");
  if (!parseCpuFp16(value, &config.cpuFp16))
    throw InputError(command + ": --cpu-fp16 '" + value +
                     "' is not a mode: use auto, emulate or real");
}

}  // namespace precisionlab::cli
