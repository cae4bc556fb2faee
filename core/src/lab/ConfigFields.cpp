// core/ConfigFields.h: the rows, one per TrainConfig member, in the struct's order. A row names
// its member once (a member pointer); the kind and the readers and writers follow from the
// member's type. The bounds are the ones a live run and a run file are held to.
#include "core/ConfigFields.h"

#include <charconv>
#include <limits>
#include <type_traits>
#include <utility>

#include "core/BertConfig.h"
#include "core/PretrainedModels.h"
#include "core/RecordFields.h"

namespace precisionlab {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

template <typename V>
std::string valueText(const V& v) {
  if constexpr (std::is_same_v<V, bool>)
    return v ? "true" : "false";
  else if constexpr (std::is_same_v<V, std::string>)
    return v;
  else if constexpr (std::is_same_v<V, Precision>)
    return precisionName(v);
  else if constexpr (std::is_same_v<V, CpuFp16>)
    return cpuFp16Name(v);
  else if constexpr (std::is_floating_point_v<V>)
    return fieldText(FieldKind::Real, v);
  else
    return std::to_string(v);
}

// The whole text, or nothing: "12x" is not 12.
template <typename V>
bool parseNumber(const std::string& s, V* out) {
  V v{};
  const char* end = s.data() + s.size();
  const auto result = std::from_chars(s.data(), end, v);
  if (s.empty() || result.ec != std::errc() || result.ptr != end) return false;
  *out = v;
  return true;
}

template <typename V>
bool parseValue(const std::string& s, V* out) {
  if constexpr (std::is_same_v<V, bool>) {
    if (s != "true" && s != "false") return false;
    *out = s == "true";
    return true;
  } else if constexpr (std::is_same_v<V, std::string>) {
    *out = s;
    return true;
  } else if constexpr (std::is_same_v<V, Precision>) {
    return parsePrecision(s, out);
  } else if constexpr (std::is_same_v<V, CpuFp16>) {
    return parseCpuFp16(s, out);
  } else {
    return parseNumber(s, out);
  }
}

// A row under construction: the member pointer gives kind and accessors, the calls after it
// the rest ("row<&C::seqLen>(...).range(...).flag(...)").
class Row {
 public:
  template <auto Member>
  static Row of(ConfigField field, const char* name, const char* title) {
    using V = std::decay_t<decltype(std::declval<TrainConfig&>().*Member)>;
    Row r;
    r.row_.field = field;
    r.row_.name = name;
    r.row_.title = title;
    r.row_.text = [](const TrainConfig& c) { return valueText(c.*Member); };
    r.row_.setText = [](TrainConfig& c, const std::string& s) {
      return parseValue(s, &(c.*Member));
    };
    if constexpr (std::is_same_v<V, bool> || std::is_same_v<V, double> ||
                  (std::is_integral_v<V> && std::is_signed_v<V>)) {
      r.row_.kind = std::is_same_v<V, bool>     ? ConfigKind::Flag
                    : std::is_same_v<V, double> ? ConfigKind::Real
                                                : ConfigKind::Integer;
      r.row_.number = [](const TrainConfig& c) { return static_cast<double>(c.*Member); };
      r.row_.setNumber = [](TrainConfig& c, double v) { c.*Member = static_cast<V>(v); };
    } else if constexpr (std::is_same_v<V, uint64_t>) {
      r.row_.kind = ConfigKind::Unsigned;
    } else if constexpr (std::is_same_v<V, std::string>) {
      r.row_.kind = ConfigKind::Text;
    } else if constexpr (std::is_same_v<V, Precision>) {
      r.row_.kind = ConfigKind::Choice;
      r.row_.choices = precisionNames;
    } else {
      static_assert(std::is_same_v<V, CpuFp16>, "a TrainConfig member of a kind with no row");
      r.row_.kind = ConfigKind::Choice;
      r.row_.choices = cpuFp16Names;
    }
    return r;
  }

  Row& range(ConfigRange range, const char* unit = "", const char* zero = "") {
    row_.range = range;
    row_.unit = unit;
    row_.zero = zero;
    return *this;
  }
  Row& runFile(RunFileKey key, const char* note) {
    row_.runFile = key;
    row_.runFileNote = note;
    return *this;
  }
  Row& resumeMustMatch() {
    row_.resumeMustMatch = true;
    return *this;
  }
  Row& writtenWith(ConfigField other) {
    row_.writtenWith = other;
    return *this;
  }
  Row& flag(const char* name, const char* metavar, std::string help,
            ConfigPath path = ConfigPath::None) {
    row_.flag = name;
    row_.metavar = metavar;
    row_.help = std::move(help);
    row_.path = path;
    return *this;
  }
  operator ConfigFieldRow() const { return row_; }

 private:
  ConfigFieldRow row_;
};

std::string presetHelp() {
  std::string names;
  for (const auto& n : BertConfig::presetNames()) names += (names.empty() ? "" : ", ") + n;
  return "model: " + names + " (random init), or " + PretrainedModels::kMiniLm +
         ", the pretrained all-MiniLM-L6-v2 where installed";
}

using C = TrainConfig;
using F = ConfigField;
using K = RunFileKey;
constexpr ConfigPath kDir = ConfigPath::Directory;

// Where a run wrote to or read from on the recording machine: a replay or a re-run from the
// file must not write there or resume from there.
constexpr const char* kMachinePath =
    "a place on the recording machine; a re-run from the file must not write or resume there";

// The model, data, schedule, device and precision rows.
std::vector<ConfigFieldRow> modelAndScheduleRows() {
  return {
      Row::of<&C::preset>(F::Preset, "preset", "model preset")
          .resumeMustMatch()
          .flag("preset", "NAME", presetHelp()),
      Row::of<&C::modelDir>(F::ModelDir, "modelDir", "model directory")
          .flag("model", "DIR", "fine-tune this Hugging Face BERT directory instead of a preset",
                kDir),
      Row::of<&C::layers>(F::Layers, "layers", "pretrained layers used")
          .resumeMustMatch()
          .range({0, 1000}, "", "all of the checkpoint's layers")
          .runFile(K::Added, "files from before pretrained models lack it (all layers)")
          .flag("layers", "N",
                "use only the first N encoder layers of a pretrained model, 0 = all"),
      Row::of<&C::saveDir>(F::SaveDir, "saveDir", "save directory")
          .runFile(K::NotSaved, kMachinePath)
          .flag("save", "DIR", "after training, write the model to DIR as a Hugging Face directory",
                kDir),
      Row::of<&C::dataPath>(F::DataPath, "dataPath", "dataset file")
          .flag("data", "FILE", "CSV/TSV/JSONL dataset (default: the built-in dataset)",
                ConfigPath::File),
      Row::of<&C::textColumn>(F::TextColumn, "textColumn", "text column")
          .flag("text-column", "NAME", "column or JSON key with the text"),
      Row::of<&C::labelColumn>(F::LabelColumn, "labelColumn", "label column")
          .flag("label-column", "NAME", "column or JSON key with the label"),
      Row::of<&C::steps>(F::Steps, "steps", "steps")
          .range({1, double(kMaxSteps)})
          .flag("steps", "N", "optimizer steps per run"),
      Row::of<&C::batchSize>(F::BatchSize, "batchSize", "batch size")
          .resumeMustMatch()
          .range({1, double(kMaxBatchSize)}, " examples")
          .flag("batch-size", "N", "examples per step"),
      Row::of<&C::seqLen>(F::SeqLen, "seqLen", "sequence length")
          .resumeMustMatch()
          .range({2, double(kMaxSeqLen)}, " tokens")
          .flag("seq-len", "N", "max tokens per example, [CLS] and [SEP] included"),
      Row::of<&C::learningRate>(F::LearningRate, "learningRate", "learning rate")
          .resumeMustMatch()
          .range({0, kInf, true, true})
          .flag("lr", "RATE", "peak AdamW learning rate"),
      Row::of<&C::warmupFraction>(F::WarmupFraction, "warmupFraction", "warm-up fraction")
          .resumeMustMatch()
          .range({0, 1}),
      Row::of<&C::weightDecay>(F::WeightDecay, "weightDecay", "weight decay")
          .resumeMustMatch()
          .range({0, 1e3}),
      // Any finite value trains (<= 0 turns clipping off); infinities and NaN do not.
      Row::of<&C::maxGradNorm>(F::MaxGradNorm, "maxGradNorm", "gradient norm limit")
          .resumeMustMatch()
          .range({-1e300, 1e300}),
      Row::of<&C::adamEps>(F::AdamEps, "adamEps", "AdamW epsilon").resumeMustMatch().range({0, 1}),
      Row::of<&C::seed>(F::Seed, "seed", "seed")
          .resumeMustMatch()
          .flag("seed", "N", "seed for init, shuffle and dropout"),
      Row::of<&C::device>(F::Device, "device", "device")
          .flag("device", "DEV", "cpu, cuda or cuda:N"),
      Row::of<&C::evalEvery>(F::EvalEvery, "evalEvery", "evaluation interval")
          .range({0, double(kMaxSteps)}, " steps", "validate at the end only")
          .flag("eval-every", "N", "validate every N steps, 0 = at the end only"),
      Row::of<&C::validationFraction>(F::ValidationFraction, "validationFraction",
                                      "validation fraction")
          .resumeMustMatch()
          .range({0, 1, true, true}),
      Row::of<&C::threads>(F::Threads, "threads", "threads")
          .range({0, double(kMaxThreads)}, "", "all cores")
          .flag("threads", "N",
                "CPU threads, 0 = all cores; at most the machine's cores unless --oversubscribe"),
      Row::of<&C::oversubscribe>(F::Oversubscribe, "oversubscribe", "more threads than cores")
          .runFile(K::NotSaved,
                   "a permission for the recording machine's cores, not part of the training")
          .flag("oversubscribe", "", "allow --threads above the number of cores"),
      Row::of<&C::precision>(F::Precision, "precision", "precision")
          .resumeMustMatch()
          .flag("precision", "", "how the run uses floating point"),
      Row::of<&C::cpuFp16>(F::CpuFp16, "cpuFp16", "fp16 on a CPU")
          .resumeMustMatch()
          .runFile(K::Optional, "fp16 runs on a CPU set to emulate or real")
          .flag("cpu-fp16", "",
                "fp16 runs on a CPU: emulate (round to fp16, fp32 arithmetic: numerics only), "
                "real (fp16 kernels: live numerics and memory, LibTorch 2.x), or auto (real only "
                "on CPUs with fp16 units)"),
      Row::of<&C::tf32>(F::Tf32, "tf32", "TF32 matmuls (tf32=True)")
          .resumeMustMatch()
          .runFile(K::Optional, "tf32=True runs")
          .flag("tf32", "",
                "fp32 matrix multiplies on TF32 Tensor Cores on an Ampere or later GPU "
                "(TrainingArguments' tf32=True); no effect on a CPU"),
  };
}

// The loss scaler, the experiments' settings, checkpoints and LoRA rows.
std::vector<ConfigFieldRow> scalerAndExperimentRows() {
  return {
      // The scale is a float32 in the GradScaler: above FLT_MAX it reached LibTorch as infinity.
      Row::of<&C::initScale>(F::InitScale, "initScale", "initial loss scale")
          .range({0, double(std::numeric_limits<float>::max()), true, false})
          .flag("init-scale", "S", "GradScaler initial scale"),
      Row::of<&C::growthFactor>(F::GrowthFactor, "growthFactor", "loss scale growth factor")
          .resumeMustMatch()
          .range({0, 1e300}),
      Row::of<&C::backoffFactor>(F::BackoffFactor, "backoffFactor", "loss scale backoff factor")
          .resumeMustMatch()
          .range({0, 1e300}),
      Row::of<&C::growthInterval>(F::GrowthInterval, "growthInterval", "loss scale growth interval")
          .resumeMustMatch()
          .range({1, 1e9}, " steps")
          .flag("growth-interval", "N", "GradScaler growth interval in steps"),
      Row::of<&C::stopAfterNonFinite>(F::StopAfterNonFinite, "stopAfterNonFinite",
                                      "stop after non-finite steps")
          .range({0, double(kMaxSteps)}, " steps", "never stop early")
          .runFile(K::Optional, "runs that stop on a settled failure"),
      Row::of<&C::accumulationSteps>(F::AccumulationSteps, "accumulationSteps",
                                     "gradient accumulation steps")
          .resumeMustMatch()
          .range({1, double(kMaxBatchSize)}, " micro-batches")
          .runFile(K::Optional, "runs that accumulate gradients; it divides batchSize")
          .flag("gradient-accumulation-steps", "K",
                "run each step's batch as K micro-batches of batch/K, gradients accumulated "
                "(TrainingArguments' gradient_accumulation_steps)"),
      Row::of<&C::checkpointActivations>(F::CheckpointActivations, "checkpointActivations",
                                         "activation checkpointing")
          .runFile(K::Optional, "runs that recomputed each encoder layer in the backward pass")
          .flag("gradient-checkpointing", "",
                "recompute each encoder layer in the backward pass instead of keeping its "
                "activations (gradient_checkpointing=True)"),
      // 2^64 times a value of 10 is 1.8e20, far inside bf16's and fp32's 3.4e38.
      Row::of<&C::outlierScaleLog2>(F::OutlierScaleLog2, "outlierScaleLog2",
                                    "outlier feature scale (power of two)")
          .resumeMustMatch()
          .range({0, 64}, "", "no outlier feature")
          .runFile(K::Optional, "the range experiment's runs (docs/range-experiment.md)")
          .flag("outlier-scale-log2", "N",
                "plant an outlier feature: encoder layer 0 carries one attention value channel "
                "at 2^N times its value and divides it back before the output projection "
                "(same function in fp32 and bf16; above fp16's 65504; "
                "docs/range-experiment.md)"),
      Row::of<&C::checkpointEvery>(F::CheckpointEvery, "checkpointEvery", "checkpoint interval")
          .range({0, double(kMaxSteps)}, " steps", "no checkpoints")
          .runFile(K::Optional, "runs that wrote checkpoints (docs/preemption-experiment.md)")
          .flag("checkpoint-every", "N",
                "write OUTPUT_DIR/checkpoint-<step>/ every N steps (weights, optimizer, scaler, "
                "LR schedule, RNG, data order), 0 = never"),
      Row::of<&C::checkpointKeep>(F::CheckpointKeep, "checkpointKeep", "checkpoints kept")
          .range({1, 1000})
          .runFile(K::NotSaved,
                   "how many checkpoint folders the recording machine kept, not part of the "
                   "training")
          .flag("checkpoint-keep", "K", "keep the newest K checkpoints"),
      Row::of<&C::checkpointDir>(F::CheckpointDir, "checkpointDir", "checkpoint folder")
          .runFile(K::NotSaved, kMachinePath)
          .flag("output-dir", "DIR", "the folder the checkpoints go to", kDir),
      Row::of<&C::resumeFrom>(F::ResumeFrom, "resumeFrom", "checkpoint to resume from")
          .runFile(K::NotSaved, kMachinePath)
          .flag("resume-from", "DIR",
                "continue from a checkpoint-<step>/ folder, or latest: the newest in --output-dir",
                kDir),
      Row::of<&C::loraRank>(F::LoraRank, "loraRank", "LoRA rank")
          .resumeMustMatch()
          .range({0, 1024}, "", "full fine-tuning")
          .runFile(K::Optional, "LoRA runs (docs/lora-experiment.md)")
          .flag("lora-rank", "R",
                "LoRA: rank-R adapters on every layer's query and value projections, base "
                "weights frozen, only adapters and classifier trained, 0 = full fine-tuning; "
                "--save then writes the adapter in PEFT's layout (docs/lora-experiment.md)"),
      Row::of<&C::loraAlpha>(F::LoraAlpha, "loraAlpha", "LoRA alpha")
          .resumeMustMatch()
          .range({0, 1e6, true, false})
          .runFile(K::Optional, "LoRA runs")
          .writtenWith(F::LoraRank)
          .flag("lora-alpha", "A", "LoRA alpha: the adapters' output is scaled by A/R"),
      Row::of<&C::shardOptimizer>(F::ShardOptimizer, "shardOptimizer", "sharded optimizer state")
          .runFile(K::Optional, "data-parallel runs whose AdamW state was sharded over the ranks")
          .flag("shard-optimizer", "",
                "data-parallel: each rank keeps AdamW's state only for its 1/N shard of the "
                "parameters and broadcasts its updated shard (ZeRO stage 1, PyTorch's "
                "ZeroRedundancyOptimizer; docs/data-parallel.md)"),
  };
}

// Every row, in ConfigField order.
std::vector<ConfigFieldRow> makeRows() {
  std::vector<ConfigFieldRow> rows = modelAndScheduleRows();
  for (ConfigFieldRow& row : scalerAndExperimentRows()) rows.push_back(std::move(row));
  return rows;
}

}  // namespace

const std::vector<ConfigFieldRow>& configFields() {
  static const std::vector<ConfigFieldRow> rows = makeRows();
  return rows;
}

const ConfigFieldRow& configField(ConfigField field) {
  const auto& rows = configFields();
  const auto i = static_cast<size_t>(field);
  // Rows are in enumerator order (tst_configfields checks); the search is the fallback.
  if (i < rows.size() && rows[i].field == field) return rows[i];
  for (const ConfigFieldRow& r : rows)
    if (r.field == field) return r;
  return rows.front();
}

const ConfigFieldRow* configFieldNamed(const std::string& name) {
  for (const ConfigFieldRow& r : configFields())
    if (name == r.name) return &r;
  return nullptr;
}

const std::vector<ConfigField>& allConfigFields() {
  static const std::vector<ConfigField> all = [] {
    std::vector<ConfigField> v;
    for (const auto& r : configFields()) v.push_back(r.field);
    return v;
  }();
  return all;
}

const char* configFieldName(ConfigField field) { return configField(field).name; }
const char* configFieldTitle(ConfigField field) { return configField(field).title; }
std::optional<ConfigRange> configRange(ConfigField field) { return configField(field).range; }

std::vector<std::string> configArgs(const TrainConfig& config, const TrainConfig& defaults) {
  std::vector<std::string> args;
  for (const ConfigFieldRow& f : configFields()) {
    if (!f.flag) continue;
    const std::string value = f.text(config);
    if (value == f.text(defaults)) continue;
    if (f.kind == ConfigKind::Flag) {
      if (value == "true") args.push_back(std::string("--") + f.flag);
      continue;
    }
    args.push_back(std::string("--") + f.flag);
    args.push_back(value);
  }
  return args;
}

}  // namespace precisionlab
