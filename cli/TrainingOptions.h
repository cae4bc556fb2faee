// The training options (--preset, --steps, --batch-size, --seq-len, --lr, --threads, --cpu-fp16,
// ...) declared once for every command that starts or describes training runs (train, lab,
// bench, record, estimate): each picks the fields it offers, with its own defaults. The settings
// are checked by the engine's config validator (core/ConfigValidator.h), which knows fields,
// not flags; this file maps each field's issue to the flag the user typed ("--seq-len: ...").
// Flag names, value names and help come from the config field table (core/ConfigFields.h).
#pragma once

#include <initializer_list>
#include <vector>

#include "cli/ArgParser.h"
#include "core/ConfigValidator.h"
#include "core/TrainConfig.h"

namespace precisionlab::cli {

// Adds the flags of these fields (core/ConfigFields.h), in the order given, with the defaults
// shown in --help taken from `defaults`. Threads brings --oversubscribe along; CheckpointEvery
// brings --checkpoint-keep, --output-dir and --resume-from (one feature, four flags).
void addTrainingOptions(ArgParser& parser, const TrainConfig& defaults,
                        std::initializer_list<ConfigField> fields);
// Copies every training option present on the command line into `config`. Throws UsageError
// for a value that cannot be read (not a number, a negative seed, --threads beyond any limit).
void applyTrainingOptions(const ArgParser& parser, TrainConfig& config);
// Validates `config` for this machine and build (core/ConfigValidator.h) and throws one
// UsageError listing every issue, each under the flag of its field ("--seq-len: sequence length
// must be ..."); a field without a flag in this command is reported in the setting's words.
void checkTrainingConfig(const ArgParser& parser, const TrainConfig& config);
// Makes the folder periodic checkpoints go to (--output-dir) and proves it writable, before the
// first step; a UsageError saying what the path is otherwise ("a named pipe (FIFO), not a folder").
void makeOutputFolders(const ArgParser& parser, const TrainConfig& config);
// The flag of a field in this parser ("--seq-len"), or "" when the command has none.
std::string flagFor(const ArgParser& parser, ConfigField field);
// One issue in the CLI's words: "--seq-len: sequence length must be ...".
std::string describeIssue(const ArgParser& parser, const ConfigIssue& issue);
// The scenario ids of `list`, comma-separated (empty parts dropped), as `lab --scenarios`,
// `record --scenarios` and `bench --policies` take them. An unknown id fails under `option`
// with the scenario table's words, naming the known ids, before anything runs or is written; so
// do a repeated id and 'all' inside a list (lab takes 'all' alone).
std::vector<std::string> scenarioIdList(const ArgParser& parser, const std::string& option,
                                        const std::string& list);

}  // namespace precisionlab::cli
