// The training checkpoints in an output folder, found by name: the Hugging Face Trainer's
// checkpoint-<step>/ layout, which the engine's Trainer writes, the preemption experiment (CLI
// and GUI) watches and resumes from, and TrainerStateImport reads transformers' runs from. One
// reading of the name for all of them: "checkpoint-" then 1 to 12 decimal digits, nothing else,
// so ".checkpoint-8.partial" (a checkpoint being written), "checkpoint-8.bak" or "checkpoint--1"
// are no checkpoints. It lists folders; what a checkpoint holds is its reader's business, except
// the one thing every reader agrees on: trainer_state.json's global_step, the step the folder
// holds, which must be the step of its name (latestCompleteCheckpoint, checkpointNameProblem).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace precisionlab {

struct CheckpointFolder {
  int64_t step = -1;
  std::string path;  // the folder, `dir` + "/" + its name
};

// "checkpoint-<step>", as the writers name the folder of a step.
std::string checkpointFolderName(int64_t step);

// The step of a "checkpoint-<step>" name, or -1 for any other name.
int64_t checkpointFolderStep(const std::string& name);

// The checkpoint-<step>/ folders directly in `dir` (symbolic links to folders count), by
// ascending step; none where `dir` is missing or unreadable.
std::vector<CheckpointFolder> listCheckpointFolders(const std::string& dir);

// The folder of the highest step that is at most `atMost` (a checkpoint written after the step a
// run was stopped at is not the one it stopped with); step -1 and no path when there is none.
CheckpointFolder newestCheckpointFolder(const std::string& dir,
                                        int64_t atMost = std::numeric_limits<int64_t>::max());

// The global_step that folder/trainer_state.json records (1 to 12 digits' worth). Throws
// InputError naming the file and the field, with the value and the accepted range.
int64_t recordedCheckpointStep(const std::string& folder);

// Why a folder's name and the step it records disagree ("checkpoint-999999999999: its
// trainer_state.json records global_step 2"), or "" when they agree or the name is not
// checkpoint-<step> (a folder the user named).
std::string checkpointNameProblem(const std::string& folder, int64_t recordedStep);

struct CheckpointChoice {
  CheckpointFolder folder;           // step -1 and no path when no folder qualifies
  std::vector<std::string> skipped;  // one line per folder passed over, naming it and why
};

// What `--resume-from latest` resumes from: the newest complete checkpoint by its recorded step.
// A folder that lacks one of `requiredFiles` (a kill while it was pruned), whose
// trainer_state.json cannot be read, or whose name and global_step disagree is passed over and
// named in `skipped`.
CheckpointChoice latestCompleteCheckpoint(const std::string& dir,
                                          const std::vector<std::string>& requiredFiles);

}  // namespace precisionlab
