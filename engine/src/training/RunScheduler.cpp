// Worker threads round-robin one unit of work (prepare, or one step plus any evaluation it makes
// due) over the live runs; a run is worked on by one worker at a time (`busy`), so a trainer
// is never touched by two threads at once. A run that is not a single-threaded CPU run is
// `exclusive`: it steps only while no other run does, and nothing steps beside it. Everything
// the reader sees (state, message, new records) sits in a snapshot under one mutex, and cancel
// and pause are atomics checked between steps.
#include "engine/RunScheduler.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#endif

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <list>
#include <mutex>
#include <new>
#include <thread>

#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "engine/ExceptionText.h"
#include "training/Trainer.h"

namespace precisionlab {

namespace {

struct Run {
  RunId id = 0;
  std::string label;
  TrainConfig config;
  std::unique_ptr<Trainer> trainer;  // touched by the worker only
  std::atomic<bool> cancelRequested{false};
  std::atomic<bool> paused{false};
  // Snapshot, guarded by Impl::mutex.
  RunUpdate pending;
  bool changed = true;
  RunState resumeState = RunState::Queued;  // what a paused run goes back to
  bool busy = false;                        // a worker is on it (guarded by Impl::mutex)
  bool exclusive = false;                   // steps alone: several threads, or a GPU
  // Followers (RunScheduler::follow), guarded by Impl::mutex. A follower is never stepped: its
  // leader's records are copied into it as they leave through drain().
  Run* leader = nullptr;
  std::vector<Run*> followers;
  bool detached = false;        // a leader cancelled while followers train on: its id is over
  bool detachReported = false;  // ... and drain() has said so
  bool stepsDrained = false;    // steps have left through drain() (too late to follow it)
};

bool isLive(RunState s) {
  return s == RunState::Queued || s == RunState::Preparing || s == RunState::Running ||
         s == RunState::Paused;
}

// A follower still waiting for its leader's records.
bool followerLive(const Run* f) { return isLive(f->pending.state) && !f->cancelRequested; }

bool anyFollowerLive(const Run& leader) {
  return std::any_of(leader.followers.begin(), leader.followers.end(), followerLive);
}

}  // namespace

struct RunScheduler::Impl {
  mutable std::mutex mutex;
  std::condition_variable wake;
  std::list<std::unique_ptr<Run>> runs;  // stable addresses; never erased while the worker runs
  RunId nextId = 1;
  bool stopping = false;
  size_t cursor = 0;  // round-robin position
  std::vector<std::thread> workers;

  bool anyBusyLocked(bool exclusiveOnly) const {
    for (const auto& r : runs)
      if (r->busy && (!exclusiveOnly || r->exclusive)) return true;
    return false;
  }

  void setState(Run& run, RunState state, const std::string& message) {
    std::lock_guard<std::mutex> lock(mutex);
    run.pending.state = state;
    run.pending.message = message;
    run.changed = true;
  }

  // The next run with work to do, in round-robin order, or nullptr. Called under the mutex.
  Run* pickLocked() {
    if (anyBusyLocked(true)) return nullptr;  // an exclusive run steps alone
    const bool othersBusy = anyBusyLocked(false);
    const size_t n = runs.size();
    auto it = runs.begin();
    std::advance(it, static_cast<long>(cursor % std::max<size_t>(n, 1)));
    for (size_t k = 0; k < n; ++k, ++it) {
      if (it == runs.end()) it = runs.begin();
      Run& run = **it;
      const RunState s = run.pending.state;
      if (!isLive(s) || run.busy || run.leader) continue;
      if (run.exclusive && othersBusy && !run.cancelRequested) continue;
      if (run.cancelRequested) return &run;  // finishing a cancel is work too
      if (run.paused) {
        if (s != RunState::Paused) {
          run.resumeState = s;
          run.pending.state = RunState::Paused;
          run.pending.message = "paused";
          run.changed = true;
        }
        continue;
      }
      cursor = static_cast<size_t>(std::distance(runs.begin(), it)) + 1;
      return &run;
    }
    return nullptr;
  }

  void work(Run& run) {
    if (run.cancelRequested) {
      run.trainer.reset();  // frees the model and optimizer now
      setState(run, RunState::Cancelled, "cancelled");
      return;
    }
    try {
      if (!run.trainer || !run.trainer->prepared()) {
        setState(run, RunState::Preparing, "preparing data and model");
        run.trainer = std::make_unique<Trainer>(run.config);
        run.trainer->setCancelFlag(&run.cancelRequested);
        run.trainer->prepare();
        std::lock_guard<std::mutex> lock(mutex);
        run.pending.provenance = run.trainer->provenance();
        for (const auto& w : run.trainer->loadWarnings()) run.pending.warnings.push_back(w);
        run.pending.resumedFrom = run.trainer->resumedFrom();
        run.pending.resumedStep = run.trainer->resumedStep();
        run.pending.state = RunState::Running;
        run.pending.message = "running";
        run.changed = true;
        return;
      }
      const StepRecord record = run.trainer->step();
      std::vector<EvalRecord> evals;
      if (run.trainer->evaluationDue()) evals.push_back(run.trainer->evaluate());
      const bool done = run.trainer->finished();
      const bool early = done && run.trainer->stoppedEarly();
      if (done && !run.config.saveDir.empty()) run.trainer->saveModel(run.config.saveDir);
      if (done) run.trainer.reset();
      std::lock_guard<std::mutex> lock(mutex);
      run.pending.steps.push_back(record);
      for (const auto& e : evals) run.pending.evals.push_back(e);
      if (done) {
        run.pending.state = RunState::Finished;
        run.pending.message =
            early ? "stopped early: " + std::to_string(run.config.stopAfterNonFinite) +
                        " non-finite steps in a row settle the failure"
                  : "finished";
      } else {
        run.pending.state = RunState::Running;
        run.pending.message = "running";
      }
      run.changed = true;
    } catch (const PrepareCancelled&) {
      run.trainer.reset();
      setState(run, RunState::Cancelled, "cancelled");
    } catch (...) {
      // Whatever it is, it ends this run, not the process (an escape from a std::thread aborts).
      fail(run, describeCurrentException());
    }
  }

  void fail(Run& run, const std::string& message) {
    run.trainer.reset();
    setState(run, RunState::Failed, message);
  }

  void loop() {
    for (;;) {
      Run* run = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return stopping || (run = pickLocked()) != nullptr; });
        if (stopping) return;
        run->busy = true;
      }
      work(*run);
      {
        std::lock_guard<std::mutex> lock(mutex);
        run->busy = false;
      }
      wake.notify_all();  // the run, or an exclusive one, is free for the other worker
    }
  }
};

void RunScheduler::lowerThisThreadPriority(int by) {
#ifdef __linux__
  // On Linux a thread's nice value is its own (setpriority with its thread id). Relative to the
  // nice the thread started with (its creator's: a process started at nice 5 gets workers at
  // 15), capped at 19, so it only ever lowers priority. Best effort: a refusal leaves the thread
  // at the process's priority.
  if (by > 0) {
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int base = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0) (void)::setpriority(PRIO_PROCESS, tid, std::min(19, base + by));
  }
#else
  (void)by;
#endif
}

RunScheduler::RunScheduler(int workers, int workerNice) : impl_(std::make_unique<Impl>()) {
  for (int i = 0; i < std::max(1, workers); ++i)
    impl_->workers.emplace_back([this, workerNice] {
      lowerThisThreadPriority(workerNice);
      impl_->loop();
    });
}

int RunScheduler::labWorkers() { return std::thread::hardware_concurrency() >= 2 ? 2 : 1; }

RunScheduler::~RunScheduler() {
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (auto& run : impl_->runs) run->cancelRequested = true;
    impl_->stopping = true;
  }
  impl_->wake.notify_all();
  for (auto& w : impl_->workers) w.join();  // each returns after its step in progress
}

RunId RunScheduler::add(const TrainConfig& config, const std::string& label) {
  auto run = std::make_unique<Run>();
  run->label = label;
  run->config = config;
  run->exclusive = config.device != "cpu" || config.threads != 1;
  run->pending.label = label;
  run->pending.totalSteps = config.steps;
  run->pending.state = RunState::Queued;
  run->pending.message = "queued";
  run->pending.provenance.device = config.device;
  RunId id;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    id = impl_->nextId++;
    run->id = id;
    run->pending.id = id;
    impl_->runs.push_back(std::move(run));
  }
  impl_->wake.notify_all();
  return id;
}

std::optional<RunId> RunScheduler::follow(RunId leader, const std::string& label) {
  RunId id;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    Run* lead = nullptr;
    for (auto& run : impl_->runs)
      if (run->id == leader) lead = run.get();
    if (lead && lead->leader) lead = lead->leader;  // follow the one that trains
    if (!lead || !isLive(lead->pending.state) || lead->cancelRequested || lead->detached ||
        lead->stepsDrained || !lead->pending.steps.empty())
      return std::nullopt;
    auto run = std::make_unique<Run>();
    run->label = label;
    run->config = lead->config;
    run->leader = lead;
    run->pending.label = label;
    run->pending.totalSteps = lead->pending.totalSteps;
    run->pending.state = lead->pending.state;
    run->pending.message = lead->pending.message;
    run->pending.provenance = lead->pending.provenance;
    id = impl_->nextId++;
    run->id = id;
    run->pending.id = id;
    lead->followers.push_back(run.get());
    impl_->runs.push_back(std::move(run));
  }
  return id;
}

RunId RunScheduler::addOrFollow(const TrainConfig& config, const std::string& label, RunId leader,
                                const TrainConfig& leaderConfig) {
  if (sameTraining(config, leaderConfig))
    if (auto id = follow(leader, label)) return *id;
  return add(config, label);
}

void RunScheduler::setPaused(RunId id, bool paused) {
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (auto& run : impl_->runs) {
      if (run->id != id) continue;
      run->paused = paused;
      if (!paused && run->pending.state == RunState::Paused) {
        run->pending.state = run->resumeState;
        run->pending.message = "resumed";
        run->changed = true;
      }
    }
  }
  impl_->wake.notify_all();
}

void RunScheduler::cancel(RunId id) {
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (auto& run : impl_->runs) {
      if (run->id != id) continue;
      if (anyFollowerLive(*run))
        run->detached = true;  // its own record ends; the followers' training goes on
      else
        run->cancelRequested = true;
      // The last follower of a cancelled leader leaves (its own cancelRequested is set just
      // above): nothing needs the training now.
      if (Run* lead = run->leader; lead && lead->detached && !anyFollowerLive(*lead))
        lead->cancelRequested = true;
    }
  }
  impl_->wake.notify_all();
}

void RunScheduler::cancelAll() {
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (auto& run : impl_->runs) run->cancelRequested = true;
  }
  impl_->wake.notify_all();
}

std::vector<RunUpdate> RunScheduler::drain() {
  std::vector<RunUpdate> updates;
  std::lock_guard<std::mutex> lock(impl_->mutex);
  // Followers first take copies of what their leader has new (before it moves out below).
  for (auto& run : impl_->runs) {
    if (run->leader) {
      if (run->cancelRequested && isLive(run->pending.state)) {
        run->pending.state = RunState::Cancelled;
        run->pending.message = "cancelled";
        run->changed = true;
      }
      continue;
    }
    if (!run->changed) continue;
    const RunUpdate& p = run->pending;
    for (Run* f : run->followers) {
      if (!followerLive(f)) continue;
      RunUpdate& fp = f->pending;
      fp.state = p.state;
      fp.message = p.message;
      fp.totalSteps = p.totalSteps;
      fp.provenance = p.provenance;
      const std::string& note = fp.provenance.note;
      fp.provenance.note += (note.empty()         ? ""
                             : note.back() == '.' ? " It was "
                                                  : ". It was ") +
                            std::string(kTrainedOnceNote) + run->label +
                            "\": the same settings and seed, so the same result bit for bit";
      fp.steps.insert(fp.steps.end(), p.steps.begin(), p.steps.end());
      fp.evals.insert(fp.evals.end(), p.evals.begin(), p.evals.end());
      fp.warnings.insert(fp.warnings.end(), p.warnings.begin(), p.warnings.end());
      f->changed = true;
    }
  }
  for (auto& run : impl_->runs) {
    if (run->detached) {
      // A cancelled leader training on for its followers: its own id reports Cancelled once.
      if (!run->detachReported) {
        RunUpdate u;
        u.id = run->id;
        u.label = run->label;
        u.state = RunState::Cancelled;
        u.message = "cancelled";
        u.provenance = run->pending.provenance;
        u.totalSteps = run->pending.totalSteps;
        updates.push_back(std::move(u));
        run->detachReported = true;
      }
      run->stepsDrained = run->stepsDrained || !run->pending.steps.empty();
      run->pending.steps.clear();
      run->pending.evals.clear();
      run->pending.warnings.clear();
      run->changed = false;
      continue;
    }
    if (!run->changed) continue;
    run->stepsDrained = run->stepsDrained || !run->pending.steps.empty();
    RunUpdate& p = run->pending;
    RunUpdate kept;  // identity and state stay; records and warnings move out
    kept.id = p.id;
    kept.label = p.label;
    kept.state = p.state;
    kept.message = p.message;
    kept.provenance = p.provenance;
    kept.totalSteps = p.totalSteps;
    updates.push_back(std::move(p));  // the records move out; the reader owns them now
    p = std::move(kept);
    run->changed = false;
  }
  return updates;
}

bool RunScheduler::idle() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  for (const auto& run : impl_->runs)
    if (isLive(run->pending.state)) return false;
  return true;
}

}  // namespace precisionlab
