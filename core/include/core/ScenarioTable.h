// The lab's one scenario table: every answer option of the seed question, and the reference runs
// that explain them, as one row each. Everything that differs between scenarios is here: the
// option's text and whether it is the key, the run's title, legend and the chart that tells its
// story, its precision policy, whether it is a learning-rate sweep, whether `lab` runs it by
// default, what its run shows (BankLint's lab-link rule), and what the Vertex AI export writes
// for it. LabScenarios builds runs from it; the judges read its story; the CLI, the UI (which
// adds colours and translations, ui/lab/ScenarioCatalog.h), `record`, the export and the bank
// linter all read it. Plain data: no torch, no Qt.
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

// How the lab's evidence card tells a row's story: the window has one card filler per story
// (ui/lab/LabEvidence.cpp), chosen by the row, never by its id. A row that names none gets the
// neutral card (the verdict's own summary and figures, no claim), never another row's story.
enum class EvidenceStory {
  Measured,          // the verdict's summary, accuracy and measured speed, no claim of its own
  Reference,         // the fp32 baseline, the run every other is compared with
  SameComputation,   // fp32's arithmetic under another name: no change, and no speedup
  WholeModelHalf,    // the whole model in fp16 (weights, gradients, optimizer state): fails
  NoLossScaling,     // fp16 autocast without a gradient scaler: small gradients flush to zero
  Sweep,             // a learning-rate sweep: tunes the rate, costs its trials' compute
  MixedPrecision,    // autocast over fp32 master weights: learns like fp32, faster and lighter
  MemoryExperiment,  // the same updates at a lower measured peak memory
  RangeExperiment,   // activations above fp16's largest value, fp16 against bf16
  PreemptionResume,  // a run killed with SIGKILL and resumed from its last checkpoint
  LoraExperiment,    // adapters on a frozen base against full fine-tuning
  SmallerBatch,      // half the batch, same learning rate: less memory, another training
  DataParallel,      // the same global batch over 2 processes: the same updates, plus all-reduce
  WorkerDies,        // a 2-rank job loses a rank: the timeout, then every rank resumes
  ShardedState,      // a 2-rank job's optimizer state replicated, then sharded: half per rank
};

// Who trains a row's runs.
enum class RunSource {
  Scheduler,          // the lab session's RunScheduler, in this process, beside the fp32 baseline
  KillAndResume,      // child processes of the CLI, one killed with SIGKILL and resumed
                      // (engine/PreemptionRunner.h): its runs are their own reference, so no fp32
                      // baseline is started for it or compared with it (judgedWithoutBaseline)
  DataParallelChild,  // one child process of the CLI, `train --nproc 2` (its ranks), judged
                      // against the live fp32 baseline started beside it like a scheduler row
  RankKillAndResume,  // KillAndResume's three runs as `train --nproc 2` jobs, the second losing
                      // a rank (PreemptionRunner::startRanks); its own reference, like it
  ShardedStateJobs,   // two `train --nproc 2` jobs, the optimizer state replicated and then
                      // sharded (PreemptionRunner::startShardedState); its own reference
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
  EvidenceStory story = EvidenceStory::Measured;
  // A row whose run the lab shows beside this one's, in the charts, its card, the presenter's
  // step and verdict table (bf16=True beside fp16=True: the same mechanism, with the speed a CPU
  // can measure); "" = none.
  std::string companion;
  // Its card, CLI verdict and presenter slide tell mixed precision's speed story: what this device
  // can show, the figures measured here with their reasons, published measurements and the GPU
  // estimate (core/SpeedEvidence.h).
  bool quotesSpeedEvidence = false;
  // Curve colour, "#rrggbb", from the Okabe-Ito palette (distinguishable with the common
  // colour-vision deficiencies); "" = a distinct hue by row number.
  std::string color;
  RunSource runSource = RunSource::Scheduler;
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
// The worker-dies experiment's --collective-timeout, seconds: short, so that the lab shows the
// wait in full (train's default is 300 s, room for rank 0 writing a large checkpoint; the
// lab's MiniLM checkpoint takes about a second).
constexpr int kLabWorkerDiesTimeoutSeconds = 20;

// Baseline first (every comparison needs it), then the exam's options, then the extras.
const std::vector<ScenarioSpec>& scenarioTable();
const ScenarioSpec* findScenario(std::string_view id);  // null for an unknown id
// A row whose runs are their own reference (RunSource::KillAndResume, RankKillAndResume,
// ShardedStateJobs): no
// fp32 baseline is started for it or judges it (computeVerdict judges it on its own runs).
bool judgedWithoutBaseline(std::string_view scenarioId);
const ScenarioSpec& baselineScenario();  // the reference row (its story is Reference)
const ScenarioSpec& answerScenario();    // the seed question's key (correct)
// The seed question's options, in the table's order (rows with an option text).
std::vector<std::string> seedOptionIds();
bool isKnownScenario(std::string_view id);
std::string knownScenarioIds(const char* separator = ", ");
// "unknown lab scenario 'x': use one of baseline-fp32, ..." (every front end's words).
std::string unknownScenarioText(std::string_view id);

}  // namespace precisionlab
