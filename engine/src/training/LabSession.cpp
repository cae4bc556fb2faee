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
    const TrainConfig base = scenarios_.front().runs.front().config;
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
      const RunId id = scheduler_.add(s.runs[j].config, s.runs[j].label);
      RunLog run = LabScenarios::plan({RunOrigin::Trained, id}, s, j);
      run.source = liveSource(run.config);
      m.runs.push_back(std::move(run));
    }
    results_.push_back(std::move(m));
  }
}

LabSession::~LabSession() { scheduler_.cancelAll(); }

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
