// `precisionlab-cli export-vertex`: command-line front of engine/VertexAiExport.h.
#include "ExportVertexCommand.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "core/EngineError.h"
#include "core/TerminalText.h"
#include "core/VertexAiExport.h"

namespace precisionlab::cli {
namespace {

void usage(std::FILE* to) {
  const VertexAiSettings d;
  std::string ids;
  for (const std::string& id : vertexExportableScenarios()) ids += (ids.empty() ? "" : ", ") + id;
  std::fprintf(to,
               "usage: precisionlab-cli export-vertex --scenario ID --out DIR [options]\n"
               "  Writes train.py, setup.py, job.yaml (and hp-tuning.yaml for vertex-hp-tuning)\n"
               "  and README.txt with the gcloud commands. Scenarios: %s.\n"
               "options:\n"
               "  --model NAME             Hugging Face model id or gs:// folder (%s)\n"
               "  --dataset gs://...       CSV, TSV or JSONL on Cloud Storage (%s)\n"
               "  --text-column NAME       (%s)\n"
               "  --label-column NAME      (%s)\n"
               "  --bucket gs://...        staging bucket for the package and outputs (%s)\n"
               "  --region REGION          (%s)\n"
               "  --display-name NAME      (precisionlab-ID)\n"
               "  --machine-type TYPE      (n1-standard-8; g2-standard-8 for bf16-amp)\n"
               "  --accelerator TYPE       (NVIDIA_TESLA_T4; NVIDIA_L4 for bf16-amp)\n"
               "  --accelerator-count N    (%d)\n"
               "  --image URI              prebuilt PyTorch GPU training container\n"
               "                           (%s)\n"
               "  --learning-rate X        (%g)\n"
               "  --batch-size N           (%d)\n"
               "  --epochs N               (%d)\n"
               "  --max-seq-length N       (%d)\n"
               "  --max-trials N           tuning only (%d)\n"
               "  --parallel-trials N      tuning only (%d)\n",
               ids.c_str(), d.modelName.c_str(), d.datasetUri.c_str(), d.textColumn.c_str(),
               d.labelColumn.c_str(), d.stagingBucket.c_str(), d.region.c_str(), d.acceleratorCount,
               d.containerImageUri.c_str(), d.learningRate, d.batchSize, d.epochs, d.maxSeqLength,
               d.maxTrialCount, d.parallelTrialCount);
}

int toInt(const std::string& option, const std::string& text) {
  try {
    size_t used = 0;
    const int v = std::stoi(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw InputError("option " + option + " needs a whole number, not \"" + text + "\"");
}

double toDouble(const std::string& option, const std::string& text) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw InputError("option " + option + " needs a number, not \"" + text + "\"");
}

}  // namespace

int runExportVertexCommand(const std::vector<std::string>& args) {
  std::string scenarioId, outDir;
  VertexAiSettings s;
  try {
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a == "--help" || a == "-h") {
        usage(stdout);
        return 0;
      }
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "error: unknown option or missing value: %s\n", a.c_str());
        usage(stderr);
        return 2;
      }
      const std::string& v = args[++i];
      if (a == "--scenario")
        scenarioId = v;
      else if (a == "--out")
        outDir = v;
      else if (a == "--model")
        s.modelName = v;
      else if (a == "--dataset")
        s.datasetUri = v;
      else if (a == "--text-column")
        s.textColumn = v;
      else if (a == "--label-column")
        s.labelColumn = v;
      else if (a == "--bucket")
        s.stagingBucket = v;
      else if (a == "--region")
        s.region = v;
      else if (a == "--display-name")
        s.displayName = v;
      else if (a == "--machine-type")
        s.machineType = v;
      else if (a == "--accelerator")
        s.acceleratorType = v;
      else if (a == "--accelerator-count")
        s.acceleratorCount = toInt(a, v);
      else if (a == "--image")
        s.containerImageUri = v;
      else if (a == "--learning-rate")
        s.learningRate = toDouble(a, v);
      else if (a == "--batch-size")
        s.batchSize = toInt(a, v);
      else if (a == "--epochs")
        s.epochs = toInt(a, v);
      else if (a == "--max-seq-length")
        s.maxSeqLength = toInt(a, v);
      else if (a == "--max-trials")
        s.maxTrialCount = toInt(a, v);
      else if (a == "--parallel-trials")
        s.parallelTrialCount = toInt(a, v);
      else {
        std::fprintf(stderr, "error: unknown option %s\n", a.c_str());
        usage(stderr);
        return 2;
      }
    }
    if (scenarioId.empty() || outDir.empty()) {
      std::fprintf(stderr, "error: --scenario and --out are required\n");
      usage(stderr);
      return 2;
    }
    const VertexAiExportResult r = exportVertexAi(scenarioId, s, outDir);
    for (const std::string& f : r.files) std::printf("wrote %s/%s\n", outDir.c_str(), f.c_str());
    std::printf("next: see %s/README.txt for the gcloud commands\n", outDir.c_str());
    return 0;
  } catch (const InputError& e) {
    std::fprintf(stderr, "error: %s\n", escapeForTerminal(e.what(), NewlinePolicy::Keep).c_str());
    return 1;
  }
}

int runExportVertexCommand(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return runExportVertexCommand(args);
}

}  // namespace precisionlab::cli

#include "cli/CommandRegistry.h"

PRECISIONLAB_CLI_COMMAND(
    export_vertex, "export-vertex", "write train.py and Vertex AI job specs for one lab option",
    [](const std::vector<std::string>& args) {
      return precisionlab::cli::runExportVertexCommand(args);
    },
    false)
