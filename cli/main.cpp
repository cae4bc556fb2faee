// precisionlab-cli: dispatches to the subcommands registered in their own files. Parsing, -h /
// --help, -V / --version and the error format live here once for every command:
//   usage errors    "precisionlab-cli <command>: <message>" + a hint to --help, exit code 2;
//   runtime errors  "precisionlab-cli <command>: <message>", exit code 1.
// Every exception a command lets through (bad input, out of memory, a LibTorch error, anything)
// ends here as one message on stderr, never as an abort.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

#include "cli/CommandRegistry.h"
#include "cli/DidYouMean.h"
#include "core/AtomicFileWriter.h"
#include "core/TerminalText.h"
#include "engine/BlasKernels.h"
#include "engine/BuildInfo.h"
#include "engine/ExceptionText.h"

namespace {

using precisionlab::cli::kExitUsage;

void printUsage(std::ostream& out) {
  out << "Usage: precisionlab-cli <command> [options] [arguments]\n"
         "  or:  precisionlab-cli --help | --version\n\n"
         "Fine-tunes BERT classifiers with LibTorch under each precision option of the\n"
         "seed question, compares them, and converts question banks, runs and checkpoints.\n\n"
         "Commands:\n";
  for (const auto& c : precisionlab::cli::commands())
    if (!c.hidden) {
      const std::string name = c.name;
      out << "  " << name << std::string(22 - std::min<size_t>(20, name.size()), ' ')
          << c.options().summary() << "\n";
    }
  out << "\nOptions:\n"
         "  -h, --help            show this help and exit\n"
         "  -V, --version         show the version and what this build runs on, and exit\n\n"
         "Every command takes -h/--help and -V/--version; `precisionlab-cli <command>\n"
         "--help` describes its options (--name VALUE or --name=VALUE; -- ends them).\n\n"
      << precisionlab::cli::exitStatusText();
}

void printVersion() {
  std::cout << "precisionlab-cli " << PROJECT_VERSION_STRING << "\n"
            << precisionlab::buildInfoText();
}

// One line per line of the message, each with the prefix, then the hint.
int usageError(const std::string& command, const std::string& message) {
  std::cout.flush();
  const std::string prefix = "precisionlab-cli" + (command.empty() ? "" : " " + command) + ": ";
  std::istringstream lines(message);
  for (std::string line; std::getline(lines, line);)
    std::cerr << prefix << precisionlab::escapeForTerminal(line) << "\n";
  std::cerr << "Try 'precisionlab-cli" << (command.empty() ? "" : " " + command)
            << " --help' for more information.\n";
  return kExitUsage;
}

// Standard output is an output too: `precisionlab-cli manual > /dev/full`, or a redirection to a
// full disk or a read-only mount, ended in silence with exit status 0. What could not be written
// is said in words (the disk is full, ...) and the status is a failure.
int checkStandardOutput(const std::string& command, int status) {
  errno = 0;
  std::cout.flush();
  int err = errno;
  const bool flushFailed = std::fflush(stdout) != 0;
  if (err == 0 && flushFailed) err = errno;
  if (!flushFailed && std::ferror(stdout) == 0 && std::cout) return status;
  // A write that failed while the command ran left no errno to trust: ask the output again (an
  // empty write reports a full /dev/full, a closed pipe, ...).
  if (err == 0 && ::write(STDOUT_FILENO, "", 0) < 0) err = errno;
  if (err == 0) err = EIO;
  std::cerr << "precisionlab-cli" << (command.empty() ? "" : " " + command)
            << ": cannot write to standard output: " << precisionlab::AtomicFileWriter::reason(err)
            << "\n";
  return status == 0 ? precisionlab::cli::kExitFailure : status;
}

}  // namespace

int main(int argc, char** argv) {
  precisionlab::selectBlasKernels(argc, argv);  // before any work: it may re-execute the CLI
  if (argc < 2) {
    printUsage(std::cerr);
    return kExitUsage;
  }
  const std::string first = argv[1];
  if (first == "--help" || first == "-h") {
    printUsage(std::cout);
    return checkStandardOutput("", 0);
  }
  if (first == "--version" || first == "-V") {
    printVersion();
    return checkStandardOutput("", 0);
  }
  if (first.rfind("-", 0) == 0) return usageError("", "unknown option " + first);
  for (const auto& c : precisionlab::cli::commands()) {
    if (first != c.name) continue;
    try {
      precisionlab::cli::ArgParser parser = c.options();
      try {
        parser.parse(std::vector<std::string>(argv + 2, argv + argc));
      } catch (const precisionlab::cli::UsageError& e) {
        return usageError(c.name, e.what());
      }
      if (parser.helpRequested()) {
        std::cout << parser.help();
        return checkStandardOutput(c.name, 0);
      }
      if (parser.versionRequested()) {
        printVersion();
        return checkStandardOutput(c.name, 0);
      }
      const int status = c.run(parser);
      return checkStandardOutput(c.name, status);
    } catch (const precisionlab::cli::UsageError& e) {
      return usageError(c.name, e.what());
    } catch (...) {
      std::cout.flush();
      std::cerr << "precisionlab-cli " << c.name << ": "
                << precisionlab::escapeForTerminal(precisionlab::describeCurrentException(),
                                                   precisionlab::NewlinePolicy::Keep)
                << "\n";
      return precisionlab::cli::kExitFailure;
    }
  }
  std::vector<std::string> names;
  for (const auto& c : precisionlab::cli::commands()) names.push_back(c.name);
  return usageError(
      "", "unknown command '" + first + "'" + precisionlab::cli::didYouMean(first, names));
}
