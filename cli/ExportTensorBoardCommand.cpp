// `precisionlab-cli export-tensorboard RUN.plrun... --out DIR`: every run as TensorBoard event
// files, one TensorBoard run per folder (engine/TensorBoardExport.h); then
// `tensorboard --logdir DIR` shows loss, learning rate, throughput, memory, loss scale and
// flushed gradients side by side.
#include <cstdio>

#include "cli/CommandRegistry.h"
#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"

namespace precisionlab::cli {
namespace {

void usage(std::FILE* to) {
  std::fprintf(
      to,
      "usage: precisionlab-cli export-tensorboard RUN.plrun... --out DIR\n"
      "  Writes each recorded run as TensorBoard event files under "
      "DIR/<scenario>.<live|emulated>/\n"
      "  (scalars: loss, learning rate, throughput, step time, memory, loss scale, skipped\n"
      "  steps, gradients flushed to zero). View with: tensorboard --logdir DIR\n");
}

int runExportTensorBoard(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  std::string out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      usage(stdout);
      return 0;
    }
    if (a == "--out" && i + 1 < args.size()) {
      out = args[++i];
    } else if (a.rfind("--out=", 0) == 0) {
      out = a.substr(6);
    } else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "error: unknown option %s\n", a.c_str());
      usage(stderr);
      return 2;
    } else {
      files.push_back(a);
    }
  }
  if (files.empty() || out.empty()) {
    std::fprintf(stderr, "error: %s\n",
                 files.empty() ? "give at least one RUN.plrun" : "--out DIR is required");
    usage(stderr);
    return 2;
  }
  int status = 0;
  for (const std::string& file : files) {
    try {
      const RunRecording run = readRunRecording(file);
      const TensorBoardExportResult r = exportTensorBoard(run, out);
      std::printf("%s: %lld scalars -> %s (recorded %s on %s)\n", file.c_str(),
                  static_cast<long long>(r.scalars), r.eventFile.c_str(),
                  run.provenance.recordedAt.c_str(), run.provenance.device.c_str());
    } catch (const InputError& e) {
      std::fprintf(stderr, "error: %s\n", e.what());
      status = 1;
    }
  }
  if (status == 0) std::printf("view with: tensorboard --logdir %s\n", out.c_str());
  return status;
}

}  // namespace
}  // namespace precisionlab::cli

PRECISIONLAB_CLI_COMMAND(export_tensorboard, "export-tensorboard",
                         "write recorded runs as TensorBoard event files",
                         &precisionlab::cli::runExportTensorBoard, false)
