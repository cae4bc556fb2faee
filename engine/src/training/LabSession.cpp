#include "engine/LabSession.h"

#include <algorithm>

#include "core/ScenarioIds.h"

namespace precisionlab {

LabSession::LabSession(std::vector<LabScenario> scenarios)
    : scenarios_(std::move(scenarios)), scheduler_(RunScheduler::labWorkers()) {
  const bool hasBaseline = std::any_of(scenarios_.begin(), scenarios_.end(), [](const auto& s) {
    return s.id == scenario::kBaselineFp32;
  });
  if (!hasBaseline && !scenarios_.empty()) {
    // From the settings the first scenario was made from, not its first run's (a sweep's
    // first trial runs at a quarter of the rate).
    const TrainConfig base = scenarios_.front().base;
    scenarios_.insert(scenarios_.begin(), LabScenarios::make(scenario::kBaselineFp32, base));
  }
  // The baseline first: verdicts look it up there, and it starts with the others anyway.
  std::stable_partition(scenarios_.begin(), scenarios_.end(),
                        [](const auto& s) { return s.id == scenario::kBaselineFp32; });
  for (const auto& s : scenarios_) {
    MeasuredScenario m;
    m.id = s.id;
    m.optionText = s.optionText;
    m.title = s.title;
    m.isSweep = s.isSweep;
    for (size_t j = 0; j < s.runs.size(); ++j) {
      const RunId id = addRun(s, j);
      RunLog run = LabScenarios::plan({RunOrigin::Trained, id}, s, j);
      run.source = liveSource(run.config);
      m.runs.push_back(std::move(run));
    }
    results_.push_back(std::move(m));
  }
}

LabSession::~LabSession() { scheduler_.cancelAll(); }

RunId LabSession::addRun(const LabScenario& scenario, size_t run) {
  const LabRun& r = scenario.runs[run];
  // A sweep's trial at the baseline's own rate is the baseline's run, value for value: it
  // follows the baseline instead of training the same bits a second time.
  if (scenario.isSweep && !results_.empty() && !results_.front().runs.empty()) {
    const RunLog& base = results_.front().runs.front();
    return scheduler_.addOrFollow(r.config, r.label, base.key.id, base.config);
  }
  return scheduler_.add(r.config, r.label);
}

bool LabSession::poll() {
  // Read idle() before draining: whatever ended before it is in this drain.
  const bool idle = scheduler_.idle();
  for (const auto& u : scheduler_.drain())
    for (auto& m : results_)
      for (auto& run : m.runs)
        if (run.key.id == u.id) run.apply(u);
  return idle;
}

const RunLog& LabSession::baseline() const { return results_.front().runs.front(); }

std::vector<Verdict> LabSession::verdicts(const VerdictOptions& options) const {
  std::vector<Verdict> out;
  for (const auto& s : results_) out.push_back(computeVerdict(s, baseline(), options));
  return out;
}

}  // namespace precisionlab
