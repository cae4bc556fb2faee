// `precisionlab-cli export-tensorboard RUN.plrun... --out DIR`: every run as TensorBoard event
// files, one TensorBoard run per folder (core/TensorBoardExport.h); then
// `tensorboard --logdir DIR` shows loss, learning rate, throughput, memory, loss scale and
// flushed gradients side by side.
#include <cstdio>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"
#include "core/TerminalText.h"

namespace precisionlab::cli {
namespace {

ArgParser makeParser() {
  ArgParser p("export-tensorboard", "write recorded runs as TensorBoard event files");
  p.describe(
      "Writes each recorded run as TensorBoard event files under DIR/<scenario>.<live|emulated>/\n"
      "(scalars: loss, learning rate, throughput, step time, memory, loss scale, skipped steps,\n"
      "gradients flushed to zero). View with: tensorboard --logdir DIR");
  p.positional("RUN.plrun", "recorded runs (precisionlab-cli record, the app)", 1,
               ArgParser::kMany);
  p.option("out", "DIR", "folder for the event files", ValueHint::Directory);
  p.require("out");
  return p;
}

int runExportTensorBoard(const ArgParser& p) {
  const std::vector<std::string>& files = p.positionals();
  const std::string out = p.text("out", "");
  int status = 0;
  for (const std::string& file : files) {
    try {
      const RunRecording run = readRunRecording(file);
      const TensorBoardExportResult r = exportTensorBoard(run, out);
      std::printf("%s: %lld scalars -> %s (recorded %s on %s)\n", file.c_str(),
                  static_cast<long long>(r.scalars), r.eventFile.c_str(),
                  run.provenance.recordedAt.c_str(), run.provenance.device.c_str());
    } catch (const InputError& e) {
      // One damaged file does not stop the others; the exit status says something failed.
      std::fprintf(stderr, "precisionlab-cli export-tensorboard: %s\n",
                   escapeForTerminal(e.what(), NewlinePolicy::Keep).c_str());
      status = 1;
    }
  }
  if (status == 0) std::printf("view with: tensorboard --logdir %s\n", out.c_str());
  return status;
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(export_tensorboard, "export-tensorboard", precisionlab::cli::makeParser,
                         precisionlab::cli::runExportTensorBoard, false)
