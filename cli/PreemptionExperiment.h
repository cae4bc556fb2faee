// The preemption-and-resume experiment the `lab` command runs for --scenarios preemption-resume
// (docs/preemption-experiment.md): uninterrupted, SIGKILLed and resumed `train` children.
#pragma once

#include <ostream>
#include <string>

#include "core/TrainConfig.h"
#include "core/Verdict.h"

namespace precisionlab::cli {

// Runs the three children with `base` (checkpoints every steps/4 unless base says otherwise),
// prints the progress and the verdict to os and writes the records to outDir. Returns the exit
// status: 1 when the resume failed, else 0.
int runPreemptionExperiment(const TrainConfig& base, const std::string& outDir, std::ostream& os);

// The fewest steps the experiment can judge: the verdict's VerdictOptions::minSteps (20), which
// also leaves a checkpoint (every quarter) before the kill (at 3/5) and steps after it. Fewer
// throw a UsageError naming it, before any child starts: `--steps 1` printed "killed after step
// 3", then "NOT killed (it ended first)", then "killed before its first checkpoint".
void checkPreemptionSteps(int64_t steps);

}  // namespace precisionlab::cli
