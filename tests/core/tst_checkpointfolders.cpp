// The checkpoint-<step>/ folder scan that the trainer (resume from latest, keep the newest K),
// the preemption experiment (CLI and GUI) and the trainer-state import share
// (core/CheckpointFolders.h): which names are checkpoints, their order, the newest at or below a
// step. Files in a temporary folder only: milliseconds.
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

#include "CoreTest.h"
#include "core/CheckpointFolders.h"
#include "core/EngineError.h"

using namespace precisionlab;

namespace {

void makeFolder(const std::string& path) { CHECK_EQ(::mkdir(path.c_str(), 0755), 0); }

}  // namespace

CORE_TEST(onlyCheckpointStepNamesAreCheckpoints) {
  CHECK_EQ(checkpointFolderName(40), std::string("checkpoint-40"));
  CHECK_EQ(checkpointFolderStep("checkpoint-40"), int64_t(40));
  CHECK_EQ(checkpointFolderStep("checkpoint-0"), int64_t(0));
  CHECK_EQ(checkpointFolderStep("checkpoint-999999999999"), int64_t(999999999999));
  for (const char* name :
       {"checkpoint-", "checkpoint--1", "checkpoint-+1", "checkpoint-1 ", "checkpoint-8.bak",
        ".checkpoint-8.partial", "checkpoint-0x10", "Checkpoint-3", "checkpoint-1000000000000",
        "checkpoint-99999999999999999999", "run-3", ""}) {
    coretest::row(name, [&] { CHECK_EQ(checkpointFolderStep(name), int64_t(-1)); });
  }
}

CORE_TEST(listsFoldersByStepAndFindsTheNewest) {
  const std::string dir = coretest::tempDir() + "/out";
  makeFolder(dir);
  // Steps out of name order (10 sorts before 9 as text), a partial write, a file with a
  // checkpoint's name, a folder with a near name, and a link to a checkpoint folder.
  for (const char* name : {"checkpoint-9", "checkpoint-10", "checkpoint-2",
                           ".checkpoint-12.partial", "checkpoint-11.bak", "runs"})
    makeFolder(dir + "/" + name);
  std::ofstream(dir + "/checkpoint-13") << "a file, not a folder";
  CHECK_EQ(::symlink((dir + "/checkpoint-2").c_str(), (dir + "/checkpoint-3").c_str()), 0);

  const auto all = listCheckpointFolders(dir);
  CHECK_EQ(all.size(), size_t(4));
  const int64_t steps[] = {2, 3, 9, 10};
  for (size_t i = 0; i < all.size() && i < 4; ++i) {
    CHECK_EQ(all[i].step, steps[i]);
    CHECK_EQ(all[i].path, dir + "/" + checkpointFolderName(steps[i]));
  }
  CHECK_EQ(newestCheckpointFolder(dir).step, int64_t(10));
  CHECK_EQ(newestCheckpointFolder(dir).path, dir + "/checkpoint-10");
  CHECK_EQ(newestCheckpointFolder(dir, 9).step, int64_t(9));
  CHECK_EQ(newestCheckpointFolder(dir, 8).step, int64_t(3));
  CHECK_EQ(newestCheckpointFolder(dir, 1).step, int64_t(-1));
  CHECK(newestCheckpointFolder(dir, 1).path.empty());
}

CORE_TEST(aMissingFolderHasNoCheckpoints) {
  const std::string dir = coretest::tempDir() + "/never-made";
  CHECK(listCheckpointFolders(dir).empty());
  CHECK_EQ(newestCheckpointFolder(dir).step, int64_t(-1));
  // A file where the folder should be is no folder of checkpoints either.
  std::ofstream(coretest::tempDir() + "/a-file") << "x";
  CHECK(listCheckpointFolders(coretest::tempDir() + "/a-file").empty());
}

namespace {

const std::vector<std::string> kFiles = {"model.safetensors", "trainer_state.json"};

// A checkpoint folder of `name` whose trainer_state.json records `step` (as JSON text), with
// the files kFiles names (the first `files` of them).
void makeCheckpoint(const std::string& dir, const std::string& name, const std::string& step,
                    size_t files = 2) {
  makeFolder(dir + "/" + name);
  for (size_t i = 0; i < files; ++i) std::ofstream(dir + "/" + name + "/" + kFiles[i]) << "{}";
  if (files >= 2)
    std::ofstream(dir + "/" + name + "/trainer_state.json") << "{\"global_step\": " << step << "}";
}

}  // namespace

CORE_TEST(latestIsTheNewestCompleteCheckpointByItsRecordedStep) {
  // Issue 39: beside checkpoint-4, a checkpoint-999999999999 recording step 2 was resumed
  // silently; a kill during pruning left checkpoint-15 with trainer_state.json alone.
  const std::string dir = coretest::tempDir() + "/latest";
  makeFolder(dir);
  makeCheckpoint(dir, "checkpoint-4", "4");
  makeCheckpoint(dir, "checkpoint-999999999999", "2");
  makeCheckpoint(dir, "checkpoint-15", "15", 0);
  std::ofstream(dir + "/checkpoint-15/trainer_state.json") << "{\"global_step\": 15}";
  makeCheckpoint(dir, "checkpoint-12", "1e400");
  const CheckpointChoice c = latestCompleteCheckpoint(dir, kFiles);
  CHECK_EQ(c.folder.step, int64_t(4));
  CHECK_EQ(c.folder.path, dir + "/checkpoint-4");
  CHECK_EQ(c.skipped.size(), size_t(3));
  if (c.skipped.size() == 3) {
    CHECK_MSG(c.skipped[0].find("checkpoint-999999999999: skipped") != std::string::npos &&
                  c.skipped[0].find("global_step 2") != std::string::npos,
              c.skipped[0]);
    CHECK_MSG(c.skipped[1].find("checkpoint-15: skipped: incomplete, no model.safetensors") !=
                  std::string::npos,
              c.skipped[1]);
    CHECK_MSG(c.skipped[2].find("checkpoint-12: skipped") != std::string::npos &&
                  c.skipped[2].find("global_step") != std::string::npos,
              c.skipped[2]);
  }
  CHECK(latestCompleteCheckpoint(dir + "/none", kFiles).folder.path.empty());
}

CORE_TEST(recordedStepsOutOfRangeNameTheValueAndTheRange) {
  const std::string dir = coretest::tempDir() + "/ranges";
  makeFolder(dir);
  makeCheckpoint(dir, "checkpoint-1", "9223372036854775808");  // 2^63
  CHECK_THROWS(recordedCheckpointStep(dir + "/checkpoint-1"), InputError,
               "\"global_step\" is 9223372036854775808, outside the accepted 1..999999999999");
  makeCheckpoint(dir, "checkpoint-2", "2.5");
  CHECK_THROWS(recordedCheckpointStep(dir + "/checkpoint-2"), InputError,
               "must be an integer step in 1..999999999999, not 2.5");
  makeCheckpoint(dir, "checkpoint-3", "3");
  CHECK_EQ(recordedCheckpointStep(dir + "/checkpoint-3"), int64_t(3));
  CHECK(checkpointNameProblem(dir + "/checkpoint-3", 3).empty());
  CHECK(checkpointNameProblem(dir + "/my-run", 3).empty());  // a name the user chose
  CHECK(checkpointNameProblem(dir + "/checkpoint-3", 2).find("records global_step 2") !=
        std::string::npos);
}
