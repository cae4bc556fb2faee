// Hostile inputs, rounds 2 (issue 25) and 3 (issue 39), for the core library: the one output writer
// refuses anything but a regular file or a new path and says a full disk in words; repeated JSON
// keys are reported in linear time; trainer_state steps fit the run file; settings that reached
// LibTorch as an internal error or a hang are refused by the validator. Round 3: output folders
// checked before the work, saying what the path is; no empty TensorBoard run folder on a full
// disk; integers out of range quoted as written, with the accepted range.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "../support/LinearTime.h"
#include "../support/TinyTrainConfig.h"
#include "CoreTest.h"
#include "core/AtomicFileWriter.h"
#include "core/ConfigValidator.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/OutputFolder.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"
#include "core/TrainerStateImport.h"

using namespace precisionlab;

namespace {
bool isFifo(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

// {"k0":0, ..., "k<keys-1>":0, then n repeats "k<i % keys>":1}, one member per line (indented
// one space): n duplicate keys over `keys` distinct ones.
std::string repeatedKeys(size_t n, size_t keys) {
  std::string s = "{";
  for (size_t i = 0; i < keys + n; ++i)
    s +=
        (i == 0 ? "\n \"k" : ",\n \"k") + std::to_string(i % keys) + "\":" + (i < keys ? "0" : "1");
  return s + "}";
}
}  // namespace

CORE_TEST(outputWriterRefusesAFifo) {
  // Renaming over a FIFO (or /dev/null, as root) replaced it with a regular file.
  const std::string fifo = coretest::tempDir() + "/out.fifo";
  CHECK_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  CHECK_THROWS(AtomicFileWriter::writeFile(fifo, "data"), InputError, "not a regular file");
  CHECK(isFifo(fifo));
  CHECK_THROWS(AtomicFileWriter::writeFile(coretest::tempDir(), "data"), InputError, "folder");
  CHECK(!AtomicFileWriter::refusal("/dev/null").empty());
  CHECK(AtomicFileWriter::refusal(coretest::tempDir() + "/new-file").empty());
}

CORE_TEST(outputWriterRefusesADeviceNode) {
  const std::string node = coretest::tempDir() + "/null";
  if (::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    std::printf("  (skipped the device node: mknod needs root, %s)\n", std::strerror(errno));
    return;
  }
  CHECK_THROWS(AtomicFileWriter::writeFile(node, "data"), InputError, "device");
  struct stat st {};
  CHECK_EQ(::lstat(node.c_str(), &st), 0);
  CHECK(S_ISCHR(st.st_mode));
}

CORE_TEST(outputWriterFollowsASymlinkAndKeepsIt) {
  const std::string target = coretest::tempDir() + "/target.txt";
  const std::string link = coretest::tempDir() + "/link.txt";
  AtomicFileWriter::writeFile(target, "old");
  CHECK_EQ(::symlink(target.c_str(), link.c_str()), 0);
  AtomicFileWriter::writeFile(link, "new");
  struct stat st {};
  CHECK_EQ(::lstat(link.c_str(), &st), 0);
  CHECK(S_ISLNK(st.st_mode));
  std::ifstream in(target, std::ios::binary);
  CHECK_EQ(std::string(std::istreambuf_iterator<char>(in), {}), std::string("new"));
}

CORE_TEST(outputWriterSaysAFullDiskInWords) {
  CHECK(AtomicFileWriter::reason(ENOSPC).find("disk is full") != std::string::npos);
  CHECK(AtomicFileWriter::reason(EROFS).find("read-only") != std::string::npos);
  CHECK(AtomicFileWriter::reason(EACCES).find("permission denied") != std::string::npos);
  // A real full disk where this machine lets us make one (a 64 KiB tmpfs, root only).
  const std::string mnt = coretest::tempDir() + "/full";
  CHECK_EQ(::mkdir(mnt.c_str(), 0755), 0);
  const std::string mount = "mount -t tmpfs -o size=64k tmpfs '" + mnt + "' 2>/dev/null";
  if (std::system(mount.c_str()) != 0) {
    std::printf("  (skipped the tmpfs: mount needs root)\n");
    return;
  }
  bool threw = false;
  try {
    AtomicFileWriter::writeFile(mnt + "/big.bin", std::string(1 << 20, 'x'));
  } catch (const InputError& e) {
    threw = true;
    CHECK(std::string(e.what()).find("the disk is full") != std::string::npos);
  }
  const std::string umount = "umount '" + mnt + "'";
  CHECK_EQ(std::system(umount.c_str()), 0);
  CHECK(threw);
}

CORE_TEST(repeatedJsonKeysAreLinear) {
  // Each repeat counted its line from byte 0 and rescanned the members: 80,000 took 165 s.
  std::vector<json::DuplicateKey> found;
  json::ParseOptions options;
  options.duplicateKeys = &found;
  options.maxDuplicateKeys = SIZE_MAX;  // every one positioned, the worst case
  const std::string small = repeatedKeys(3, 3);
  json::parse(small, options);
  CHECK_EQ(found.size(), size_t(3));
  CHECK_EQ(found[0].path, std::string("$.k0"));
  CHECK_EQ(found[0].line, size_t(5));
  CHECK_EQ(found[2].line, size_t(7));
  CHECK_EQ(found[2].column, size_t(2));
  const json::Value v = json::parse(small, options);
  CHECK_EQ(v.members().size(), size_t(3));
  CHECK_EQ(v.members()[0].second.asInt64(), int64_t(1));  // the last value counts
  std::string text;                                       // made once per size, outside the timing
  size_t made = 0;
  // The largest input stays inside the parser's 2,000,000-value budget: with every key repeated
  // an input of n repeats holds 2n values, so its n is capped at 800,000 (1,600,000 let a fast
  // or lightly loaded run reach 3.2 million values and be refused by the budget, not timed).
  const auto timed = [&](size_t keys) {
    return testing::measureLinearTime(
        [&](size_t n) {
          if (made != n) text = repeatedKeys(made = n, keys == 0 ? n : keys);
          found.clear();
          json::parse(text, options);
          if (found.size() != n) std::abort();
        },
        20000, keys == 0 ? 800000 : 1600000);
  };
  // Many repeats of a few keys: each repeat's line was counted from byte 0.
  const auto t = timed(64);
  std::printf("  repeats of 64 keys: %s\n", t.describe().c_str());
  CHECK(t.linear());
  // Every key of a large object repeated once: each repeat rescanned the members. The hash
  // table outgrows the CPU caches as it doubles, so the bound is 3.2x per doubling here (quadratic
  // is 4x).
  made = 0;
  const auto big = timed(0);
  std::printf("  every key repeated: %s\n", big.describe().c_str());
  CHECK(big.linear(3.2));
  // The collected list is bounded; the rest are counted.
  size_t omitted = 0;
  options.maxDuplicateKeys = 10;
  options.omittedDuplicateKeys = &omitted;
  found.clear();
  json::parse(repeatedKeys(100, 100), options);
  CHECK_EQ(found.size(), size_t(10));
  CHECK_EQ(omitted, size_t(90));
}

CORE_TEST(trainerStateStepsFitTheRunFile) {
  // global_step up to 1e9 was imported into run files whose reader allows 1e7 steps.
  const std::string big =
      R"({"global_step": 1000000000, "log_history": [{"loss": 0.5, "step": 1}]})";
  CHECK_THROWS(TrainerStateImport::fromText(big, "trainer_state.json", {}), InputError,
               "global_step = 1000000000 is outside the accepted 0..10000000");
  const std::string step = R"({"log_history": [{"loss": 0.5, "step": 20000000}]})";
  CHECK_THROWS(TrainerStateImport::fromText(step, "trainer_state.json", {}), InputError,
               "outside 0 to 10000000");
  // A step 0 and a step time over an hour were imported too; the reader refuses both.
  CHECK_THROWS(TrainerStateImport::fromText(R"({"log_history": [{"loss": 0.5, "step": 0}]})",
                                            "trainer_state.json", {}),
               InputError, "start at step 1");
  CHECK_THROWS(
      TrainerStateImport::fromText(
          R"({"log_history": [{"loss": 0.5, "step": 1}, {"step": 1, "train_runtime": 1e12}]})",
          "trainer_state.json", {}),
      InputError, "at most an hour a step");
  // At the bound, what is imported is a run file the reader opens.
  const std::string most =
      R"({"global_step": 10000000, "log_history": [{"loss": 0.5, "step": 1}]})";
  const RunRecording r = TrainerStateImport::fromText(most, "trainer_state.json", {});
  CHECK_EQ(r.totalSteps, int64_t(kMaxSteps));
  const std::string file = coretest::tempDir() + "/most.plrun";
  writeRunRecording(file, r);
  const RunRecording back = readRunRecording(file);
  CHECK_EQ(back.totalSteps, r.totalSteps);
}

CORE_TEST(settingsThatReachedLibTorchAreRefused) {
  ConfigEnvironment env;
  env.cores = 2;
  TrainConfig c = test::tinyTrainConfig(10);
  CHECK(validate(c, env).empty());
  // Above FLT_MAX the float32 loss scale is infinity: an internal LibTorch error.
  c.initScale = 1e39;
  auto issues = validate(c, env);
  CHECK_EQ(issues.size(), size_t(1));
  CHECK(issues[0].field == ConfigField::InitScale);
  std::printf("  %s\n", issues[0].message.c_str());
  CHECK(issues[0].message.find("positive number of at most 3.40282e") != std::string::npos);
  c.initScale = 65536;
  // 1024 threads on 2 cores, oversubscription allowed, spin-waited on each other: a hang.
  c.threads = 1024;
  c.oversubscribe = true;
  issues = validate(c, env);
  CHECK_EQ(issues.size(), size_t(1));
  CHECK(issues[0].field == ConfigField::Threads);
  CHECK(issues[0].message.find("use at most 8") != std::string::npos);
  c.threads = 8;
  CHECK(validate(c, env).empty());
}

namespace {
bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A tmpfs of `size` at a new folder `mnt` (root only); false where mounting is not allowed.
bool mountTmpfs(const std::string& mnt, const char* size) {
  if (::mkdir(mnt.c_str(), 0755) != 0) return false;
  const std::string mount =
      "mount -t tmpfs -o size=" + std::string(size) + " tmpfs '" + mnt + "' 2>/dev/null";
  return std::system(mount.c_str()) == 0;
}

// Fills the file system at `dir` to its last byte.
void fill(const std::string& dir) {
  std::FILE* f = std::fopen((dir + "/filler").c_str(), "wb");
  if (!f) return;
  const std::string block(4096, 'x');
  while (std::fwrite(block.data(), 1, block.size(), f) == block.size() && std::fflush(f) == 0) {
  }
  std::fclose(f);
}
}  // namespace

CORE_TEST(outputFoldersSayWhatThePathIs) {
  // train --output-dir ff (a FIFO) trained until the first checkpoint was due, then failed
  // "cannot create the checkpoint folder: Not a directory".
  const std::string dir = coretest::tempDir() + "/outputs";
  CHECK_EQ(::mkdir(dir.c_str(), 0755), 0);
  const std::string fifo = dir + "/ff";
  CHECK_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::ofstream(dir + "/file") << "x";
  CHECK_EQ(::symlink((dir + "/loop").c_str(), (dir + "/loop").c_str()), 0);
  CHECK_EQ(::symlink((dir + "/nowhere").c_str(), (dir + "/dangling").c_str()), 0);
  const struct {
    std::string path, expected;
  } rows[] = {
      {fifo, "ff: a named pipe (FIFO), not a folder"},
      {dir + "/file", "file: a regular file, not a folder"},
      {dir + "/file/sub", "file is a regular file, not a folder"},
      {dir + "/loop", "a symbolic link loop"},
      {dir + "/dangling", "a symbolic link that leads nowhere"},
      {"/dev/null", "/dev/null: a character device, not a folder"},
  };
  for (const auto& r : rows)
    coretest::row(r.path, [&] {
      const std::string problem = outputFolderProblem(r.path);
      CHECK_MSG(contains(problem, r.expected), problem);
      CHECK_EQ(makeOutputFolder(r.path), problem);
    });
  CHECK(isFifo(fifo));  // nothing replaced it
  CHECK(outputFolderProblem(dir + "/new/deeper").empty());
  CHECK(makeOutputFolder(dir + "/new/deeper").empty());
  struct stat st {};
  CHECK(::stat((dir + "/new/deeper").c_str(), &st) == 0 && S_ISDIR(st.st_mode));
  CHECK(makeOutputFolder(dir + "/new/deeper").empty());  // an existing folder is fine
}

CORE_TEST(aFullDiskIsSaidBeforeTheWorkAndLeavesNoEmptyRunFolder) {
  const std::string mnt = coretest::tempDir() + "/full-disk";
  if (!mountTmpfs(mnt, "64k")) SKIP("mounting a tmpfs needs root");
  fill(mnt);
  const std::string problem = makeOutputFolder(mnt);
  // `lab --out full/lab` on a full disk left an empty full/lab/ behind (issue 47).
  const std::string newFolderProblem = makeOutputFolder(mnt + "/lab/run");
  struct stat labSt {};
  const bool labLeft = ::stat((mnt + "/lab").c_str(), &labSt) == 0;
  // ENOSPC during export-tensorboard left an empty run folder behind.
  std::string tensorboard;
  try {
    RunRecording run = TrainerStateImport::fromText(
        R"({"global_step": 2, "log_history": [{"loss": 0.5, "step": 1}, {"loss": 0.4, "step": 2}]})",
        "trainer_state.json", {});
    exportTensorBoard(run, mnt + "/tb", "run");
  } catch (const InputError& e) {
    tensorboard = e.what();
  }
  struct stat st {};
  const bool runFolderLeft = ::stat((mnt + "/tb/run").c_str(), &st) == 0;
  const bool tbLeft = ::stat((mnt + "/tb").c_str(), &st) == 0;
  CHECK_EQ(std::system(("umount '" + mnt + "'").c_str()), 0);
  CHECK_MSG(contains(problem, "the disk is full"), problem);
  CHECK_MSG(contains(newFolderProblem, "the disk is full") ||
                contains(newFolderProblem, "cannot create the folder"),
            newFolderProblem);
  CHECK(!labLeft);
  CHECK_MSG(contains(tensorboard, "the disk is full"), tensorboard);
  CHECK(!runFolderLeft);
  CHECK(!tbLeft);
}

CORE_TEST(runFileIntegersOutOfRangeAreQuotedWithTheRange) {
  // "version": 2^70 and a config field of 1e308 read "must be an integer, not number".
  const RunRecording run = TrainerStateImport::fromText(
      R"({"global_step": 2, "log_history": [{"loss": 0.5, "step": 1}, {"loss": 0.4, "step": 2}]})",
      "trainer_state.json", {});
  const std::string file = coretest::tempDir() + "/ranges.plrun";
  writeRunRecording(file, run);
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    const size_t at = t.find(from);
    CHECK_MSG(at != std::string::npos, from);
    return at == std::string::npos ? t : t.replace(at, from.size(), to);
  };
  CHECK_THROWS(
      parseRunRecording(replaced("\"version\":1", "\"version\":1180591620717411303424"), "r.plrun"),
      InputError, "format version 1180591620717411303424 does not exist");
  CHECK_THROWS(parseRunRecording(
                   replaced("\"config\":{", "\"config\":{\"accumulationSteps\":1e308,"), "r.plrun"),
               InputError, "gradient accumulation steps must be between 1 and");
  CHECK_THROWS(parseRunRecording(replaced("\"config\":{", "\"config\":{\"outlierScaleLog2\":2.5,"),
                                 "r.plrun"),
               InputError, "must be an integer, not 2.5");
  CHECK_THROWS(
      TrainerStateImport::fromText(
          R"({"global_step": 9223372036854775808, "log_history": [{"loss": 0.5, "step": 1}]})",
          "trainer_state.json", {}),
      InputError, "global_step = 9223372036854775808 is outside the accepted 0..10000000");
}
