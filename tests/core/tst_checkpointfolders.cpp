// The checkpoint-<step>/ folder scan that the trainer (resume from latest, keep the newest K),
// the preemption experiment (CLI and GUI) and the trainer-state import share
// (core/CheckpointFolders.h): which names are checkpoints, their order, the newest at or below a
// step. Files in a temporary folder only: milliseconds.
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "CoreTest.h"
#include "core/CheckpointFolders.h"

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
