#include "core/RunRecords.h"

namespace precisionlab {

const char* provenanceName(Provenance p) {
  switch (p) {
    case Provenance::Live:
      return "live";
    case Provenance::Emulated:
      return "emulated";
    case Provenance::Recorded:
      return "recorded";
  }
  return "unknown";
}

const char* runStateName(RunState s) {
  switch (s) {
    case RunState::Queued:
      return "queued";
    case RunState::Preparing:
      return "preparing";
    case RunState::Running:
      return "running";
    case RunState::Paused:
      return "paused";
    case RunState::Finished:
      return "finished";
    case RunState::Failed:
      return "failed";
    case RunState::Cancelled:
      return "cancelled";
  }
  return "unknown";
}

}  // namespace precisionlab
