// The training checkpoints in an output folder, found by name: the Hugging Face Trainer's
// checkpoint-<step>/ layout, which the engine's Trainer writes, the preemption experiment (CLI
// and GUI) watches and resumes from, and TrainerStateImport reads transformers' runs from. One
// reading of the name for all of them: "checkpoint-" then 1 to 12 decimal digits, nothing else,
// so ".checkpoint-8.partial" (a checkpoint being written), "checkpoint-8.bak" or "checkpoint--1"
// are no checkpoints. It lists folders only; what a checkpoint holds is its reader's business.
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

}  // namespace precisionlab
