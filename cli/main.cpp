// precisionlab-cli: dispatches to the subcommands registered in their own files. Every exception
// a command lets through (bad input, out of memory, a LibTorch error, anything) ends here as one
// message on stderr and exit code 1, never as an abort.
#include <cstring>
#include <iostream>

#include "cli/CommandRegistry.h"
#include "engine/BuildInfo.h"
#include "engine/ExceptionText.h"

namespace {

void printUsage(std::ostream& out) {
  out << "usage: precisionlab-cli <command> [options]\n\ncommands:\n";
  for (const auto& c : precisionlab::cli::commands())
    if (!c.hidden)
      out << "  " << c.name << std::string(12 - std::min<size_t>(11, std::strlen(c.name)), ' ')
          << c.summary << "\n";
  out << "\n`precisionlab-cli <command> --help` describes a command's options;"
         " `precisionlab-cli --version` what it was built against.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    printUsage(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  if (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "-V") == 0) {
    std::cout << "precisionlab-cli " << PROJECT_VERSION_STRING << "\n"
              << precisionlab::buildInfoText();
    return 0;
  }
  for (const auto& c : precisionlab::cli::commands()) {
    if (std::strcmp(argv[1], c.name) != 0) continue;
    try {
      return c.run(std::vector<std::string>(argv + 2, argv + argc));
    } catch (...) {
      std::cout.flush();
      std::cerr << "precisionlab-cli " << c.name << ": " << precisionlab::describeCurrentException()
                << "\n";
      return 1;
    }
  }
  std::cerr << "precisionlab-cli: unknown command '" << argv[1] << "'\n\n";
  printUsage(std::cerr);
  return 2;
}
