// The CLI's subcommands. Each command lives in its own file and registers itself with
// PRECISIONLAB_CLI_COMMAND, so adding one never touches main.cpp.
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

// A command gets its arguments after the command name and returns the process exit code.
using CommandFunction = int (*)(const std::vector<std::string>& args);

struct Command {
  const char* name;
  const char* summary;  // one line for `precisionlab-cli --help`
  CommandFunction run;
  bool hidden;  // left out of --help (benchmark helpers)
};

// Sorted by name.
std::vector<Command> commands();
bool registerCommand(const Command& command);

}  // namespace precisionlab::cli

#define PRECISIONLAB_CLI_COMMAND(id, name, summary, function, hidden) \
  namespace {                                                         \
  const bool kRegistered_##id = ::precisionlab::cli::registerCommand( \
      ::precisionlab::cli::Command{name, summary, function, hidden}); \
  }
