// Mixed precision's speed story (core/SpeedEvidence.h): every sentence a front end shows about
// why fp16=True is faster, and why a figure measured here may not be, is built here.
#include "core/SpeedEvidence.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/NumberText.h"
#include "core/ScenarioTable.h"
#include "core/Translatable.h"

namespace precisionlab {

namespace {

using Arg = VerdictText::Arg;
Arg num(double v, int precision) { return Arg{std::string(), v, precision, 'f'}; }
Arg word(std::string t) { return Arg{std::move(t), 0, -1, 'f'}; }
VerdictText text(const char* t, std::vector<Arg> args = {}) {
  return VerdictText{t, std::move(args)};
}

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

// A figure at or above this reads "faster": the block-median spread of a shared 2-core machine
// moves a no-change run by a few percent either way (bit-identical option B reads 0.97x-1.03x).
constexpr double kFasterThan = 1.05;

// "cpu, 2026-12-04": where and when a recording was made, for a sentence that already says
// "recorded".
std::string recordedWhere(const RunProvenance& p) {
  return p.device.substr(0, p.device.find(" (")) + ", " + p.recordedAt.substr(0, 10);
}

std::string deviceShort(const RunProvenance& p) {
  std::string d = p.device.substr(0, p.device.find(" ("));
  if (p.kind == Provenance::Recorded && !p.recordedAt.empty())
    return "recorded " + p.recordedAt.substr(0, 10) + ", " + d;
  return std::string(provenanceName(p.kind)) + ", " + d;
}

// How close a published point is to the learner's question (BERT fine-tuning with the Hugging
// Face Trainer): lower first.
int distance(const CalibrationPoint& p) {
  int d = 0;
  if (p.shape.model.rfind("BERT", 0) != 0) d += 4;  // a proxy model (t5-base)
  if (p.code != EstimateCode::Trainer) d += 2;
  if (!p.batchesPublished) d += 1;
  return d;
}

}  // namespace

const char* evidenceSourceName(EvidenceSource s) {
  switch (s) {
    case EvidenceSource::Live:
      return "live";
    case EvidenceSource::Emulated:
      return "emulated";
    case EvidenceSource::Recorded:
      return "recorded";
    case EvidenceSource::Published:
      return "published";
    case EvidenceSource::Estimated:
      return "estimated";
  }
  return "live";
}

HardwareReading readHardware(const std::string& device) {
  HardwareReading h;
  if (device.rfind("cuda", 0) == 0) {
    const size_t space = device.find(' ');
    h.gpuName = space == std::string::npos ? std::string() : device.substr(space + 1);
    const size_t sm = device.find("sm_");
    if (sm != std::string::npos) {
      int cc = 0;
      for (size_t i = sm + 3; i < device.size() && std::isdigit((unsigned char)device[i]); ++i)
        cc = std::min(cc * 10 + (device[i] - '0'), 9999);
      h.computeCapability = cc;
      h.gpuName = h.gpuName.substr(0, h.gpuName.find(" (sm_"));
    }
    h.kind = h.computeCapability > 0 && h.computeCapability < 70 ? SpeedHardware::GpuNoTensorCores
                                                                 : SpeedHardware::GpuTensorCores;
    return h;
  }
  if (device.rfind("cpu", 0) != 0) return h;
  const bool amxBf16 = contains(device, "amx_bf16"), amxFp16 = contains(device, "amx_fp16");
  const bool avxBf16 = contains(device, "avx512_bf16"), avxFp16 = contains(device, "avx512_fp16");
  for (const auto& [has, name] : {std::pair{avxBf16, "avx512_bf16"},
                                  {amxBf16, "amx_bf16"},
                                  {avxFp16, "avx512_fp16"},
                                  {amxFp16, "amx_fp16"}})
    if (has) h.units += (h.units.empty() ? "" : ", ") + std::string(name);
  // The engine names the units, or says "no bf16/fp16 units"; a bare "cpu" (an imported
  // Trainer log, an old recording) says neither, and nothing is claimed for it.
  if (amxBf16 || amxFp16)
    h.kind = SpeedHardware::CpuMatrixUnits;
  else if (avxBf16 || avxFp16)
    h.kind = SpeedHardware::CpuDotProducts;
  else if (contains(device, "no bf16/fp16 units"))
    h.kind = SpeedHardware::CpuNoUnits;
  return h;
}

bool isGpu(const HardwareReading& h) {
  return h.kind == SpeedHardware::GpuTensorCores || h.kind == SpeedHardware::GpuNoTensorCores;
}

VerdictText hardwareCapability(const HardwareReading& h) {
  switch (h.kind) {
    case SpeedHardware::CpuNoUnits:
      return text(PL_TRANSLATE_NOOP(
          "Verdict",
          "this CPU has no bf16 or fp16 matrix units, so reduced precision cannot be faster "
          "here: mixed precision pays on hardware with such units, GPU Tensor Cores above all"));
    case SpeedHardware::CpuDotProducts:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "this CPU has bf16/fp16 instructions (%1) but no matrix "
                                    "units (AMX), so reduced precision may run faster or slower "
                                    "here, depending on the chip: mixed precision pays reliably "
                                    "on hardware with matrix units, GPU Tensor Cores above all"),
                  {word(h.units)});
    case SpeedHardware::CpuMatrixUnits:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "this CPU has reduced-precision matrix units (%1), so mixed "
                                    "precision can be measured faster here, as on a GPU's "
                                    "Tensor Cores"),
                  {word(h.units)});
    case SpeedHardware::GpuTensorCores:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "this GPU (%1) has Tensor Cores: fp16=True's speed is "
                                    "measured live here"),
                  {word(h.gpuName.empty() ? "CUDA" : h.gpuName)});
    case SpeedHardware::GpuNoTensorCores:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "this GPU (%1) predates Tensor Cores (compute capability "
                                    "below 7.0), so fp16=True saves memory here but gains little "
                                    "speed"),
                  {word(h.gpuName)});
    case SpeedHardware::Unknown:
      break;
  }
  return text(PL_TRANSLATE_NOOP("Verdict",
                                "this device's reduced-precision units are not known: a speed "
                                "figure measured here says nothing about other hardware"));
}

VerdictText hardwareBrief(const HardwareReading& h) {
  switch (h.kind) {
    case SpeedHardware::CpuNoUnits:
      return text(PL_TRANSLATE_NOOP(
          "Verdict",
          "this CPU has no bf16/fp16 matrix units: mixed precision cannot be faster here"));
    case SpeedHardware::CpuDotProducts:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "this CPU has bf16 instructions but no matrix units (AMX): "
                                    "mixed precision may or may not be faster here"));
    case SpeedHardware::CpuMatrixUnits:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "this CPU has matrix units (%1): mixed precision can be "
                                    "faster here"),
                  {word(h.units)});
    case SpeedHardware::GpuTensorCores:
      return text(
          PL_TRANSLATE_NOOP("Verdict", "this GPU has Tensor Cores: fp16=True measured here"));
    case SpeedHardware::GpuNoTensorCores:
      return text(
          PL_TRANSLATE_NOOP("Verdict", "this GPU has no Tensor Cores: little speed to gain here"));
    case SpeedHardware::Unknown:
      break;
  }
  return text(PL_TRANSLATE_NOOP("Verdict", "this device's matrix units are not known"));
}

namespace {

VerdictText reasonBrief(const HardwareReading& h) {
  switch (h.kind) {
    case SpeedHardware::CpuNoUnits:
    case SpeedHardware::CpuDotProducts:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "slower: no matrix units on this CPU, the hardware, not the "
                                    "method"));
    case SpeedHardware::CpuMatrixUnits:
    case SpeedHardware::GpuTensorCores:
      return text(PL_TRANSLATE_NOOP("Verdict", "slower: too small a model or batch to gain"));
    case SpeedHardware::GpuNoTensorCores:
      return text(PL_TRANSLATE_NOOP("Verdict", "slower: no Tensor Cores on this GPU"));
    case SpeedHardware::Unknown:
      break;
  }
  return text(PL_TRANSLATE_NOOP("Verdict", "slower on this device"));
}

// "V100" from "NVIDIA V100 SXM2 (16 GB)": the chip's name a learner knows.
std::string chipName(const GpuSpec& g) {
  for (const char* chip : {"H200", "H100", "A100", "V100", "L4", "T4"})
    if (g.name.find(chip) != std::string::npos) return chip;
  return g.name;
}

}  // namespace

VerdictText slowerReason(const HardwareReading& h) {
  switch (h.kind) {
    case SpeedHardware::CpuNoUnits:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "slower here because this CPU has no bf16 or fp16 matrix "
                                    "units: the casts cost time and the matrix multiplies are no "
                                    "faster; the hardware, not the method"));
    case SpeedHardware::CpuDotProducts:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "slower here because this CPU has bf16/fp16 instructions "
                                    "(%1) but no matrix units (AMX): its reduced-precision matrix "
                                    "multiplies run no faster than fp32's, and the casts cost "
                                    "time; the hardware, not the method"),
                  {word(h.units)});
    case SpeedHardware::CpuMatrixUnits:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "slower here despite the matrix units (%1): at this model and "
                                    "batch size the casts and small matrix multiplies outweigh "
                                    "them; a larger model or batch shows the gain"),
                  {word(h.units)});
    case SpeedHardware::GpuTensorCores:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "slower here: at this small model and batch the GPU waits on "
                                    "kernel launches, not arithmetic; a larger batch or model "
                                    "shows the Tensor Core gain"));
    case SpeedHardware::GpuNoTensorCores:
      return text(PL_TRANSLATE_NOOP("Verdict",
                                    "slower here because this GPU has no Tensor Cores: fp16 "
                                    "arithmetic is no faster than fp32 on it"));
    case SpeedHardware::Unknown:
      break;
  }
  return text(PL_TRANSLATE_NOOP("Verdict",
                                "slower on this device, whose reduced-precision units are not "
                                "known; the figure says nothing about a GPU"));
}

SpeedObservation observationOf(const std::string& run, const RunProvenance& provenance,
                               const Verdict& v) {
  SpeedObservation o;
  o.run = run;
  o.provenance = provenance;
  o.speedMeasurable = v.speedMeasurable;
  o.cpuTime = v.cpuTime;
  o.speedup = v.speedup;
  o.low = v.speedupLow;
  o.high = v.speedupHigh;
  o.memoryMeasurable = v.memoryMeasurable;
  o.memoryRatio = v.memoryRatio;
  return o;
}

std::vector<const CalibrationPoint*> closestPublishedMeasurements(size_t max) {
  std::vector<const CalibrationPoint*> out;
  for (const CalibrationPoint& p : GpuEstimator::calibrationPoints()) out.push_back(&p);
  // Closest first; among equals the newest (H100 and H200 before V100).
  std::stable_sort(out.begin(), out.end(),
                   [](const CalibrationPoint* a, const CalibrationPoint* b) {
                     if (distance(*a) != distance(*b)) return distance(*a) < distance(*b);
                     return a->date > b->date;
                   });
  // One point per GPU card and baseline: the closest.
  std::vector<const CalibrationPoint*> kept;
  for (const CalibrationPoint* p : out) {
    const bool seen = std::any_of(kept.begin(), kept.end(), [p](const CalibrationPoint* k) {
      return k->gpu.name == p->gpu.name && k->baseline == p->baseline && k->code == p->code;
    });
    if (!seen) kept.push_back(p);
    if (kept.size() >= max) break;
  }
  return kept;
}

std::string EvidenceLine::english() const {
  return reason.text.empty() ? text.english() : text.english() + "; " + reason.english();
}

EvidenceLine publishedLine(const CalibrationPoint& p) {
  EvidenceLine l;
  l.source = EvidenceSource::Published;
  l.sourceLabel = p.source + (p.date.empty() ? std::string() : ", " + p.date);
  l.speedFigure = true;
  l.speedup = p.baselineSeqPerSec > 0 ? p.fp16SeqPerSec / p.baselineSeqPerSec : 0;
  l.readsFaster = l.speedup > 1.0;
  l.brief = text(PL_TRANSLATE_NOOP("Verdict", "%1 %2x %3 (%4)"),
                 {word(chipName(p.gpu)), num(l.speedup, 2),
                  word(p.baseline == EstimatePrecision::Tf32 ? "TF32" : "fp32"),
                  word(p.code == EstimateCode::Trainer ? "HF Trainer" : "NVIDIA's scripts")});
  const bool bert = p.shape.model.rfind("BERT", 0) == 0;
  // Nine arguments at most (%1..%9): the source is the line's label, not its text.
  l.text = text(
      PL_TRANSLATE_NOOP("Verdict",
                        "%1, %2 (sequence %3), %4: mixed precision %5x %6 (%7 vs %8 "
                        "samples/s, %9)"),
      {word(p.gpu.name), word(bert ? p.shape.model : "t5-base"),
       word(std::to_string(p.shape.seqLen)), word(GpuEstimator::calibration(p.code).name),
       num(l.speedup, 2),
       word(!p.baselineAs.empty()                   ? p.baselineAs
            : p.baseline == EstimatePrecision::Tf32 ? std::string("TF32")
                                                    : std::string("true fp32")),
       Arg{std::string(), p.fp16SeqPerSec, 4, 'g'}, Arg{std::string(), p.baselineSeqPerSec, 4, 'g'},
       word("batch " + std::to_string(p.fp16Batch) + " vs " + std::to_string(p.baselineBatch))});
  return l;
}

namespace {

EvidenceLine observedLine(const SpeedObservation& o) {
  EvidenceLine l;
  l.source =
      o.provenance.kind == Provenance::Recorded ? EvidenceSource::Recorded : EvidenceSource::Live;
  l.sourceLabel = o.run + ", " + deviceShort(o.provenance);
  l.speedFigure = true;
  l.speedup = o.speedup;
  l.readsFaster = o.speedup >= kFasterThan;
  const std::string memory =
      o.memoryMeasurable ? ", peak memory " + numberText(o.memoryRatio, 2, 'f') + "x fp32" : "";
  l.text = text(PL_TRANSLATE_NOOP("Verdict", "%1 measured on %2 (%3): %4x fp32 (p25-p75 %5-%6x)%7"),
                {word(o.run), word(o.provenance.device),
                 word(o.cpuTime ? "CPU time per step" : "wall time per step"), num(o.speedup, 2),
                 num(o.low, 2), num(o.high, 2), word(memory)});
  l.brief =
      o.memoryMeasurable
          ? text(PL_TRANSLATE_NOOP("Verdict", "%1, %2: %3x fp32's speed, %4x its peak memory"),
                 {word(o.run), word(deviceShort(o.provenance)), num(o.speedup, 2),
                  num(o.memoryRatio, 2)})
          : text(PL_TRANSLATE_NOOP("Verdict", "%1, %2: %3x fp32"),
                 {word(o.run), word(deviceShort(o.provenance)), num(o.speedup, 2)});
  if (o.speedup < 1.0) {
    // Never a bare figure below 1.0x: the hardware's reason stands in the same line.
    const HardwareReading h = readHardware(o.provenance.device);
    l.reason = slowerReason(h);
    l.briefReason = reasonBrief(h);
    l.withReason = true;
  }
  return l;
}

}  // namespace

SpeedStory mixedPrecisionSpeedStory(const SpeedStoryInput& in) {
  SpeedStory s;
  s.hardware = readHardware(in.device);
  // 1. What this device can show, before any figure.
  EvidenceLine hw;
  // The device of a replay-only story is the recording's: its sentence is recorded evidence.
  hw.source = in.deviceIsRecording ? EvidenceSource::Recorded : EvidenceSource::Live;
  hw.sourceLabel = in.device.empty() ? std::string("this machine") : in.device;
  hw.text = hardwareCapability(s.hardware);
  hw.brief = hardwareBrief(s.hardware);
  s.lines.push_back(hw);
  if (in.numericsEmulated) {
    EvidenceLine e;
    e.source = EvidenceSource::Emulated;
    e.sourceLabel = "fp16=True, emulated";
    e.text = text(PL_TRANSLATE_NOOP("Verdict",
                                    "fp16=True's numerics are emulated on this CPU (values "
                                    "rounded to fp16 as a GPU would hold them): its speed here is "
                                    "not a measurement"));
    e.brief =
        text(PL_TRANSLATE_NOOP("Verdict", "fp16=True: numerics emulated here, so no speed figure"));
    s.lines.push_back(e);
  } else if (in.ownSpeedUnrepresentative) {
    EvidenceLine e;
    e.sourceLabel = in.subject + ", live";
    e.text = text(PL_TRANSLATE_NOOP("Verdict",
                                    "%1 ran with real fp16 kernels here, but this CPU has no fp16 "
                                    "units (avx512_fp16, amx_fp16): each product converts element "
                                    "by element, so its step time is no measure of the method"),
                  {word(in.subject)});
    e.brief = text(PL_TRANSLATE_NOOP("Verdict",
                                     "%1: live fp16, but no fp16 units on this CPU, so no "
                                     "speed figure"),
                   {word(in.subject)});
    s.lines.push_back(e);
  }
  // 2. The figures measured here or recorded, each with its reason when it reads slower.
  // A recording speaks for the machine it was recorded on, never for this one.
  const SpeedObservation* gpuRecording = nullptr;
  const SpeedObservation* cpuRecording = nullptr;
  const SpeedObservation* ownMemory = nullptr;  // peak memory measured live here
  const SpeedObservation* standInMemory = nullptr;
  const SpeedObservation* ownHere = nullptr;      // the row's own run, timed live here
  const SpeedObservation* standInHere = nullptr;  // the same mechanism, timed live here
  for (const SpeedObservation& o : in.observations) {
    const bool here = o.provenance.kind != Provenance::Recorded;
    if (here && o.memoryMeasurable && o.run == in.subject) ownMemory = &o;
    if (here && o.memoryMeasurable && o.run != in.subject && !standInMemory) standInMemory = &o;
    if (!o.speedMeasurable) continue;
    s.lines.push_back(observedLine(o));
    if (here) {
      if (o.run == in.subject)
        ownHere = &o;
      else if (!standInHere || o.speedup > standInHere->speedup)
        standInHere = &o;
    }
    if (!s.lines.back().readsFaster) continue;
    if (here)
      s.fasterHere = true;
    else if (isGpu(readHardware(o.provenance.device)))
      gpuRecording = gpuRecording ? gpuRecording : &o;
    else
      cpuRecording = cpuRecording ? cpuRecording : &o;
  }
  s.hardwareIsRecording = in.deviceIsRecording;
  // 3. Published measurements closest to the question, then the estimate between them.
  for (const CalibrationPoint* p : closestPublishedMeasurements(4))
    s.lines.push_back(publishedLine(*p));
  EvidenceLine est;
  est.source = EvidenceSource::Estimated;
  est.sourceLabel =
      "fills the gaps between the published points; formula, calibration and sources: "
      "precisionlab-cli estimate --explain";
  est.text = gpuestimate::summaryText(gpuestimate::labShape());
  const auto [estLow, estHigh] = gpuestimate::fp16RangeVsFp32(gpuestimate::labShape());
  est.brief = text(PL_TRANSLATE_NOOP("Verdict",
                                     "BERT base, batch 32, sequence 128 on Vertex AI GPUs: "
                                     "%1x-%2x true fp32"),
                   {num(estLow, 1), num(estHigh, 1)});
  s.lines.push_back(est);
  // What the headline may claim here: the row's own figure where it was timed live (never a
  // stand-in's figure under the option's name), else the stand-in's, named as such.
  const HardwareReading& hw0 = s.hardware;
  const std::string where = hw0.kind == SpeedHardware::Unknown ? std::string("this device")
                            : isGpu(hw0) ? (hw0.gpuName.empty() ? std::string("CUDA") : hw0.gpuName)
                            : hw0.units.empty() ? std::string("cpu")
                                                : "cpu, " + hw0.units;
  // The run the claim quotes: its own, or a stand-in that reads faster (a slower stand-in's
  // figure is not the claim: the published measurements are).
  const SpeedObservation* claim =
      ownHere ? ownHere
              : (standInHere && standInHere->speedup >= kFasterThan ? standInHere : nullptr);
  if (claim) {
    s.claimRun = claim->run;
    s.claimIsOwnRun = claim == ownHere;
  }
  if (ownHere)
    s.speedClaim =
        ownHere->speedup >= kFasterThan
            ? text(PL_TRANSLATE_NOOP("Verdict",
                                     "faster, measured here with %1 itself (%2): %3x fp32's "
                                     "speed"),
                   {word(ownHere->run), word(where), num(ownHere->speedup, 2)})
            : text(PL_TRANSLATE_NOOP("Verdict",
                                     "not faster on this machine, measured with %1 itself (%2): "
                                     "%3x fp32's speed"),
                   {word(ownHere->run), word(where), num(ownHere->speedup, 2)});
  else if (standInHere && standInHere->speedup >= kFasterThan)
    s.speedClaim = text(PL_TRANSLATE_NOOP("Verdict",
                                          "mixed precision, measured here with %1, the same "
                                          "autocast mechanism: %2x fp32's speed"),
                        {word(standInHere->run), num(standInHere->speedup, 2)});
  else if (const SpeedObservation* recorded = gpuRecording ? gpuRecording : cpuRecording) {
    // A replayed lab: the claim names the recorded run and its figure as a live one would (a
    // restored lab's fp16=True card read "faster where it was recorded" over bf16=True's figure,
    // its own run emulated).
    s.claimRun = recorded->run;
    s.claimIsOwnRun = recorded->run == in.subject;
    s.speedClaim =
        recorded == gpuRecording
            ? text(PL_TRANSLATE_NOOP("Verdict",
                                     "faster on a GPU, measured with %1 (recorded on %2): %3x "
                                     "fp32's speed; not on this machine"),
                   {word(recorded->run), word(readHardware(recorded->provenance.device).gpuName),
                    num(recorded->speedup, 2)})
            : text(PL_TRANSLATE_NOOP("Verdict",
                                     "faster where it was recorded (%1), measured with %2: %3x "
                                     "fp32's speed"),
                   {word(recordedWhere(recorded->provenance)), word(recorded->run),
                    num(recorded->speedup, 2)});
  } else
    s.speedClaim = text(PL_TRANSLATE_NOOP(
        "Verdict", "faster on GPU Tensor Cores (published measurements), not on this machine"));
  // Memory, from the row's own run where it was measured live (fp16 tensors are live even where
  // fp16's speed is not representative), else from the stand-in, named as such.
  if (const SpeedObservation* m = ownMemory ? ownMemory : standInMemory) {
    s.memoryRun = m->run;
    s.memoryRatio = m->memoryRatio;
  }
  if (ownMemory) {
    s.memoryClaim =
        text(PL_TRANSLATE_NOOP("Verdict", "%1x fp32's peak memory, measured with %2 itself"),
             {num(ownMemory->memoryRatio, 2), word(ownMemory->run)});
    s.memoryConclusion =
        text(PL_TRANSLATE_NOOP("Verdict", "Memory: %1x fp32's peak, measured here with %2 itself."),
             {num(ownMemory->memoryRatio, 2), word(ownMemory->run)});
  } else if (standInMemory) {
    s.memoryClaim = text(PL_TRANSLATE_NOOP("Verdict",
                                           "%1x fp32's peak memory, measured with %2, the same "
                                           "mechanism"),
                         {num(standInMemory->memoryRatio, 2), word(standInMemory->run)});
    s.memoryConclusion =
        text(PL_TRANSLATE_NOOP("Verdict",
                               "Memory: %1x fp32's peak, measured here with %2, "
                               "the same mechanism; %3 itself was not measured here."),
             {num(standInMemory->memoryRatio, 2), word(standInMemory->run), word(in.subject)});
  }
  // Nothing live measured memory (a replayed lab): the recording's figure, said to be recorded,
  // from the run the claim names where that run has one.
  const SpeedObservation* recordedMemory = nullptr;
  if (!ownMemory && !standInMemory)
    for (const SpeedObservation& o : in.observations)
      if (o.provenance.kind == Provenance::Recorded && o.memoryMeasurable &&
          (!recordedMemory || o.run == s.claimRun))
        recordedMemory = &o;
  if (recordedMemory) {
    const std::string& run = recordedMemory->run;
    s.memoryRun = run;
    s.memoryRatio = recordedMemory->memoryRatio;
    s.memoryClaim = text(PL_TRANSLATE_NOOP("Verdict", "%1x fp32's peak memory, recorded with %2"),
                         {num(recordedMemory->memoryRatio, 2), word(run)});
    s.memoryConclusion =
        run == in.subject
            ? text(PL_TRANSLATE_NOOP("Verdict",
                                     "Memory: %1x fp32's peak where these runs were recorded "
                                     "(%2), measured with %3 itself."),
                   {num(recordedMemory->memoryRatio, 2),
                    word(recordedWhere(recordedMemory->provenance)), word(run)})
            : text(PL_TRANSLATE_NOOP("Verdict",
                                     "Memory: %1x fp32's peak where these runs were recorded "
                                     "(%2), measured with %3, the same mechanism; %4 itself "
                                     "was not measured there."),
                   {num(recordedMemory->memoryRatio, 2),
                    word(recordedWhere(recordedMemory->provenance)), word(run), word(in.subject)});
  }
  // The published range, for the conclusion.
  double lo = 1e300, hi = 0;
  for (const EvidenceLine& l : s.lines)
    if (l.source == EvidenceSource::Published) {
      lo = std::min(lo, l.speedup);
      hi = std::max(hi, l.speedup);
    }
  if (ownHere)
    // The figure itself, not only the word: "faster" without a number read as a claim.
    s.conclusion =
        ownHere->speedup >= kFasterThan
            ? text(PL_TRANSLATE_NOOP("Verdict",
                                     "Speed: %1 itself measured faster on this machine (%2x "
                                     "fp32, live, %3), and published GPU measurements agree "
                                     "(%4x-%5x)."),
                   {word(ownHere->run), num(ownHere->speedup, 2), word(where), num(lo, 2),
                    num(hi, 2)})
            : text(PL_TRANSLATE_NOOP("Verdict",
                                     "Speed: %1 itself measured %2x fp32 on this machine (live, "
                                     "%3), not faster here; published GPU measurements show "
                                     "mixed precision %4x-%5x faster."),
                   {word(ownHere->run), num(ownHere->speedup, 2), word(where), num(lo, 2),
                    num(hi, 2)});
  else if (standInHere && standInHere->speedup >= kFasterThan)
    s.conclusion = text(PL_TRANSLATE_NOOP("Verdict",
                                          "Speed: mixed precision measured faster on this "
                                          "machine with %1, the same autocast mechanism (%2x "
                                          "fp32, live; %3 itself was not timed here), and "
                                          "published GPU measurements agree (%4x-%5x)."),
                        {word(standInHere->run), num(standInHere->speedup, 2), word(in.subject),
                         num(lo, 2), num(hi, 2)});
  else if (const SpeedObservation* recorded = gpuRecording ? gpuRecording : cpuRecording)
    s.conclusion = text(PL_TRANSLATE_NOOP("Verdict",
                                          "Speed: mixed precision was faster where these runs "
                                          "were recorded (%1: %2 %3x fp32), and published GPU "
                                          "measurements agree (%4x-%5x)."),
                        {word(recordedWhere(recorded->provenance)), word(recorded->run),
                         num(recorded->speedup, 2), num(lo, 2), num(hi, 2)});
  else
    s.conclusion = text(PL_TRANSLATE_NOOP("Verdict",
                                          "Speed: published GPU measurements show mixed "
                                          "precision %1x-%2x faster than fp32 or TF32; this "
                                          "machine does not show it (see why below)."),
                        {num(lo, 2), num(hi, 2)});
  return s;
}

std::vector<EvidenceLine> briefLines(const std::vector<EvidenceLine>& lines) {
  std::vector<EvidenceLine> out;
  EvidenceLine published;
  std::string parts;
  for (const EvidenceLine& l : lines) {
    if (l.source != EvidenceSource::Published) {
      EvidenceLine b = l;
      if (!b.brief.text.empty()) b.text = b.brief;
      b.reason = b.briefReason;
      out.push_back(b);
      continue;
    }
    if (parts.empty()) {
      published = l;
      published.sourceLabel.clear();
    }
    parts += (parts.empty() ? "" : ", ") + l.brief.english();
    published.sourceLabel += (published.sourceLabel.empty() ? "" : "; ") + l.sourceLabel;
    published.speedup = std::max(published.speedup, l.speedup);
  }
  if (!parts.empty()) {
    published.text =
        text(PL_TRANSLATE_NOOP("Verdict", "on GPUs, BERT fine-tuning: %1"), {word(parts)});
    // Before the estimate, which fills the gaps between them.
    auto at = out.end();
    if (!out.empty() && out.back().source == EvidenceSource::Estimated) --at;
    out.insert(at, published);
  }
  return out;
}

SpeedStory speedStoryOf(const ScenarioSpec& row, const std::vector<MeasuredScenario>& results,
                        const std::vector<Verdict>& verdicts) {
  const auto provenanceOf = [&results](const std::string& id) -> const RunProvenance* {
    for (const MeasuredScenario& m : results)
      if (m.id == id && !m.runs.empty()) return &m.runs.front().provenance;
    return nullptr;
  };
  const auto verdictOf = [&verdicts](const std::string& id) { return findVerdict(verdicts, id); };
  return mixedPrecisionSpeedStory(speedStoryInput(row, verdictOf, provenanceOf));
}

SpeedStoryInput speedStoryInput(const ScenarioSpec& row, const VerdictLookup& verdictOf,
                                const ProvenanceLookup& provenanceOf) {
  SpeedStoryInput in;
  in.subject = row.title;
  for (const std::string& id : {row.id, row.companion}) {
    if (id.empty()) continue;
    const RunProvenance* p = provenanceOf(id);
    const Verdict* v = verdictOf(id);
    if (!p) continue;
    if (in.device.empty() && p->kind != Provenance::Recorded) in.device = p->device;
    if (id == row.id && p->kind == Provenance::Emulated) in.numericsEmulated = true;
    if (id == row.id && p->kind == Provenance::Live && !p->speedRepresentative)
      in.ownSpeedUnrepresentative = true;
    // A run whose memory was measured live counts too (fp16 on a CPU without fp16 units: live
    // fp16 tensors, a speed that is not representative).
    if (v && (v->speedMeasurable || v->memoryMeasurable)) {
      const ScenarioSpec* spec = findScenario(id);
      in.observations.push_back(observationOf(spec ? spec->title : id, *p, *v));
    }
  }
  // Replayed runs only: the device they were recorded on is the one they can speak for.
  if (in.device.empty())
    for (const std::string& id : {row.id, row.companion})
      if (const RunProvenance* p = id.empty() ? nullptr : provenanceOf(id)) {
        in.device = p->device;
        in.deviceIsRecording = true;
        break;
      }
  return in;
}

}  // namespace precisionlab
