// The build and machine facts the config validator (core/ConfigValidator.h) checks a config
// against, for this process: its cores, this LibTorch's CPU fp16 kernels and its CUDA devices
// (probed only when a CUDA device is asked for). Defined on the torch side, so core stays
// torch-free; every front end validates with validate(config, trainEnvironment()).
#pragma once

#include "core/ConfigValidator.h"

namespace precisionlab {

ConfigEnvironment trainEnvironment();

// True when this LibTorch build has CPU fp16 kernels, CPU fp16 autocast and CPU GradScaler ops.
bool cpuFp16KernelsAvailable();

}  // namespace precisionlab
