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

#include "core/RunRecords.h"
#include "core/TrainConfig.h"

namespace precisionlab {

// Summary numbers computed from the records when the run ends (never typed in by hand).
struct RunSummary {
  int64_t stepsDone = 0;
  double meanStepMs = 0;         // over steps after the first (the first pays warm-up costs)
  double meanSamplesPerSec = 0;  // same steps
  double finalLoss = 0;          // NaN when the last step's loss was not finite
  double finalValAccuracy = -1;  // -1 when the run never evaluated
  int64_t peakBytes = 0;         // max over steps
  int64_t skippedSteps = 0;
  int64_t nonFiniteSteps = 0;
  int64_t firstNonFiniteStep = 0;  // 0 when every loss was finite
};

struct RunRecording {
  static constexpr int kFormatVersion = 1;
  static constexpr std::string_view kFileSuffix = ".plrun";

  std::string scenarioId;  // engine/ScenarioIds.h, or empty for a run outside the lab
  std::string label;       // what the lab showed, e.g. "D: fp16=True"
  TrainConfig config;
  // How the run was measured when it was recorded: kind Live or Emulated (never Recorded),
  // device, torch version, note. recordedAt is ISO 8601 UTC ("2024-05-01T12:00:00Z").
  RunProvenance provenance;
  std::string host;  // machine name at recording time
  // Library name -> version, e.g. {"libtorch","1.13.1"}, {"precisionlab","0.1.0"}.
  std::vector<std::pair<std::string, std::string>> libraries;
  int64_t totalSteps = 0;
  std::vector<StepRecord> steps;  // in step order
  std::vector<EvalRecord> evals;  // in step order
  RunState endState = RunState::Finished;
  std::string endMessage;  // the cause when Failed, else the final status text
  RunSummary summary;      // filled by finish() / read from the file

  // Folds one drain() update of this run into the recording (state, message, records).
  void append(const RunUpdate& update);
  // Recomputes `summary` from the records; writeRunRecording() calls it.
  void finish();
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

// "2024-05-01T12:00:00Z" for the current time.
std::string currentUtcTimestamp();

}  // namespace precisionlab
