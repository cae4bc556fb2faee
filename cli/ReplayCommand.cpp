// `precisionlab-cli replay FILE.plrun... [--speed X]`: plays run files back through the
// RunReplayer, as the lab does, and prints progress and a summary labelled with where and when
// each run was recorded. Also the quickest check that a run file is intact.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <thread>

#include "cli/CommandRegistry.h"
#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "core/RunReplayer.h"
#include "core/TerminalText.h"

namespace precisionlab::cli {
namespace {

void usage(std::FILE* to) {
  std::fprintf(
      to,
      "usage: precisionlab-cli replay FILE.plrun... [--speed X]\n"
      "  Plays recorded runs back at their recorded step times divided by X (default 1;\n"
      "  0 = as fast as possible) and prints a summary. Exit status 1 for a damaged file.\n");
}

int runReplay(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  double speed = 1.0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      usage(stdout);
      return 0;
    }
    if (args[i] == "--speed" && i + 1 == args.size()) {
      std::fprintf(stderr, "error: --speed needs a value (0 = no pacing)\n");
      return 2;
    }
    if (args[i] == "--speed") {
      const std::string& value = args[++i];
      size_t used = 0;
      try {
        speed = std::stod(value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      // Negative or NaN speeds have no meaning; below 0.01 a replay would take days.
      if (value.empty() || used != value.size() || !std::isfinite(speed) ||
          (speed != 0 && speed < 0.01) || speed < 0) {
        std::fprintf(
            stderr, "error: --speed expects 0 (no pacing) or a factor of at least 0.01, got '%s'\n",
            escapeForTerminal(value).c_str());
        return 2;
      }
      continue;
    }
    if (args[i].rfind("--", 0) == 0) {
      std::fprintf(stderr, "error: unknown option %s\n", escapeForTerminal(args[i]).c_str());
      usage(stderr);
      return 2;
    }
    files.push_back(args[i]);
  }
  if (files.empty()) {
    usage(stderr);
    return 2;
  }
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
    std::fprintf(stderr, "error: %s\n", escapeForTerminal(e.what(), NewlinePolicy::Keep).c_str());
    return 1;
  }
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(replay, "replay", "play recorded .plrun files back and summarise them",
                         precisionlab::cli::runReplay, false)
