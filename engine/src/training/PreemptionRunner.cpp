#include "engine/PreemptionRunner.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/AtomicFileWriter.h"
#include "core/CheckpointFolders.h"
#include "core/ConfigFields.h"
#include "core/CsvWriter.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/NumberText.h"
#include "core/RunRecording.h"
#include "core/SafeFileReader.h"
#include "core/Verdict.h"

namespace precisionlab {

namespace {

namespace fs = std::filesystem;

enum Role { kUninterrupted = 0, kKilled = 1, kResumed = 2 };
constexpr std::array<const char*, 3> kFileNames = {"uninterrupted", "killed", "resumed"};
// `train`'s exit status for a job that lost a rank (docs/data-parallel.md, "Exit status").
constexpr int kExitRankLost = 3;
// A child's standard error is read back for its failure message only.
constexpr FileKind kChildStderr{"child run's standard error", 1u << 20};

struct Run {
  RunId id = 0;
  std::string label;
  TrainConfig config;
  RunUpdate news;  // what drain() has not handed out yet
  bool dirty = false;
  std::vector<StepRecord> steps;  // everything it reported (preemption.csv)
  std::string jsonl;              // everything it printed
  bool ended = false;
};

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

// The last rank's pid from the launcher's line on standard error, "precisionlab-cli train: 2
// ranks on 127.0.0.1:PORT (pids 4241 4242)" (cli/RankLauncher.cpp), written before any rank
// steps; -1 when it is not there.
pid_t lastRankPid(const std::string& launcherStderr) {
  const size_t at = launcherStderr.find("(pids ");
  if (at == std::string::npos) return -1;
  const size_t end = launcherStderr.find(')', at);
  const size_t space = launcherStderr.rfind(' ', end);
  if (end == std::string::npos || space == std::string::npos || space < at) return -1;
  const std::string digits = launcherStderr.substr(space + 1, end - space - 1);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  return static_cast<pid_t>(std::stol(digits));
}

// Whether `pid` is a stopped child of `parent` (/proc/<pid>/stat's third and fourth fields):
// a pid signalled after its process ended could be another process's, and a rank that did not
// stop (a job that ended before its stop) must not be killed.
bool stoppedChildOf(pid_t pid, pid_t parent) {
  // Read as a stream: /proc files report a size of 0, so a reader that trusts it reads nothing.
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return false;
  const size_t close = stat.rfind(')');  // the command name may hold spaces and parentheses
  if (close == std::string::npos) return false;
  char state = 0;
  long ppid = 0;
  return std::sscanf(stat.c_str() + close + 1, " %c %ld", &state, &ppid) == 2 && ppid == parent &&
         state == 'T';
}

}  // namespace

struct PreemptionRunner::Impl {
  std::string executable;
  RunId nextId = 1;
  std::array<Run, 3> runs;
  std::string recordsDir;
  // `train --nproc <nproc>` children (0: one process each). With oneChild, the data-parallel
  // experiment (startDataParallel): runs[0] alone. Without, the worker-dies experiment
  // (startRanks): the three runs as 2-rank jobs, the second losing its last rank.
  int nproc = 0;
  bool oneChild = false;
  // The sharded-state experiment (startShardedState): runs[0] replicated, runs[1] sharded.
  bool statePair = false;
  int collectiveTimeout = 0;  // --collective-timeout of the ranks' jobs (0: train's default)
  std::string filePrefix;     // of the records' file names: "" or "worker-dies-"
  std::string curvesFile = "preemption.csv";
  int64_t killAfter = 0;
  // The child in progress.
  int current = -1;  // its role, -1 when none runs
  pid_t pid = -1;
  int fd = -1;
  std::string pending;
  bool killSent = false;
  int64_t lastStep = 0;
  bool cancelled = false;
  // From its summary line.
  std::string summaryState, summaryMessage, device, torchVersion;

  // What a data-parallel start resets (the data-parallel experiment's one child, or the
  // sharded-state experiment's pair): no run planned yet. Throws InputError when the records
  // folder cannot be made.
  void resetForJobs(const std::string& folder, int ranks, bool one, bool pair) {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) throw InputError(folder + ": cannot create the folder: " + ec.message());
    recordsDir = folder;
    nproc = ranks;
    oneChild = one;
    statePair = pair;
    collectiveTimeout = 0;
    killAfter = 0;
    cancelled = false;
    device.clear();
    torchVersion.clear();
    runs = {};
    for (Run& unused : runs) unused.ended = true;  // id 0: not planned
  }

  // A run planned with the next id, queued.
  Run planRun(const std::string& label, const TrainConfig& config) {
    Run r;
    r.id = nextId++;
    r.label = label;
    r.config = config;
    r.news.id = r.id;
    r.news.label = r.label;
    r.news.totalSteps = config.steps;
    r.news.state = RunState::Queued;
    return r;
  }

  void touch(Run& r, RunState state, std::string message = {}) {
    r.news.state = state;
    if (!message.empty()) r.news.message = std::move(message);
    r.dirty = true;
  }

  std::string fileName(int role) const {
    if (statePair) return role == 0 ? "sharded-state-replicated" : "sharded-state-sharded";
    return oneChild ? "data-parallel" : filePrefix + kFileNames[size_t(role)];
  }

  std::string stderrPath(int role) const {
    return (fs::path(recordsDir) / (fileName(role) + ".stderr.txt")).string();
  }

  void spawn(int role) {
    Run& r = runs[size_t(role)];
    std::vector<std::string> args = {"train", "--jsonl"};
    for (std::string& a : configArgs(r.config, TrainConfig{})) args.push_back(std::move(a));
    if (nproc > 0) args.insert(args.end(), {"--nproc", std::to_string(nproc)});
    if (collectiveTimeout > 0)
      args.insert(args.end(), {"--collective-timeout", std::to_string(collectiveTimeout)});
    // The worker-dies job's last rank stops itself after killAfter (train --lose-rank-after),
    // exactly there: stopped from here when rank 0's record of that step was read, a 20 ms step
    // left it stopping steps later, at times after the job's last collective (rank 0 then
    // finished, and its launcher waited for the stopped rank for ever).
    const bool losesRank = losesItsRank(role);
    if (losesRank) args.insert(args.end(), {"--lose-rank-after", std::to_string(killAfter)});
    // Everything the child needs is built before fork(): between fork and exec only
    // async-signal-safe calls (the caller has threads).
    std::vector<char*> argv;
    static char self[] = "precisionlab-cli";
    argv.push_back(self);
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string errPath = stderrPath(role);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      throw InputError(std::string("child run: pipe: ") + std::strerror(errno));
    const pid_t parent = ::getpid();
    const pid_t child = ::fork();
    if (child < 0) {
      ::close(fds[0]);
      ::close(fds[1]);
      throw InputError(std::string("child run: fork: ") + std::strerror(errno));
    }
    if (child == 0) {
      ::setpgid(0, 0);  // a group of its own: cancel() kills it whole
      // Ends with this process (the forking thread, the front end's main thread): a window or
      // CLI that crashed or was killed leaves no training child behind.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(127);  // it ended before prctl took effect
      ::dup2(fds[1], STDOUT_FILENO);
      const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (err >= 0) ::dup2(err, STDERR_FILENO);
      ::execv(executable.c_str(), argv.data());
      ::_exit(127);
    }
    ::setpgid(child, child);  // also here: no race with cancel() before the child ran
    ::close(fds[1]);
    ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    current = role;
    pid = child;
    fd = fds[0];
    pending.clear();
    killSent = losesRank;  // asked for at the start
    lastStep = 0;
    summaryState.clear();
    summaryMessage.clear();
    r.news.provenance.kind = Provenance::Live;
    r.news.provenance.device = r.config.device + " (child process)";
    touch(r, RunState::Preparing,
          "started as a child process: " + executable + " train" +
              (nproc > 0 ? " --nproc " + std::to_string(nproc) : std::string()));
  }

  void takeLine(const std::string& line) {
    Run& r = runs[size_t(current)];
    r.jsonl += line + "\n";
    TrainJsonl parsed;
    try {
      parsed = parseTrainJsonl(line, fileName(current));
    } catch (const std::exception&) {
      return;  // not a record line
    }
    if (parsed.hasSummary) {
      summaryState = parsed.state;
      summaryMessage = parsed.message;
      r.news.collectiveWaitMs = parsed.collectiveWaitMs;
      r.news.rankMemory = parsed.rankMemory;
      if (parsed.collectiveWaitMs > 0 || !parsed.rankMemory.empty()) r.dirty = true;
      // The job ended (rank 0's summary): the stopped worker's machine is gone now (its
      // connections close), and its launcher can end.
      if (losesItsRank(current)) killStoppedRank();
      try {
        const json::Value v = json::parse(line);
        if (const json::Value* d = v.find("device"); d && d->isString()) device = d->asString();
        if (const json::Value* t = v.find("torchVersion"); t && t->isString())
          torchVersion = t->asString();
      } catch (const std::exception&) {
      }
    }
    if (!parsed.steps.empty() || !parsed.evals.empty()) touch(r, RunState::Running);
    for (const StepRecord& s : parsed.steps) {
      r.news.steps.push_back(s);
      r.steps.push_back(s);
      lastStep = s.step;
      if (current == kKilled && !statePair && !killSent && s.step >= killAfter) {
        ::kill(pid, SIGKILL);  // never asked: the process ends wherever it is
        killSent = true;
      }
    }
    r.news.evals.insert(r.news.evals.end(), parsed.evals.begin(), parsed.evals.end());
  }

  // The worker-dies experiment's job (`role` kKilled of a rank job): its last rank stops
  // itself (SIGSTOP) where a worker's machine would vanish: its TCP connections stay open, so
  // the other rank waits in its collective until the timeout. (SIGKILL would close them, and
  // Gloo would fail at once.)
  bool losesItsRank(int role) const {
    return role == kKilled && nproc > 0 && !oneChild && !statePair;
  }

  // Its end: the stopped rank (the launcher's last pid, if it is stopped) is killed.
  void killStoppedRank() {
    std::string err;
    try {
      err = SafeFileReader::readFile(stderrPath(current), kChildStderr);
    } catch (const std::exception&) {
    }
    const pid_t rank = lastRankPid(err);
    if (rank > 0 && pid > 0 && stoppedChildOf(rank, pid)) ::kill(rank, SIGKILL);
  }

  // Reads what the child printed; true at end of file.
  bool readAvailable() {
    char buf[8192];
    for (;;) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return false;  // EAGAIN: nothing more now
      if (n == 0) return true;
      pending.append(buf, size_t(n));
      size_t nl;
      while ((nl = pending.find('\n')) != std::string::npos) {
        const std::string line = pending.substr(0, nl);
        pending.erase(0, nl + 1);
        takeLine(line);
      }
    }
  }

  std::string failureText(int role, int status) const {
    if (!summaryMessage.empty() && summaryState == "failed") return summaryMessage;
    std::string err;
    try {
      err = trimmed(SafeFileReader::readFile(stderrPath(role), kChildStderr));
    } catch (const std::exception& e) {
      err = e.what();
    }
    if (!err.empty()) return err;
    return WIFSIGNALED(status) ? "ended by signal " + std::to_string(WTERMSIG(status))
                               : "exit status " + std::to_string(WEXITSTATUS(status));
  }

  void endChild(int status) {
    ::close(fd);
    fd = -1;
    pid = -1;
    const int role = current;
    current = -1;
    Run& r = runs[size_t(role)];
    r.ended = true;
    if (!device.empty()) {
      r.news.provenance.kind = Provenance::Live;
      r.news.provenance.device = device + " (child process)";
      r.news.provenance.torchVersion = torchVersion;
    }
    try {
      AtomicFileWriter::writeFile((fs::path(recordsDir) / (fileName(role) + ".jsonl")).string(),
                                  r.jsonl);
    } catch (const std::exception& e) {
      r.news.warnings.push_back(e.what());
    }
    const bool exited0 = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    const bool finished = exited0 && summaryState == "finished";
    if (cancelled) {
      touch(r, RunState::Cancelled, "cancelled: its process was killed");
    } else if (role == kKilled && finished && !statePair) {
      touch(r, RunState::Finished, "NOT killed: it ended before step " + std::to_string(killAfter));
    } else if (role == kKilled && killSent && nproc > 0) {
      const bool lost = WIFEXITED(status) && WEXITSTATUS(status) == kExitRankLost;
      if (lost)  // the job's own words (rank 0's): the judge tells the stop
        touch(r, RunState::Cancelled, failureText(role, status));
      else
        touch(r, RunState::Failed,
              "the job did not fail as a job that lost a rank: " + failureText(role, status));
    } else if (role == kKilled && killSent && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
      touch(r, RunState::Cancelled,
            "killed with SIGKILL after step " + std::to_string(lastStep) +
                " (never asked to stop, as a preempted Spot VM)");
    } else if (finished) {
      touch(r, RunState::Finished, "finished");
    } else {
      touch(r, RunState::Failed, failureText(role, status));
    }
    next(role);
  }

  void skip(int role, const std::string& why) {
    Run& r = runs[size_t(role)];
    if (r.id == 0) return;  // not planned (the sharded-state experiment has two runs)
    r.ended = true;
    touch(r, RunState::Cancelled, "not started: " + why);
  }

  // What follows the end of `role`'s child.
  void next(int role) {
    const Run& ended = runs[size_t(role)];
    if (oneChild) return;  // the data-parallel experiment's one child
    if (statePair) {
      if (role == 0 && cancelled) {
        skip(1, "cancelled");
      } else if (role == 0 && ended.news.state != RunState::Finished) {
        skip(1, "the replicated job did not finish");
      } else if (role == 0) {
        spawnOrFail(1);
      }
      if (current < 0 && runs[0].ended && runs[1].ended) writeCurves();
      return;
    }
    if (cancelled) {
      for (int later = role + 1; later < 3; ++later) skip(later, "cancelled");
    } else if (role == kUninterrupted) {
      if (ended.news.state == RunState::Finished) {
        spawnOrFail(kKilled);
      } else {
        skip(kKilled, "the uninterrupted run did not finish");
        skip(kResumed, "the uninterrupted run did not finish");
      }
    } else if (role == kKilled) {
      // The newest checkpoint at or before the last step the killed run reported: the trainer
      // writes a checkpoint before its step's record reaches us, so a newer one may exist whose
      // step we never saw, and resuming from it would leave a gap in the compared curve.
      const std::vector<StepRecord>& reported = runs[kKilled].steps;
      const CheckpointFolder newest = newestCheckpointFolder(
          runs[kKilled].config.checkpointDir, reported.empty() ? 0 : reported.back().step);
      if (ended.news.state != RunState::Cancelled) {
        skip(kResumed, "the second run was not killed");
      } else if (newest.step <= 0) {
        skip(kResumed, "the killed run left no checkpoint");
      } else {
        Run& resumed = runs[kResumed];
        resumed.config.resumeFrom = newest.path;
        resumed.news.resumedFrom = newest.path;
        resumed.news.resumedStep = newest.step;
        spawnOrFail(kResumed);
      }
    }
    if (current < 0 && std::all_of(runs.begin(), runs.end(), [](const Run& r) { return r.ended; }))
      writeCurves();
  }

  // The next child, from drain(): a pipe or fork that fails ends its run (and those after it)
  // with the cause, never an exception out of a front end's poll.
  void spawnOrFail(int role) {
    try {
      spawn(role);
    } catch (const std::exception& e) {
      Run& r = runs[size_t(role)];
      r.ended = true;
      touch(r, RunState::Failed, e.what());
      for (int later = role + 1; later < 3; ++later)
        skip(later, "the run before it could not start");
    }
  }

  // The three curves side by side: step, then each run's loss ("" where it has none).
  void writeCurves() {
    auto lossAt = [](const Run& r, int64_t step) -> std::string {
      for (const StepRecord& s : r.steps)
        if (s.step == step) return numberText(s.loss, 17, 'g');
      return "";
    };
    std::string csv =
        statePair ? csv::record({"step", "replicated_loss", "sharded_loss"})
                  : csv::record({"step", "uninterrupted_loss", "killed_loss", "resumed_loss"});
    for (int64_t step = 1; step <= runs[0].config.steps; ++step)
      csv += statePair
                 ? csv::record({std::to_string(step), lossAt(runs[0], step), lossAt(runs[1], step)})
                 : csv::record({std::to_string(step), lossAt(runs[0], step), lossAt(runs[1], step),
                                lossAt(runs[2], step)});
    try {
      AtomicFileWriter::writeFile((fs::path(recordsDir) / curvesFile).string(), csv);
    } catch (const std::exception& e) {
      Run& last = runs[statePair ? 1 : kResumed];
      last.news.warnings.push_back(e.what());
      last.dirty = true;
    }
  }

  void poll() {
    if (pid <= 0) return;
    const bool eof = readAvailable();
    int status = 0;
    const pid_t done = ::waitpid(pid, &status, eof ? 0 : WNOHANG);
    if (done != pid) return;
    readAvailable();  // what it printed before it ended
    if (!pending.empty()) takeLine(pending);
    pending.clear();
    endChild(status);
  }
};

PreemptionRunner::PreemptionRunner(std::string executable, RunId firstId)
    : impl_(std::make_unique<Impl>()) {
  impl_->executable = std::move(executable);
  impl_->nextId = firstId;
}

PreemptionRunner::~PreemptionRunner() { cancel(); }

int64_t PreemptionRunner::minSteps() { return VerdictOptions{}.minSteps; }

int64_t PreemptionRunner::killStep(const TrainConfig& c) {
  const int64_t every = std::max<int64_t>(1, c.checkpointEvery);
  const int64_t after = std::max<int64_t>(every + 1, c.steps * 3 / 5);
  return after % every == 0 ? after + 1 : after;
}

std::vector<PreemptionRunner::PlannedRun> PreemptionRunner::start(const TrainConfig& config,
                                                                  const std::string& checkpointDir,
                                                                  const std::string& recordsDir) {
  Impl& d = *impl_;
  if (active()) throw InputError("the preemption experiment is still running: cancel it first");
  d.nproc = 0;
  d.collectiveTimeout = 0;
  d.filePrefix.clear();
  d.curvesFile = "preemption.csv";
  return startThree(config, checkpointDir, recordsDir,
                    {kUninterruptedRunLabel, kKilledRunLabel, kResumedRunLabel});
}

std::vector<PreemptionRunner::PlannedRun> PreemptionRunner::startRanks(
    const TrainConfig& config, int nproc, int collectiveTimeoutSeconds,
    const std::string& checkpointDir, const std::string& recordsDir) {
  Impl& d = *impl_;
  if (active()) throw InputError("the worker-dies experiment is still running: cancel it first");
  if (nproc < 2) throw InputError("the worker-dies experiment needs 2 processes or more");
  d.nproc = nproc;
  d.collectiveTimeout = collectiveTimeoutSeconds;
  d.filePrefix = "worker-dies-";
  d.curvesFile = "worker-dies.csv";
  return startThree(config, checkpointDir, recordsDir,
                    {kRanksUninterruptedRunLabel, kRankLostRunLabel, kRanksResumedRunLabel});
}

std::vector<PreemptionRunner::PlannedRun> PreemptionRunner::startThree(
    const TrainConfig& config, const std::string& checkpointDir, const std::string& recordsDir,
    const std::array<const char*, 3>& labels) {
  Impl& d = *impl_;
  if (config.checkpointEvery <= 0)
    throw InputError("the kill-and-resume experiment needs checkpoints (checkpointEvery > 0)");
  const std::string dirs[3] = {(fs::path(checkpointDir) / "uninterrupted").string(),
                               (fs::path(checkpointDir) / "preempted").string(), recordsDir};
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (dir != recordsDir) fs::remove_all(dir, ec);
    fs::create_directories(dir, ec);
    if (ec) throw InputError(dir + ": cannot create the folder: " + ec.message());
  }
  d.recordsDir = recordsDir;
  d.oneChild = false;
  d.statePair = false;
  d.killAfter = killStep(config);
  d.cancelled = false;
  d.device.clear();
  d.torchVersion.clear();
  const RunRole roles[3] = {RunRole::Uninterrupted, RunRole::Killed, RunRole::Resumed};
  std::vector<PlannedRun> planned;
  for (int role = 0; role < 3; ++role) {
    Run r;
    r.id = d.nextId++;
    r.label = labels[size_t(role)];
    r.config = config;
    r.config.checkpointDir = dirs[role == kUninterrupted ? 0 : 1];
    r.news.id = r.id;
    r.news.label = r.label;
    r.news.totalSteps = config.steps;
    r.news.state = RunState::Queued;
    d.runs[size_t(role)] = r;
    planned.push_back({r.id, r.label, roles[role], r.config});
  }
  d.spawn(kUninterrupted);
  return planned;
}

std::vector<PreemptionRunner::PlannedRun> PreemptionRunner::startDataParallel(
    const TrainConfig& config, int nproc, const std::string& recordsDir) {
  Impl& d = *impl_;
  if (active()) throw InputError("the data-parallel experiment is still running: cancel it first");
  if (nproc < 2) throw InputError("the data-parallel experiment needs 2 processes or more");
  d.resetForJobs(recordsDir, nproc, true, false);
  d.runs[0] = d.planRun("data parallel, " + std::to_string(nproc) + " processes", config);
  d.runs[0].ended = false;
  d.spawn(0);
  const Run& r = d.runs[0];
  return {{r.id, r.label, RunRole::None, r.config}};
}

std::vector<PreemptionRunner::PlannedRun> PreemptionRunner::startShardedState(
    const TrainConfig& config, int nproc, const std::string& recordsDir) {
  Impl& d = *impl_;
  if (active()) throw InputError("the sharded-state experiment is still running: cancel it first");
  if (nproc < 2) throw InputError("the sharded-state experiment needs 2 processes or more");
  d.resetForJobs(recordsDir, nproc, false, true);
  d.curvesFile = "sharded-state.csv";
  std::vector<PlannedRun> planned;
  const char* labels[2] = {kReplicatedStateRunLabel, kShardedStateRunLabel};
  const RunRole roles[2] = {RunRole::Replicated, RunRole::Sharded};
  for (int role = 0; role < 2; ++role) {
    TrainConfig c = config;
    c.shardOptimizer = role == 1;
    d.runs[size_t(role)] = d.planRun(labels[role], c);
    planned.push_back({d.runs[size_t(role)].id, labels[role], roles[role], c});
  }
  d.spawn(0);
  return planned;
}

std::vector<RunUpdate> PreemptionRunner::drain() {
  impl_->poll();
  std::vector<RunUpdate> out;
  for (Run& r : impl_->runs) {
    if (!r.dirty) continue;
    out.push_back(r.news);
    // The next update starts empty but keeps the state (an update always carries it).
    RunUpdate fresh;
    fresh.id = r.id;
    fresh.label = r.label;
    fresh.state = r.news.state;
    fresh.totalSteps = r.news.totalSteps;
    r.news = fresh;
    r.dirty = false;
  }
  return out;
}

void PreemptionRunner::cancel() {
  Impl& d = *impl_;
  if (!active()) return;
  d.cancelled = true;
  if (d.pid > 0) {
    ::kill(-d.pid, SIGKILL);  // the child's group: the run and anything it started
    int status = 0;
    while (::waitpid(d.pid, &status, 0) < 0 && errno == EINTR) {
    }
    d.readAvailable();
    d.endChild(status);
  } else {
    for (int role = 0; role < 3; ++role)
      if (!d.runs[size_t(role)].ended) d.skip(role, "cancelled");
  }
}

bool PreemptionRunner::active() const {
  return impl_->pid > 0 || std::any_of(impl_->runs.begin(), impl_->runs.end(),
                                       [](const Run& r) { return r.id != 0 && !r.ended; });
}

bool PreemptionRunner::owns(RunId id) const {
  return id != 0 && std::any_of(impl_->runs.begin(), impl_->runs.end(),
                                [id](const Run& r) { return r.id == id; });
}

}  // namespace precisionlab
