// Shared by the core verdict tests of the scaling bank's experiments (tst_core_memoryverdicts,
// tst_core_rangeverdicts, tst_core_loraverdicts): a crafted finished run, one run judged as a
// scenario against a baseline, and a substring check on the verdict's text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/Verdict.h"

namespace verdictruns {

// A finished run of `steps` steps (batch 16) whose loss falls linearly from `from` to `to`, `ms`
// a step (CPU time), each step passed to `shape` (the caller's own figures: peak memory, loss
// noise, parameter counts), evaluated at the end with validation accuracy `valAccuracy`.
template <typename Shape>
precisionlab::RunLog linearRun(const std::string& label, int64_t steps, double from, double to,
                               double ms, double valAccuracy, Shape shape) {
  precisionlab::RunLog r;
  r.label = label;
  r.totalSteps = steps;
  r.state = precisionlab::RunState::Finished;
  r.config.steps = steps;
  r.config.batchSize = 16;
  for (int64_t s = 1; s <= steps; ++s) {
    precisionlab::StepRecord st;
    st.step = s;
    st.loss = from + (to - from) * double(s - 1) / double(steps - 1);
    st.stepMs = ms;
    st.cpuMs = ms;
    shape(st);
    r.steps.push_back(st);
  }
  precisionlab::EvalRecord e;
  e.step = steps;
  e.valAccuracy = valAccuracy;
  e.valLoss = to + 0.05;
  e.chanceAccuracy = 0.2;
  r.evals.push_back(e);
  return r;
}

inline precisionlab::Verdict judge(std::string_view id, const precisionlab::RunLog& run,
                                   const precisionlab::RunLog& base) {
  precisionlab::MeasuredScenario m;
  m.id = std::string(id);
  m.runs.push_back(run);
  return precisionlab::computeVerdict(m, base);
}

inline bool contains(const std::string& text, const char* part) {
  return text.find(part) != std::string::npos;
}

}  // namespace verdictruns
