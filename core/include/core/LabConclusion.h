// The lab's conclusion in a few short sentences, computed from its verdicts: which option is the
// answer, what the runs showed for each option, and where the speed evidence comes from. The
// CLI's verdicts.txt opens with it, the window shows it above the cards and the presenter's last
// slide leads with it. Plain data: VerdictText templates (English here, translated in the UI).
#pragma once

#include <vector>

#include "core/SpeedEvidence.h"
#include "core/Verdict.h"

namespace precisionlab {

// One sentence per seed-question option with a final verdict (in the table's order), then the
// speed sentence of the answer's story when `speed` is given, and its memory sentence where a
// live run measured the peak (SpeedStory::memoryConclusion) (the front end adds the hardware's
// own sentence, hardwareCapability(speed->hardware), as "This machine: ..."). Empty while the
// baseline has no final verdict; a single "cannot judge" sentence when the baseline did not learn.
std::vector<VerdictText> labConclusion(const std::vector<Verdict>& verdicts,
                                       const SpeedStory* speed);

}  // namespace precisionlab
