// Each evidence story's card wording (ui/lab/StoryCards.h): what a final verdict's figures mean
// for that story, in the learner's words. Split from LabEvidence.cpp, which keeps the card's
// frame (state, source, companion, speed story lines).
#include "ui/lab/StoryCards.h"

#include <QLocale>
#include <cmath>

#include "ui/lab/DistributedStoryCards.h"
#include "ui/lab/LabVerdicts.h"

namespace precisionlab {

namespace {

// On screen: the user's locale's decimal separator (2,00x under de_DE).
QString ratio(double x) { return QStringLiteral("%1x").arg(QLocale().toString(x, 'f', 2)); }

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

}  // namespace

void fillStoryCard(EvidenceCard& c, EvidenceStory story, const Verdict& v,
                   const SpeedStory* speed) {
  switch (story) {
    case EvidenceStory::MemoryExperiment:
      fillMemoryExperiment(c, v);
      break;
    case EvidenceStory::RangeExperiment:
      fillRangeExperiment(c, v);
      break;
    case EvidenceStory::WholeModelHalf:
      fillHalfLayers(c, v);
      break;
    case EvidenceStory::NoLossScaling:
      fillNoLossScaling(c, v);
      break;
    case EvidenceStory::Sweep:
      fillSweep(c, v);
      break;
    case EvidenceStory::MixedPrecision:
      fillMixedPrecision(c, v, speed);
      break;
    case EvidenceStory::SameComputation:
      fillSameAsFp32(c, v);
      break;
    case EvidenceStory::PreemptionResume:
      fillPreemption(c, v);
      break;
    case EvidenceStory::LoraExperiment:
      fillLoraExperiment(c, v);
      break;
    case EvidenceStory::SmallerBatch:
      fillSmallerBatch(c, v);
      break;
    case EvidenceStory::DataParallel:
      fillDataParallel(c, v);
      break;
    case EvidenceStory::WorkerDies:
      fillWorkerDies(c, v);
      break;
    case EvidenceStory::ShardedState:
      fillShardedState(c, v);
      break;
    case EvidenceStory::Reference:
    case EvidenceStory::Measured:
      fillMeasured(c, v);
      break;
  }
}

}  // namespace precisionlab
