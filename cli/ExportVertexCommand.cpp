// `precisionlab-cli export-vertex --scenario ID --out DIR [options]`: command-line front of
// core/VertexAiExport.h. Writes the Vertex AI files (train.py, setup.py, job.yaml,
// hp-tuning.yaml for vertex-hp-tuning, README.txt) for one lab scenario; nothing is submitted to
// Google Cloud. Bad settings are refused by the export with a message naming the setting (exit 1).
#include <climits>
#include <cstdio>
#include <string>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/JsonText.h"
#include "core/EngineError.h"
#include "core/OutputFolder.h"
#include "core/TerminalText.h"
#include "core/VertexAiExport.h"

namespace precisionlab::cli {
namespace {

ArgParser makeParser() {
  const VertexAiSettings d;
  ArgParser p("export-vertex", "write train.py and Vertex AI job specs for one lab option");
  p.describe(
      "Writes train.py, setup.py, job.yaml (and hp-tuning.yaml for vertex-hp-tuning) and\n"
      "README.txt with the gcloud commands: the Hugging Face Trainer job the lab option stands\n"
      "for, ready to submit to Vertex AI. Nothing is submitted.");
  p.choice("scenario", vertexExportableScenarios(), "the lab option to export");
  p.require("scenario");
  p.option("out", "DIR", "folder to write the files to", ValueHint::Directory);
  p.require("out");
  p.option("model", "NAME", "Hugging Face model id or gs:// folder (default " + d.modelName + ")");
  p.option("dataset", "gs://...",
           "CSV, TSV or JSONL on Cloud Storage (default " + d.datasetUri + ")");
  p.option("text-column", "NAME", "column with the text (default " + d.textColumn + ")");
  p.option("label-column", "NAME", "column with the label (default " + d.labelColumn + ")");
  p.option("bucket", "gs://...",
           "staging bucket for the package and outputs (default " + d.stagingBucket + ")");
  p.option("region", "REGION", "Vertex AI region (default " + d.region + ")");
  p.option("display-name", "NAME", "job name (default precisionlab-<scenario>)");
  p.option("machine-type", "TYPE", "machine (default n1-standard-8; g2-standard-8 for bf16-amp)");
  p.option("accelerator", "TYPE", "GPU (default NVIDIA_TESLA_T4; NVIDIA_L4 for bf16-amp)");
  p.option("accelerator-count", "N",
           "GPUs per machine (default " + std::to_string(d.acceleratorCount) + ")");
  p.option("workers", "N",
           "machines training together, data-parallel: a primary pool of 1 and a worker pool "
           "of N-1 (default " +
               std::to_string(d.workerCount) + ")");
  p.option("image", "URI",
           "prebuilt PyTorch GPU training container (default " + d.containerImageUri + ")");
  p.option("learning-rate", "X",
           "Trainer learning rate (default " + formatNumber("%g", d.learningRate) + ")");
  p.option("batch-size", "N",
           "per-device batch size (default " + std::to_string(d.batchSize) + ")");
  p.option("epochs", "N", "training epochs (default " + std::to_string(d.epochs) + ")");
  p.option("max-seq-length", "N",
           "max tokens per example (default " + std::to_string(d.maxSeqLength) + ")");
  p.option("max-trials", "N", "tuning only (default " + std::to_string(d.maxTrialCount) + ")");
  p.option("parallel-trials", "N",
           "tuning only (default " + std::to_string(d.parallelTrialCount) + ")");
  return p;
}

// The settings are ints: a value that does not fit is a usage error, not a wrapped number.
int intOption(const ArgParser& p, const std::string& name, int fallback) {
  const int64_t v = p.integer(name, fallback);
  if (v < INT_MIN || v > INT_MAX) p.fail(name, "is out of range (" + std::to_string(v) + ")");
  return static_cast<int>(v);
}

int runExportVertex(const ArgParser& p) {
  VertexAiSettings s;
  const std::string scenarioId = p.text("scenario", "");
  const std::string outDir = p.text("out", "");
  if (const std::string problem = outputFolderProblem(outDir); !problem.empty())
    p.fail("out", problem);
  s.modelName = p.text("model", s.modelName);
  s.datasetUri = p.text("dataset", s.datasetUri);
  s.textColumn = p.text("text-column", s.textColumn);
  s.labelColumn = p.text("label-column", s.labelColumn);
  s.stagingBucket = p.text("bucket", s.stagingBucket);
  s.region = p.text("region", s.region);
  s.displayName = p.text("display-name", s.displayName);
  s.machineType = p.text("machine-type", s.machineType);
  s.acceleratorType = p.text("accelerator", s.acceleratorType);
  s.acceleratorCount = intOption(p, "accelerator-count", s.acceleratorCount);
  s.workerCount = intOption(p, "workers", s.workerCount);
  s.containerImageUri = p.text("image", s.containerImageUri);
  s.learningRate = p.number("learning-rate", s.learningRate);
  s.batchSize = intOption(p, "batch-size", s.batchSize);
  s.epochs = intOption(p, "epochs", s.epochs);
  s.maxSeqLength = intOption(p, "max-seq-length", s.maxSeqLength);
  s.maxTrialCount = intOption(p, "max-trials", s.maxTrialCount);
  s.parallelTrialCount = intOption(p, "parallel-trials", s.parallelTrialCount);
  const VertexAiExportResult r = exportVertexAi(scenarioId, s, outDir);
  for (const std::string& f : r.files) std::printf("wrote %s/%s\n", outDir.c_str(), f.c_str());
  std::printf("next: see %s/README.txt for the gcloud commands\n", outDir.c_str());
  return 0;
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(export_vertex, "export-vertex", makeParser, runExportVertex, false)

}  // namespace precisionlab::cli
