#include "core/RunRecords.h"

#include "core/Translatable.h"

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
      return PL_TRANSLATE_NOOP("RunState", "queued");
    case RunState::Preparing:
      return PL_TRANSLATE_NOOP("RunState", "preparing");
    case RunState::Running:
      return PL_TRANSLATE_NOOP("RunState", "running");
    case RunState::Paused:
      return PL_TRANSLATE_NOOP("RunState", "paused");
    case RunState::Finished:
      return PL_TRANSLATE_NOOP("RunState", "finished");
    case RunState::Failed:
      return PL_TRANSLATE_NOOP("RunState", "failed");
    case RunState::Cancelled:
      return PL_TRANSLATE_NOOP("RunState", "cancelled");
  }
  return "unknown";
}

}  // namespace precisionlab
