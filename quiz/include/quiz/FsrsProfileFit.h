// Optimizes one profile's FSRS parameters end to end, for the Progress view's Optimize button
// and `precisionlab-cli progress optimize` alike: a snapshot of the profile's review log and
// current parameters from the store, FsrsOptimizer::fit on the calling thread, and the result
// stored (unless cancelled), with the date and the log size. Blocking: call it from a worker
// thread (the UI) or the CLI's one thread, never from the store's own thread.
#pragma once

#include "quiz/FsrsOptimizer.h"
#include "quiz/ProgressStore.h"

namespace precisionlab::quiz {

struct FsrsProfileFitResult {
  bool ok = false;  // false: cancelled (error empty) or not stored (error says why)
  QString error;
  FsrsFit fit;
  FsrsParameters stored;  // as saved
};

class FsrsProfileFit {
 public:
  static FsrsProfileFitResult run(ProgressStore& store, qint64 profileId,
                                  FsrsOptimizerProgress* progress = nullptr,
                                  const FsrsTrainingConfig& config = {});
};

}  // namespace precisionlab::quiz
