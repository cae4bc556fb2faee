// `precisionlab-cli lab`: runs the seed question's options as real training runs side by side
// (one scheduler, steps interleaved, each timed alone), shows their progress live, then prints
// the comparison table with verdicts computed from the measurements and writes the records.
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/EngineCommands.h"
#include "cli/LabReport.h"
#include "cli/ProgressBar.h"
#include "cli/SessionLoop.h"
#include "cli/TrainingOptions.h"
#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/LabScenarios.h"
#include "core/OutputFolder.h"
#include "core/PretrainedModels.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/SpeedEvidence.h"
#include "core/TerminalText.h"
#include "core/TrainConfig.h"
#include "engine/BuildInfo.h"
#include "engine/LabCalibration.h"
#include "engine/LabSession.h"

namespace precisionlab::cli {

namespace {

namespace fs = std::filesystem;

// The user's data folder (XDG_DATA_HOME, else ~/.local/share), never the current directory: the
// README's first command runs the terminal lab from the checkout, and wrote its records there.
std::string defaultOutDir() {
  char buf[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "precisionlab-lab-%Y%m%d-%H%M%S", std::localtime(&now));
  std::string base;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home == '/') {
    base = std::string(home) + "/.local/share";
  } else {
    return buf;  // no home to write under: the current directory, as before
  }
  return base + "/precisionlab/labs/" + buf;
}

ArgParser makeParser() {
  const std::string ids = knownScenarioIds(", ");
  ArgParser p("lab", engineCommandSummary("lab"));
  p.describe(
      "Runs each answer option of the seed question as a real fine-tuning run and compares them\n"
      "with the fp32 baseline: live progress, then a table with verdicts computed from the\n"
      "measurements, and the records written to --out. --lr sets every run but the tuning\n"
      "sweep's trials. Ctrl-C cancels the runs and still writes what was measured (exit 130).");
  p.option("scenarios", "LIST",
           "comma-separated scenario ids or 'all' (default: the baseline, the question's four "
           "options and bf16-amp); known: " +
               ids);
  using O = ConfigField;
  addTrainingOptions(p, LabScenarios::defaultBase(),
                     {O::Preset, O::Layers, O::DataPath, O::Steps, O::BatchSize, O::SeqLen,
                      O::LearningRate, O::Seed, O::Device, O::Threads, O::CpuFp16, O::EvalEvery});
  p.option("out", "DIR",
           "where to write steps.csv, steps.jsonl, evals.csv, verdicts.txt "
           "(default $XDG_DATA_HOME/precisionlab/labs/precisionlab-lab-<timestamp>/, "
           "~/.local/share when XDG_DATA_HOME is unset)",
           ValueHint::Directory);
  return p;
}

TrainConfig baseFrom(const ArgParser& p) {
  // The preset's lab base, as the window's preset switch takes it (LabScenarios::baseFor).
  TrainConfig c =
      p.has("preset") ? LabScenarios::baseFor(p.text("preset", "")) : LabScenarios::defaultBase();
  applyTrainingOptions(p, c);  // what the user gave wins over the preset's defaults
  return c;
}

// A run that ended in an error is the lab's failure (issue 47: a child whose first checkpoint a
// full TMPDIR could not hold left "too short to judge" and exit status 0): each cause on standard
// error, where the checkpoints went when the cause is under the temporary folder, and exit 1.
int reportFailures(const LabSession& session, int status) {
  const std::vector<std::string> failed = LabReport::failures(session);
  if (failed.empty()) return status;
  std::error_code ec;
  const std::string temp = fs::temp_directory_path(ec).string();
  for (const std::string& line : failed) {
    std::cerr << "precisionlab-cli lab: " << escapeForTerminal(line, NewlinePolicy::Keep) << "\n";
    if (!ec && !temp.empty() && line.find(temp + "/precisionlab-checkpoints-") != std::string::npos)
      std::cerr << "  the lab writes its checkpoints in the temporary folder " << temp
                << " (TMPDIR): free space there, or set TMPDIR to a folder with room\n";
  }
  std::cerr << "precisionlab-cli lab: " << failed.size() << (failed.size() == 1 ? " run" : " runs")
            << " ended in an error (above); the records keep what was measured\n";
  return status == kExitOk ? kExitFailure : status;
}

int runLab(const ArgParser& parser) {
  const TrainConfig base = baseFrom(parser);
  checkTrainingConfig(parser, base);  // one clear error instead of every run failing alike
  std::vector<std::string> ids = LabScenarios::defaultIds();
  if (parser.has("scenarios")) {
    const std::string list = parser.text("scenarios", "");
    ids.clear();
    if (list == "all")
      for (const auto& spec : scenarioTable()) ids.push_back(spec.id);
    else
      ids = scenarioIdList(parser, "scenarios", list);
    if (ids.empty()) parser.fail("scenarios", "is empty: name at least one scenario id");
  }
  // Before --out is made: a row that cannot run with these settings costs nothing.
  for (const std::string& id : ids)
    if (const std::string problem = LabSession::rowProblem(id, base); !problem.empty())
      throw UsageError("--" + problem);
  const std::string outDir = parser.text("out", defaultOutDir());
  std::error_code ec;
  const bool outExisted = fs::exists(outDir, ec);
  // Made now, not after the runs: an unusable --out must not cost the user a whole lab.
  if (const std::string problem = makeOutputFolder(outDir); !problem.empty())
    parser.fail("out", problem);
  if (!parser.has("preset") && base.preset != PretrainedModels::kMiniLm)
    std::cout << LabScenarios::defaultModelNote() << "\n";
  LabReport::printSetup(std::cout, base);
  // Before any figure: what this device can show about mixed precision's speed.
  std::cout << "  this machine: "
            << hardwareCapability(readHardware(describeComputeDevice(base.device))).english()
            << "\n";
  // Before the runs: how long they should take on this machine now, from a few timed steps of
  // the baseline's own model and batch (a busy machine gets a longer estimate), not a constant.
  std::cout << "  expected time: " << std::flush;
  std::cout << calibrateLab(ids, base).english() << "\n\n";

  const bool tty = isatty(STDOUT_FILENO);
  // A row that writes checkpoints writes them to a folder the session removes; the preemption
  // experiment's children are this binary, and its run records go with the others to --out.
  LabSession::Options options;
  options.childExecutable = "/proc/self/exe";
  options.recordsDir = outDir;
  LabSession session(options);
  const LabSession::StartResult started = session.startAll(ids, base);
  if (!started.ok()) {
    // Nothing ran: a folder made for this lab goes again (only while empty).
    if (!outExisted) fs::remove(outDir, ec);
    // The settings' issues are the command line's; anything else (a TMPDIR that cannot hold the
    // checkpoints, a fork that failed) is this machine's, said as it is (exit 1).
    if (!started.issues.empty() || started.alreadyRunning) parser.fail("scenarios", started.error);
    throw InputError(started.failedScenario + ": " + started.error);
  }
  ProgressBlock progress(std::cout, tty);
  SessionLoop loop;
  loop.interval = std::chrono::milliseconds(tty ? 100 : 250);
  loop.onCancel = [] {
    std::cerr << "cancelling after the current steps; the records keep what was measured "
                 "(Ctrl-C again to quit at once)\n";
  };
  loop.onTick = [&](bool done) { progress.show(LabReport::progressLines(session), done); };
  const bool cancelled = runSessionLoop(session, loop);

  const auto verdicts = session.verdicts();
  std::cout << "\n";
  LabReport::printConclusion(std::cout, session, verdicts);
  std::cout << "\n";
  LabReport::printTable(std::cout, session, verdicts);
  LabReport::writeRecords(outDir, session, verdicts);  // an error here is reported by main: exit 1
  std::cout << "\nRecords: " << outDir
            << "/steps.csv, steps.jsonl, evals.csv, verdicts.txt, verdicts.json\n";
  return reportFailures(session, cancelled ? kExitCancelled : kExitOk);
}

}  // namespace

}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(lab, "lab", precisionlab::cli::makeParser, precisionlab::cli::runLab,
                         false)
