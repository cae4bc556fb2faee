// The evidence summary's content: one card per option of the seed question, each with its
// finding, the measured numbers behind it and where they come from, computed from the runs the
// lab holds (the verdicts of the lab's VerdictCache, so the same numbers as every other view) at
// the moment it is asked.
// Nothing is written in advance: a card for an option that has not run says so, and a card
// whose run contradicts the expected lesson says what was measured.
//
//   Half-precision layers: fails (what, at which step, why) or, if it did not, what it measured
//   TensorFlow container:  no change (bit-identical to fp32, speed ratio)
//   HP tuning:             k trials, k x the training, best trial, precision unchanged
//   fp16=True:             learns like fp32, and the speed and memory evidence available here:
//                          its own when measurable, else live bf16=True ("the same mechanism,
//                          measured here"), plus the GPU estimate (core/GpuEstimator.h)
//   fp16 without scaling:  gradients flushed to zero (against fp32's share), and why
//   memory experiments:    the same updates, measured peak memory and step time
//   range experiment:      fp16 overflowed (steps skipped, loss non-finite) or the format held
//                          the outlier and trained like fp32 (docs/range-experiment.md)
//   any other row:         the verdict's own summary and figures, no claim of its own
// Each row names its story and companion in core/ScenarioTable.h (EvidenceStory).
// No Qt widgets: a test reads the cards without a screen.
#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include "core/SpeedEvidence.h"

namespace precisionlab {

class RunDataStore;
class VerdictCache;
struct ScenarioInfo;

struct EvidenceCard {
  // Inconclusive: the runs cannot tell (the baseline did not learn, or a run is too short).
  enum class Finding {
    NotRun,
    Running,
    Fails,
    NoChange,
    CostsCompute,
    Works,
    Unexpected,
    Inconclusive
  };
  QString scenarioId;
  QString name;        // "B. TensorFlow container" with the letter the learner saw, if known
  QString optionText;  // the question's wording of the option
  bool correct = false;
  Finding finding = Finding::NotRun;
  QString headline;      // one line: "Fails: the loss became NaN at step 12"
  QStringList evidence;  // the numbers behind it, one per line
  // Where each line's numbers come from, parallel to `evidence` (short form: "emulated",
  // "live bf16, this CPU", "estimated"); "" where it is the card's own `source`.
  QStringList evidenceSources;
  // The evidence in full where the card shows it in a few words (fp16=True's speed story:
  // each published measurement with its batch, sequence, code path and source): its tooltip.
  QStringList details;
  QString source;      // short form: "live, this CPU" / "recorded 2026-12-01, CPU" / "emulated"
  QString sourceFull;  // the whole provenance, for the tooltip
  // The source of evidence line `i`: its own, else the card's.
  QString sourceOfLine(int i) const {
    const QString own = evidenceSources.value(i);
    return own.isEmpty() ? source : own;
  }
};

class LabEvidence {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::LabEvidence)

 public:
  // Cards in the order of `scenarioIds` (the options as the learner saw them); `letters` maps a
  // scenario id to the letter shown (may be empty: cards then name options by their text).
  static QList<EvidenceCard> cards(const RunDataStore& store, const VerdictCache& verdicts,
                                   const QStringList& scenarioIds,
                                   const QHash<QString, QString>& letters);
  // One card, for any row (a test passes a fixture row of its own): its story, companion and
  // estimate line come from `info` (core/ScenarioTable.h), never from its id.
  static EvidenceCard card(const ScenarioInfo& info, const RunDataStore& store,
                           const VerdictCache& verdicts, const QString& letter);
  // The seed question's options in the core scenario table's order (used before a question is
  // known).
  static QStringList defaultOrder();
  // The GPU estimate for fp16=True on BERT-base (batch 32, sequence 128), translated:
  // gpuestimate::summaryText, the range from the Hugging Face Trainer to optimized code against
  // true fp32 and (A100) tf32=True, the same line the CLI and the estimate dialog show.
  static QString gpuEstimateLine();
  // One sentence when the lab cannot judge any option yet (the fp32 baseline did not learn, or
  // is too short to judge), from the baseline's final verdict; empty when it can.
  static QString banner(const RunDataStore& store, const VerdictCache& verdicts);
  // The lab's conclusion in a few sentences (core/LabConclusion.h) once the baseline and every
  // option that ran have final verdicts, ending with what this machine can show; "" before.
  static QString conclusion(const RunDataStore& store, const VerdictCache& verdicts);
  // Mixed precision's speed story for a row that tells it (ScenarioSpec::quotesSpeedEvidence),
  // from the final verdicts held: what this device can show, the figures measured or recorded
  // with the reason when one reads slower, published measurements and the GPU estimate.
  static SpeedStory speedStory(const ScenarioInfo& info, const RunDataStore& store,
                               const VerdictCache& verdicts);
  // The device a live run would use, as its provenance describes it ("cpu (2 threads, ...)");
  // read once from the engine.
  static std::string thisMachine();
  // Before any run: what this device can show about mixed precision's speed, translated.
  static QString thisMachineLine();
};

}  // namespace precisionlab
