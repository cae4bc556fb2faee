// RunLog: folding updates in, the summary and the one step-time statistic (core/RunLog.h).
#include "core/RunLog.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace precisionlab {

void RunLog::apply(const RunUpdate& update) {
  if (label.empty()) label = update.label;
  state = update.state;
  // Updates without news keep the last status text (the cause of a failure stays).
  if (!update.message.empty()) message = update.message;
  warnings.insert(warnings.end(), update.warnings.begin(), update.warnings.end());
  // The first updates may carry only a default provenance; the trainer fills it in once the
  // run is prepared, and a replayer's updates always carry it.
  if (!update.provenance.device.empty() || update.provenance.kind != Provenance::Live) {
    provenance = update.provenance;
    provenanceKnown = true;
  }
  if (!update.resumedFrom.empty()) {
    resumedFrom = update.resumedFrom;
    resumedStep = update.resumedStep;
  }
  if (update.collectiveWaitMs > 0) collectiveWaitMs = update.collectiveWaitMs;
  if (!update.rankMemory.empty()) rankMemory = update.rankMemory;
  if (update.totalSteps > 0) totalSteps = update.totalSteps;
  if (!update.steps.empty()) {
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    if (firstStepAtMs == 0) firstStepAtMs = now;
    lastStepAtMs = now;
  }
  steps.insert(steps.end(), update.steps.begin(), update.steps.end());
  evals.insert(evals.end(), update.evals.begin(), update.evals.end());
  ++revision;
}

bool timedTogether(const RunLog& a, const RunLog& b) {
  if (a.firstStepAtMs <= 0 || b.firstStepAtMs <= 0) return true;
  const int64_t overlap =
      std::min(a.lastStepAtMs, b.lastStepAtMs) - std::max(a.firstStepAtMs, b.firstStepAtMs);
  const int64_t shorter =
      std::min(a.lastStepAtMs - a.firstStepAtMs, b.lastStepAtMs - b.firstStepAtMs);
  // A second of slack: runs of one batch of drains (spans under a second) count as together when
  // they are within a second of each other. Without it two runs drained in one tick read as
  // "timed apart" whenever their two applies fell a millisecond apart, which a busy machine
  // makes common (seen: a verdict's speed "n/a here" in the Debian 13 CI root, 2026-12-05).
  constexpr int64_t kSlackMs = 1000;
  return overlap + kSlackMs >= 0 && 2 * (overlap + kSlackMs) >= shorter;
}

bool RunLog::active() const {
  return state == RunState::Queued || state == RunState::Preparing || state == RunState::Running ||
         state == RunState::Paused;
}

bool RunLog::cpuTimed() const {
  if (steps.empty()) return false;
  return std::all_of(steps.begin(), steps.end(), [](const StepRecord& s) { return s.cpuMs > 0; });
}

namespace {

// The steps the statistic uses: after the warm-up, or all of a run that is no longer.
template <typename F>
std::vector<double> afterWarmup(const RunLog& run, F value) {
  std::vector<double> out;
  for (const StepRecord& s : run.steps)
    if (s.step > kWarmupSteps) out.push_back(value(s));
  if (out.empty())
    for (const StepRecord& s : run.steps) out.push_back(value(s));
  return out;
}

std::vector<double> sorted(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

std::vector<double> statisticStepTimesInOrder(const RunLog& run, bool cpuTime) {
  return afterWarmup(run, [cpuTime](const StepRecord& s) { return cpuTime ? s.cpuMs : s.stepMs; });
}

std::vector<double> statisticStepTimes(const RunLog& run, bool cpuTime) {
  return sorted(statisticStepTimesInOrder(run, cpuTime));
}

double percentileOf(const std::vector<double>& sorted, double percentile) {
  if (sorted.empty()) return 0;
  const double pos = percentile / 100.0 * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

RunSummary RunLog::summary() const {
  RunSummary s;
  s.stepsDone = static_cast<int64_t>(steps.size());
  for (const StepRecord& r : steps) {
    s.peakBytes = std::max(s.peakBytes, r.peakBytes);
    if (r.skipped) ++s.skippedSteps;
    if (r.nonFinite) {
      ++s.nonFiniteSteps;
      if (s.firstNonFiniteStep == 0) s.firstNonFiniteStep = r.step;
    }
  }
  s.medianStepMs = percentileOf(statisticStepTimes(*this, false), 50);
  s.medianSamplesPerSec = percentileOf(
      sorted(afterWarmup(*this, [](const StepRecord& r) { return r.samplesPerSec; })), 50);
  s.finalLoss = steps.empty() ? 0 : steps.back().loss;
  if (!evals.empty()) {
    s.finalValLoss = evals.back().valLoss;
    s.finalValAccuracy = evals.back().valAccuracy;
  }
  return s;
}

std::string liveSource(const TrainConfig& config) {
  return kLiveSourcePrefix + (config.device.empty() ? std::string("cpu") : config.device);
}

std::string recordedSource(const RunProvenance& recorded) {
  // One machine and one LibTorch make one comparable set; the date may differ between files
  // recorded in one `record` call, so it is not part of the key.
  std::string source = kRecordedSourcePrefix + recorded.device;
  if (!recorded.torchVersion.empty()) source += " \xC2\xB7 LibTorch " + recorded.torchVersion;
  return source;
}

}  // namespace precisionlab
