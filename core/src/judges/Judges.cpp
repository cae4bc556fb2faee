#include "judges/Judges.h"

namespace precisionlab::judges {

const Judge* judgeFor(EvidenceStory story) {
  for (const Judge* j : {&sweepJudge(), &memoryJudge(), &rangeJudge(), &loraJudge(), &batchJudge()})
    if (j->story == story) return j;
  return nullptr;
}

}  // namespace precisionlab::judges
