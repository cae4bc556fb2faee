#include "cli/TrainingOptions.h"

#include <cstdio>
#include <optional>
#include <string>

#include "cli/JsonText.h"
#include "core/BertConfig.h"
#include "core/PretrainedModels.h"
#include "engine/TrainEnvironment.h"

namespace precisionlab::cli {

namespace {

std::string shortNumber(double v) { return formatNumber("%g", v); }

std::string presetNames() {
  std::string names;
  for (const auto& n : BertConfig::presetNames()) names += (names.empty() ? "" : ", ") + n;
  return names;
}

struct OptionRow {
  TrainOption option;
  const char* name;
  std::optional<ConfigField> field;  // the validator's field, where it checks this setting
};

// The one table of training flags: the flag of every field lives here and nowhere else.
const OptionRow kRows[] = {
    {TrainOption::Preset, "preset", ConfigField::Preset},
    {TrainOption::Model, "model", ConfigField::ModelDir},
    {TrainOption::Layers, "layers", ConfigField::Layers},
    {TrainOption::Save, "save", ConfigField::SaveDir},
    {TrainOption::Data, "data", ConfigField::DataPath},
    {TrainOption::TextColumn, "text-column", std::nullopt},
    {TrainOption::LabelColumn, "label-column", std::nullopt},
    {TrainOption::Steps, "steps", ConfigField::Steps},
    {TrainOption::BatchSize, "batch-size", ConfigField::BatchSize},
    {TrainOption::SeqLen, "seq-len", ConfigField::SeqLen},
    {TrainOption::LearningRate, "lr", ConfigField::LearningRate},
    {TrainOption::Seed, "seed", std::nullopt},
    {TrainOption::Device, "device", ConfigField::Device},
    {TrainOption::Threads, "threads", ConfigField::Threads},
    {TrainOption::CpuFp16, "cpu-fp16", ConfigField::CpuFp16},
    {TrainOption::EvalEvery, "eval-every", ConfigField::EvalEvery},
    {TrainOption::Precision, "precision", std::nullopt},
    {TrainOption::InitScale, "init-scale", ConfigField::InitScale},
    {TrainOption::GrowthInterval, "growth-interval", ConfigField::GrowthInterval},
    {TrainOption::AccumulationSteps, "gradient-accumulation-steps", ConfigField::AccumulationSteps},
    {TrainOption::CheckpointActivations, "gradient-checkpointing",
     ConfigField::CheckpointActivations},
    {TrainOption::OutlierScaleLog2, "outlier-scale-log2", ConfigField::OutlierScaleLog2},
    {TrainOption::Checkpoints, "checkpoint-every", ConfigField::CheckpointEvery},
    {TrainOption::LoraRank, "lora-rank", ConfigField::LoraRank},
    {TrainOption::LoraAlpha, "lora-alpha", ConfigField::LoraAlpha},
};
// The other flags of TrainOption::Checkpoints (one option adds all four).
const OptionRow kCheckpointRows[] = {
    {TrainOption::Checkpoints, "checkpoint-keep", ConfigField::CheckpointKeep},
    {TrainOption::Checkpoints, "resume-from", ConfigField::ResumeFrom},
};
constexpr const char* kOversubscribe = "oversubscribe";

const OptionRow& row(TrainOption o) {
  for (const OptionRow& r : kRows)
    if (r.option == o) return r;
  return kRows[0];  // unreachable: every option has a row
}

bool offers(const ArgParser& parser, const std::string& name) {
  for (const auto& o : parser.options())
    if (o.name == name) return true;
  return false;
}

}  // namespace

void addTrainingOptions(ArgParser& p, const TrainConfig& d,
                        std::initializer_list<TrainOption> options) {
  const std::string dflt = " (default ";
  for (TrainOption o : options) {
    const char* name = row(o).name;
    switch (o) {
      case TrainOption::Preset:
        p.option(name, "NAME",
                 "model: " + presetNames() + " (random init), or " + PretrainedModels::kMiniLm +
                     ", the pretrained all-MiniLM-L6-v2 where installed" + dflt + d.preset + ")");
        break;
      case TrainOption::Model:
        p.option(name, "DIR", "fine-tune this Hugging Face BERT directory instead of a preset",
                 ValueHint::Directory);
        break;
      case TrainOption::Layers:
        p.option(name, "N",
                 "use only the first N encoder layers of a pretrained model, 0 = all" + dflt +
                     std::to_string(d.layers) + ")");
        break;
      case TrainOption::Save:
        p.option(name, "DIR", "after training, write the model to DIR as a Hugging Face directory",
                 ValueHint::Directory);
        break;
      case TrainOption::Data:
        p.option(name, "FILE", "CSV/TSV/JSONL dataset (default: the built-in dataset)",
                 ValueHint::File);
        break;
      case TrainOption::TextColumn:
        p.option(name, "NAME", "column or JSON key with the text" + dflt + d.textColumn + ")");
        break;
      case TrainOption::LabelColumn:
        p.option(name, "NAME", "column or JSON key with the label" + dflt + d.labelColumn + ")");
        break;
      case TrainOption::Steps:
        p.option(name, "N", "optimizer steps per run" + dflt + std::to_string(d.steps) + ")");
        break;
      case TrainOption::BatchSize:
        p.option(name, "N", "examples per step" + dflt + std::to_string(d.batchSize) + ")");
        break;
      case TrainOption::SeqLen:
        p.option(name, "N",
                 "max tokens per example, [CLS] and [SEP] included" + dflt +
                     std::to_string(d.seqLen) + ")");
        break;
      case TrainOption::LearningRate:
        p.option(name, "RATE",
                 "peak AdamW learning rate" + dflt + shortNumber(d.learningRate) + ")");
        break;
      case TrainOption::Seed:
        p.option(name, "N",
                 "seed for init, shuffle and dropout" + dflt + std::to_string(d.seed) + ")");
        break;
      case TrainOption::Device:
        p.option(name, "DEV", "cpu, cuda or cuda:N" + dflt + d.device + ")");
        break;
      case TrainOption::Threads:
        p.option(name, "N",
                 "CPU threads, 0 = all cores" + dflt + std::to_string(d.threads) +
                     "); at most the machine's cores unless --oversubscribe");
        p.flag(kOversubscribe, "allow --threads above the number of cores");
        break;
      case TrainOption::CpuFp16:
        p.choice(
            name, {"auto", "emulate", "real"},
            std::string("fp16 runs on a CPU: emulate (round to fp16, fp32 arithmetic: "
                        "numerics only), real (fp16 kernels: live numerics and memory, "
                        "LibTorch 2.x), or auto (real only on CPUs with fp16 units)") +
                dflt + cpuFp16Name(d.cpuFp16) + ")" +
                (cpuFp16KernelsAvailable() ? "" : "; this build has LibTorch 1.13: emulate only"));
        break;
      case TrainOption::EvalEvery:
        p.option(name, "N",
                 "validate every N steps, 0 = at the end only" + dflt +
                     std::to_string(d.evalEvery) + ")");
        break;
      case TrainOption::Precision:
        p.choice(name, precisionNames(),
                 std::string("how the run uses floating point") + dflt +
                     precisionName(d.precision) + ")");
        break;
      case TrainOption::InitScale:
        p.option(name, "S", "GradScaler initial scale" + dflt + shortNumber(d.initScale) + ")");
        break;
      case TrainOption::GrowthInterval:
        p.option(
            name, "N",
            "GradScaler growth interval in steps" + dflt + std::to_string(d.growthInterval) + ")");
        break;
      case TrainOption::AccumulationSteps:
        p.option(name, "K",
                 "run each step's batch as K micro-batches of batch/K, gradients accumulated "
                 "(TrainingArguments' gradient_accumulation_steps)" +
                     dflt + std::to_string(d.accumulationSteps) + ")");
        break;
      case TrainOption::CheckpointActivations:
        p.flag(name,
               "recompute each encoder layer in the backward pass instead of keeping its "
               "activations (gradient_checkpointing=True)");
        break;
      case TrainOption::OutlierScaleLog2:
        p.option(name, "N",
                 "plant an outlier feature: encoder layer 0 carries one attention value channel "
                 "at 2^N times its value and divides it back before the output projection "
                 "(same function in fp32 and bf16; above fp16's 65504; "
                 "docs/range-experiment.md)" +
                     dflt + std::to_string(d.outlierScaleLog2) + ")");
        break;
      case TrainOption::Checkpoints:
        p.option(name, "N",
                 "write OUTPUT_DIR/checkpoint-<step>/ every N steps (weights, optimizer, scaler, "
                 "LR schedule, RNG, data order), 0 = never" +
                     dflt + std::to_string(d.checkpointEvery) + ")");
        p.option("checkpoint-keep", "K",
                 "keep the newest K checkpoints" + dflt + std::to_string(d.checkpointKeep) + ")");
        p.option("output-dir", "DIR", "the folder the checkpoints go to", ValueHint::Directory);
        p.option("resume-from", "DIR",
                 "continue from a checkpoint-<step>/ folder, or latest: the newest in --output-dir",
                 ValueHint::Directory);
        break;
      case TrainOption::LoraRank:
        p.option(name, "R",
                 "LoRA: rank-R adapters on every layer's query and value projections, base "
                 "weights frozen, only adapters and classifier trained; --save then writes the "
                 "adapter in PEFT's layout (docs/lora-experiment.md)" +
                     dflt + std::to_string(d.loraRank) + " = full fine-tuning)");
        break;
      case TrainOption::LoraAlpha:
        p.option(name, "A",
                 "LoRA alpha: the adapters' output is scaled by A/R" + dflt +
                     shortNumber(d.loraAlpha) + ")");
        break;
    }
  }
}

void applyTrainingOptions(const ArgParser& p, TrainConfig& c) {
  c.preset = p.text("preset", c.preset);
  c.modelDir = p.text("model", c.modelDir);
  c.layers = p.integer("layers", c.layers);
  c.saveDir = p.text("save", c.saveDir);
  c.dataPath = p.text("data", c.dataPath);
  c.textColumn = p.text("text-column", c.textColumn);
  c.labelColumn = p.text("label-column", c.labelColumn);
  c.steps = p.integer("steps", c.steps);
  c.batchSize = p.integer("batch-size", c.batchSize);
  c.seqLen = p.integer("seq-len", c.seqLen);
  c.learningRate = p.number("lr", c.learningRate);
  const int64_t seed = p.integer("seed", static_cast<int64_t>(c.seed));
  if (seed < 0) p.fail("seed", "must not be negative");
  c.seed = static_cast<uint64_t>(seed);
  c.device = p.text("device", c.device);
  // Checked before it is narrowed to int: 4294967297 threads is an error, not 1 thread.
  const int64_t threads = p.integer("threads", c.threads);
  if (auto issue = checkRange(ConfigField::Threads, double(threads)))
    throw UsageError(describeIssue(p, *issue));
  c.threads = static_cast<int>(threads);
  c.oversubscribe = c.oversubscribe || p.has(kOversubscribe);
  if (p.has("cpu-fp16")) parseCpuFp16(p.text("cpu-fp16", ""), &c.cpuFp16);  // a choice: valid
  c.evalEvery = p.integer("eval-every", c.evalEvery);
  if (p.has("precision")) parsePrecision(p.text("precision", ""), &c.precision);  // a choice
  c.initScale = p.number("init-scale", c.initScale);
  c.growthInterval = p.integer("growth-interval", c.growthInterval);
  c.accumulationSteps = p.integer("gradient-accumulation-steps", c.accumulationSteps);
  c.checkpointActivations = c.checkpointActivations || p.has("gradient-checkpointing");
  c.outlierScaleLog2 = p.integer("outlier-scale-log2", c.outlierScaleLog2);
  c.checkpointEvery = p.integer("checkpoint-every", c.checkpointEvery);
  c.checkpointKeep = p.integer("checkpoint-keep", c.checkpointKeep);
  c.checkpointDir = p.text("output-dir", c.checkpointDir);
  c.resumeFrom = p.text("resume-from", c.resumeFrom);
  c.loraRank = p.integer("lora-rank", c.loraRank);
  c.loraAlpha = p.number("lora-alpha", c.loraAlpha);
}

std::string flagFor(const ArgParser& parser, ConfigField field) {
  if (field == ConfigField::Oversubscribe)
    return offers(parser, kOversubscribe) ? ArgParser::flagName(kOversubscribe) : "";
  for (const OptionRow& r : kRows)
    if (r.field == field && offers(parser, r.name)) return ArgParser::flagName(r.name);
  for (const OptionRow& r : kCheckpointRows)
    if (r.field == field && offers(parser, r.name)) return ArgParser::flagName(r.name);
  return "";
}

std::string describeIssue(const ArgParser& parser, const ConfigIssue& issue) {
  const std::string flag = flagFor(parser, issue.field);
  std::string s = flag.empty() ? issue.message : flag + ": " + issue.message;
  if (issue.allowedBy) {
    const std::string allow = flagFor(parser, *issue.allowedBy);
    if (!allow.empty()) s += ", or add " + allow + " to insist";
  }
  return s;
}

void checkTrainingConfig(const ArgParser& parser, const TrainConfig& config) {
  std::string message;
  for (const ConfigIssue& issue : validate(config, trainEnvironment()))
    message += (message.empty() ? "" : "\n") + describeIssue(parser, issue);
  if (!message.empty()) throw UsageError(message);
}

}  // namespace precisionlab::cli
