// `precisionlab-cli lab --scenarios preemption-resume` (docs/preemption-experiment.md): three
// `precisionlab-cli train --jsonl` children of this same binary: the run uninterrupted, the run
// killed with SIGKILL once it has reported step `killAfter` (never asked to stop: a Spot VM's
// preemption), and its resume from the newest checkpoint the killed run left. The verdict
// (core/Verdict.h, judgePreemptionResume) compares the curves step by step.
#include "cli/PreemptionExperiment.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/ArgParser.h"
#include "cli/JsonText.h"
#include "core/AtomicFileWriter.h"
#include "core/CheckpointFolders.h"
#include "core/ConfigFields.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/NumberText.h"
#include "core/SafeFileReader.h"
#include "core/ScenarioIds.h"
#include "core/VerdictJson.h"

namespace precisionlab::cli {

namespace {

namespace fs = std::filesystem;

struct ChildRun {
  std::vector<StepRecord> steps;
  std::string jsonl;      // everything it printed
  bool finished = false;  // exit status 0
  bool killed = false;    // ended by our SIGKILL
  std::string error;      // its standard error when it failed
  double wallMs = 0;
};

// `train --jsonl` with every setting of `c` that differs from train's own defaults, from the
// config field table's flags (core/ConfigFields.h, configArgs).
std::vector<std::string> trainArgs(const TrainConfig& c) {
  std::vector<std::string> a = {"train", "--jsonl"};
  for (std::string& arg : configArgs(c, TrainConfig{})) a.push_back(std::move(arg));
  return a;
}

void addStepLine(const std::string& line, std::vector<StepRecord>& steps) {
  json::Value v;
  try {
    v = json::parse(line);
  } catch (const std::exception&) {
    return;  // not a record line
  }
  const json::Value* type = v.find("type");
  if (!type || !type->isString() || type->asString() != "step") return;
  StepRecord r;
  r.step = v.find("step") ? v.find("step")->asInt64() : 0;
  const json::Value* loss = v.find("loss");
  r.loss = loss && loss->isNumber() ? loss->asDouble() : std::nan("");
  if (const json::Value* ms = v.find("stepMs"); ms && ms->isNumber()) r.stepMs = ms->asDouble();
  steps.push_back(r);
}

// Runs this binary with `args`; with killAfter > 0 sends SIGKILL once a step >= killAfter has
// been reported. Standard error goes to errPath.
ChildRun runChild(const std::vector<std::string>& args, int64_t killAfter,
                  const std::string& errPath) {
  ChildRun out;
  int fds[2];
  if (::pipe(fds) != 0) throw InputError(std::string("pipe: ") + std::strerror(errno));
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) throw InputError(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    ::dup2(fds[1], STDOUT_FILENO);
    const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (err >= 0) ::dup2(err, STDERR_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    std::vector<char*> argv;
    static char self[] = "precisionlab-cli";
    argv.push_back(self);
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv("/proc/self/exe", argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  std::string pending;
  char buf[4096];
  bool killSent = false;
  for (;;) {
    const ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(buf, size_t(n));
    size_t nl;
    while ((nl = pending.find('\n')) != std::string::npos) {
      const std::string line = pending.substr(0, nl);
      pending.erase(0, nl + 1);
      out.jsonl += line + "\n";
      addStepLine(line, out.steps);
      if (killAfter > 0 && !killSent && !out.steps.empty() && out.steps.back().step >= killAfter) {
        ::kill(pid, SIGKILL);  // not asked: the process ends wherever it is
        killSent = true;
      }
    }
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  out.wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.killed = killSent && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
  out.finished = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!out.finished && !out.killed) {
    try {
      out.error = SafeFileReader::readFile(errPath, filekinds::kConfigJson);
    } catch (const std::exception& e) {
      out.error = e.what();
    }
    while (!out.error.empty() && out.error.back() == '\n') out.error.pop_back();
    if (out.error.empty()) out.error = "exit status " + std::to_string(status);
  }
  return out;
}

std::string lossText(const std::vector<StepRecord>& steps, int64_t step) {
  for (const auto& r : steps)
    if (r.step == step) return numberText(r.loss, 17, 'g');
  return "";
}

}  // namespace

void checkPreemptionSteps(int64_t steps) {
  const int64_t least = VerdictOptions{}.minSteps;
  if (steps < least)
    throw UsageError("--steps: the preemption-resume experiment needs at least " +
                     std::to_string(least) + " steps (got " + std::to_string(steps) +
                     "): it writes a checkpoint every quarter of the run, kills it after 3/5 "
                     "and judges the resumed curve on at least " +
                     std::to_string(least) + " steps; use --steps " + std::to_string(least) +
                     " or more");
}

int runPreemptionExperiment(const TrainConfig& base, const std::string& outDir, std::ostream& os) {
  checkPreemptionSteps(base.steps);
  TrainConfig c = base;
  c.checkpointEvery = c.checkpointEvery > 0 ? c.checkpointEvery : std::max<int64_t>(1, c.steps / 4);
  c.checkpointKeep = 2;
  // Killed between two checkpoints, past the first: about 60 % of the way, off the grid.
  const int64_t killAfter = std::max<int64_t>(c.checkpointEvery + 1, c.steps * 3 / 5);
  const int64_t kill = killAfter % c.checkpointEvery == 0 ? killAfter + 1 : killAfter;
  const std::string dirA = (fs::path(outDir) / "uninterrupted").string();
  const std::string dirB = (fs::path(outDir) / "preempted").string();
  for (const auto& d : {dirA, dirB}) {
    std::error_code ec;
    fs::remove_all(d, ec);
    fs::create_directories(d, ec);
    if (ec) throw InputError(d + ": cannot create: " + ec.message());
  }
  os << "Preemption and resume: " << c.steps << " steps of " << c.preset << ", batch "
     << c.batchSize << ", checkpoint every " << c.checkpointEvery << " steps; the second run is "
     << "killed with SIGKILL after step " << kill << " and resumed from its last checkpoint\n";

  TrainConfig a = c;
  a.checkpointDir = dirA;
  const ChildRun full = runChild(trainArgs(a), 0, (fs::path(dirA) / "stderr.txt").string());
  os << "  uninterrupted: " << full.steps.size() << " steps, "
     << numberText(full.wallMs / 1000.0, 1, 'f') << " s\n";
  TrainConfig b = c;
  b.checkpointDir = dirB;
  const ChildRun killed =
      runChild(trainArgs(b), kill, (fs::path(dirB) / "stderr-killed.txt").string());
  const CheckpointFolder newest = newestCheckpointFolder(dirB);
  const std::string latest = newest.step < 0 ? std::string() : checkpointFolderName(newest.step);
  PreemptionRuns runs;
  runs.totalSteps = c.steps;
  runs.uninterrupted = full.steps;
  runs.uninterruptedFinished = full.finished;
  runs.killed = killed.steps;
  runs.checkpointStep = std::max<int64_t>(newest.step, 0);
  os << "  killed: " << (killed.killed ? "SIGKILL" : "NOT killed (it ended first)") << " after "
     << (killed.steps.empty() ? 0 : killed.steps.back().step)
     << " reported steps; newest checkpoint: " << (latest.empty() ? "none" : latest) << "\n";
  ChildRun resumed;
  if (runs.checkpointStep > 0 && killed.killed) {
    b.resumeFrom = "latest";
    resumed = runChild(trainArgs(b), 0, (fs::path(dirB) / "stderr-resumed.txt").string());
    runs.resumed = resumed.steps;
    runs.resumedFinished = resumed.finished;
    runs.resumeError = resumed.error;
    os << "  resumed from " << latest << ": " << resumed.steps.size() << " steps, "
       << numberText(resumed.wallMs / 1000.0, 1, 'f') << " s\n";
  }
  const PreemptionVerdict v = judgePreemptionResume(runs);
  os << "\nVerdict (" << judgementName(v.judgement) << ", live on " << c.device
     << "): " << v.summary << "\n";

  // Records: each run's JSON lines, the three curves side by side, the verdict.
  AtomicFileWriter::writeFile((fs::path(outDir) / "uninterrupted.jsonl").string(), full.jsonl);
  AtomicFileWriter::writeFile((fs::path(outDir) / "killed.jsonl").string(), killed.jsonl);
  AtomicFileWriter::writeFile((fs::path(outDir) / "resumed.jsonl").string(), resumed.jsonl);
  std::string csv = "step,uninterrupted_loss,killed_loss,resumed_loss\n";
  for (int64_t s = 1; s <= c.steps; ++s)
    csv += std::to_string(s) + "," + lossText(full.steps, s) + "," + lossText(killed.steps, s) +
           "," + lossText(resumed.steps, s) + "\n";
  AtomicFileWriter::writeFile((fs::path(outDir) / "preemption.csv").string(), csv);
  AtomicFileWriter::writeFile(
      (fs::path(outDir) / "verdicts.txt").string(),
      std::string("preemption-resume\t") + judgementName(v.judgement) + "\t" + v.summary + "\n");
  AtomicFileWriter::writeFile((fs::path(outDir) / "verdicts.json").string(),
                              verdictsJsonText({preemptionAsVerdict(v, runs)}));
  os << "\nRecords: " << outDir << "/preemption.csv, uninterrupted.jsonl, killed.jsonl, "
     << "resumed.jsonl, verdicts.txt, verdicts.json\n";
  if (v.judgement == Judgement::Failed) return 1;
  return 0;
}

}  // namespace precisionlab::cli
