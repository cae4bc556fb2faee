// The evidence cards of the data-parallel experiments (data-parallel, worker-dies,
// sharded-state): what their final verdicts' figures say, in the learner's words. Split from
// ui/lab/StoryCards.cpp, which dispatches every story to its card; the texts stay in
// LabEvidence's translation context. No Qt widgets.
#pragma once

#include "core/Verdict.h"
#include "ui/lab/LabEvidence.h"

namespace precisionlab {

// Data parallelism over 2 processes: the baseline's updates, and what the all-reduce costs.
void fillDataParallel(EvidenceCard& c, const Verdict& v);
// A worker dies: the wait in the collective, the failure, the resumed curve.
void fillWorkerDies(EvidenceCard& c, const Verdict& v);
// Replicated vs sharded optimizer state: the state per process, and question 010's projection.
void fillShardedState(EvidenceCard& c, const Verdict& v);

}  // namespace precisionlab
