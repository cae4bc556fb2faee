// The data-parallel experiments' evidence cards (ui/lab/DistributedStoryCards.h).
#include "ui/lab/DistributedStoryCards.h"

#include <QLocale>
#include <cmath>

namespace precisionlab {

// Data parallelism over 2 processes: the baseline's updates, and what the all-reduce costs.
void fillDataParallel(EvidenceCard& c, const Verdict& v) {
  const bool sameUpdates = v.flag("sameUpdates");
  const QLocale locale;
  c.finding = sameUpdates ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
  c.headline = sameUpdates
                   ? LabEvidence::tr(
                         "The same updates as one process; the all-reduce took %1 % "
                         "of each step")
                         .arg(locale.toString(100.0 * v.value("allReduceShare"), 'f', 1))
                   : LabEvidence::tr("Did not make the one-process run's updates in this run");
  c.evidence << LabEvidence::tr(
                    "loss at most %1 from the baseline's at the same step (%2 "
                    "relative, %3 steps compared)")
                    .arg(locale.toString(v.value("maxAbsLossGap"), 'g', 2),
                         locale.toString(v.value("maxRelativeLossGap"), 'g', 2))
                    .arg(v.count("comparedSteps"));
  if (v.measured("medianAllReduceMs"))
    c.evidence << LabEvidence::tr(
                      "a step: %1 ms compute, %2 ms gradient all-reduce of %3 MB "
                      "(medians, measured by rank 0)")
                      .arg(locale.toString(v.value("medianComputeMs"), 'f', 1),
                           locale.toString(v.value("medianAllReduceMs"), 'f', 1),
                           locale.toString(v.value("allReduceBytes") / 1e6, 'f', 1));
  if (v.measured("peakBytesPerWorker"))
    c.evidence << LabEvidence::tr("peak memory %1 MiB per process (measured)")
                      .arg(locale.toString(v.value("peakBytesPerWorker") / 1048576.0, 'f', 1));
}

// A worker dies: the stopped rank, how long rank 0 waited in its collective against the
// timeout, the job's failure, and whether every rank restarted from the checkpoint continues the
// uninterrupted job's curve (core's worker-dies judge).
void fillWorkerDies(EvidenceCard& c, const Verdict& v) {
  const QLocale locale;
  const bool equal =
      v.judgement == Judgement::Identical || v.judgement == Judgement::LearnsLikeBaseline;
  c.finding = equal ? EvidenceCard::Finding::Works
              : v.judgement == Judgement::Differs || v.judgement == Judgement::Inconclusive
                  ? EvidenceCard::Finding::Unexpected
                  : EvidenceCard::Finding::Fails;
  c.headline = equal ? LabEvidence::tr(
                           "A lost rank fails the job at the timeout; restarting every rank from "
                           "the checkpoint continues the curve exactly")
               : v.judgement == Judgement::Differs
                   ? LabEvidence::tr("The resumed curve differs from the uninterrupted job's")
                   : LabEvidence::tr("The experiment did not show a lost rank and a restart");
  if (v.measured("collectiveWaitMs"))
    c.evidence << LabEvidence::tr(
                      "rank 1 stopped after step %1, its connections left open (a machine that "
                      "vanished); rank 0 waited %2 s in its collective (timeout %3 s), then the "
                      "job failed naming rank 1")
                      .arg(v.count("stoppedAfterStep"))
                      .arg(locale.toString(v.value("collectiveWaitMs") / 1000.0, 'f', 1),
                           locale.toString(v.value("collectiveTimeoutMs") / 1000.0, 'f', 0));
  if (v.count("checkpointStep") > 0)
    c.evidence << LabEvidence::tr(
                      "every rank restarted from checkpoint step %1: max |diff| %2 against the "
                      "uninterrupted job, %3 of %4 steps bit-equal")
                      .arg(v.count("checkpointStep"))
                      .arg(locale.toString(v.value("maxAbsLossDiff"), 'g', 3))
                      .arg(v.count("bitEqualSteps"))
                      .arg(v.count("comparedSteps"));
  if (equal)
    c.evidence << LabEvidence::tr(
        "restarting only the lost worker would not help: the new process cannot join the old "
        "group, so a longer timeout only waits longer, and Gloo's group fails the same way");
  else
    c.evidence << LabEvidence::tr("verdict: %1").arg(QString::fromStdString(v.summary));
}

// Replicated vs sharded optimizer state: AdamW's state per process in both jobs, the curves'
// agreement, and question 010's model by the formula (core's sharded-state judge).
void fillShardedState(EvidenceCard& c, const Verdict& v) {
  const QLocale locale;
  const bool shown =
      v.judgement == Judgement::Identical || v.judgement == Judgement::LearnsLikeBaseline;
  c.finding = shown ? EvidenceCard::Finding::Works : EvidenceCard::Finding::Unexpected;
  c.headline = shown ? LabEvidence::tr(
                           "Sharding the optimizer state: %1x of it per process, the same "
                           "updates")
                           .arg(locale.toString(v.value("stateRatio"), 'f', 2))
                     : LabEvidence::tr(
                           "The experiment did not show the state divided with the "
                           "same updates");
  if (v.measured("stateRatio"))
    c.evidence << LabEvidence::tr(
                      "AdamW's state per process: %1 MB replicated, %2 MB at most sharded over "
                      "%3 processes (measured)")
                      .arg(locale.toString(v.value("replicatedStateBytesPerRank") / 1e6, 'f', 2),
                           locale.toString(v.value("shardedStateBytesMaxRank") / 1e6, 'f', 2))
                      .arg(v.count("ranks"));
  if (v.count("comparedSteps") > 0)
    c.evidence << LabEvidence::tr(
                      "loss: max |diff| %1 between the two jobs, %2 of %3 steps "
                      "bit-equal")
                      .arg(locale.toString(v.value("maxAbsLossGap"), 'g', 3),
                           QString::number(v.count("bitEqualSteps")),
                           QString::number(v.count("comparedSteps")));
  if (shown)
    c.evidence << LabEvidence::tr(
                      "a 20B-parameter model at 16 bytes a parameter, 8 GPUs (estimated, "
                      "formula): %1 GB per GPU replicated, %2 GB with the optimizer state "
                      "sharded, %3 GB fully sharded (FSDP, ZeRO-3)")
                      .arg(locale.toString(v.value("estimated010ReplicatedBytes") / 1e9, 'f', 0),
                           locale.toString(v.value("estimated010OptimizerShardedBytes") / 1e9, 'f',
                                           0),
                           locale.toString(v.value("estimated010FullyShardedBytes") / 1e9, 'f', 0));
  else
    c.evidence << LabEvidence::tr("verdict: %1").arg(QString::fromStdString(v.summary));
}

}  // namespace precisionlab
