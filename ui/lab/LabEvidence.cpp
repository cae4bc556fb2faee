#include "ui/lab/LabEvidence.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "core/GpuEstimator.h"
#include "core/LabConclusion.h"
#include "core/ScenarioTable.h"
#include "core/SpeedEvidence.h"
#include "engine/BuildInfo.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/ProvenanceBadge.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"
#include "ui/lab/VerdictCache.h"

namespace precisionlab {

namespace {

// On screen: the user's locale's decimal separator (2,00x under de_DE).
QString ratio(double x) { return QStringLiteral("%1x").arg(QLocale().toString(x, 'f', 2)); }

// The whole provenance of a scenario's runs (the card's tooltip).
QString sourceOf(const RunDataStore& store, const QString& scenarioId) {
  const QString source = store.sourceOf(scenarioId);
  QString text = RunDataStore::describeSource(source);
  // Emulated fp16 says so: its numerics are real, its speed and memory are not measurements.
  for (const TrackedRun* r : store.runsOf(scenarioId))
    if (r->provenanceKnown && r->provenance.kind == Provenance::Emulated) {
      text += LabEvidence::tr(" (fp16 emulated: numerics only)");
      break;
    }
  return text;
}

// The short form a card shows: "live, this CPU", "emulated", "recorded 2026-12-01, CPU".
QString shortSourceOf(const RunDataStore& store, const QString& scenarioId) {
  for (const TrackedRun* r : store.runsOf(scenarioId))
    if (r->provenanceKnown) return ProvenanceBadge::shortText(r->provenance);
  return RunDataStore::describeSource(store.sourceOf(scenarioId));
}

// Names the source of the evidence line just added (the others are the card's own).
void tagLastLine(EvidenceCard& c, const QString& source) {
  while (c.evidenceSources.size() + 1 < c.evidence.size()) c.evidenceSources << QString();
  c.evidenceSources << source;
}

// "val acc 0.812 (fp32 0.820)"
QString accuracyLine(const Verdict& v) {
  // A run stopped by a NaN has its verdict already: nothing waits for an evaluation.
  if (!v.hasEval && v.firstNonFiniteStep > 0)
    return LabEvidence::tr("stopped at step %1; no validation needed").arg(v.firstNonFiniteStep);
  if (!v.hasEval) return LabEvidence::tr("no validation result yet");
  const QLocale locale;
  return LabEvidence::tr("validation accuracy %1 (fp32 %2)")
      .arg(locale.toString(v.valAccuracy, 'f', 3), locale.toString(v.baselineValAccuracy, 'f', 3));
}

QString speedLine(const Verdict& v) {
  if (!v.speedMeasurable) return QString();
  QString s = LabEvidence::tr("speed %1 fp32 (p25-p75 %2-%3)")
                  .arg(ratio(v.speedup), ratio(v.speedupLow), ratio(v.speedupHigh));
  if (v.memoryMeasurable) s += LabEvidence::tr(", peak memory %1 fp32").arg(ratio(v.memoryRatio));
  return s;
}

// Why a speed is missing from a card: timed apart from its baseline, or not measurable here.
QString speedCaveat(const Verdict& v) {
  return v.timedApart ? LabEvidence::tr(
                            "speed: not comparable, the baseline ran at another time, under "
                            "other load; to compare, clear the runs and start this row with "
                            "the baseline")
                      : LabEvidence::tr("speed: not measurable against this baseline");
}

void fillHalfLayers(EvidenceCard& c, const Verdict& v) {
  if (!v.failureCause.empty() || v.firstNonFiniteStep > 0 || !v.learned) {
    c.finding = EvidenceCard::Finding::Fails;
    if (v.firstNonFiniteStep > 0)
      c.headline =
          LabEvidence::tr("Fails: the loss became inf/NaN at step %1").arg(v.firstNonFiniteStep);
    else if (v.stalled)
      c.headline = LabEvidence::tr("Fails: the training loss did not fall");
    else
      c.headline = LabEvidence::tr("Fails: did not learn like fp32");
    if (!v.failureCause.empty())
      c.evidence << LabEvidence::tr("what broke: %1").arg(LabVerdicts::localized(v.failure));
    c.evidence << LabEvidence::tr(
        "why: fp16 weights, gradients and AdamW state with no loss scaling and no "
        "fp32 master copy: small updates round away, large values overflow");
    c.evidence << accuracyLine(v);
  } else {
    c.finding = EvidenceCard::Finding::Unexpected;
    c.headline = LabEvidence::tr("Learned in this run (not the usual outcome)");
    c.evidence << accuracyLine(v)
               << LabEvidence::tr(
                      "a whole-fp16 model often survives short runs; longer runs or larger "
                      "learning rates break it");
  }
}

// Preemption and resume: the kill-and-resume runs' verdict (core's preemption judge, from the
// three child-process runs in the store): killed after step k, resumed from checkpoint c, the
// work lost, and whether the resumed curve equals the uninterrupted one. A recording made before
// the experiment ran as child processes holds one checkpointing run judged against fp32.
void fillPreemption(EvidenceCard& c, const Verdict& v) {
  if (v.judgedAs != EvidenceStory::PreemptionResume) {
    c.finding =
        v.identicalToBaseline ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
    c.headline = v.identicalToBaseline
                     ? LabEvidence::tr("Checkpoints change no update: bit-identical to fp32")
                     : LabEvidence::tr("Writing checkpoints changed the run");
    c.evidence << LabEvidence::tr(
        "every quarter of the run a checkpoint-<step>/ folder holds the weights, AdamW state, "
        "scaler, LR schedule position, RNG and data order");
    return;
  }
  const QLocale locale;
  const int64_t k = v.count("killedAfterStep"), cp = v.count("checkpointStep");
  const bool equal =
      v.judgement == Judgement::Identical || v.judgement == Judgement::LearnsLikeBaseline;
  if (equal) {
    c.finding = EvidenceCard::Finding::Works;
    c.headline = LabEvidence::tr(
        "Killed with SIGKILL and resumed: the loss curve continues exactly as the uninterrupted "
        "run");
  } else if (v.judgement == Judgement::Differs) {
    c.finding = EvidenceCard::Finding::Unexpected;
    c.headline =
        LabEvidence::tr("The resumed curve differs from the uninterrupted run from step %1")
            .arg(v.count("firstDifferentStep"));
  } else if (v.judgement == Judgement::Failed &&
             v.count("failedRun") != static_cast<int64_t>(RunRole::Resumed)) {
    // A child that ended in an error before the kill (issue 47: its checkpoint on a full disk):
    // the experiment failed, and nothing was killed.
    c.finding = EvidenceCard::Finding::Fails;
    c.headline = LabEvidence::tr("The experiment failed: a run ended in an error");
  } else {
    c.finding = EvidenceCard::Finding::Fails;
    c.headline = LabEvidence::tr("The resume failed");
  }
  if (k > 0)
    c.evidence << LabEvidence::tr("killed with SIGKILL after step %1 (never asked to stop)").arg(k);
  if (cp > 0) {
    c.evidence << LabEvidence::tr("resumed from checkpoint step %1").arg(cp);
    c.evidence << LabEvidence::tr("lost work: %n step(s) (steps %2-%3, %4 ms measured), done again",
                                  nullptr, int(v.count("lostSteps")))
                      .arg(cp + 1)
                      .arg(k)
                      .arg(locale.toString(v.value("lostMs"), 'f', 0));
  }
  if (equal || v.judgement == Judgement::Differs) {
    const QString diff = locale.toString(v.value("maxAbsLossDiff"), 'g', 3);
    c.evidence << (v.judgement == Judgement::Differs
                       ? LabEvidence::tr("resumed curve NOT equal to the uninterrupted one: max "
                                         "|diff| %1, %2 of %3 steps bit-equal")
                       : LabEvidence::tr("resumed curve equal to the uninterrupted one: max |diff| "
                                         "%1, %2 of %3 steps bit-equal"))
                      .arg(diff)
                      .arg(v.count("bitEqualSteps"))
                      .arg(v.count("comparedSteps"));
  } else {
    // The computed reason, as the CLI prints it.
    c.evidence << LabEvidence::tr("verdict: %1").arg(QString::fromStdString(v.summary));
  }
}

// LoRA vs full fine-tuning: the counted share of trainable parameters and the measured
// optimizer state first (what LoRA is for), then whether it learned like full fine-tuning.
void fillLoraExperiment(EvidenceCard& c, const Verdict& v) {
  const QLocale locale;
  const int64_t params = v.count("trainableParams"),
                baseParams = v.count("baselineTrainableParams");
  const bool counted = params > 0 && baseParams > 0;
  const double share =
      counted ? static_cast<double>(params) / static_cast<double>(baseParams) : 0.0;
  c.finding = v.learned ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
  c.headline =
      v.learned ? LabEvidence::tr("Learns like full fine-tuning, training %1 % of its parameters")
                      .arg(locale.toString(100.0 * share, 'f', 2))
                : LabEvidence::tr(
                      "Trains %1 % of the parameters, but did not learn like full "
                      "fine-tuning in this run")
                      .arg(locale.toString(100.0 * share, 'f', 2));
  if (counted)
    c.evidence << LabEvidence::tr("trainable parameters: %1 vs %2 (counted)")
                      .arg(locale.toString(qlonglong(params)),
                           locale.toString(qlonglong(baseParams)));
  c.evidence << (v.measured("optimizerStateBytes")
                     ? LabEvidence::tr("optimizer state: %1 MiB vs %2 MiB (measured)")
                           .arg(locale.toString(v.value("optimizerStateBytes") / 1048576.0, 'f', 2),
                                locale.toString(v.value("baselineOptimizerStateBytes") / 1048576.0,
                                                'f', 2))
                     : LabEvidence::tr("optimizer state: not measurable against this baseline"));
  c.evidence << (v.speedMeasurable && v.speedup > 0
                     ? LabEvidence::tr("step time %1 the baseline's (measured)")
                           .arg(ratio(1.0 / v.speedup))
                     : speedCaveat(v));
  c.evidence << accuracyLine(v);
}

void fillSameAsFp32(EvidenceCard& c, const Verdict& v) {
  const QString speed = speedLine(v);
  if (v.identicalToBaseline) {
    c.finding = EvidenceCard::Finding::NoChange;
    c.headline = LabEvidence::tr("No change: bit-identical to fp32");
    c.evidence << LabEvidence::tr("every step's loss and the validation equal fp32's, bit for bit");
  } else if (v.learned) {
    c.finding = EvidenceCard::Finding::NoChange;
    c.headline = LabEvidence::tr("No change: learns like fp32, at fp32's precision");
    c.evidence << accuracyLine(v);
  } else {
    c.finding = EvidenceCard::Finding::Unexpected;
    c.headline = LabEvidence::tr("Differs from fp32 in this run");
    c.evidence << accuracyLine(v);
  }
  c.evidence << (speed.isEmpty()
                     ? LabEvidence::tr("speed: not measurable against this baseline")
                     : LabEvidence::tr("%1: a framework swap is no speedup").arg(speed));
}

// fp16 autocast without a gradient scaler: the lesson is in how many gradients flushed to zero.
void fillNoLossScaling(EvidenceCard& c, const Verdict& v) {
  const QLocale locale;
  const QString zeros = LabEvidence::tr("gradient values flushed to zero: %1 % (fp32 %2 %)")
                            .arg(locale.toString(100.0 * v.meanGradZeroFraction, 'f', 1),
                                 locale.toString(100.0 * v.baselineGradZeroFraction, 'f', 1));
  if (!v.learned || v.firstNonFiniteStep > 0) {
    c.finding = EvidenceCard::Finding::Fails;
    c.headline =
        v.firstNonFiniteStep > 0
            ? LabEvidence::tr("Fails: the loss became inf/NaN at step %1").arg(v.firstNonFiniteStep)
            : LabEvidence::tr("Fails: did not learn like fp32 without loss scaling");
  } else {
    c.finding = EvidenceCard::Finding::Unexpected;
    c.headline =
        LabEvidence::tr("Learned in this run without loss scaling (not the usual outcome)");
  }
  c.evidence << zeros << accuracyLine(v);
  if (c.finding == EvidenceCard::Finding::Unexpected)
    // Said plainly: the run did not show the failure the option is about (the shipped recording
    // learned like the baseline, val acc 0.916), and why, from its own figures.
    c.evidence
        << LabEvidence::tr(
               "the lesson did not show in this run: only %1 % of gradient values flushed to zero, "
               "too "
               "few to stop a small model fine-tuned for a few dozen steps; larger models, longer "
               "runs "
               "and smaller losses put far more gradients below fp16's range, which is where the "
               "GradScaler is needed")
               .arg(QLocale().toString(100.0 * v.meanGradZeroFraction, 'f', 3));
  c.evidence << LabEvidence::tr(
      "why: fp16 cannot hold gradients below about 6e-8; the GradScaler multiplies the loss so "
      "that they survive the backward pass");
}

// Autocast over fp32 master weights: learns like fp32; the headline claims speed only as far as
// the row's speed story supports it on this machine (core/SpeedEvidence.h), and the story's
// lines (added by card()) carry the figures with their sources.
void fillMixedPrecision(EvidenceCard& c, const Verdict& v, const SpeedStory* story) {
  c.finding = v.learned ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
  if (!v.learned)
    c.headline = LabEvidence::tr("Did not learn like fp32 in this run");
  else if (story && !story->memoryRun.empty() && story->memoryRun == story->claimRun)
    // The run the speed claim names measured the memory too: said once.
    c.headline = LabEvidence::tr("Learns like fp32; %1, %2 its peak memory")
                     .arg(LabVerdicts::localized(story->speedClaim), ratio(story->memoryRatio));
  else if (story && !story->memoryClaim.text.empty())
    c.headline = LabEvidence::tr("Learns like fp32; %1; %2")
                     .arg(LabVerdicts::localized(story->speedClaim),
                          LabVerdicts::localized(story->memoryClaim));
  else if (story)
    c.headline =
        LabEvidence::tr("Learns like fp32; %1").arg(LabVerdicts::localized(story->speedClaim));
  else
    c.headline = LabEvidence::tr("Learns like fp32");
  c.evidence << accuracyLine(v);
  const QString own = speedLine(v);
  if (!own.isEmpty() && !story) c.evidence << LabEvidence::tr("measured: %1").arg(own);
}

// Half the batch at the same learning rate: less memory, but another training (the contrast to
// gradient accumulation's same updates).
void fillSmallerBatch(EvidenceCard& c, const Verdict& v) {
  const bool lower = v.memoryMeasurable && v.memoryRatio < 1.0;
  c.finding = EvidenceCard::Finding::CostsCompute;
  c.headline = lower ? LabEvidence::tr("Less memory (%1 of fp32's peak), but not the same training")
                           .arg(ratio(v.memoryRatio))
                     : LabEvidence::tr("Not the same training as the full batch");
  c.evidence << LabEvidence::tr(
                    "batch %1 instead of %2 at the same learning rate: other updates "
                    "(loss up to %3 relative from the baseline's at the same step)")
                    .arg(v.count("batchSize"))
                    .arg(v.count("baselineBatchSize"))
                    .arg(QLocale().toString(v.value("maxRelativeLossGap"), 'g', 2));
  c.evidence << (v.measured("samplesPerSecRatio")
                     ? LabEvidence::tr("examples per second %1 the baseline's (measured)")
                           .arg(ratio(v.value("samplesPerSecRatio")))
                     : speedCaveat(v));
  c.evidence << accuracyLine(v);
  c.evidence << LabEvidence::tr(
      "gradient accumulation saves the memory and keeps the baseline's updates");
}

// A row that names no story of its own: the verdict's own words and figures, no claim.
void fillMeasured(EvidenceCard& c, const Verdict& v) {
  c.finding = v.learned ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
  c.headline = v.learned ? LabEvidence::tr("Learned like fp32 in this run")
                         : LabEvidence::tr("Did not learn like fp32 in this run");
  c.evidence << LabVerdicts::localizedSummary(v) << accuracyLine(v);
  const QString speed = speedLine(v);
  if (!speed.isEmpty()) c.evidence << LabEvidence::tr("measured: %1").arg(speed);
}

void fillSweep(EvidenceCard& c, const Verdict& v) {
  c.finding = EvidenceCard::Finding::CostsCompute;
  c.headline = LabEvidence::tr("Tunes the learning rate, not precision: %1 trials, %2 the training")
                   .arg(v.count("trials"))
                   .arg(ratio(v.value("sampleMultiple")));
  c.evidence << LabEvidence::tr("best trial: %1, %2")
                    .arg(QString::fromStdString(v.word("bestTrial")), accuracyLine(v));
  c.evidence << LabEvidence::tr("every trial is an fp32 run: each one as slow as the baseline");
}

// Gradient accumulation and activation checkpointing: a card built from the verdict's own
// figures (same updates, measured peak memory, measured step time), whatever the row.
void fillMemoryExperiment(EvidenceCard& c, const Verdict& v) {
  const bool lower = v.memoryMeasurable && v.memoryRatio < 1.0;
  const bool sameUpdates = v.flag("sameUpdates");
  const int64_t compared = v.count("comparedSteps"), bitEqual = v.count("bitEqualSteps");
  const double gap = v.value("maxRelativeLossGap");
  c.finding =
      sameUpdates && lower ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
  if (!sameUpdates)
    c.headline = LabEvidence::tr("Did not make the baseline's updates in this run");
  else if (lower)
    c.headline = LabEvidence::tr("The same updates as fp32 at %1 of its peak memory")
                     .arg(ratio(v.memoryRatio));
  else
    c.headline = LabEvidence::tr("The same updates, but peak memory was not measured lower");
  const QLocale locale;
  // The same comparison the verdict's rule makes (VerdictOptions::sameUpdateTolerance): a gap
  // within it is said to be within it, one beyond it beyond it.
  const double tolerance = VerdictOptions{}.sameUpdateTolerance;
  if (bitEqual == compared)
    c.evidence << LabEvidence::tr("loss bit-equal to the baseline's at all %1 steps").arg(compared);
  else
    c.evidence << (gap <= tolerance ? LabEvidence::tr("loss within %1 relative of the baseline's "
                                                      "at every step (largest gap %2; %3 of %4 "
                                                      "steps bit-equal)")
                                    : LabEvidence::tr("loss beyond %1 relative of the "
                                                      "baseline's (largest gap %2; %3 of %4 "
                                                      "steps bit-equal)"))
                      .arg(locale.toString(tolerance, 'g', 1), locale.toString(gap, 'g', 2))
                      .arg(bitEqual)
                      .arg(compared);
  c.evidence << (v.memoryMeasurable
                     ? LabEvidence::tr("peak memory %1 the baseline's (measured)")
                           .arg(ratio(v.memoryRatio))
                     : LabEvidence::tr("memory: not measurable against this baseline"));
  c.evidence << (v.speedMeasurable && v.speedup > 0
                     ? LabEvidence::tr("step time %1 the baseline's, samples/s %2 (measured)")
                           .arg(ratio(1.0 / v.speedup), ratio(v.speedup))
                     : speedCaveat(v));
}

// The range experiment (an outlier channel above fp16's 65504): a card from the verdict's own
// counts, whatever the row; each line says whether its numbers are emulated fp16 or live.
void fillRangeExperiment(EvidenceCard& c, const Verdict& v) {
  const QString format = QString::fromStdString(v.word("format"));
  const int64_t nonFiniteLoss = v.count("nonFiniteLossSteps");
  const int64_t scaleLog2 = v.count("outlierScaleLog2");
  const QLocale locale;
  if (v.flag("overflowed")) {
    // The overflow is the lesson of an fp16 row; in any other format it is a surprise.
    c.finding = format == QLatin1String("fp16") ? EvidenceCard::Finding::Fails
                                                : EvidenceCard::Finding::Unexpected;
    c.headline = LabEvidence::tr("%1 overflowed: %2 of %3 steps skipped, loss non-finite")
                     .arg(format)
                     .arg(v.skippedSteps)
                     .arg(v.stepsJudged);
    c.evidence << LabEvidence::tr("loss inf or NaN at %1 of %2 steps, first at step %3")
                      .arg(nonFiniteLoss)
                      .arg(v.stepsJudged)
                      .arg(v.firstNonFiniteStep);
    if (v.skippedSteps > 0)
      c.evidence << LabEvidence::tr(
                        "the GradScaler skipped %n step(s) and lowered its scale from %2 to %3: "
                        "no scale helps, the overflow is in the forward pass",
                        nullptr, int(v.skippedSteps))
                        .arg(locale.toString(v.value("initialLossScale"), 'g', 6),
                             locale.toString(v.finalLossScale, 'g', 3));
  } else {
    c.finding = v.learned ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
    c.headline =
        v.learned ? LabEvidence::tr("%1 trained like fp32 with activations above 65504").arg(format)
                  : LabEvidence::tr(
                        "%1 held the activations but did not learn like "
                        "fp32 in this run")
                        .arg(format);
    c.evidence << LabEvidence::tr("loss finite at all %1 steps, none skipped").arg(v.stepsJudged);
    c.evidence << accuracyLine(v);
  }
  c.evidence << LabEvidence::tr(
                    "the outlier: encoder layer 0 carries one attention value channel at 2^%1 "
                    "(%2) times its value; fp16's largest value is 65504, bf16's about 3.4e38")
                    .arg(scaleLog2)
                    .arg(locale.toString(std::ldexp(1.0, int(scaleLog2)), 'f', 0));
}

// Where a story line's figure comes from: in a card's margin the short form ("live, cpu",
// "published", "estimated"), in its details the whole source (`full`).
QString sourceTag(const EvidenceLine& line, bool full = false) {
  const QString label = QString::fromStdString(line.sourceLabel);
  switch (line.source) {
    case EvidenceSource::Live:
      return full ? LabEvidence::tr("live: %1").arg(label) : LabEvidence::tr("live, this machine");
    case EvidenceSource::Emulated:
      return LabEvidence::tr("emulated: numerics only");
    case EvidenceSource::Recorded:
      return full ? LabEvidence::tr("recorded: %1").arg(label) : LabEvidence::tr("recorded");
    case EvidenceSource::Published:
      return full ? LabEvidence::tr("published: %1").arg(label)
                  : LabEvidence::tr("published; sources in the tooltip");
    case EvidenceSource::Estimated:
      return full ? LabEvidence::tr("estimated: %1").arg(label) : LabEvidence::tr("estimated");
  }
  return QString();
}

}  // namespace

SpeedStory LabEvidence::speedStory(const ScenarioInfo& info, const RunDataStore& store,
                                   const VerdictCache& verdicts) {
  const ScenarioSpec* row = findScenario(info.id.toStdString());
  if (!row) return mixedPrecisionSpeedStory({});
  // Only final verdicts: a figure still moving is no evidence yet.
  const auto verdictOf = [&](const std::string& id) -> const Verdict* {
    const QString qid = QString::fromStdString(id);
    const CachedVerdict* v = verdicts.find(qid);
    return v && LabVerdicts::isFinal(store, qid) ? &v->verdict : nullptr;
  };
  const auto provenanceOf = [&](const std::string& id) -> const RunProvenance* {
    for (const TrackedRun* r : store.runsOf(QString::fromStdString(id)))
      if (r->provenanceKnown && (!r->steps.empty() || r->replayed())) return &r->provenance;
    return nullptr;
  };
  SpeedStoryInput in = speedStoryInput(*row, verdictOf, provenanceOf);
  // Before anything ran: this machine, as a live run would describe it.
  if (in.device.empty()) in.device = thisMachine();
  return mixedPrecisionSpeedStory(in);
}

std::string LabEvidence::thisMachine() {
  static const std::string device = describeComputeDevice("cpu");
  return device;
}

QString LabEvidence::conclusion(const RunDataStore& store, const VerdictCache& verdicts) {
  const QString base = ScenarioCatalog::baselineId();
  if (!verdicts.find(base) || !LabVerdicts::isFinal(store, base)) return QString();
  std::vector<Verdict> finals;
  bool anyOption = false;
  for (const ScenarioSpec& row : scenarioTable()) {
    const QString id = QString::fromStdString(row.id);
    const CachedVerdict* v = verdicts.find(id);
    if (!LabVerdicts::status(store, id).started) continue;
    if (!v || !LabVerdicts::isFinal(store, id)) return QString();  // wait for every run
    finals.push_back(v->verdict);
    anyOption = anyOption || !row.optionText.empty();
  }
  if (!anyOption) return QString();
  const ScenarioInfo* answer = ScenarioCatalog::find(QString::fromStdString(answerScenario().id));
  const bool answerRan = answer && verdicts.find(answer->id);
  const SpeedStory story = answerRan ? speedStory(*answer, store, verdicts) : SpeedStory{};
  QStringList sentences;
  for (const VerdictText& t : labConclusion(finals, answerRan ? &story : nullptr))
    sentences << LabVerdicts::localized(t);
  if (answerRan)
    sentences << (story.hardwareIsRecording ? tr("The recording's machine: %1.")
                                            : tr("This machine: %1."))
                     .arg(LabVerdicts::localized(hardwareCapability(story.hardware)));
  return sentences.join(QLatin1Char(' '));
}

QString LabEvidence::thisMachineLine() {
  return LabVerdicts::localized(hardwareCapability(readHardware(thisMachine())));
}

QStringList LabEvidence::defaultOrder() { return ScenarioCatalog::seedOptionIds(); }

QString LabEvidence::gpuEstimateLine() {
  // The one calibrated summary every place that quotes the estimate shows (core/GpuEstimator.h).
  return LabVerdicts::localized(gpuestimate::summaryText(gpuestimate::labShape()));
}

QString LabEvidence::banner(const RunDataStore& store, const VerdictCache& verdicts) {
  const QString base = ScenarioCatalog::baselineId();
  const CachedVerdict* v = verdicts.find(base);
  if (!v || !LabVerdicts::isFinal(store, base)) return QString();
  const QLocale locale;
  if (v->verdict.judgement == Judgement::BaselineDidNotLearn)
    return LabEvidence::tr(
               "The fp32 baseline did not learn in this run (validation accuracy %1, chance "
               "%2), so no option can be judged against it: every card below is inconclusive. "
               "Run longer (Settings: steps) or with a larger learning rate, then run again.")
        .arg(locale.toString(v->verdict.valAccuracy, 'f', 3),
             locale.toString(v->verdict.chanceAccuracy, 'f', 3));
  if (v->verdict.judgement == Judgement::TooShort)
    return LabEvidence::tr(
        "The fp32 baseline is too short to judge (cancelled, or fewer than 20 steps): run it to "
        "the end to compare the options.");
  return QString();
}

QList<EvidenceCard> LabEvidence::cards(const RunDataStore& store, const VerdictCache& verdicts,
                                       const QStringList& scenarioIds,
                                       const QHash<QString, QString>& letters) {
  QList<EvidenceCard> out;
  for (const QString& id : scenarioIds)
    if (const ScenarioInfo* info = ScenarioCatalog::find(id))
      out.append(card(*info, store, verdicts, letters.value(id)));
  return out;
}

EvidenceCard LabEvidence::card(const ScenarioInfo& info, const RunDataStore& store,
                               const VerdictCache& verdicts, const QString& letter) {
  auto cached = [&verdicts](const QString& id) -> std::optional<Verdict> {
    const CachedVerdict* v = verdicts.find(id);
    return v ? std::optional<Verdict>(v->verdict) : std::nullopt;
  };
  const QString& id = info.id;
  EvidenceCard c;
  c.scenarioId = id;
  c.optionText = QString::fromStdString(info.row->optionText);
  c.correct = info.row->correct;
  c.name = letter.isEmpty() ? info.title : QStringLiteral("%1. %2").arg(letter, info.title);
  const ScenarioStatus status = LabVerdicts::status(store, id);
  const auto verdict = cached(id);
  const std::optional<SpeedStory> story =
      info.row->quotesSpeedEvidence ? std::optional<SpeedStory>(speedStory(info, store, verdicts))
                                    : std::nullopt;
  const bool isFinal = LabVerdicts::isFinal(store, id);
  if (!status.started) {
    c.headline = LabEvidence::tr("Not run yet");
  } else if (!verdict || !isFinal) {
    c.finding = EvidenceCard::Finding::Running;
    // The state itself leads ("Running · 6/100", "Paused · 40/100"), said once.
    QString state = status.text;
    if (!state.isEmpty()) state[0] = state[0].toUpper();
    c.headline = verdict ? state
                         : (LabVerdicts::waitingText(store, id).isEmpty()
                                ? state
                                : LabVerdicts::waitingText(store, id));
    if (status.failed) c.headline = LabEvidence::tr("Failed: %1").arg(status.text);
  }
  if (status.started) {
    c.source = shortSourceOf(store, id);
    c.sourceFull = sourceOf(store, id);
  }
  const bool cannotTell =
      verdict && isFinal &&
      (verdict->judgement == Judgement::Inconclusive || verdict->judgement == Judgement::TooShort);
  if (cannotTell) {
    // Noise is no finding: a card never says an option failed or worked when the runs
    // cannot tell (the verdict's own text says why, with what was measured).
    c.finding = EvidenceCard::Finding::Inconclusive;
    c.headline = verdict->judgement == Judgement::TooShort
                     ? LabEvidence::tr("Too short to judge")
                     : LabEvidence::tr("Inconclusive: the fp32 baseline did not learn");
    c.evidence << LabVerdicts::localizedSummary(*verdict);
  } else if (verdict && isFinal) {
    // The row's story, never its id (core/ScenarioTable.h, EvidenceStory).
    switch (info.row->story) {
      case EvidenceStory::MemoryExperiment:
        fillMemoryExperiment(c, *verdict);
        break;
      case EvidenceStory::RangeExperiment:
        fillRangeExperiment(c, *verdict);
        break;
      case EvidenceStory::WholeModelHalf:
        fillHalfLayers(c, *verdict);
        break;
      case EvidenceStory::NoLossScaling:
        fillNoLossScaling(c, *verdict);
        break;
      case EvidenceStory::Sweep:
        fillSweep(c, *verdict);
        break;
      case EvidenceStory::MixedPrecision:
        fillMixedPrecision(c, *verdict, story ? &*story : nullptr);
        break;
      case EvidenceStory::SameComputation:
        fillSameAsFp32(c, *verdict);
        break;
      case EvidenceStory::PreemptionResume:
        fillPreemption(c, *verdict);
        break;
      case EvidenceStory::LoraExperiment:
        fillLoraExperiment(c, *verdict);
        break;
      case EvidenceStory::SmallerBatch:
        fillSmallerBatch(c, *verdict);
        break;
      case EvidenceStory::Reference:
      case EvidenceStory::Measured:
        fillMeasured(c, *verdict);
        break;
    }
  }
  if (const ScenarioInfo* companion = ScenarioCatalog::find(info.companion())) {
    // The same mechanism measured here beside it: its figure comes with the story below.
    if (!LabVerdicts::status(store, companion->id).started) {
      c.evidence << LabEvidence::tr("run %1 to measure the same mechanism on this machine")
                        .arg(companion->title);
      tagLastLine(c, LabEvidence::tr("not run yet"));
    }
  }
  if (story) {
    // The card says it in a few words, each line naming its source; the full sentences (the
    // hardware's reason, each published measurement with its batch, sequence and code path)
    // are the card's details, as verdicts.txt prints them.
    // Each line as English() joins it (core/SpeedEvidence.h), translated part by part.
    const auto localizedLine = [](const EvidenceLine& line) {
      QString text = LabVerdicts::localized(line.text);
      if (!line.reason.text.empty())
        text += QStringLiteral("; ") + LabVerdicts::localized(line.reason);
      return text;
    };
    // While its runs go, or when they cannot tell, the card stays short: the state leads and
    // one line says what to expect here; the rest wait in its details (the tooltip) until a
    // verdict (at 1024x768 a running or too-short fp16=True card of four to seven lines, placed
    // in the first row by the question's letters, pushed the second row's titles out of view).
    std::vector<EvidenceLine> brief = briefLines(story->lines);
    if ((c.finding == EvidenceCard::Finding::Running || cannotTell) && brief.size() > 1)
      brief.resize(1);
    for (const EvidenceLine& line : brief) {
      c.evidence << localizedLine(line);
      tagLastLine(c, sourceTag(line));
    }
    for (const EvidenceLine& line : story->lines)
      c.details << QStringLiteral("%1 [%2]").arg(localizedLine(line), sourceTag(line, true));
  }
  return c;
}

}  // namespace precisionlab
