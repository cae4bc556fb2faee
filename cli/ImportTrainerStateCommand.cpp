// `precisionlab-cli import-trainer-state FILE --out RUN.plrun`: converts a Hugging Face Trainer's
// trainer_state.json (e.g. from the Vertex AI job of an exported train.py) into a run file the
// lab and `replay` show next to the lab's runs, labelled with what the file does not record.
#include <filesystem>
#include <iostream>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/DidYouMean.h"
#include "core/EngineError.h"
#include "core/ScenarioTable.h"
#include "core/TrainerStateImport.h"

namespace precisionlab::cli {

namespace {

ArgParser makeParser() {
  ArgParser p("import-trainer-state",
              "convert a Hugging Face trainer_state.json into a .plrun run file");
  p.describe(
      "Converts a Hugging Face Trainer's trainer_state.json (log_history) into a run file for the\n"
      "lab and `replay`. The file records loss, learning rate, gradient norm and evaluations;\n"
      "not the device, precision, step times, memory or loss scale: name what you know with the\n"
      "options. Settings the file lacks (sequence length, seed, warm-up, ...) are marked unknown\n"
      "in the run file. Given a folder (a Vertex AI job's output_dir, gs:// paths read through\n"
      "the /gcs/ mount as on Vertex AI and gcsfuse), it imports the folder's trainer_state.json,\n"
      "or the latest checkpoint's.");
  p.positional("trainer_state.json",
               "the Trainer's state file, or its output folder (a Vertex AI job's output_dir: "
               "trainer_state.json, else the latest checkpoint-N/'s; gs://B/D reads /gcs/B/D)",
               1, 1);
  p.option("out", "RUN.plrun", "run file to write (an existing file is not replaced)",
           ValueHint::File);
  p.require("out");
  p.option("device", "TEXT",
           "where the run ran, e.g. \"cuda:0 NVIDIA L4 (Vertex AI)\" (default: unknown)");
  p.option("precision", "NAME", precisionNameList() + " (default: not recorded)");
  p.option("scenario", "ID", "the lab scenario the run corresponds to, e.g. fp16-amp");
  p.option("label", "TEXT", "name shown in the lab (default: Trainer run (<file>))");
  return p;
}

int runImport(const ArgParser& parser) {
  const std::vector<std::string>& files = parser.positionals();
  const std::string out = parser.text("out", "");
  if (out.empty()) parser.fail("out", "needs a file name");
  std::error_code ec;
  if (std::filesystem::exists(out, ec)) parser.fail("out", out + " exists; choose a new file name");
  TrainerStateImportOptions o;
  o.device = parser.text("device", "");
  o.precision = parser.text("precision", "");
  o.scenarioId = parser.text("scenario", "");
  if (!o.scenarioId.empty() && !isKnownScenario(o.scenarioId)) {
    parser.fail("scenario", "unknown lab scenario '" + o.scenarioId + "': use one of " +
                                knownScenarioIds() + didYouMeanScenario(o.scenarioId));
  }
  o.label = parser.text("label", "");
  const std::string state = TrainerStateImport::findTrainerState(files[0]);
  RunRecording r = TrainerStateImport::fromFile(state, o);
  writeRunRecording(out, r);
  if (state != files[0]) std::cout << "read " << state << "\n";
  std::cout << "wrote " << out << ": " << r.steps.size() << " training logs up to step "
            << r.steps.back().step << ", " << r.evals.size() << " evaluations\n"
            << r.provenance.note << "\n";
  return 0;
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(importTrainerState, "import-trainer-state", makeParser, runImport, false)

}  // namespace precisionlab::cli
