#include "engine/LabCalibration.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <locale>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/LabScenarios.h"
#include "core/RunRecording.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "engine/ExceptionText.h"
#include "engine/PreemptionRunner.h"
#include "engine/RunScheduler.h"
#include "training/Trainer.h"

namespace precisionlab {

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}
// Locale-independent text: the window's process has set the user's locale.
std::string plain(double v) {
  std::ostringstream o;
  o.imbue(std::locale::classic());
  o.precision(3);
  o << v;
  return o.str();
}
}  // namespace

double LabCalibration::estimateSeconds() const {
  return ok() ? double(stepsPlanned) * secondsPerStep + childJobs * prepareSeconds + waitSeconds
              : -1;
}

std::string formatDuration(double seconds) {
  const int64_t s = std::max<int64_t>(0, std::llround(seconds));
  char buf[48];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%lld s", static_cast<long long>(s));
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%lld min %02lld s", static_cast<long long>(s / 60),
                  static_cast<long long>(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%lld h %02lld min", static_cast<long long>(s / 3600),
                  static_cast<long long>((s % 3600) / 60));
  return buf;
}

std::string LabCalibration::english() const {
  if (!ok()) return "no estimate (" + (error.empty() ? std::string("nothing timed") : error) + ")";
  return "about " + formatDuration(estimateSeconds()) +
         " (estimate: " + std::to_string(stepsPlanned) + " steps of " +
         std::to_string(runsPlanned) + " runs x " + plain(secondsPerStep) + " s a step, from " +
         std::to_string(stepsTimed) + " fp32 baseline steps timed just now on this machine" +
         (parallel > 1 ? ", " + std::to_string(parallel) + " side by side as the lab steps them"
                       : std::string()) +
         (childJobs > 0 ? ", plus " + std::to_string(childJobs) + " child " +
                              (childJobs == 1 ? "process" : "processes") + " starting at " +
                              plain(prepareSeconds) + " s each"
                        : std::string()) +
         (waitSeconds > 0 ? ", plus " + plain(waitSeconds) + " s a collective timeout waits"
                          : std::string()) +
         "; preparing the runs and their evaluations come on top, and precisions other than fp32 "
         "step faster or slower)";
}

void planLab(const std::vector<std::string>& scenarioIds, const TrainConfig& base,
             LabCalibration* out) {
  std::vector<TrainConfig> runs;
  int64_t childSteps = 0;
  out->childJobs = 0;
  out->waitSeconds = 0;
  for (const std::string& id : scenarioIds) {
    try {
      const LabScenario scenario = LabScenarios::make(id, base);
      const RunSource source = scenario.row->runSource;
      if (source != RunSource::Scheduler) {
        // Child processes, never shared with the scheduler's runs (LabSession::startChildren).
        const TrainConfig& c = scenario.runs.front().config;
        if (source == RunSource::DataParallelChild) {
          childSteps += c.steps;
          out->childJobs += 1;
          continue;
        }
        if (source == RunSource::ShardedStateJobs) {  // replicated, then sharded
          childSteps += 2 * c.steps;
          out->childJobs += 2;
          continue;
        }
        const int64_t kill = PreemptionRunner::killStep(c);
        const int64_t every = std::max<int64_t>(1, c.checkpointEvery);
        const int64_t resumedFrom = std::min(kill, c.steps) / every * every;
        childSteps += c.steps + std::min(kill, c.steps) + (c.steps - resumedFrom);
        out->childJobs += 3;
        if (source == RunSource::RankKillAndResume)
          out->waitSeconds += kLabWorkerDiesTimeoutSeconds;
        continue;
      }
      for (const LabRun& run : scenario.runs) {
        // The scheduler trains identical runs once (RunScheduler::addOrFollow).
        if (std::any_of(runs.cbegin(), runs.cend(),
                        [&](const TrainConfig& c) { return sameTraining(c, run.config); }))
          continue;
        runs.push_back(run.config);
      }
    } catch (const std::exception&) {
      // An unknown row is the driver's to report; the estimate counts the others.
    }
  }
  out->runsPlanned = int(runs.size()) + out->childJobs;
  out->stepsPlanned = childSteps;
  for (const TrainConfig& c : runs) out->stepsPlanned += c.steps;
}

LabCalibration calibrateLab(const std::vector<std::string>& scenarioIds, const TrainConfig& base,
                            double budgetSeconds, int maxSteps, const std::atomic<bool>* cancel,
                            int threadNice) {
  LabCalibration out;
  planLab(scenarioIds, base, &out);
  const Clock::time_point start = Clock::now();
  TrainConfig config = LabScenarios::make(scenario::kBaselineFp32, base).runs.front().config;
  // Enough steps that the warm-up and the timed ones never reach the end of the schedule.
  config.steps = std::max<int64_t>(config.steps, int64_t(maxSteps) + 2);
  config.evalEvery = 0;
  config.checkpointEvery = 0;
  // As the lab's scheduler steps them: single-threaded CPU runs two at a time on two workers,
  // anything else alone (RunScheduler).
  const bool sideBySide = config.device == "cpu" && config.threads == 1;
  out.parallel = sideBySide ? RunScheduler::labWorkers() : 1;

  // Each worker prepares its trainer and takes the warm-up step, then all time their steps
  // together: the seconds a step takes is the timing's wall time over the steps all did.
  std::mutex m;
  std::condition_variable cv;
  int ready = 0;
  bool go = false;
  std::string error;
  std::vector<int64_t> steps(size_t(out.parallel), 0);
  double timingSeconds = 0;
  const auto work = [&](size_t index) {
    RunScheduler::lowerThisThreadPriority(threadNice);
    std::unique_ptr<Trainer> trainer;
    try {
      trainer = std::make_unique<Trainer>(config);
      trainer->setCancelFlag(cancel);
      trainer->prepare();
      trainer->step();  // the warm-up: allocations and first-touch costs, not the pace
    } catch (...) {
      const std::string text = describeCurrentException();  // cancelled: said below
      std::lock_guard<std::mutex> lock(m);
      if (error.empty()) error = text;
      trainer.reset();
    }
    std::unique_lock<std::mutex> lock(m);
    ++ready;
    cv.notify_all();
    cv.wait(lock, [&] { return go; });
    lock.unlock();
    if (!trainer) return;
    const Clock::time_point timing = Clock::now();
    int64_t done = 0;
    try {
      while (done < maxSteps && !(cancel && cancel->load()) &&
             (done == 0 || since(timing) < budgetSeconds)) {
        trainer->step();
        ++done;
      }
    } catch (...) {
      std::lock_guard<std::mutex> guard(m);
      if (error.empty()) error = describeCurrentException();
    }
    const double took = since(timing);
    std::lock_guard<std::mutex> guard(m);
    steps[index] = done;
    timingSeconds = std::max(timingSeconds, took);
  };
  std::vector<std::thread> workers;
  for (int i = 0; i < out.parallel; ++i) workers.emplace_back(work, size_t(i));
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return ready == out.parallel; });
    out.prepareSeconds = since(start);
    go = true;
    cv.notify_all();
  }
  for (std::thread& t : workers) t.join();
  for (const int64_t n : steps) out.stepsTimed += n;
  if (cancel && cancel->load())
    out.error = "cancelled";
  else if (!error.empty())
    out.error = error;
  else if (out.stepsTimed > 0)
    out.secondsPerStep = timingSeconds / double(out.stepsTimed);
  out.measuredSeconds = since(start);
  return out;
}

}  // namespace precisionlab
