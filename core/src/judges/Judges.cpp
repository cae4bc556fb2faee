#include "judges/Judges.h"

namespace precisionlab::judges {

const std::vector<const Judge*>& allJudges() {
  static const std::vector<const Judge*> judges = {
      &sweepJudge(),        &memoryJudge(),     &rangeJudge(),
      &loraJudge(),         &batchJudge(),      &preemptionJudge(),
      &dataParallelJudge(), &workerDiesJudge(), &shardedStateJudge()};
  return judges;
}

const Judge* judgeFor(EvidenceStory story) {
  for (const Judge* j : allJudges())
    if (j->story == story) return j;
  return nullptr;
}

}  // namespace precisionlab::judges
