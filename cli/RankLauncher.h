// `train --nproc N`: the ranks of a data-parallel job on this machine, as torchrun starts them.
// Torch-free; Linux (prctl, /proc/self/exe).
//   - each rank is this binary run again with the same arguments and torchrun's environment
//     (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR=127.0.0.1, MASTER_PORT);
//   - every rank dies with this process: PR_SET_PDEATHSIG(SIGKILL) in the child before exec, so a
//     launcher killed with SIGKILL leaves no rank behind;
//   - each rank runs in a process group of its own, so a terminal's Ctrl-C reaches the launcher
//     alone, which passes it on once (the ranks stop after the same step); a second Ctrl-C is
//     passed on too (the ranks quit at once);
//   - when a rank fails (a non-zero exit or a signal), the others are stopped (SIGTERM, SIGKILL
//     after a grace period) and the launcher exits with that rank's status, naming it.
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

struct RankLaunch {
  int nproc = 2;
  int port = 0;  // 0: a free port of this machine, found by binding port 0
};

// The command line this process was started with (from /proc/self/cmdline), argv[0] included.
std::vector<std::string> ownCommandLine();

// `args` with --nproc N made --nproc 1: what each rank runs.
std::vector<std::string> rankCommandLine(const std::vector<std::string>& args);

// Starts the ranks (this command line, through rankCommandLine()), waits for them and returns the
// job's exit status. Throws std::runtime_error when a rank cannot be started.
int launchRanks(const RankLaunch& launch, const std::vector<std::string>& args);

// A TCP port no one listens on at 127.0.0.1 now (bound and released); 0 when none was found.
int freeLocalPort();

}  // namespace precisionlab::cli
