#include "engine/LabSession.h"

#include <algorithm>

#include "core/ScenarioIds.h"

namespace precisionlab {

LabSession::LabSession(std::vector<LabScenario> scenarios) : scenarios_(std::move(scenarios)) {
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
    std::vector<RunId> ids;
    for (const auto& r : s.runs) {
      MeasuredRun run;
      run.label = r.label;
      run.totalSteps = r.config.steps;
      run.batchSize = r.config.batchSize;
      m.runs.push_back(run);
      ids.push_back(scheduler_.add(r.config, r.label));
    }
    results_.push_back(std::move(m));
    ids_.push_back(std::move(ids));
  }
}

LabSession::~LabSession() { scheduler_.cancelAll(); }

bool LabSession::poll() {
  // Read idle() before draining: whatever ended before it is in this drain.
  const bool idle = scheduler_.idle();
  for (auto& u : scheduler_.drain()) {
    for (size_t i = 0; i < ids_.size(); ++i) {
      for (size_t j = 0; j < ids_[i].size(); ++j) {
        if (ids_[i][j] != u.id) continue;
        MeasuredRun& run = results_[i].runs[j];
        run.state = u.state;
        run.message = u.message;
        run.provenance = u.provenance;
        if (u.totalSteps > 0) run.totalSteps = u.totalSteps;
        run.steps.insert(run.steps.end(), u.steps.begin(), u.steps.end());
        run.evals.insert(run.evals.end(), u.evals.begin(), u.evals.end());
      }
    }
  }
  return idle;
}

const MeasuredRun& LabSession::baseline() const { return results_.front().runs.front(); }

std::vector<Verdict> LabSession::verdicts(const VerdictOptions& options) const {
  std::vector<Verdict> out;
  for (const auto& s : results_) out.push_back(computeVerdict(s, baseline(), options));
  return out;
}

}  // namespace precisionlab
