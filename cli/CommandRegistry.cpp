#include "cli/CommandRegistry.h"

#include <algorithm>
#include <cstring>

namespace precisionlab::cli {

namespace {
// A function-local static, so registration from other files' static initialisers is safe.
std::vector<Command>& registry() {
  static std::vector<Command> all;
  return all;
}
}  // namespace

bool registerCommand(const Command& command) {
  registry().push_back(command);
  return true;
}

std::vector<Command> commands() {
  auto all = registry();
  std::sort(all.begin(), all.end(),
            [](const Command& a, const Command& b) { return std::strcmp(a.name, b.name) < 0; });
  return all;
}

}  // namespace precisionlab::cli
