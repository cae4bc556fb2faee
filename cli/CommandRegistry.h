// The CLI's subcommands. Each command lives in its own file and registers itself with
// PRECISIONLAB_CLI_COMMAND: a function that declares its options (an ArgParser) and one that runs
// it with the parsed arguments. The dispatcher (main.cpp) parses, answers --help and --version
// and reports usage errors for every command alike; --help, the man page and bash completion are
// generated from the same option tables, so adding a command never touches main.cpp.
#pragma once

#include <string>
#include <vector>

#include "cli/ArgParser.h"

namespace precisionlab::cli {

// Returns the process exit code (ArgParser.h: kExitOk, kExitFailure, ...). Throws UsageError for
// a bad value the parser could not see (a setting out of range); anything else it throws is a
// runtime error (exit 1).
using CommandFunction = int (*)(const ArgParser& args);
using OptionsFunction = ArgParser (*)();

struct Command {
  const char* name;
  OptionsFunction options;  // the command's parser, with its summary, options and positionals
  CommandFunction run;
  bool hidden;  // left out of --help (helpers such as `completion`)
};

// Sorted by name.
std::vector<Command> commands();
bool registerCommand(const Command& command);

}  // namespace precisionlab::cli

#define PRECISIONLAB_CLI_COMMAND(id, name, options, function, hidden) \
  namespace {                                                         \
  const bool kRegistered_##id = ::precisionlab::cli::registerCommand( \
      ::precisionlab::cli::Command{name, options, function, hidden}); \
  }
