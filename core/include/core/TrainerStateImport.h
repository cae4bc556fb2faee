// Imports a Hugging Face Trainer run (its trainer_state.json, written by trainer.save_state()
// or into every checkpoint-N/ folder) as a recorded run, so a learner's real run, e.g. the
// Vertex AI job of the exported train.py, can be laid over the lab's runs and replayed.
//
// What the file says and what it does not: log_history holds, every logging_steps steps, the
// training loss, learning rate and gradient norm (epoch, step), the evaluations (eval_loss,
// eval_accuracy) and a final summary (train_runtime, global_step). It records neither the
// device, the precision, the torch version, per-step times, memory, the loss scale nor skipped
// steps. So the recording says "device unknown" unless the caller names it, its precision is
// the caller's (fp32 with "precision not recorded" otherwise), every step time is the run's mean
// (train_runtime / global_step, marked as such), and memory, loss scale and flushed gradients
// are absent (0 / 1). The settings come from the file where it holds them: max_steps,
// train_batch_size, eval_steps (a share of max_steps when below 1), the learning rate
// (trial_params' for a hyperparameter-search trial, else the largest logged one); logging_steps
// and num_train_epochs go into the note. Every other config field (sequence length, seed,
// warm-up, weight decay, clipping, ...) is listed in RunRecording::unknownSettings, so the run
// file says its value is a placeholder. The provenance note lists all of this.
//
// The file is untrusted: a regular file of at most 64 MiB, strict JSON (Python's bare NaN,
// Infinity and -Infinity, which json.dump writes for a diverged loss, are read as such), every
// field type-checked; errors name the file, the log_history entry and the field. Torch-free.
#pragma once

#include <string>
#include <string_view>

#include "core/RunRecording.h"

namespace precisionlab {

struct TrainerStateImportOptions {
  std::string device;      // where the run ran, e.g. "cuda:0 NVIDIA L4 (Vertex AI)"; "" = unknown
  std::string precision;   // precisionName() of the run (fp32, fp16-amp, bf16-amp); "" = unknown
  std::string scenarioId;  // lab scenario it corresponds to (ScenarioIds.h); "" = none
  std::string label;       // "" = "Trainer run (<file name>)"
};

class TrainerStateImport {
 public:
  static constexpr uint64_t kMaxFileBytes = 64ull << 20;
  // Reads path. Throws InputError naming the file (and entry/field) for anything unusable.
  static RunRecording fromFile(const std::string& path, const TrainerStateImportOptions& options);
  // The same on text in memory; fileName is used in messages and the label only.
  static RunRecording fromText(std::string_view text, const std::string& fileName,
                               const TrainerStateImportOptions& options);
  // Whether path looks like a trainer state rather than a .plrun (by name: *.json).
  static bool looksLikeTrainerState(const std::string& path);
  // A Cloud Storage path as a Vertex AI job (and gcsfuse) sees it: "gs://bucket/dir" ->
  // "/gcs/bucket/dir"; any other path unchanged.
  static std::string localPath(const std::string& path);
  // The trainer_state.json of a Trainer's output folder (a Vertex AI job's --output_dir, gs://
  // mapped): <folder>/trainer_state.json (save_state() at the end), else that of its
  // checkpoint-N/ with the largest N (a job stopped before the end). A file is returned as it
  // is. Throws InputError naming the folder and what was looked for.
  static std::string findTrainerState(const std::string& fileOrFolder);
};

}  // namespace precisionlab
