// `precisionlab-cli lab`: runs the seed question's options as real training runs side by side
// (one scheduler, steps interleaved, each timed alone), shows their progress live, then prints
// the comparison table with verdicts computed from the measurements and writes the records.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/CpuFp16Option.h"
#include "cli/LabReport.h"
#include "cli/ProgressBar.h"
#include "core/EngineError.h"
#include "core/PretrainedModels.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/LabSession.h"

namespace precisionlab::cli {

namespace {

std::atomic<bool> gLabInterrupted{false};
extern "C" void onLabInterrupt(int) { gLabInterrupted = true; }

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= s.size()) {
    const size_t end = std::min(s.find(',', pos), s.size());
    if (end > pos) out.push_back(s.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

std::string defaultOutDir() {
  char buf[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "precisionlab-lab-%Y%m%d-%H%M%S", std::localtime(&now));
  return buf;
}

ArgParser makeParser() {
  const TrainConfig d = LabScenarios::defaultBase();
  const std::string ids = knownScenarioIds(",");
  ArgParser p("lab");
  p.add("scenarios", "LIST",
        "comma-separated scenario ids or 'all' (default: the baseline, the question's four options "
        "and bf16-amp); "
        "known: " +
            ids);
  p.add("preset", "NAME",
        "minilm (the pretrained all-MiniLM-L6-v2, where installed) or a random-init "
        "size: tiny, mini, small, medium, base (default " +
            d.preset + ")");
  p.add("layers", "N",
        "use the first N layers of a pretrained model, 0 = all (default " +
            std::to_string(d.layers) + ")");
  p.add("data", "FILE", "CSV/TSV/JSONL dataset (default: the built-in dataset)");
  p.add("steps", "N", "optimizer steps per run (default " + std::to_string(d.steps) + ")");
  p.add("batch-size", "N", "examples per step (default " + std::to_string(d.batchSize) + ")");
  p.add("seq-len", "N", "max tokens per example (default " + std::to_string(d.seqLen) + ")");
  char lr[32];
  std::snprintf(lr, sizeof lr, "%g", d.learningRate);
  p.add("lr", "RATE",
        std::string("peak learning rate of all runs but the sweep's trials (default ") + lr + ")");
  p.add("seed", "N", "seed shared by every run (default " + std::to_string(d.seed) + ")");
  p.add("device", "DEV", "cpu, cuda or cuda:N (default cpu)");
  p.addThreadOptions(std::to_string(d.threads));
  addCpuFp16Option(p);
  p.add("eval-every", "N", "validate every N steps (default " + std::to_string(d.evalEvery) + ")");
  p.add("out", "DIR",
        "where to write steps.csv, steps.jsonl, evals.csv, verdicts.txt "
        "(default ./precisionlab-lab-<timestamp>/)");
  p.add("help", "", "show this help");
  return p;
}

TrainConfig baseFrom(const ArgParser& p) {
  TrainConfig c = LabScenarios::defaultBase();
  c.preset = p.text("preset", c.preset);
  if (c.preset != LabScenarios::defaultBase().preset && !p.has("lr") &&
      c.preset != PretrainedModels::kMiniLm) {
    // A random-init preset asked for by name: train it the way the built-in lab does.
    const TrainConfig builtin = LabScenarios::builtinBase();
    c.learningRate = builtin.learningRate;
    c.growthInterval = builtin.growthInterval;
  } else if (c.preset == PretrainedModels::kMiniLm && !p.has("lr")) {
    const TrainConfig pretrained = LabScenarios::pretrainedBase();
    c.learningRate = pretrained.learningRate;
    c.growthInterval = pretrained.growthInterval;
    c.layers = pretrained.layers;
  }
  c.layers = p.integer("layers", c.layers);
  c.dataPath = p.text("data", c.dataPath);
  c.steps = p.integer("steps", c.steps);
  c.batchSize = p.integer("batch-size", c.batchSize);
  c.seqLen = p.integer("seq-len", c.seqLen);
  c.learningRate = p.number("lr", c.learningRate);
  const int64_t seed = p.integer("seed", static_cast<int64_t>(c.seed));
  if (seed < 0) throw InputError("lab: --seed must not be negative");
  c.seed = static_cast<uint64_t>(seed);
  c.device = p.text("device", c.device);
  c.threads = p.threads(c.threads);
  c.oversubscribe = p.has("oversubscribe");
  applyCpuFp16Option(p, c, "lab");
  c.evalEvery = p.integer("eval-every", c.evalEvery);
  if (c.steps < 1) throw InputError("lab: --steps must be at least 1");
  return c;
}

int runLab(const std::vector<std::string>& args) {
  ArgParser parser = makeParser();
  std::vector<LabScenario> scenarios;
  std::string outDir;
  try {
    parser.parse(args);
    if (parser.has("help")) {
      std::cout << "Runs each answer option of the seed question as a real fine-tuning run and "
                   "compares them\nwith the fp32 baseline.\n\n"
                << parser.usage();
      return 0;
    }
    const TrainConfig base = baseFrom(parser);
    checkTrainConfig(base, "lab");  // one clear error instead of every run failing alike
    if (!parser.has("preset"))
      std::cout << LabScenarios::defaultModelNote() << "\n";
    else if (base.preset == PretrainedModels::kMiniLm)
      std::cout << "Fine-tuning " << PretrainedModels::miniLmDescription()
                << (base.layers > 0 ? ", first " + std::to_string(base.layers) + " layers" : "")
                << ".\n";
    std::vector<std::string> ids = LabScenarios::defaultIds();
    if (parser.has("scenarios")) {
      const std::string list = parser.text("scenarios", "");
      ids.clear();
      if (list == "all")
        for (const auto& spec : scenarioTable()) ids.push_back(spec.id);
      else
        ids = splitList(list);
      if (ids.empty()) throw InputError("lab: --scenarios is empty: name at least one scenario id");
    }
    for (const auto& id : ids) scenarios.push_back(LabScenarios::make(id, base));
    outDir = parser.text("out", defaultOutDir());
    // Made now, not after the runs: an unusable --out must not cost the user a whole lab.
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    if (ec) throw InputError("lab: cannot create --out directory " + outDir + ": " + ec.message());
  } catch (const InputError& e) {
    std::cerr << "precisionlab-cli " << escapeForTerminal(e.what(), NewlinePolicy::Keep) << "\n";
    return 2;
  }

  gLabInterrupted = false;
  auto previous = std::signal(SIGINT, onLabInterrupt);
  const bool tty = isatty(STDOUT_FILENO);
  LabSession session(std::move(scenarios));
  size_t drawnLines = 0;
  bool cancelSent = false;
  auto lastPlain = std::chrono::steady_clock::now();
  for (;;) {
    if (gLabInterrupted && !cancelSent) {
      session.scheduler().cancelAll();
      cancelSent = true;
    }
    const bool done = session.poll();
    const auto lines = LabReport::progressLines(session);
    if (tty) {
      // Redraw the block of run lines in place.
      if (drawnLines) std::cout << "\033[" << drawnLines << "A";
      // Each line cut to the terminal's width: a wrapped line would break the cursor-up count.
      for (const auto& l : lines) std::cout << "\r\033[2K" << ProgressBar::fitToTerminal(l) << "\n";
      drawnLines = lines.size();
      std::cout << std::flush;
    } else if (done || std::chrono::steady_clock::now() - lastPlain > std::chrono::seconds(15)) {
      for (const auto& l : lines) std::cout << l << "\n";
      std::cout << "\n" << std::flush;
      lastPlain = std::chrono::steady_clock::now();
    }
    if (done) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(tty ? 100 : 250));
  }
  std::signal(SIGINT, previous);

  const auto verdicts = session.verdicts();
  std::cout << "\n";
  LabReport::printTable(std::cout, session, verdicts);
  try {
    LabReport::writeRecords(outDir, session, verdicts);
    std::cout << "\nRecords: " << outDir << "/steps.csv, steps.jsonl, evals.csv, verdicts.txt\n";
  } catch (const InputError& e) {
    std::cerr << "precisionlab-cli " << escapeForTerminal(e.what(), NewlinePolicy::Keep) << "\n";
    return 1;
  }
  return cancelSent ? 130 : 0;
}

}  // namespace

}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(lab, "lab", "run the seed question's options side by side, with verdicts",
                         precisionlab::cli::runLab, false)
