// `precisionlab-cli train`: one training run through the RunScheduler, with a progress bar on a
// terminal, one JSON line per step with --jsonl, or a log line every few steps otherwise.
// Ctrl-C cancels the run after the step in progress.
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

int runTrainCommand(const std::vector<std::string>& args);

}  // namespace precisionlab::cli
