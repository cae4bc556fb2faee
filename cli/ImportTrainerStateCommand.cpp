// `precisionlab-cli import-trainer-state FILE --out RUN.plrun`: converts a Hugging Face Trainer's
// trainer_state.json (e.g. from the Vertex AI job of an exported train.py) into a run file the
// lab and `replay` show next to the lab's runs, labelled with what the file does not record.
#include <filesystem>
#include <iostream>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "core/EngineError.h"
#include "core/TrainerStateImport.h"

namespace precisionlab::cli {

namespace {

ArgParser makeParser() {
  ArgParser p("import-trainer-state");
  p.add("out", "RUN.plrun", "run file to write (required; an existing file is not replaced)");
  p.add("device", "TEXT",
        "where the run ran, e.g. \"cuda:0 NVIDIA L4 (Vertex AI)\" (default: unknown)");
  p.add("precision", "NAME", "fp32, fp16-amp, bf16-amp, half-model (default: not recorded)");
  p.add("scenario", "ID", "the lab scenario the run corresponds to, e.g. fp16-amp");
  p.add("label", "TEXT", "name shown in the lab (default: Trainer run (<file>))");
  p.add("help", "", "show this help");
  return p;
}

int runImport(const std::vector<std::string>& args) {
  ArgParser parser = makeParser();
  std::vector<std::string> options, files;
  for (size_t i = 0; i < args.size(); ++i) {
    const bool takesValue = args[i] == "--out" || args[i] == "--device" ||
                            args[i] == "--precision" || args[i] == "--scenario" ||
                            args[i] == "--label";
    if (args[i].rfind("--", 0) == 0) {
      options.push_back(args[i]);
      if (takesValue && i + 1 < args.size()) options.push_back(args[++i]);
    } else {
      files.push_back(args[i]);
    }
  }
  try {
    parser.parse(options);
    if (parser.has("help")) {
      std::cout
          << "usage: precisionlab-cli import-trainer-state trainer_state.json --out RUN.plrun\n"
             "Converts a Hugging Face Trainer's trainer_state.json (log_history) into a run "
             "file for the lab\nand `replay`. The file records loss, learning rate, gradient "
             "norm and evaluations; not the\ndevice, precision, step times, memory or loss "
             "scale: name what you know with the options.\n\n"
          << parser.usage();
      return 0;
    }
    if (files.size() != 1)
      throw InputError("import-trainer-state: give exactly one trainer_state.json (got " +
                       std::to_string(files.size()) + ")");
    const std::string out = parser.text("out", "");
    if (out.empty()) throw InputError("import-trainer-state: --out RUN.plrun is required");
    std::error_code ec;
    if (std::filesystem::exists(out, ec))
      throw InputError("import-trainer-state: " + out + " exists; choose a new file name");
    TrainerStateImportOptions o;
    o.device = parser.text("device", "");
    o.precision = parser.text("precision", "");
    o.scenarioId = parser.text("scenario", "");
    o.label = parser.text("label", "");
    RunRecording r = TrainerStateImport::fromFile(files[0], o);
    writeRunRecording(out, r);
    std::cout << "wrote " << out << ": " << r.steps.size() << " training logs up to step "
              << r.steps.back().step << ", " << r.evals.size() << " evaluations\n"
              << r.provenance.note << "\n";
    return 0;
  } catch (const InputError& e) {
    std::cerr << "precisionlab-cli import-trainer-state: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(importTrainerState, "import-trainer-state",
                         "convert a Hugging Face trainer_state.json into a .plrun run file",
                         runImport, false)

}  // namespace precisionlab::cli
