// A finished (or stopped) run kept on disk so it can be replayed later, e.g. a GPU run shown in
// a classroom that has no GPU. The file format (`.plrun`, JSON Lines) is documented in
// docs/run-file-format.md: a header line, one line per step and evaluation record, an end line.
// Writing is atomic (temporary file, fsync, rename); reading is strict and reports a damaged or
// too-new file as InputError naming the file and line. Qt-free and torch-free.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/RunLog.h"
#include "core/RunRecords.h"
#include "core/TrainConfig.h"

namespace precisionlab {

// The longest step time a run file may record (an hour): the reader refuses more, so the
// writers of run files (the trainer_state import) refuse it too.
constexpr double kMaxRecordedStepMs = 3600000.0;

// A run log as a file holds it: the RunLog (scenario, settings, provenance as measured when it
// was recorded, records, end state) plus where it was recorded. `provenance.kind` is Live or
// Emulated (never Recorded); recordedAt is ISO 8601 UTC ("2024-05-01T12:00:00Z"). The summary
// written into the file is RunLog::summary(); a reader recomputes it from the records.
struct RunRecording : RunLog {
  static constexpr int kFormatVersion = 1;
  static constexpr std::string_view kFileSuffix = ".plrun";

  std::string host;  // machine name at recording time
  // Library name -> version, e.g. {"libtorch","1.13.1"}, {"precisionlab","0.1.0"}.
  std::vector<std::pair<std::string, std::string>> libraries;
  // Config fields the recording does not know (run-file keys, "seqLen", "seed"): their values in
  // `config` are TrainConfig's defaults, placeholders only. Empty for runs trained here; an
  // import (e.g. a Hugging Face trainer_state.json) names what its source did not hold.
  std::vector<std::string> unknownSettings;
  bool settingKnown(const std::string& key) const;
};

// Writes `recording` to `path` atomically. Throws InputError (file and reason) on failure.
// Fills recordedAt (now, UTC) and host when they are empty.
void writeRunRecording(const std::string& path, RunRecording recording);

// Reads a run file. Throws InputError "<file>:<line>: <problem>. <what to do>" for a file that
// cannot be read, is truncated, holds bad JSON, lacks a field, is not a run file, or was made
// by a newer PrecisionLab.
RunRecording readRunRecording(const std::string& path);
// The same on text already in memory; `fileName` is only used in messages.
RunRecording parseRunRecording(std::string_view text, const std::string& fileName);

// The output of `precisionlab-cli train --jsonl` (cli/TrainCommand.cpp): one step or eval record a
// line, then a summary line when the process ended on its own (a killed one has none). Read as
// strictly as a run file's records (the same field table and checks; steps must increase).
struct TrainJsonl {
  std::vector<StepRecord> steps;
  std::vector<EvalRecord> evals;
  bool hasSummary = false;
  std::string state;    // the summary's "finished", "failed" or "cancelled"; "" without one
  std::string message;  // the summary's message (why it failed)
  // A data-parallel job that lost a rank: how long rank 0 waited in the collective that failed
  // (the summary's optional collectiveWaitMs); 0 otherwise.
  double collectiveWaitMs = 0;
  // A data-parallel job's memory per rank (the summary's optional rankMemory); empty otherwise.
  std::vector<RankMemory> rankMemory;
};
// Throws InputError "<fileName>:<line>: <problem>" for bad JSON, an unknown record type, a bad
// field or a record after the summary. An empty text is an empty run.
TrainJsonl parseTrainJsonl(std::string_view text, const std::string& fileName);

// "2024-05-01T12:00:00Z" for the current time.
std::string currentUtcTimestamp();

// True when two configurations train the same run, value for value: every field a run file
// holds (the one field list, configToJson) and the CPU fp16 mode are equal, and neither saves a
// model. A learning-rate sweep's trial at the baseline's own rate is such a run (see
// RunScheduler::follow).
bool sameTraining(const TrainConfig& a, const TrainConfig& b);

}  // namespace precisionlab
