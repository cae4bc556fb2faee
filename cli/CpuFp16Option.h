// `--cpu-fp16 auto|emulate|real`, shared by the commands that start training runs (train, lab,
// bench, record): how fp16 runs compute on a CPU (TrainConfig::cpuFp16).
#pragma once

#include <string>

#include "cli/ArgParser.h"
#include "core/TrainConfig.h"

namespace precisionlab::cli {

void addCpuFp16Option(ArgParser& parser);
// Throws InputError naming the command and the option for a value that is not a mode.
void applyCpuFp16Option(const ArgParser& parser, TrainConfig& config, const std::string& command);

}  // namespace precisionlab::cli
