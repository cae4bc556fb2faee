// The one table of TrainConfig's fields: for each member its stable name (the run-file key), its
// title in words, its kind, the validator's range, whether and how run files hold it, and the
// CLI flag that sets it, with reading and writing through the member. The config validator, the
// run-file writer and reader, the CLI's training options and docs/run-file-format.md all read
// this table, so a new setting is one TrainConfig member plus one row (ConfigFields.cpp) and
// an enumerator here. Checks between fields (accumulation steps dividing the batch) stay code.
// Plain data: no torch, no Qt.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/TrainConfig.h"

namespace precisionlab {

// Every member of TrainConfig, in the struct's order (which is the table's and the run file's).
enum class ConfigField {
  Preset,
  ModelDir,
  Layers,
  SaveDir,
  DataPath,
  TextColumn,
  LabelColumn,
  Steps,
  BatchSize,
  SeqLen,
  LearningRate,
  WarmupFraction,
  WeightDecay,
  MaxGradNorm,
  AdamEps,
  Seed,
  Device,
  EvalEvery,
  ValidationFraction,
  Threads,
  Oversubscribe,
  Precision,
  CpuFp16,
  Tf32,
  InitScale,
  GrowthFactor,
  BackoffFactor,
  GrowthInterval,
  StopAfterNonFinite,
  AccumulationSteps,
  CheckpointActivations,
  OutlierScaleLog2,
  CheckpointEvery,
  CheckpointKeep,
  CheckpointDir,
  ResumeFrom,
  LoraRank,
  LoraAlpha,
  ShardOptimizer,
};

// The bounds of a numeric field, both inclusive unless marked open.
struct ConfigRange {
  double min = 0;
  double max = 0;
  bool minOpen = false;  // min itself is not allowed (learning rate > 0)
  bool maxOpen = false;  // max itself is not allowed (validation fraction < 1)
};

// What a member holds, which says how it is written (JSON, CLI values, text).
enum class ConfigKind {
  Integer,   // int64_t or int: a JSON integer
  Unsigned,  // uint64_t (the seed): a JSON integer, exact beyond 2^53
  Real,      // double: a JSON number, NaN and infinities as strings
  Flag,      // bool: true or false
  Text,      // std::string
  Choice,    // an enum with names (precision, cpuFp16): a string, one of choices()
};

// How a run file (.plrun) holds a field.
enum class RunFileKey {
  Required,  // always written, must be present
  Added,     // always written; files from before the field existed lack it: absent = default
  Optional,  // written only where it differs from the default; absent = default
  NotSaved,  // deliberately not in run files (runFileNote says why); reads as the default
};

// Whether a text field names a file or a folder (CLI completion, file dialogs).
enum class ConfigPath { None, File, Directory };

struct ConfigFieldRow {
  ConfigField field = ConfigField::Preset;
  const char* name = "";   // the member and the run-file key: "seqLen"
  const char* title = "";  // the setting in words, for messages: "sequence length"
  ConfigKind kind = ConfigKind::Text;
  std::optional<ConfigRange> range;  // checked by the validator and the run-file reader
  const char* unit = "";             // after the upper bound in messages: " tokens"
  const char* zero = "";             // what 0 means, where it is special: "all cores"
  RunFileKey runFile = RunFileKey::Required;
  const char* runFileNote = "";  // Added, Optional: which runs have it; NotSaved: why not
  // Optional only: written also wherever this other field is (LoRA's alpha with its rank), so
  // the file states the pair together.
  std::optional<ConfigField> writtenWith;
  // A training checkpoint records the field, and resuming it with another value is refused
  // (engine TrainingCheckpoint.cpp): the settings that decide the next step's numbers (a LoRA
  // rank-4 checkpoint is no full fine-tuning's). Paths, threads and output settings are not.
  bool resumeMustMatch = false;
  const char* flag = nullptr;  // the CLI flag without "--" ("seq-len"); nullptr: none
  const char* metavar = "";    // the CLI value's name ("N"); none for flags and choices
  std::string help;            // the CLI help before its " (default ...)"
  ConfigPath path = ConfigPath::None;
  // Integer, Real and Flag (0 or 1): the value as a double, and set from one (narrowed to the
  // member's type; integers are exact up to 2^53). nullptr for the other kinds.
  double (*number)(const TrainConfig&) = nullptr;
  void (*setNumber)(TrainConfig&, double) = nullptr;
  // Every kind: the value as text (integers in full, reals in the shortest form that reads
  // back, flags true or false, choices by name), and set from such text (false when the text
  // is not a value of the kind; the member is then unchanged).
  std::string (*text)(const TrainConfig&) = nullptr;
  bool (*setText)(TrainConfig&, const std::string&) = nullptr;
  std::vector<std::string> (*choices)() = nullptr;  // Choice only: every name, in order
};

// Every row, in ConfigField (and TrainConfig) order.
const std::vector<ConfigFieldRow>& configFields();
const ConfigFieldRow& configField(ConfigField field);
// The row whose run-file key is `name`; nullptr when none is.
const ConfigFieldRow* configFieldNamed(const std::string& name);

// Every field, in the order above (for tables and tests).
const std::vector<ConfigField>& allConfigFields();
// Stable name: the TrainConfig member and the key in run files ("seqLen", "batchSize").
const char* configFieldName(ConfigField field);
// The setting in words, for messages ("sequence length").
const char* configFieldTitle(ConfigField field);
// The range of a numeric field; nullopt for the others (paths, names, device). Front ends size
// their inputs from it (spin box ranges), so no second copy of a bound exists.
std::optional<ConfigRange> configRange(ConfigField field);

// The command line that sets `config` where it differs from `defaults`, one flag (and value)
// per field in the table's order ("--steps", "40", "--tf32"): a `precisionlab-cli train` (from
// TrainConfig{}) or `lab` (from its preset's base) started with it trains what `config` says.
// Fields without a flag are left out; a flag can only turn a setting on.
std::vector<std::string> configArgs(const TrainConfig& config, const TrainConfig& defaults);

}  // namespace precisionlab
