// The commands that need LibTorch (they train, load a model or check a setting against the
// LibTorch this build runs) and the build helpers that describe every command. They run in
// precisionlab-cli-engine, the full CLI linked with the engine; `precisionlab-cli`, the light
// front the user types (no LibTorch, so --version, --help, bank, progress and the other quiz and
// file commands start at once), lists them in its --help and hands them over with exec()
// (EngineForward.cpp). Their one-line summaries live here, for both executables.
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

struct EngineCommandName {
  const char* name;
  const char* summary;
  bool hidden;
};

// Sorted by name.
const std::vector<EngineCommandName>& engineCommands();
// The summary of the engine command `name`; "" when it is none.
const char* engineCommandSummary(const std::string& name);

// The front only (EngineForward.cpp): runs the engine executable with these arguments in place
// of this process; returns (exit status 1, a message on standard error naming where it looked)
// only when the engine cannot be started.
int runInEngine(const std::string& command, char** argv);

}  // namespace precisionlab::cli
