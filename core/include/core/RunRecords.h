// What a run reports: per-step and per-evaluation records, its state and its provenance, and
// the update a scheduler or replayer hands out for it (RunUpdate).
// Plain value types, copied out of the engine's snapshot by the reader (UI timer, CLI loop).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace precisionlab {

struct StepRecord {
  int64_t step = 0;  // 1-based optimizer step
  double loss = 0;   // training loss of this batch (fp32 value)
  double learningRate = 0;
  double stepMs = 0;  // wall time of the step alone, device synchronised
  // CPU time the training thread spent in the step, for single-threaded CPU runs (0 = not
  // measured): unlike wall time it does not grow while other processes hold the cores, so
  // verdicts use it when both runs have it.
  double cpuMs = 0;
  double samplesPerSec = 0;
  double tokensPerSec = 0;           // non-padding tokens per second
  double gradNorm = 0;               // total norm before clipping (unscaled)
  bool nonFinite = false;            // loss or gradients held inf/NaN
  double lossScale = 1.0;            // GradScaler scale used for this step (1 without a scaler)
  bool skipped = false;              // optimizer step skipped (inf/NaN gradients)
  double gradZeroFraction = 0;       // flushed to zero: share of the gradient values fp32 fills
                                     // (dense weights, used embedding rows) held at exactly 0
  double gradNonFiniteFraction = 0;  // share of gradient values inf/NaN
  int64_t peakBytes = 0;             // peak memory during the step (allocator-reported)
  // Parameters the optimizer updated (all of them in full fine-tuning; LoRA's adapters and the
  // classifier with a frozen base). 0 = not recorded (older files).
  int64_t trainableParams = 0;
  // Bytes the optimizer step allocated and kept, allocator-reported: AdamW's state on the step
  // that creates it (the first), 0 on the others.
  int64_t optimizerStateBytes = 0;
  // Data-parallel runs (engine/DataParallelTrain.h), as rank 0 measured them: the wall time of
  // the step's gradient all-reduce (inside stepMs; it includes waiting for a slower rank to
  // finish backward) and the bytes this rank put into it. 0 for a single process.
  double allReduceMs = 0;
  int64_t allReduceBytes = 0;
};

struct EvalRecord {
  int64_t step = 0;
  double valLoss = 0;
  double valAccuracy = 0;  // 0..1
  // Accuracy of always answering the validation split's most frequent label: the floor a run
  // must clear before its accuracy means it learned anything. 0 = unknown (older files).
  double chanceAccuracy = 0;
};

enum class Provenance {
  Live,      // measured now on `device`
  Emulated,  // numerics emulated on `device`; speed and memory are not meaningful
  Recorded,  // replayed from a file recorded on `device` at `recordedAt`
};

struct RunProvenance {
  Provenance kind = Provenance::Live;
  std::string device;        // e.g. "cpu (2 threads, avx512_bf16)", "cuda:0 NVIDIA H200"
  std::string recordedAt;    // ISO 8601, for Recorded
  std::string torchVersion;  // LibTorch version the run used
  std::string note;          // e.g. why it is emulated; kTrainedOnceNote for a follower
  Provenance recordedKind = Provenance::Live;  // for Recorded: how the original run measured
  // False for live fp16 kernels on a CPU without fp16 arithmetic units: numerics and memory are
  // real, the step time is not what fp16 hardware would show, so no speed verdict uses it.
  bool speedRepresentative = true;
};

// The start of the note a run gets when it reports another run's training (RunScheduler::follow):
// "trained once, as "LABEL": the same settings and seed, so the same result bit for bit".
inline constexpr const char* kTrainedOnceNote = "trained once, as \"";

enum class RunState { Queued, Preparing, Running, Paused, Finished, Failed, Cancelled };

const char* provenanceName(Provenance p);  // "live", "emulated", "recorded"
const char* runStateName(RunState s);      // "queued", "preparing", ...

using RunId = int;

// What one rank of a data-parallel job held, in bytes, measured on that rank after its last
// step (engine/DataParallelTrain.h; the --jsonl summary's rankMemory).
struct RankMemory {
  int64_t parameterBytes = 0;       // its copy of the weights (frozen ones included)
  int64_t gradientBytes = 0;        // its gradients in the last step
  int64_t optimizerStateBytes = 0;  // AdamW's m and v it keeps (its shard with shardOptimizer)
  int64_t peakBytes = 0;            // its highest step peak (the allocator's, as StepRecord's)
};

// Everything new about one run since the previous drain().
struct RunUpdate {
  RunId id = 0;
  std::string label;
  RunState state = RunState::Queued;
  std::string message;  // status text; the cause when Failed
  std::vector<std::string>
      warnings;  // new since the last drain, e.g. "classifier initialised anew"
  RunProvenance provenance;
  // Set once, when a run resumed from a training checkpoint was prepared: the folder and its step.
  std::string resumedFrom;
  int64_t resumedStep = 0;
  // Set once, when a data-parallel job ended because it lost a rank: how long rank 0 waited in
  // the collective that failed (ms; engine/DataParallel.h). 0 otherwise.
  double collectiveWaitMs = 0;
  // Set once, when a data-parallel job ended: every rank's memory, in rank order. Empty
  // otherwise.
  std::vector<RankMemory> rankMemory;
  int64_t totalSteps = 0;
  std::vector<StepRecord> steps;  // appended since the last drain
  std::vector<EvalRecord> evals;  // appended since the last drain
};

}  // namespace precisionlab
