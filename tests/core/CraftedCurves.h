// Crafted loss curves for the kill-and-resume judges' tests (tst_core_preemptionverdict,
// tst_core_workerdiesverdict): steps `from`..`to` with loss 1/(step + 1), 10 ms each, the loss
// scaled by 1 + bump from step bumpFrom on (a resume that lost state).
#pragma once

#include <string>
#include <vector>

#include "core/RunRecords.h"

inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

inline std::vector<precisionlab::StepRecord> curve(int64_t from, int64_t to, double bump = 0,
                                                   int64_t bumpFrom = 0) {
  std::vector<precisionlab::StepRecord> out;
  for (int64_t s = from; s <= to; ++s) {
    precisionlab::StepRecord r;
    r.step = s;
    r.loss = 1.0 / double(s + 1);
    if (bumpFrom > 0 && s >= bumpFrom) r.loss *= 1.0 + bump;
    r.stepMs = 10.0;
    out.push_back(r);
  }
  return out;
}
