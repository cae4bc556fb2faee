// `precisionlab-cli record`: runs the seed question's options through the lab's one driver
// (engine/LabSession.h: interleaved, each step timed alone, the fp32 baseline beside them) and
// saves each run as a run file (.plrun) for replay. The provenance in each file comes from the
// engine (the device the run really used), so a file that says GPU can only come from a GPU.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/CountText.h"
#include "cli/EngineCommands.h"
#include "cli/SessionLoop.h"
#include "cli/TrainingOptions.h"
#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/LabScenarios.h"
#include "core/OutputFolder.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/LabSession.h"

namespace precisionlab::cli {
namespace {

// Defaults are the live lab's, so a shipped recording is the run a learner would start.
TrainConfig recordBase() {
  TrainConfig c = LabScenarios::defaultBase();
  c.device = "cpu";
  c.dataPath.clear();
  return c;
}

ArgParser makeParser() {
  ArgParser p("record", engineCommandSummary("record"));
  p.describe(
      "Runs the seed question's options as the lab does (interleaved, each step timed alone)\n"
      "and saves each run as a .plrun file for `replay` and the app; a sweep writes one file\n"
      "per trial. The defaults are the live lab's; --lr is the base the tuning sweep scales.\n"
      "Ctrl-C cancels the runs and writes no file (a recording is a whole run; exit 130).");
  p.option("out", "DIR", "folder for the .plrun files (created if missing)", ValueHint::Directory);
  p.require("out");
  p.option("scenarios", "IDS",
           "comma-separated scenario ids (default: all of baseline-fp32, half-layers, "
           "tensorflow-container, vertex-hp-tuning, fp16-amp, bf16-amp, fp16-no-scaler)");
  using O = ConfigField;
  addTrainingOptions(p, recordBase(),
                     {O::Device, O::Preset, O::Steps, O::BatchSize, O::SeqLen, O::LearningRate,
                      O::EvalEvery, O::Threads, O::CpuFp16, O::DataPath});
  return p;
}

int runRecord(const ArgParser& p) {
  const std::string out = p.text("out", "");
  TrainConfig base = recordBase();
  applyTrainingOptions(p, base);
  checkTrainingConfig(p, base);  // not one file of a failed run per scenario
  std::vector<std::string> ids;
  if (p.has("scenarios")) {
    ids = scenarioIdList(p, "scenarios", p.text("scenarios", ""));
  } else {
    // The shipped set: the default lab (LabScenarios::defaultIds()) and fp16 without loss
    // scaling, which the window's "Inside fp16" figures replay.
    ids = LabScenarios::defaultIds();
    ids.push_back(std::string(scenario::kFp16NoScaler));
  }

  if (const std::string problem = makeOutputFolder(out); !problem.empty()) p.fail("out", problem);

  // The lab's own driver: the same runs, interleaving and baseline as `lab` and the window (a
  // recording set always holds its fp32 baseline, the reference of every recorded verdict).
  LabSession session;
  const LabSession::StartResult started = session.startAll(ids, base);
  if (!started.ok()) p.fail("scenarios", started.error);
  std::printf("recording %s on %s (%s, %s each)\n",
              countText(session.store().runs().size(), "run", "runs").c_str(), base.device.c_str(),
              base.preset.c_str(), countText(base.steps, "step", "steps").c_str());
  std::fflush(stdout);
  std::map<RunId, size_t> stepsShown;
  auto collect = [&](const std::vector<RunUpdate>& updates) {
    for (const RunUpdate& u : updates) {
      const TrackedRun* r = session.store().find({RunOrigin::Trained, u.id});
      if (!r) continue;
      size_t& before = stepsShown[u.id];
      if (r->steps.size() / 10 != before / 10 || u.state == RunState::Finished ||
          u.state == RunState::Failed) {
        std::printf("  %-34s %-9s step %4zu/%lld\n", u.label.c_str(), runStateName(u.state),
                    r->steps.size(), static_cast<long long>(r->totalSteps));
        std::fflush(stdout);  // a pipe or a log sees each line as it happens, not at the end
      }
      before = r->steps.size();
    }
  };
  SessionLoop loop;
  loop.onUpdates = collect;
  loop.onCancel = [] {
    std::fprintf(stderr,
                 "cancelling after the current steps; nothing is written (a recording is a "
                 "whole run)\n");
  };
  if (runSessionLoop(session, loop)) {
    std::printf("cancelled: no recording written\n");
    return kExitCancelled;
  }
  std::vector<RunRecording> recordings;
  std::vector<std::string> files;
  for (const std::string& id : session.scenarioIds()) {
    const std::vector<const TrackedRun*> runs = session.store().runsOf(id);
    for (size_t t = 0; t < runs.size(); ++t) {
      RunRecording r;
      static_cast<RunLog&>(r) = *runs[t];
      recordings.push_back(std::move(r));
      // A sweep writes one file per trial.
      files.push_back(runs[t]->isSweep ? id + "-trial" + std::to_string(t + 1) : id);
    }
  }
  for (size_t i = 0; i < recordings.size(); ++i) {
    RunRecording& r = recordings[i];
    r.libraries = {{"libtorch", r.provenance.torchVersion}, {"compiler", __VERSION__}};
    const std::string path = out + "/" + files[i] + std::string(RunRecording::kFileSuffix);
    if (r.provenance.device.empty()) r.provenance.device = r.config.device;
    writeRunRecording(path, r);
    std::printf("wrote %s (%s, %s on %s)\n", path.c_str(), runStateName(r.state),
                provenanceName(r.provenance.kind), r.provenance.device.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(record, "record", precisionlab::cli::makeParser,
                         precisionlab::cli::runRecord, false)
