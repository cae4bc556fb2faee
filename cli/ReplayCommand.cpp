// `precisionlab-cli replay FILE.plrun... [--speed X]`: plays run files back through the
// RunReplayer, as the lab does, and prints progress and a summary labelled with where and when
// each run was recorded. Also the quickest check that a run file is intact.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <thread>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "core/RunReplayer.h"
#include "core/TerminalText.h"

namespace precisionlab::cli {
namespace {

ArgParser makeParser() {
  ArgParser p("replay", "play recorded .plrun files back and summarise them");
  p.describe(
      "Plays recorded runs back at their recorded step times divided by --speed and prints a\n"
      "summary labelled with where and when each run was recorded; the quickest check that a run\n"
      "file is intact (exit status 1 for a damaged file).");
  p.positional("FILE.plrun", "run files", 1, ArgParser::kMany);
  p.option("speed", "X", "replay speed factor, at least 0.01; 0 = as fast as possible (default 1)");
  return p;
}

int runReplay(const ArgParser& p) {
  const std::vector<std::string>& files = p.positionals();
  const double speed = p.number("speed", 1.0);
  // Negative speeds have no meaning; below 0.01 a replay would take days.
  if (speed < 0 || (speed != 0 && speed < 0.01))
    p.fail("speed",
           "expects 0 (no pacing) or a factor of at least 0.01, got '" + p.text("speed", "") + "'");
  try {
    // Speed 0 means no pacing: an infinite factor releases every step on the first drain.
    RunReplayer replayer(speed > 0 ? speed : std::numeric_limits<double>::infinity());
    // What the replay released, one run log each, as the lab would hold it.
    std::map<RunId, RunLog> replayed;
    for (const std::string& f : files) {
      RunRecording r = readRunRecording(f);
      RunLog& log = replayed[replayer.add(r)];
      log.label = r.label;
    }
    while (!replayer.idle()) {
      for (const RunUpdate& u : replayer.drain()) {
        RunLog& log = replayed[u.id];
        const size_t before = log.steps.size();
        log.apply(u);
        if (log.steps.size() > before &&
            (log.steps.size() % 10 == 0 || u.state != RunState::Running))
          std::printf("  %-34s step %4zu/%lld  loss %.4f\n", escapeForTerminal(log.label).c_str(),
                      log.steps.size(), static_cast<long long>(log.totalSteps),
                      log.steps.back().loss);
      }
      if (speed > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::printf("\n%-34s %-10s %10s %10s %8s  %s\n", "run", "state", "ms/step", "final loss",
                "val acc", "provenance");
    for (const auto& [id, log] : replayed) {
      const RunSummary s = log.summary();
      std::printf(
          "%-34s %-10s %10.1f %10.4f %8s  %s\n", escapeForTerminal(log.label).c_str(),
          runStateName(log.state), s.medianStepMs, s.finalLoss,
          s.finalValAccuracy < 0 ? "-" : std::to_string(s.finalValAccuracy).substr(0, 5).c_str(),
          escapeForTerminal(log.provenance.note).c_str());
    }
    return 0;
  } catch (const InputError& e) {
    std::fprintf(stderr, "precisionlab-cli replay: %s\n",
                 escapeForTerminal(e.what(), NewlinePolicy::Keep).c_str());
    return kExitFailure;
  }
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(replay, "replay", precisionlab::cli::makeParser,
                         precisionlab::cli::runReplay, false)
