// The evidence card's wording per evidence story (core/ScenarioTable.h, EvidenceStory): what a
// final verdict's figures say for a half-precision model, a sweep, a memory experiment, the
// range experiment, kill-and-resume, LoRA, a smaller batch, mixed precision (with its speed
// story) or a row with no story of its own. LabEvidence::card() builds the card around it. The
// texts stay in LabEvidence's translation context. No Qt widgets.
#pragma once

#include "core/ScenarioTable.h"
#include "core/SpeedEvidence.h"
#include "core/Verdict.h"
#include "ui/lab/LabEvidence.h"

namespace precisionlab {

// Fills the card's headline, finding and evidence lines from the final verdict `v` of a row
// telling `story`; `speed` is the row's speed story when it quotes one (else null).
void fillStoryCard(EvidenceCard& c, EvidenceStory story, const Verdict& v, const SpeedStory* speed);

}  // namespace precisionlab
