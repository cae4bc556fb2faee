// `precisionlab-cli export-tensorboard RUN.plrun... --out DIR`: every run as TensorBoard event
// files, one TensorBoard run per folder (core/TensorBoardExport.h); then
// `tensorboard --logdir DIR` shows loss, learning rate, throughput, memory, loss scale and
// flushed gradients side by side.
#include <cstdio>
#include <set>
#include <string>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "core/EngineError.h"
#include "core/OutputFolder.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"
#include "core/TerminalText.h"

namespace precisionlab::cli {
namespace {

ArgParser makeParser() {
  ArgParser p("export-tensorboard", "write recorded runs as TensorBoard event files");
  p.describe(
      "Writes each recorded run as TensorBoard event files under\n"
      "DIR/<scenario>.<live|emulated>.<label>/ (scalars: loss, learning rate, throughput, step\n"
      "time, memory, loss scale, skipped steps, gradients flushed to zero), one folder per run:\n"
      "runs of the same name are numbered (.2, .3, ...), and a folder an earlier export left is\n"
      "refused unless --replace. View with: tensorboard --logdir DIR");
  p.positional("RUN.plrun", "recorded runs (precisionlab-cli record, the app)", 1,
               ArgParser::kMany);
  p.option("out", "DIR", "folder for the event files", ValueHint::Directory);
  p.require("out");
  p.flag("replace", "replace the event files an earlier export left in a run's folder");
  return p;
}

int runExportTensorBoard(const ArgParser& p) {
  const std::vector<std::string>& files = p.positionals();
  const std::string out = p.text("out", "");
  const bool replace = p.has("replace");
  // Checked before any recording is read: a FIFO or a file at --out is said once, up front.
  if (const std::string problem = outputFolderProblem(out); !problem.empty())
    p.fail("out", problem);
  int status = 0;
  bool replaceWouldHelp = false;  // a run folder held an earlier export's events
  std::set<std::string> used;     // run folder names of this export
  for (const std::string& file : files) {
    try {
      const RunRecording run = readRunRecording(file);
      // Two recordings of the same name (the same recording given twice, one scenario recorded
      // on two machines) become two runs, never one overwriting the other.
      const std::string base = defaultTensorBoardRunName(run);
      std::string name = base;
      for (int n = 2; !used.insert(name).second; ++n) name = base + "." + std::to_string(n);
      const TensorBoardExportResult r = exportTensorBoard(run, out, name, replace);
      std::printf("%s: %lld scalars -> %s (recorded %s on %s)\n", file.c_str(),
                  static_cast<long long>(r.scalars), r.eventFile.c_str(),
                  run.provenance.recordedAt.c_str(), run.provenance.device.c_str());
    } catch (const InputError& e) {
      // One damaged file does not stop the others; the exit status says something failed.
      replaceWouldHelp = replaceWouldHelp || dynamic_cast<const TensorBoardRunExists*>(&e);
      std::fprintf(stderr, "precisionlab-cli export-tensorboard: %s\n",
                   escapeForTerminal(e.what(), NewlinePolicy::Keep).c_str());
      status = 1;
    }
  }
  if (status == 0) std::printf("view with: tensorboard --logdir %s\n", out.c_str());
  if (replaceWouldHelp && !replace)
    std::fprintf(stderr,
                 "precisionlab-cli export-tensorboard: to replace the runs an earlier export left "
                 "in %s, add --replace\n",
                 out.c_str());
  return status;
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(export_tensorboard, "export-tensorboard", precisionlab::cli::makeParser,
                         precisionlab::cli::runExportTensorBoard, false)
