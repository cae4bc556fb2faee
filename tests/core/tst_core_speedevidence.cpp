// Mixed precision's speed story (core/SpeedEvidence.h) on crafted runs from three kinds of
// machine: a CPU with AMX (bf16 measured faster: the claim is made here), a CPU without matrix
// units (bf16 measured 0.68x, as on the Intel Xeon VM the issue was found on: the figure stands
// with its reason and the claim rests on published GPU measurements), and a CUDA GPU. Whatever
// the machine, fp16=True's story carries a sourced figure that reads faster, and every figure
// below 1.0x carries the hardware's reason. The lab's conclusion (core/LabConclusion.h) from
// crafted verdicts. Pure data.
#include <algorithm>
#include <string>
#include <vector>

#include "CoreTest.h"
#include "core/LabConclusion.h"
#include "core/ScenarioIds.h"
#include "core/ScenarioTable.h"
#include "core/SpeedEvidence.h"

using namespace precisionlab;

namespace {

const char* kAmxCpu = "cpu (2 threads, avx512_bf16, amx_bf16, BLAS libopenblas.so.0)";
const char* kXeonNoAmx = "cpu (2 threads, avx512_bf16, avx512_fp16, BLAS libopenblas.so.0)";
const char* kOldCpu = "cpu (1 thread, no bf16/fp16 units, BLAS libopenblas.so.0)";
const char* kH200 = "cuda:0 NVIDIA H200 (sm_90)";

SpeedObservation observed(const std::string& run, const std::string& device, double speedup,
                          Provenance kind = Provenance::Live) {
  SpeedObservation o;
  o.run = run;
  o.provenance.kind = kind;
  o.provenance.device = device;
  if (kind == Provenance::Recorded) o.provenance.recordedAt = "2026-12-04T10:00:00Z";
  o.speedMeasurable = true;
  o.cpuTime = device[0] == 'c' && device[1] == 'p';
  o.speedup = speedup;
  o.low = speedup * 0.95;
  o.high = speedup * 1.05;
  o.memoryMeasurable = true;
  o.memoryRatio = 0.8;
  return o;
}

// The invariants every story keeps, whatever the machine.
void checkInvariants(const SpeedStory& s, const std::string& where) {
  bool sourcedFaster = false;
  for (const EvidenceLine& l : s.lines) {
    CHECK_MSG(!l.sourceLabel.empty(), where + ": a line without its source: " + l.english());
    if (l.speedFigure && l.readsFaster &&
        (l.source == EvidenceSource::Published || l.source == EvidenceSource::Recorded ||
         l.source == EvidenceSource::Estimated || l.source == EvidenceSource::Live))
      sourcedFaster = true;
    if (l.speedFigure && l.speedup < 1.0)
      CHECK_MSG(l.withReason && !l.reason.text.empty(),
                where + ": a figure below 1.0x without its reason: " + l.english());
  }
  CHECK_MSG(sourcedFaster, where + ": no sourced figure reads faster");
  int published = 0;
  for (const EvidenceLine& l : s.lines) published += l.source == EvidenceSource::Published;
  CHECK_MSG(published >= 2, where + ": fewer than two published measurements quoted");
  CHECK(s.lines.back().source == EvidenceSource::Estimated);
}

}  // namespace

CORE_TEST(readsTheHardwareFromTheDeviceText) {
  CHECK(readHardware(kAmxCpu).kind == SpeedHardware::CpuMatrixUnits);
  CHECK_EQ(readHardware(kAmxCpu).units, std::string("avx512_bf16, amx_bf16"));
  CHECK(readHardware(kXeonNoAmx).kind == SpeedHardware::CpuDotProducts);
  CHECK(readHardware(kOldCpu).kind == SpeedHardware::CpuNoUnits);
  const HardwareReading gpu = readHardware(kH200);
  CHECK(gpu.kind == SpeedHardware::GpuTensorCores);
  CHECK_EQ(gpu.gpuName, std::string("NVIDIA H200"));
  CHECK_EQ(gpu.computeCapability, 90);
  CHECK(readHardware("cuda:0 Tesla P100-PCIE-16GB (sm_60)").kind ==
        SpeedHardware::GpuNoTensorCores);
  CHECK(readHardware("cuda:0 NVIDIA L4 (Vertex AI)").kind == SpeedHardware::GpuTensorCores);
  CHECK(readHardware("").kind == SpeedHardware::Unknown);
  CHECK(readHardware("cpu").kind == SpeedHardware::Unknown);  // no units said either way
  CHECK(readHardware("tpu v5e").kind == SpeedHardware::Unknown);
}

CORE_TEST(aCpuWithoutMatrixUnitsExplainsTheSlowerFigure) {
  for (const char* device : {kXeonNoAmx, kOldCpu}) {
    SpeedStoryInput in;
    in.device = device;
    in.numericsEmulated = true;
    in.observations.push_back(observed("bf16=True", device, 0.68));
    const SpeedStory s = mixedPrecisionSpeedStory(in);
    checkInvariants(s, device);
    CHECK(!s.fasterHere);
    // The live figure is there, with its reason, and the claim is the GPUs'.
    bool live = false;
    for (const EvidenceLine& l : s.lines)
      if (l.source == EvidenceSource::Live && l.speedFigure) {
        live = true;
        CHECK(l.english().find("0.68x fp32") != std::string::npos);
        CHECK(l.english().find("the hardware, not the method") != std::string::npos);
      }
    CHECK(live);
    CHECK(s.speedClaim.english().find("not on this machine") != std::string::npos);
    CHECK(s.speedClaim.english().find("published") != std::string::npos);
    CHECK(s.lines.front().text.english().find("matrix units") != std::string::npos);
    CHECK(s.conclusion.english().find("this machine does not show it") != std::string::npos);
  }
}

CORE_TEST(aCpuWithAmxClaimsTheSpeedHere) {
  SpeedStoryInput in;
  in.device = kAmxCpu;
  in.numericsEmulated = true;
  in.observations.push_back(observed("bf16=True", kAmxCpu, 2.4));
  const SpeedStory s = mixedPrecisionSpeedStory(in);
  checkInvariants(s, "AMX");
  CHECK(s.fasterHere);
  // fp16=True's numerics were emulated: the claim names the run that measured the mechanism,
  // never fp16=True itself (issue 45).
  CHECK_EQ(s.speedClaim.english(),
           std::string("mixed precision, measured here with bf16=True, the same autocast "
                       "mechanism: 2.40x fp32's speed"));
  CHECK(!s.claimIsOwnRun);
  CHECK_EQ(s.claimRun, std::string("bf16=True"));
  CHECK_EQ(s.memoryClaim.english(),
           std::string("0.80x fp32's peak memory, measured with bf16=True, the same mechanism"));
  CHECK(s.lines.front().text.english().find("can be measured faster here") != std::string::npos);
  // The conclusion carries the figure, not only the word "faster", and names the stand-in.
  CHECK_MSG(s.conclusion.english().find("with bf16=True, the same autocast mechanism (2.40x "
                                        "fp32, live; fp16=True itself was not timed here)") !=
                std::string::npos,
            s.conclusion.english());
  CHECK_MSG(s.memoryConclusion.english().find("Memory: 0.80x fp32's peak, measured here with "
                                              "bf16=True") != std::string::npos,
            s.memoryConclusion.english());
  // A slower figure on an AMX CPU is still explained (a small model's casts).
  in.observations[0].speedup = 0.9;
  const SpeedStory slow = mixedPrecisionSpeedStory(in);
  checkInvariants(slow, "AMX, slower");
  CHECK(!slow.fasterHere);
}

CORE_TEST(aGpuRunMeasuresFp16ItselfAndRecordingsSpeakForTheirGpu) {
  SpeedStoryInput live;
  live.device = kH200;
  live.observations.push_back(observed("fp16=True", kH200, 3.4));
  live.observations.push_back(observed("bf16=True", kH200, 3.5));
  const SpeedStory s = mixedPrecisionSpeedStory(live);
  checkInvariants(s, "H200 live");
  CHECK(s.fasterHere);
  CHECK(s.lines.front().text.english().find("Tensor Cores") != std::string::npos);
  // A GPU recording replayed on a CPU: the claim names the GPU it was recorded on.
  SpeedStoryInput replay;
  replay.device = kOldCpu;
  replay.observations.push_back(observed("fp16=True", kH200, 3.4, Provenance::Recorded));
  const SpeedStory r = mixedPrecisionSpeedStory(replay);
  checkInvariants(r, "H200 recorded, replayed on a CPU");
  CHECK(!r.fasterHere);
  CHECK(r.speedClaim.english().find("recorded on NVIDIA H200") != std::string::npos);
  CHECK_MSG(r.speedClaim.english().find("measured with fp16=True") != std::string::npos,
            r.speedClaim.english());
  CHECK(r.claimIsOwnRun);
  CHECK(r.memoryConclusion.english().find("measured with fp16=True itself") != std::string::npos);
  bool recorded = false;
  for (const EvidenceLine& l : r.lines)
    recorded = recorded || (l.source == EvidenceSource::Recorded &&
                            l.sourceLabel.find("recorded 2026-12-04") != std::string::npos);
  CHECK(recorded);
}

CORE_TEST(publishedMeasurementsAreClosestToTheQuestionFirst) {
  const auto points = closestPublishedMeasurements(4);
  CHECK_EQ(points.size(), size_t(4));
  // BERT fine-tuning with the Hugging Face Trainer leads.
  CHECK(points[0]->shape.model.find("BERT") != std::string::npos);
  CHECK(points[0]->code == EstimateCode::Trainer);
  for (const CalibrationPoint* p : points) {
    const EvidenceLine l = publishedLine(*p);
    CHECK(l.readsFaster);
    CHECK(!p->date.empty());
    CHECK(l.sourceLabel.find(p->source) != std::string::npos);
    CHECK_MSG(l.english().find("%") == std::string::npos, l.english());
    CHECK(l.english().find("sequence") != std::string::npos);
    if (!p->baselineAs.empty()) CHECK(l.english().find(p->baselineAs) != std::string::npos);
  }
  // The newest GPUs with a published measurement are among them.
  CHECK(std::any_of(points.begin(), points.end(), [](const CalibrationPoint* p) {
    return p->gpu.name.find("H200") != std::string::npos;
  }));
}

CORE_TEST(theConclusionSaysWhatEachOptionShowed) {
  std::vector<Verdict> verdicts;
  verdicts.reserve(8);  // the pointers add() returns stay valid
  const auto add = [&verdicts](std::string_view id, Judgement j) {
    Verdict v;
    v.scenarioId = std::string(id);
    v.judgement = j;
    verdicts.push_back(v);
    return &verdicts.back();
  };
  add(scenario::kBaselineFp32, Judgement::Reference);
  add(scenario::kHalfLayers, Judgement::Failed)->failureCause = "loss NaN from step 3";
  add(scenario::kTensorflowContainer, Judgement::Identical);
  Verdict* sweep = add(scenario::kVertexHpTuning, Judgement::LearnsLikeBaseline);
  sweep->setFigure({"trials", 3, "", true, ""});
  sweep->setFigure({"sampleMultiple", 3.0, "", true, ""});
  add(scenario::kFp16Amp, Judgement::LearnsLikeBaseline);
  SpeedStoryInput in;
  in.device = kXeonNoAmx;
  in.observations.push_back(observed("bf16=True", kXeonNoAmx, 0.7));
  const SpeedStory story = mixedPrecisionSpeedStory(in);
  std::string all;
  for (const VerdictText& t : labConclusion(verdicts, &story)) all += t.english() + "\n";
  CHECK_MSG(all.find("Half-precision layers failed (loss NaN from step 3).") != std::string::npos,
            all);
  CHECK_MSG(all.find("TensorFlow container changed nothing") != std::string::npos, all);
  CHECK_MSG(all.find("ran 3 fp32 trials, 3.0x the training") != std::string::npos, all);
  CHECK_MSG(all.find("fp16=True, the answer, learned like fp32.") != std::string::npos, all);
  CHECK_MSG(all.find("published GPU measurements show mixed precision") != std::string::npos, all);
  // No conclusion from a baseline that did not learn.
  verdicts[0].judgement = Judgement::BaselineDidNotLearn;
  const auto none = labConclusion(verdicts, &story);
  CHECK_EQ(none.size(), size_t(1));
  CHECK(none[0].english().find("Inconclusive") != std::string::npos);
}

// Replayed recordings speak for the machine they were recorded on: a CPU recording that reads
// faster never becomes "measured on this machine".
CORE_TEST(aRecordingSpeaksForItsOwnMachine) {
  SpeedStoryInput replay;
  replay.device = "cpu (1 thread, avx512_bf16, BLAS libopenblas.so.0)";
  replay.deviceIsRecording = true;
  replay.observations.push_back(observed("bf16=True", replay.device, 1.7, Provenance::Recorded));
  const SpeedStory s = mixedPrecisionSpeedStory(replay);
  checkInvariants(s, "CPU recording");
  CHECK(!s.fasterHere);
  CHECK(s.hardwareIsRecording);
  CHECK_MSG(s.speedClaim.english().find("where it was recorded") != std::string::npos,
            s.speedClaim.english());
  CHECK_MSG(s.conclusion.english().find("where these runs were recorded") != std::string::npos,
            s.conclusion.english());
  CHECK_MSG(s.conclusion.english().find("bf16=True 1.70x fp32") != std::string::npos,
            s.conclusion.english());
  // fp16=True's headline names the recorded run behind the figure, and its memory (a restored
  // lab's card read "faster where it was recorded" over bf16=True's figure; issue 45 item 1).
  CHECK_EQ(s.claimRun, std::string("bf16=True"));
  CHECK(!s.claimIsOwnRun);
  CHECK_MSG(s.speedClaim.english().find("measured with bf16=True: 1.70x fp32's speed") !=
                std::string::npos,
            s.speedClaim.english());
  CHECK_EQ(s.memoryRun, std::string("bf16=True"));
  CHECK_EQ(s.memoryClaim.english(),
           std::string("0.80x fp32's peak memory, recorded with bf16=True"));
  CHECK_MSG(s.memoryConclusion.english().find("measured with bf16=True, the same mechanism; "
                                              "fp16=True itself was not measured there") !=
                std::string::npos,
            s.memoryConclusion.english());
}

// Issue 45 and 50: LibTorch 2.x runs fp16=True with real fp16 kernels on a CPU with fp16 units
// (avx512_fp16): its own live figure leads the claim and the conclusion, labelled with the CPU,
// even where bf16=True beside it reads faster; a stand-in's figure never appears under its name.
CORE_TEST(fp16sOwnLiveFigureLeadsWhenItExists) {
  SpeedStoryInput in;
  in.device = kXeonNoAmx;
  SpeedObservation fp16 = observed("fp16=True", kXeonNoAmx, 1.05);
  fp16.memoryRatio = 0.84;
  in.observations.push_back(fp16);
  in.observations.push_back(observed("bf16=True", kXeonNoAmx, 1.96));
  const SpeedStory s = mixedPrecisionSpeedStory(in);
  checkInvariants(s, "fp16 live on avx512_fp16");
  CHECK(s.claimIsOwnRun);
  CHECK_EQ(s.claimRun, std::string("fp16=True"));
  CHECK_EQ(s.speedClaim.english(),
           std::string("faster, measured here with fp16=True itself (cpu, avx512_bf16, "
                       "avx512_fp16): 1.05x fp32's speed"));
  CHECK(s.speedClaim.english().find("1.96") == std::string::npos);
  CHECK_EQ(s.memoryClaim.english(),
           std::string("0.84x fp32's peak memory, measured with fp16=True itself"));
  CHECK_EQ(s.memoryRun, std::string("fp16=True"));
  CHECK(s.memoryRatio > 0.83 && s.memoryRatio < 0.85);
  CHECK_MSG(s.conclusion.english().find("fp16=True itself measured faster on this machine (1.05x "
                                        "fp32, live, cpu, avx512_bf16, avx512_fp16)") !=
                std::string::npos,
            s.conclusion.english());
  CHECK(s.memoryConclusion.english().find("0.84x") != std::string::npos);
  // Its own figure below the bar: said as it is, not replaced by bf16's faster one.
  in.observations[0].speedup = 0.97;
  const SpeedStory slow = mixedPrecisionSpeedStory(in);
  checkInvariants(slow, "fp16 live, not faster");
  CHECK_MSG(slow.speedClaim.english().find("not faster on this machine, measured with fp16=True "
                                           "itself") != std::string::npos,
            slow.speedClaim.english());
  CHECK(slow.conclusion.english().find("not faster here") != std::string::npos);
  // The lab's conclusion carries the memory sentence after the speed one.
  std::vector<Verdict> verdicts(2);
  verdicts[0].scenarioId = std::string(scenario::kBaselineFp32);
  verdicts[0].judgement = Judgement::Reference;
  verdicts[1].scenarioId = std::string(scenario::kFp16Amp);
  verdicts[1].judgement = Judgement::LearnsLikeBaseline;
  const auto sentences = labConclusion(verdicts, &s);
  CHECK(sentences.size() >= 3);
  CHECK_EQ(sentences.back().english(), s.memoryConclusion.english());
}

// fp16 live on a CPU without fp16 units: its memory is a measurement, its speed is not; the
// story says so and takes the speed from bf16=True, named as the stand-in.
CORE_TEST(fp16LiveWithoutFp16UnitsGivesMemoryNotSpeed) {
  SpeedStoryInput in;
  in.device = kAmxCpu;
  in.ownSpeedUnrepresentative = true;
  SpeedObservation fp16 = observed("fp16=True", kAmxCpu, 0.3);
  fp16.speedMeasurable = false;
  fp16.memoryRatio = 0.7;
  in.observations.push_back(fp16);
  in.observations.push_back(observed("bf16=True", kAmxCpu, 1.9));
  const SpeedStory s = mixedPrecisionSpeedStory(in);
  checkInvariants(s, "fp16 live without fp16 units");
  CHECK(!s.claimIsOwnRun);
  CHECK(s.speedClaim.english().find("measured here with bf16=True, the same autocast") !=
        std::string::npos);
  CHECK_EQ(s.memoryClaim.english(),
           std::string("0.70x fp32's peak memory, measured with fp16=True itself"));
  CHECK_EQ(s.memoryRun, std::string("fp16=True"));  // its own memory; bf16's speed
  CHECK_EQ(s.claimRun, std::string("bf16=True"));
  bool said = false;
  for (const EvidenceLine& l : s.lines)
    said = said || l.english().find("no fp16 units") != std::string::npos;
  CHECK(said);
  for (const EvidenceLine& l : s.lines) CHECK(l.english().find("0.30x") == std::string::npos);
}
