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
#include "cli/CpuFp16Option.h"
#include "cli/CommandRegistry.h"
#include "engine/EngineError.h"
#include "engine/RunRecording.h"
#include "engine/RunScheduler.h"
#include "engine/ScenarioIds.h"
#include "engine/TrainConfig.h"
#include "engine/src/TerminalText.h"

namespace precisionlab::cli {
namespace {

struct PlannedRun {
  std::string file;  // file name without the suffix
  std::string scenarioId;
  std::string label;
  TrainConfig config;
};

// How each scenario trains. Option C (tuning) is a sweep: one fp32 run per trial.
std::vector<PlannedRun> plan(const std::string& id, const TrainConfig& base) {
  auto run = [&](const std::string& file, const std::string& label, Precision p) {
    PlannedRun r{file, id, label, base};
    r.config.precision = p;
    return r;
  };
  if (id == scenario::kBaselineFp32) return {run(id, "fp32 baseline", Precision::Fp32)};
  if (id == scenario::kHalfLayers) return {run(id, "A: half-precision layers", Precision::HalfModel)};
  if (id == scenario::kTensorflowContainer)
    return {run(id, "B: TensorFlow container (fp32)", Precision::Fp32)};
  if (id == scenario::kFp16Amp) return {run(id, "D: fp16=True", Precision::Fp16Amp)};
  if (id == scenario::kBf16Amp) return {run(id, "bf16=True", Precision::Bf16Amp)};
  if (id == scenario::kFp16NoScaler)
    return {run(id, "fp16 without loss scaling", Precision::Fp16AmpNoScaler)};
  if (id == scenario::kVertexHpTuning) {
    std::vector<PlannedRun> trials;
    const double factors[] = {0.5, 1.0, 2.0};
    for (int t = 0; t < 3; ++t) {
      PlannedRun r = run(id + "-trial" + std::to_string(t + 1),
                         "C: tuning trial " + std::to_string(t + 1) + " (fp32)", Precision::Fp32);
      r.config.learningRate = base.learningRate * factors[t];
      trials.push_back(r);
    }
    return trials;
  }
  throw InputError("record: unknown scenario \"" + id + "\"");
}

std::vector<std::string> splitComma(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string part; std::getline(ss, part, ',');)
    if (!part.empty()) out.push_back(part);
  return out;
}

int runRecord(const std::vector<std::string>& args) {
  ArgParser p("record");
  p.add("out", "DIR", "folder for the .plrun files (created if missing)");
  p.add("scenarios", "IDS",
        "comma-separated scenario ids (default: baseline-fp32,half-layers,tensorflow-container,"
        "vertex-hp-tuning,fp16-amp,bf16-amp,fp16-no-scaler)");
  p.add("device", "DEV", "cpu, cuda or cuda:N (default cpu)");
  p.add("preset", "NAME", "model size: tiny, mini, small, medium, base (default tiny)");
  p.add("steps", "N", "optimizer steps per run (default 60)");
  p.add("batch-size", "N", "examples per step (default 16)");
  p.add("seq-len", "N", "tokens per example (default 64)");
  p.add("lr", "X", "peak learning rate (default 5e-4)");
  p.add("eval-every", "N", "validation every N steps (default 20)");
  p.addThreadOptions("0");
  addCpuFp16Option(p);
  p.add("data", "FILE", "CSV/TSV/JSONL dataset (default: the built-in one)");
  p.add("help", "", "show this help");
  try {
    p.parse(args);
    if (p.has("help")) {
      std::printf("%s", p.usage().c_str());
      return 0;
    }
    if (!p.has("out")) throw InputError("record: --out DIR is required");
    const std::string out = p.text("out", "");
    TrainConfig base;
    base.device = p.text("device", "cpu");
    base.preset = p.text("preset", "tiny");
    base.steps = p.integer("steps", 60);
    base.batchSize = p.integer("batch-size", 16);
    base.seqLen = p.integer("seq-len", 64);
    base.learningRate = p.number("lr", 5e-4);
    base.evalEvery = p.integer("eval-every", 20);
    base.threads = p.threads(0);
    base.oversubscribe = p.has("oversubscribe");
    applyCpuFp16Option(p, base, "record");
    base.dataPath = p.text("data", "");
    checkTrainConfig(base, "record");  // not one file of a failed run per scenario
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) throw InputError(out + ": cannot create the folder: " + ec.message());

    std::vector<std::string> ids;
    if (p.has("scenarios")) {
      ids = splitComma(p.text("scenarios", ""));
    } else {
      for (auto id : scenario::kAll) ids.emplace_back(id);
    }
    std::vector<PlannedRun> runs;
    for (const std::string& id : ids)
      for (PlannedRun& r : plan(id, base)) runs.push_back(std::move(r));

    RunScheduler scheduler;
    std::map<RunId, size_t> index;
    std::vector<RunRecording> recordings(runs.size());
    for (size_t i = 0; i < runs.size(); ++i) {
      index[scheduler.add(runs[i].config, runs[i].label)] = i;
      recordings[i].scenarioId = runs[i].scenarioId;
      recordings[i].label = runs[i].label;
      recordings[i].config = runs[i].config;
    }
    std::printf("recording %zu runs on %s (%s, %lld steps each)\n", runs.size(), base.device.c_str(),
                base.preset.c_str(), static_cast<long long>(base.steps));
    auto collect = [&] {
      for (const RunUpdate& u : scheduler.drain()) {
        RunRecording& r = recordings[index.at(u.id)];
        const size_t before = r.steps.size();
        r.append(u);
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
      if (r.provenance.device.empty()) r.provenance.device = runs[i].config.device;
      writeRunRecording(path, r);
      std::printf("wrote %s (%s, %s on %s)\n", path.c_str(), runStateName(r.endState),
                  provenanceName(r.provenance.kind), r.provenance.device.c_str());
    }
    return 0;
  } catch (const InputError& e) {
    std::fprintf(stderr, "error: %s\n", escapeForTerminal(e.what(), NewlinePolicy::Keep).c_str());
    return 1;
  }
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(record, "record", "train the lab's options and save them as .plrun files",
                         precisionlab::cli::runRecord, false)
