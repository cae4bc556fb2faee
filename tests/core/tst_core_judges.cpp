// The experiments' judges (core/src/judges/) on crafted runs: the rule is the row's (a run with
// an experiment's settings under another row is not judged by that experiment's rule), a smaller
// batch at the same learning rate (less memory, other updates, examples/s), runs timed apart
// (no speed compared), a memory experiment still running (within the tolerance so far is
// within it), and verdicts.json from the one writer (figures under their keys, null for not
// measurable).
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "CoreTest.h"
#include "VerdictRuns.h"
#include "core/Json.h"
#include "core/ScenarioIds.h"
#include "core/Verdict.h"
#include "core/VerdictJson.h"
// The judges' list is core's private part: the registration check reads it directly.
#include "../../core/src/judges/Judges.h"

using namespace precisionlab;
using verdictruns::contains;
using verdictruns::judge;

namespace {

// A live run on one device, `ms` a step of CPU time, peak memory `peak`.
RunLog liveRun(const std::string& label, int64_t steps, double to, double ms, int64_t peak,
               double relative = 0.0) {
  RunLog r = verdictruns::linearRun(label, steps, 1.6, to, ms, 0.85, [&](StepRecord& st) {
    if (st.step % 2 == 1) st.loss *= 1.0 + relative;
    st.peakBytes = peak;
  });
  r.provenance.kind = Provenance::Live;
  r.provenance.device = "cpu";
  r.provenance.speedRepresentative = true;
  return r;
}

RunLog at(RunLog r, int64_t fromMs, int64_t toMs) {
  r.firstStepAtMs = fromMs;
  r.lastStepAtMs = toMs;
  return r;
}

}  // namespace

CORE_TEST(runsDrainedInOneTickAreTimedTogetherOnABusyMachine) {
  // Two finished runs folded in by one drain: spans of 0 ms, applied a few ms apart under load.
  const RunLog a = at(liveRun("fp32 baseline", 24, 0.5, 10, 1000), 5'000, 5'000);
  CHECK(timedTogether(a, at(a, 5'000, 5'000)));
  CHECK(timedTogether(a, at(a, 5'007, 5'007)));
  CHECK(timedTogether(a, at(a, 5'900, 5'900)));
  // Seconds apart: another time, another load.
  CHECK(!timedTogether(a, at(a, 8'000, 8'000)));
  // A minute-long run started after its baseline ended is apart, gap or not.
  const RunLog base = at(a, 1'000'000, 1'060'000);
  CHECK(!timedTogether(base, at(a, 1'060'500, 1'120'500)));
  CHECK(timedTogether(base, at(a, 1'000'500, 1'061'000)));
}

CORE_TEST(theRuleIsTheRowsNotTheRunsSettings) {
  const RunLog base = liveRun("fp32 baseline", 60, 0.5, 10, 1000);
  RunLog run = liveRun("fp16=True", 60, 0.5, 10, 1000, 1e-3);
  run.config.accumulationSteps = 4;  // a memory experiment's setting under the fp16=True row
  const Verdict v = judge(scenario::kFp16Amp, run, base);
  CHECK(v.judgedAs == EvidenceStory::Measured);
  CHECK(v.figures.empty());
  CHECK(!contains(v.summary, "micro-batches"));
  const Verdict m = judge(scenario::kGradAccumulation, run, base);
  CHECK(m.judgedAs == EvidenceStory::MemoryExperiment);
}

CORE_TEST(aSmallerBatchSavesMemoryButIsAnotherTraining) {
  const RunLog base = liveRun("fp32 baseline", 60, 0.5, 20, 1000);
  RunLog half = liveRun("Half the batch", 60, 0.7, 12, 600, 0.02);
  half.config.batchSize = 8;
  const Verdict v = judge(scenario::kSmallerBatch, half, base);
  CHECK(v.judgedAs == EvidenceStory::SmallerBatch);
  CHECK_EQ(v.count("batchSize"), int64_t(8));
  CHECK_EQ(v.count("baselineBatchSize"), int64_t(16));
  CHECK(v.value("maxRelativeLossGap") > 0.01);
  CHECK(v.memoryMeasurable && std::abs(v.memoryRatio - 0.6) < 1e-9);
  // 20 ms for 16 examples against 12 ms for 8: 0.8 of the baseline's examples per second.
  CHECK(v.measured("samplesPerSecRatio"));
  CHECK(std::abs(v.value("samplesPerSecRatio") - 20.0 / 12.0 * 0.5) < 1e-9);
  CHECK(contains(v.summary, "batch 8 instead of 16 at the same learning rate: other updates"));
  CHECK(contains(v.summary, "peak memory 0.60x the baseline's, lower (measured)"));
  CHECK(contains(v.summary, "examples/s 0.83x"));
}

// The data-parallel row: 2 processes with half the batch each against the one-process
// baseline. The same updates within the tolerance, the step split into compute and all-reduce
// from the records; a loss beyond the tolerance, or a run with no all-reduce recorded (one
// process under the row), is not the claim.
CORE_TEST(dataParallelMakesTheSameUpdatesAndTheAllReduceHasItsShare) {
  const RunLog base = liveRun("fp32 baseline", 60, 0.5, 20, 4'000'000);
  auto dataParallel = [&](double relative) {
    RunLog r = liveRun("data parallel, 2 processes", 60, 0.5, 16, 3'000'000, relative);
    for (StepRecord& st : r.steps) {
      st.allReduceMs = st.step <= kWarmupSteps ? 40.0 : 4.0;  // warm-up steps left out
      st.allReduceBytes = 2'000'000;
    }
    return r;
  };
  const Verdict v = judge(scenario::kDataParallel, dataParallel(3e-6), base);
  CHECK(v.judgedAs == EvidenceStory::DataParallel);
  CHECK(v.judgement == Judgement::LearnsLikeBaseline);
  CHECK(v.flag("sameUpdates"));
  CHECK_EQ(v.count("comparedSteps"), int64_t(60));
  CHECK(v.value("maxRelativeLossGap") > 2e-6 && v.value("maxRelativeLossGap") < 4e-6);
  CHECK(v.value("maxAbsLossGap") > 0);
  CHECK_EQ(v.count("allReduceSteps"), int64_t(60 - kWarmupSteps));
  CHECK(std::abs(v.value("medianAllReduceMs") - 4.0) < 1e-9);
  CHECK(std::abs(v.value("medianComputeMs") - 12.0) < 1e-9);
  CHECK(std::abs(v.value("allReduceShare") - 0.25) < 1e-9);
  CHECK_EQ(v.count("allReduceBytes"), int64_t(2'000'000));
  CHECK_EQ(v.count("peakBytesPerWorker"), int64_t(3'000'000));
  CHECK(contains(v.summary, "the same updates as the one-process baseline"));
  CHECK(contains(v.summary,
                 "each step: 12.0 ms compute + 4.0 ms gradient all-reduce of 2.0 MB "
                 "per process, the all-reduce 25.0 % of the step"));
  CHECK(contains(v.summary, "peak memory 2.9 MiB per process, 0.75x the one-process run's"));
  CHECK(contains(v.summary, "not a speed measurement"));
  // Its step time (rank 0's half batch) is not the job's speed: no speedup in the table, the
  // window or verdicts.json, and no note that blames emulated fp16 for the missing figure.
  CHECK(v.speedNotTheClaim);
  CHECK(!v.speedMeasurable);
  CHECK_EQ(v.speedup, 0.0);
  CHECK(v.memoryMeasurable);
  for (const VerdictText& note : v.notes) CHECK(!contains(note.english(), "fp16"));
  const json::Value dpJson = json::parse(verdictsJsonText({v})).asArray().at(0);
  CHECK(dpJson.find("speedup")->isNull());
  CHECK(dpJson.find("speedNotTheClaim")->asBool());

  // Another update (a wrong shard, unaveraged gradients): beyond the tolerance.
  const Verdict far = judge(scenario::kDataParallel, dataParallel(1e-2), base);
  CHECK(far.judgement == Judgement::Differs);
  CHECK(!far.flag("sameUpdates"));
  CHECK(contains(far.summary, "NOT the baseline's updates: loss beyond 0.001 relative"));

  // No all-reduce in its records: it ran as one process, whatever its loss.
  const Verdict alone = judge(scenario::kDataParallel, base, base);
  CHECK(alone.judgement == Judgement::Differs);
  CHECK(!alone.measured("allReduceShare"));
  CHECK(contains(alone.summary, "NOT data-parallel"));
}

CORE_TEST(runsTimedApartCompareNoSpeed) {
  // The baseline ran first, for a minute; the experiment ten minutes later.
  const RunLog base = at(liveRun("fp32 baseline", 60, 0.5, 20, 1000), 1'000'000, 1'060'000);
  const RunLog later =
      at(liveRun("Activation checkpointing", 60, 0.5, 19, 700), 1'600'000, 1'660'000);
  RunLog ckpt = later;
  ckpt.config.checkpointActivations = true;
  const Verdict v = judge(scenario::kActivationCheckpointing, ckpt, base);
  CHECK(v.timedApart);
  CHECK(!v.speedMeasurable);
  CHECK(v.memoryMeasurable);  // memory does not move with the load
  CHECK(contains(v.summary, "speed not comparable: the baseline was timed at another time"));
  CHECK(!contains(v.summary, "step time"));
  // The same runs stepping side by side compare.
  RunLog beside = at(ckpt, 1'000'500, 1'061'000);
  const Verdict w = judge(scenario::kActivationCheckpointing, beside, base);
  CHECK(!w.timedApart);
  CHECK(w.speedMeasurable);
  CHECK(contains(w.summary, "step time 0.95x the baseline's"));
  // Runs without times (built by hand, older code) are not called apart.
  const Verdict u = judge(scenario::kActivationCheckpointing, liveRun("x", 60, 0.5, 19, 700),
                          liveRun("fp32 baseline", 60, 0.5, 20, 1000));
  CHECK(!u.timedApart);
}

// The closing note on a missing speed blames emulated fp16 only for a run whose numerics were
// emulated (now or in its recording); a recording from another device against a live baseline
// has no speed here either, and says so in its own words.
CORE_TEST(theEmulatedFp16SpeedNoteIsForEmulatedRunsOnly) {
  const RunLog base = liveRun("fp32 baseline", 60, 0.5, 20, 1000);
  auto emulatedNote = [](const Verdict& v) {
    for (const VerdictText& note : v.notes)
      if (contains(note.english(), "emulated fp16")) return true;
    return false;
  };
  RunLog half = liveRun("Half the batch", 60, 0.7, 12, 600, 0.02);
  half.config.batchSize = 8;
  RunLog emulated = half;
  emulated.provenance.kind = Provenance::Emulated;
  CHECK(emulatedNote(judge(scenario::kSmallerBatch, emulated, base)));
  RunLog recordedEmulated = half;
  recordedEmulated.provenance.kind = Provenance::Recorded;
  recordedEmulated.provenance.recordedKind = Provenance::Emulated;
  CHECK(emulatedNote(judge(scenario::kSmallerBatch, recordedEmulated, base)));
  RunLog recorded = half;
  recorded.provenance.kind = Provenance::Recorded;
  recorded.provenance.device = "cuda:0 NVIDIA H200";
  const Verdict r = judge(scenario::kSmallerBatch, recorded, base);
  CHECK(!r.speedMeasurable);
  CHECK(!emulatedNote(r));
}

CORE_TEST(aRunningMemoryExperimentWithinTheToleranceIsWithinItSoFar) {
  const RunLog base = liveRun("fp32 baseline", 60, 0.5, 10, 1000);
  RunLog run = liveRun("Gradient accumulation x4", 60, 0.5, 12, 500, 8.2e-6);
  run.config.accumulationSteps = 4;
  run.steps.resize(30);
  run.evals.clear();
  run.state = RunState::Running;
  const Verdict v = judge(scenario::kGradAccumulation, run, base);
  CHECK(v.flag("sameUpdates"));
  CHECK_EQ(v.count("comparedSteps"), int64_t(30));
  CHECK(contains(v.summary,
                 "the same updates as the baseline: loss within 0.0001 relative at "
                 "all 30 steps"));
  CHECK(!contains(v.summary, "NOT"));
  // Beyond the tolerance it is beyond it, running or not.
  RunLog off = liveRun("Gradient accumulation x4", 60, 0.5, 12, 500, 3e-3);
  off.config.accumulationSteps = 4;
  off.steps.resize(30);
  off.state = RunState::Running;
  const Verdict w = judge(scenario::kGradAccumulation, off, base);
  CHECK(!w.flag("sameUpdates"));
  CHECK(contains(w.summary, "NOT the baseline's updates: loss beyond 0.0001 relative"));
}

// The baseline still training, not evaluated yet: whether it learns is unknown, so a run that
// stopped on a NaN loss has FAILED already (also while the baseline is still short), any other run
// is too early to judge (never "inconclusive: the baseline did not learn (val acc 0.000 against a
// chance level of 0.000 ...)" from a validation that has not happened), and the baseline's own
// verdict says "not evaluated yet".
CORE_TEST(aBaselineNotYetEvaluatedJudgesNothingButFailures) {
  RunLog base = liveRun("fp32 baseline", 60, 0.5, 10, 1000);
  base.steps.resize(25);
  base.evals.clear();
  base.state = RunState::Running;
  RunLog half = liveRun("Half-precision layers", 60, 0.5, 10, 500);
  half.steps.resize(11);
  half.steps[1].loss = std::nan("");
  half.steps[1].nonFinite = true;
  for (size_t i = 2; i < half.steps.size(); ++i) half.steps[i].loss = std::nan("");
  half.evals.clear();
  half.state = RunState::Finished;
  const Verdict f = judge(scenario::kHalfLayers, half, base);
  CHECK(f.judgement == Judgement::Failed);
  CHECK(contains(f.summary, "FAILED"));
  CHECK(!contains(f.summary, "did not learn"));
  // Also while the baseline has fewer steps than a verdict needs: not "too short to judge".
  RunLog early = base;
  early.steps.resize(5);
  const Verdict g = judge(scenario::kHalfLayers, half, early);
  CHECK(g.judgement == Judgement::Failed);
  CHECK(!contains(g.summary, "too short"));
  RunLog tf = liveRun("TensorFlow container", 60, 0.5, 10, 1000);
  tf.steps.resize(25);
  tf.evals.clear();
  tf.state = RunState::Running;
  const Verdict t = judge(scenario::kTensorflowContainer, tf, base);
  CHECK(t.judgement == Judgement::TooShort);
  CHECK(contains(t.summary, "too early to judge: the baseline has not reached its first"));
  const Verdict b = judge(scenario::kBaselineFp32, base, base);
  CHECK(b.judgement == Judgement::TooShort);
  CHECK(contains(b.summary, "not evaluated yet"));
  CHECK(!contains(b.summary, "did not learn"));
}

CORE_TEST(verdictsJsonIsOneWriterOverTheFigures) {
  const RunLog base = liveRun("fp32 baseline", 60, 0.5, 20, 1000);
  RunLog half = liveRun("Half the batch", 60, 0.7, 12, 600, 0.02);
  half.config.batchSize = 8;
  RunLog emulated = half;
  emulated.provenance.kind = Provenance::Emulated;
  const std::vector<Verdict> verdicts = {judge(scenario::kSmallerBatch, half, base),
                                         judge(scenario::kSmallerBatch, emulated, base)};
  const json::Value all = json::parse(verdictsJsonText(verdicts));
  CHECK_EQ(all.asArray().size(), size_t(2));
  const json::Value& a = all.asArray().at(0);
  CHECK_EQ(a.find("scenario")->asString(), std::string("smaller-batch"));
  CHECK_EQ(a.find("judgement")->asString(), std::string("differs"));
  CHECK_EQ(a.find("batchSize")->asInt64(), int64_t(8));
  CHECK(a.find("samplesPerSecRatio")->isNumber());
  CHECK(!a.find("timedApart")->asBool());
  // Not measurable here: the key is there, its value null.
  const json::Value& b = all.asArray().at(1);
  CHECK(b.find("samplesPerSecRatio") && b.find("samplesPerSecRatio")->isNull());
  CHECK(b.find("speedup")->isNull());
  // The preemption experiment writes through the same encoder.
  MeasuredScenario m;
  m.id = std::string(scenario::kPreemptionResume);
  RunLog u, k, res;
  u.role = RunRole::Uninterrupted;
  k.role = RunRole::Killed;
  res.role = RunRole::Resumed;
  u.config.steps = 40;
  for (int64_t step = 1; step <= 40; ++step) {
    StepRecord s;
    s.step = step;
    s.loss = 2.0 / double(step);
    u.steps.push_back(s);
    if (step <= 17) k.steps.push_back(s);
    if (step > 15) res.steps.push_back(s);
  }
  u.state = res.state = RunState::Finished;
  k.state = RunState::Cancelled;
  res.resumedStep = 15;
  m.runs = {u, k, res};
  const json::Value pre =
      json::parse(verdictsJsonText({computeVerdict(m, RunLog())})).asArray().at(0);
  CHECK_EQ(pre.find("scenario")->asString(), std::string("preemption-resume"));
  CHECK_EQ(pre.find("judgement")->asString(), std::string("identical"));
  CHECK_EQ(pre.find("checkpointStep")->asInt64(), int64_t(15));
  CHECK_EQ(pre.find("bitEqualSteps")->asInt64(), int64_t(40));
  CHECK_EQ(pre.find("lostSteps")->asInt64(), int64_t(2));
}

// Every judge file (core/src/judges/*.cpp defining a Judge) is on the judges' list: a judge
// left off it would let its story be judged silently by the common rules (issue 48).
CORE_TEST(everyJudgeFileIsRegistered) {
  namespace fs = std::filesystem;
  std::vector<std::string> defined;
  for (const auto& entry :
       fs::directory_iterator(fs::path(PRECISIONLAB_SOURCE_DIR) / "core" / "src" / "judges")) {
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string marker = "static const Judge j{EvidenceStory::";
    for (size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + 1)) {
      const size_t from = at + marker.size();
      defined.push_back(text.substr(from, text.find(',', from) - from));
    }
  }
  CHECK(defined.size() >= 6);  // sweep, memory, range, LoRA, smaller batch, preemption
  CHECK_EQ(judges::allJudges().size(), defined.size());
  // Each story has at most one judge.
  for (const judges::Judge* a : judges::allJudges())
    for (const judges::Judge* b : judges::allJudges()) CHECK(a == b || a->story != b->story);
  // And the row that names the story is judged by it (here the kill-and-resume row, whose judge
  // was once a separate entry point).
  CHECK(judges::judgeFor(EvidenceStory::PreemptionResume) != nullptr);
  CHECK(judges::judgeFor(EvidenceStory::PreemptionResume)->stage == judges::Stage::OwnReference);
}
