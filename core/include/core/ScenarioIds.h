// Stable ids of the lab's scenarios, named for the code that refers to one. Question banks name
// them per option ("scenario"), so they never change once published. The list of scenarios, and
// everything about each, is the table of ScenarioTable.h (scenarioTable(), isKnownScenario()).
#pragma once

#include <string_view>

namespace precisionlab::scenario {

inline constexpr std::string_view kBaselineFp32 = "baseline-fp32";  // fp32, no change
inline constexpr std::string_view kHalfLayers = "half-layers";      // option A: model.to(kHalf)
inline constexpr std::string_view kTensorflowContainer = "tensorflow-container";  // option B
inline constexpr std::string_view kVertexHpTuning = "vertex-hp-tuning";  // option C: fp32 sweep
inline constexpr std::string_view kFp16Amp = "fp16-amp";                 // option D: fp16=True
inline constexpr std::string_view kBf16Amp = "bf16-amp";                 // bf16=True
inline constexpr std::string_view kFp16NoScaler = "fp16-no-scaler";      // fp16 autocast, no scaler
// Memory experiments of the scaling bank: the baseline's batch as 4 accumulated micro-batches,
// and each encoder layer recomputed in the backward pass.
inline constexpr std::string_view kGradAccumulation = "grad-accumulation";
inline constexpr std::string_view kActivationCheckpointing = "activation-checkpointing";
// The range experiment (docs/range-experiment.md): fp16=True and bf16=True on a model with an
// outlier feature whose activations exceed fp16's 65504.
inline constexpr std::string_view kFp16AmpOutlier = "fp16-amp-outlier";
inline constexpr std::string_view kBf16AmpOutlier = "bf16-amp-outlier";
inline constexpr std::string_view kTf32 = "tf32";  // tf32=True: fp32 with TF32 matmuls (GPU)
// Preemption and resume (docs/preemption-experiment.md): a run SIGKILLed and resumed.
inline constexpr std::string_view kPreemptionResume = "preemption-resume";
// LoRA vs full fine-tuning (docs/lora-experiment.md): rank-8 adapters on query and value, the
// base frozen, against the baseline's full fine-tuning of the same model on the same data.
inline constexpr std::string_view kLora = "lora";
// A smaller batch at the same learning rate (docs/smaller-batch-experiment.md): half the
// baseline's batch, the contrast to gradient accumulation.
inline constexpr std::string_view kSmallerBatch = "smaller-batch";
// Data parallelism (docs/data-parallel.md): the baseline's global batch over 2 processes
// (`train --nproc 2`, half the batch each), against the baseline's one process.
inline constexpr std::string_view kDataParallel = "data-parallel";
// A worker dies (docs/data-parallel.md): a 2-rank job loses a rank mid-run, the other waits in
// its all-reduce until the collective timeout, and every rank restarts from the checkpoint.
inline constexpr std::string_view kWorkerDies = "worker-dies";
// Replicated vs sharded optimizer state (docs/data-parallel.md, bank question 010): the same
// 2-rank job with AdamW's state on every rank, then sharded over the ranks (ZeRO stage 1).
inline constexpr std::string_view kShardedState = "sharded-state";

}  // namespace precisionlab::scenario
