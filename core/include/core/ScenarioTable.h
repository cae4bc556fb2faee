// The lab's one scenario table: every answer option of the seed question, and the reference runs
// that explain them, as one row each. Everything that differs between scenarios is here: the
// option's text and whether it is the key, the run's title, legend and the chart that tells its
// story, its precision policy, whether it is a learning-rate sweep, whether `lab` runs it by
// default, what its run shows (BankLint's lab-link rule), and what the Vertex AI export writes
// for it. LabScenarios builds runs from it; the CLI, the UI (which adds only colours), `record`,
// the export and the bank linter all read it. Plain data: no torch, no Qt.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/TrainConfig.h"

namespace precisionlab {

// Which options of a question bank may link a scenario's run as evidence.
enum class EvidenceLink {
  Any,      // a reference run either kind of option may use
  Correct,  // the run shows a recipe working: only a keyed option may link it
  Wrong,    // the run shows a failure or no gain: only a wrong option may link it
};

// What the Vertex AI export writes for a scenario (train.py and the job YAML).
struct VertexRecipe {
  bool exportable = true;
  std::string refusal;                        // why not, when not exportable
  std::string title;                          // the option, as the script's header states it
  std::string docComment;                     // the script's docstring: what this run does and why
  std::string modelCast;                      // Python lines after the model is loaded (indented 4)
  std::string precisionArgs;                  // TrainingArguments lines (indented 8)
  bool hpTuning = false;                      // also writes hp-tuning.yaml
  std::string machineType = "n1-standard-8";  // the default machine when the user gives none
  std::string acceleratorType = "NVIDIA_TESLA_T4";
};

struct ScenarioSpec {
  std::string id;          // stable id (ScenarioIds.h); banks name it, so it never changes
  std::string optionText;  // the seed question's option it runs, "" for reference runs
  bool correct = false;    // that option is the question's answer
  std::string title;       // what the run is, e.g. "Half-precision layers"
  std::string legend;      // chart legend and table row name
  std::string focusChart;  // "loss", "throughput" or "underflow": the figure that tells its story
  std::string whatItIs;    // one sentence: what the run does, in Hugging Face terms
  Precision precision = Precision::Fp32;
  // How the row shapes a run beyond its precision, applied to the lab's base settings after
  // `precision` (e.g. stop once a failure is settled); empty = the base settings as they are.
  std::function<void(TrainConfig&)> configure;
  bool isSweep = false;       // fp32 trials over LabScenarios::sweepFactors() of the base rate
  bool inDefaultLab = false;  // `precisionlab-cli lab` and the shipped recordings run it
  EvidenceLink linkFrom = EvidenceLink::Any;
  std::string shows;  // what its run shows, for the bank linter's messages
  VertexRecipe vertex;
};

// The range experiment's outlier feature, as TrainConfig::outlierScaleLog2: 2^20 = 1,048,576
// times a value channel, so every |value| above 0.0625 exceeds fp16's 65504 (the tiny BERT's
// value activations start with a standard deviation near 0.02 x sqrt(128) = 0.23; the pretrained
// MiniLM's channel measured 0.40, 94 % of it above 0.0625: most of the channel overflows in
// every batch), while any value below 1e30 stays finite in bf16 (3.4e38).
constexpr int64_t kLabOutlierScaleLog2 = 20;
// The LoRA scenario's rank (alpha = 2 x rank, the common PEFT setting): docs/lora-experiment.md.
constexpr int64_t kLabLoraRank = 8;

// Baseline first (every comparison needs it), then the exam's options, then the extras.
const std::vector<ScenarioSpec>& scenarioTable();
const ScenarioSpec* findScenario(std::string_view id);  // null for an unknown id
bool isKnownScenario(std::string_view id);
std::string knownScenarioIds(const char* separator = ", ");

}  // namespace precisionlab
