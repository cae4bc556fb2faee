// precisionlab-cli: dispatches to the subcommands registered in their own files. Parsing, -h /
// --help, -V / --version and the error format live here once for every command:
//   usage errors    "precisionlab-cli <command>: <message>" + a hint to --help, exit code 2;
//   runtime errors  "precisionlab-cli <command>: <message>", exit code 1.
// Every exception a command lets through (bad input, out of memory, a LibTorch error, anything)
// ends here as one message on stderr, never as an abort.
//
// Built twice (cli/CMakeLists.txt): as precisionlab-cli, the light front the user runs, without
// LibTorch (PRECISIONLAB_CLI_FRONT), which runs the quiz and file commands itself and hands the
// commands that need LibTorch (EngineCommands.h) to precisionlab-cli-engine with exec(); and as
// that engine, the full CLI linked with LibTorch.
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
#ifdef PRECISIONLAB_CLI_FRONT
#include "cli/EngineCommands.h"
#include "core/ExceptionText.h"
#include "core/PretrainedModels.h"
#else
#include "engine/BlasKernels.h"
#include "engine/BuildInfo.h"
#include "engine/ExceptionText.h"
#endif

namespace {

using precisionlab::cli::kExitUsage;

struct Listed {
  std::string name, summary;
  bool hidden;
};

// Every command, sorted by name: the registered ones and, in the front, the engine's.
std::vector<Listed> listedCommands() {
  std::vector<Listed> all;
  for (const auto& c : precisionlab::cli::commands())
    all.push_back({c.name, c.hidden ? std::string() : c.options().summary(), c.hidden});
#ifdef PRECISIONLAB_CLI_FRONT
  for (const auto& c : precisionlab::cli::engineCommands())
    all.push_back({c.name, c.summary, c.hidden});
  std::sort(all.begin(), all.end(),
            [](const Listed& a, const Listed& b) { return a.name < b.name; });
#endif
  return all;
}

void printUsage(std::ostream& out) {
  out << "Usage: precisionlab-cli <command> [options] [arguments]\n"
         "  or:  precisionlab-cli --help | --version\n\n"
         "Fine-tunes BERT classifiers with LibTorch under each precision option of the\n"
         "seed question, compares them, and converts question banks, runs and checkpoints.\n\n"
         "Commands:\n";
  for (const Listed& c : listedCommands())
    if (!c.hidden)
      out << "  " << c.name << std::string(22 - std::min<size_t>(20, c.name.size()), ' ')
          << c.summary << "\n";
  out << "\nOptions:\n"
         "  -h, --help            show this help and exit\n"
         "  -V, --version         show the version and what this build runs on, and exit\n\n"
         "Every command takes -h/--help and -V/--version; `precisionlab-cli <command>\n"
         "--help` describes its options (--name VALUE or --name=VALUE; -- ends them).\n\n"
      << precisionlab::cli::exitStatusText();
}

#ifdef PRECISIONLAB_CLI_FRONT
// What the front knows without loading LibTorch: the version it was built against; the engine
// (`precisionlab-cli train --version`) says what it loads and finds.
void printVersion() {
  std::string engine;
  for (const auto& c : precisionlab::cli::engineCommands())
    if (!c.hidden) engine += (engine.empty() ? "" : ", ") + std::string(c.name);
  const std::string miniLm = precisionlab::PretrainedModels::findMiniLm();
  std::cout << "precisionlab-cli " << PROJECT_VERSION_STRING << "\n"
            << "LibTorch " << PRECISIONLAB_TORCH_VERSION_STRING
            << (PRECISIONLAB_TORCH_CUDA ? " (CUDA support compiled in)"
                                        : " (CPU only: no CUDA support compiled in)")
            << ", loaded only by " << engine
            << " (`precisionlab-cli train --version` shows the BLAS, threads and CUDA device it "
               "runs with)\n"
            << "Pretrained MiniLM: "
            << (miniLm.empty() ? std::string("not installed (the lab trains the built-in tiny BERT "
                                             "from random weights)")
                               : miniLm)
            << "\n";
}
#else
void printVersion() {
  std::cout << "precisionlab-cli " << PROJECT_VERSION_STRING << "\n"
            << precisionlab::buildInfoText();
}
#endif

// The message for the exception being handled.
std::string currentExceptionText() {
#ifdef PRECISIONLAB_CLI_FRONT
  return precisionlab::describeStandardException();
#else
  return precisionlab::describeCurrentException();
#endif
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
#ifndef PRECISIONLAB_CLI_FRONT
  precisionlab::selectBlasKernels(argc, argv);  // before any work: it may re-execute the CLI
#endif
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
#ifdef PRECISIONLAB_CLI_FRONT
  if (*precisionlab::cli::engineCommandSummary(first) != '\0')
    return precisionlab::cli::runInEngine(first, argv);
#endif
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
                << precisionlab::escapeForTerminal(currentExceptionText(),
                                                   precisionlab::NewlinePolicy::Keep)
                << "\n";
      return precisionlab::cli::kExitFailure;
    }
  }
  std::vector<std::string> names;
  for (const Listed& c : listedCommands()) names.push_back(c.name);
  return usageError(
      "", "unknown command '" + first + "'" + precisionlab::cli::didYouMean(first, names));
}
