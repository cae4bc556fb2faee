// `precisionlab-cli record`: runs the seed question's options through the RunScheduler, as the
// lab does (interleaved, each step timed alone), and saves each as a run file (.plrun) for
// replay. The provenance in each file comes from the engine (the device the run really used),
// so a file that says GPU can only come from a GPU.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <thread>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/TrainingOptions.h"
#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/RunScheduler.h"

namespace precisionlab::cli {
namespace {

struct PlannedRun {
  std::string file;  // file name without the suffix
  RunLog log;        // scenario, label and settings from the table
};

// How each scenario trains comes from the engine's one scenario table (LabScenarios), so a
// recording of the tuning option sweeps the same learning rates as the live lab. A sweep writes one
// file per trial.
std::vector<PlannedRun> plan(const std::string& id, const TrainConfig& base) {
  const LabScenario scenario = LabScenarios::make(id, base);
  std::vector<PlannedRun> out;
  for (size_t t = 0; t < scenario.runs.size(); ++t) {
    const std::string file = scenario.isSweep ? id + "-trial" + std::to_string(t + 1) : scenario.id;
    out.push_back({file, LabScenarios::plan({RunOrigin::Trained, 0}, scenario, t)});
  }
  return out;
}

std::vector<std::string> splitComma(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string part; std::getline(ss, part, ',');)
    if (!part.empty()) out.push_back(part);
  return out;
}

// Defaults are the live lab's, so a shipped recording is the run a learner would start.
TrainConfig recordBase() {
  TrainConfig c = LabScenarios::defaultBase();
  c.device = "cpu";
  c.dataPath.clear();
  return c;
}

ArgParser makeParser() {
  ArgParser p("record", "train the lab's options and save them as .plrun files");
  p.describe(
      "Runs the seed question's options as the lab does (interleaved, each step timed alone)\n"
      "and saves each run as a .plrun file for `replay` and the app; a sweep writes one file\n"
      "per trial. The defaults are the live lab's; --lr is the base the tuning sweep scales.");
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
    ids = splitComma(p.text("scenarios", ""));
  } else {
    for (const auto& spec : scenarioTable()) ids.push_back(spec.id);
  }
  std::vector<PlannedRun> runs;
  for (const std::string& id : ids) {
    std::vector<PlannedRun> planned;
    try {
      planned = plan(id, base);
    } catch (const InputError& e) {
      p.fail("scenarios", e.what());
    }
    for (PlannedRun& r : planned) runs.push_back(std::move(r));
  }

  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec)
    p.fail("out", "cannot create the folder " + out + ": " + AtomicFileWriter::reason(ec.value()));

  RunScheduler scheduler(RunScheduler::labWorkers());
  std::map<RunId, size_t> index;
  std::vector<RunRecording> recordings(runs.size());
  for (size_t i = 0; i < runs.size(); ++i) {
    RunLog& log = recordings[i];
    log = runs[i].log;
    log.key.id = scheduler.add(log.config, log.label);
    index[log.key.id] = i;
  }
  std::printf("recording %zu runs on %s (%s, %lld steps each)\n", runs.size(), base.device.c_str(),
              base.preset.c_str(), static_cast<long long>(base.steps));
  auto collect = [&] {
    for (const RunUpdate& u : scheduler.drain()) {
      RunRecording& r = recordings[index.at(u.id)];
      const size_t before = r.steps.size();
      r.apply(u);
      if (r.steps.size() / 10 != before / 10 || u.state == RunState::Finished ||
          u.state == RunState::Failed)
        std::printf("  %-34s %-9s step %4zu/%lld\n", u.label.c_str(), runStateName(u.state),
                    r.steps.size(), static_cast<long long>(r.totalSteps));
    }
  };
  while (!scheduler.idle()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    collect();
  }
  collect();
  for (size_t i = 0; i < runs.size(); ++i) {
    RunRecording& r = recordings[i];
    r.libraries = {{"libtorch", r.provenance.torchVersion}, {"compiler", __VERSION__}};
    const std::string path = out + "/" + runs[i].file + std::string(RunRecording::kFileSuffix);
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
