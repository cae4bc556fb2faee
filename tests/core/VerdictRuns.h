// Shared by the core verdict tests of the scaling bank's experiments (tst_core_memoryverdicts,
// tst_core_rangeverdicts): one crafted run judged as a scenario against a baseline, and a
// substring check on the verdict's text.
#pragma once

#include <string>
#include <string_view>

#include "core/Verdict.h"

namespace verdictruns {

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
