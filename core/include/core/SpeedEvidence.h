// Mixed precision's speed case, told the same way by every front end (the CLI's verdicts.txt, the
// window's fp16=True card and "Is it faster?" tab, the presenter): what this device can show,
// the figures measured here with the reason when one reads slower than fp32, the published
// measurements closest to the learner's question with their sources, and the calibrated GPU
// estimate that fills the gaps between them. Every line names its kind of evidence:
//   live       measured now on this device
//   emulated   numerics only (fp16 on a CPU without fp16 kernels): no speed figure
//   recorded   replayed from a .plrun, with the device and date it was recorded on
//   published  a cited measurement: source, GPU, model and task, batch, sequence, code path, date
//   estimated  core/GpuEstimator.h's calibrated model
// Mixed precision is faster only on hardware with reduced-precision matrix units (GPU Tensor
// Cores, AMX): on a CPU without them a live bf16 figure below 1.0x is the hardware, and it is
// never shown without that reason. Plain data: no torch, no Qt; the wording is VerdictText
// templates (English here, translated in the window).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/GpuEstimator.h"
#include "core/RunRecords.h"
#include "core/Verdict.h"

namespace precisionlab {

enum class EvidenceSource { Live, Emulated, Recorded, Published, Estimated };
const char* evidenceSourceName(EvidenceSource s);  // "live", ..., "published", "estimated"

// What a device has for reduced-precision arithmetic, read from a run's device text (the one
// RunProvenance::device carries, live or recorded: "cpu (2 threads, avx512_bf16, BLAS ...)",
// "cpu (1 thread, no bf16/fp16 units, ...)", "cuda:0 NVIDIA H200 (sm_90)").
enum class SpeedHardware {
  Unknown,           // not a device text this reader knows
  CpuNoUnits,        // no bf16 or fp16 instructions at all
  CpuDotProducts,    // avx512_bf16 / avx512_fp16 without AMX: bf16 may be faster or slower
  CpuMatrixUnits,    // amx_bf16 / amx_fp16: bf16 (fp16) matrix units
  GpuTensorCores,    // a CUDA GPU of compute capability 7.0 or later (or not said)
  GpuNoTensorCores,  // a CUDA GPU below compute capability 7.0
};
struct HardwareReading {
  SpeedHardware kind = SpeedHardware::Unknown;
  std::string units;          // the units named, "avx512_bf16, amx_bf16"; "" when none
  std::string gpuName;        // "NVIDIA H200" for a GPU
  int computeCapability = 0;  // 90 for sm_90; 0 = not said
};
HardwareReading readHardware(const std::string& device);
bool isGpu(const HardwareReading& h);

// Before a run (the settings line, the presenter): what this device can show about mixed
// precision's speed, in one sentence.
VerdictText hardwareCapability(const HardwareReading& h);
// The same in a few words, for a card or a chart ("this CPU has bf16 instructions but no matrix
// units (AMX): mixed precision may or may not be faster here").
VerdictText hardwareBrief(const HardwareReading& h);
// Why a measured mixed-precision figure below 1.0x reads slower on this hardware.
VerdictText slowerReason(const HardwareReading& h);

// One measured mixed-precision run against its fp32 baseline under the same conditions (a
// verdict's speed figures), and where it ran.
struct SpeedObservation {
  std::string run;  // what ran: "bf16=True", "fp16=True"
  RunProvenance provenance;
  bool speedMeasurable = false;
  bool cpuTime = false;  // CPU time per step (else wall time)
  double speedup = 0, low = 0, high = 0;
  bool memoryMeasurable = false;
  double memoryRatio = 0;
};
SpeedObservation observationOf(const std::string& run, const RunProvenance& provenance,
                               const Verdict& v);

// One line of the story, with its own source.
struct EvidenceLine {
  EvidenceSource source = EvidenceSource::Live;
  std::string sourceLabel;  // "bf16=True, live, cpu (...)", "NVIDIA DeepLearningExamples ..."
  VerdictText text;
  // Why a figure below 1.0x reads slower on its hardware (slowerReason); empty text otherwise.
  // Kept apart from `text` so the window translates both.
  VerdictText reason;
  bool speedFigure = false;  // the line states a speed ratio against fp32 or TF32
  double speedup = 0;        // that ratio
  bool readsFaster = false;  // a speed figure above 1.0x
  bool withReason = false;   // a figure below 1.0x carries the hardware's reason
  // The same line in a few words, for a card ("bf16=True, live, cpu: 0.68x fp32; slower: no
  // matrix units on this CPU, the hardware, not the method"); the full text is its details.
  VerdictText brief;
  VerdictText briefReason;  // `reason` in a few words, for the brief ("slower: no matrix units")
  std::string english() const;  // text, then "; " and the reason
};

// A card's short form of a story: its lines' briefs, the published measurements folded into one
// line ("on GPUs, BERT fine-tuning: V100 2.10x fp32 (HF Trainer), H100 2.28x TF32 ...").
std::vector<EvidenceLine> briefLines(const std::vector<EvidenceLine>& lines);

struct SpeedStory {
  HardwareReading hardware;  // where the live runs ran
  // No run was live: `hardware` is the recording's machine, not this one; front ends say "the
  // recording's machine" instead of "this machine".
  bool hardwareIsRecording = false;
  bool fasterHere = false;  // a live or recorded figure of this device reads faster
  // The run whose live figure the headline quotes: the row's own run ("fp16=True") where its
  // speed was measured here (a GPU, or LibTorch 2.x on a CPU with fp16 units), else the
  // companion that measures the same mechanism ("bf16=True"); in a replayed lab, the recorded
  // run the claim quotes; "" when no figure is quoted.
  std::string claimRun;
  bool claimIsOwnRun = false;  // claimRun is the row's own run, not a stand-in for it
  // What the card's headline may claim about speed on this machine, naming the run that
  // measured it: "faster, measured here with fp16=True itself (cpu, avx512_fp16): 1.05x fp32",
  // "mixed precision, measured here with bf16=True, the same autocast mechanism: 1.95x fp32's
  // speed", or "faster on GPU Tensor Cores (published measurements), not on this machine".
  VerdictText speedClaim;
  // Peak memory against fp32, measured live here, naming its run the same way ("0.84x fp32's
  // peak memory, measured with fp16=True itself"); in a replayed lab that nothing live measured,
  // the recording's ("0.84x fp32's peak memory, recorded with bf16=True"); else empty text.
  // `memoryRun` and `memoryRatio` are its run and figure (a card says "0.84x its peak memory"
  // after the speed claim when the two are the same run's).
  VerdictText memoryClaim;
  std::string memoryRun;
  double memoryRatio = 0;
  std::vector<EvidenceLine> lines;
  // One sentence for the conclusion: where the speed evidence comes from (the hardware's own
  // sentence is hardwareCapability(hardware)).
  VerdictText conclusion;
  // The memory sentence for the conclusion ("Memory: 0.84x fp32's peak, measured with ..."),
  // the recording's in a replayed lab, empty text when no run measured it.
  VerdictText memoryConclusion;
};

struct SpeedStoryInput {
  // The device the live runs ran on (a run's provenance.device), "" when nothing ran.
  std::string device;
  bool deviceIsRecording = false;  // `device` is a recording's (nothing ran live)
  bool numericsEmulated = false;   // fp16=True's own run was emulated (1.13 CPU)
  // fp16=True ran live (real fp16 kernels, LibTorch 2.x) on a CPU without fp16 units: its
  // numerics and memory are measurements, its speed is not representative of the method.
  bool ownSpeedUnrepresentative = false;
  // The row's own run ("fp16=True"): an observation with this run name is the option itself,
  // any other one a stand-in that measures the same mechanism.
  std::string subject = "fp16=True";
  // Observations of the mechanism: fp16=True's own run where its speed is representative (a GPU,
  // a CPU with fp16 units), its companion (bf16=True) live or recorded, GPU recordings.
  std::vector<SpeedObservation> observations;
};
SpeedStory mixedPrecisionSpeedStory(const SpeedStoryInput& in);

// The input for a row that tells the speed story (ScenarioSpec::quotesSpeedEvidence), read from
// whatever holds the front end's verdicts and runs: its own run (numerics emulated or not; its
// speed where representative) and its companion row's (bf16=True), each where it has a verdict.
struct ScenarioSpec;
using VerdictLookup = std::function<const Verdict*(const std::string& scenarioId)>;
using ProvenanceLookup = std::function<const RunProvenance*(const std::string& scenarioId)>;
SpeedStoryInput speedStoryInput(const ScenarioSpec& row, const VerdictLookup& verdictOf,
                                const ProvenanceLookup& provenanceOf);
// The story of `row` from a lab's measured scenarios and their verdicts (the CLI's session, the
// lesson test): each scenario's first run speaks for its provenance.
SpeedStory speedStoryOf(const ScenarioSpec& row, const std::vector<MeasuredScenario>& results,
                        const std::vector<Verdict>& verdicts);

// The published measurements the story quotes, closest to the learner's question first (BERT
// fine-tuning, the Hugging Face Trainer before optimized scripts): GpuEstimator's calibration
// points and the further published points it is not fitted to.
std::vector<const CalibrationPoint*> closestPublishedMeasurements(size_t max);
EvidenceLine publishedLine(const CalibrationPoint& p);

}  // namespace precisionlab
