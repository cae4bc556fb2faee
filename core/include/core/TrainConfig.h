// Everything one training run needs, in one place (nanoGPT-style config block). Plain data.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace precisionlab {

// How a run uses floating point. Names match Hugging Face TrainingArguments where one exists.
enum class Precision {
  Fp32,             // no change: fp32 weights, activations, gradients, optimizer state
  Fp16Amp,          // fp16=True: autocast fp16 + GradScaler, fp32 master weights
  Bf16Amp,          // bf16=True: autocast bf16, no scaler
  HalfModel,        // model.to(kHalf): fp16 weights, gradients and AdamW state, no scaler
  Fp16AmpNoScaler,  // autocast fp16 with loss scaling turned off
};

// How fp16 runs compute on a CPU (on CUDA fp16 is always real).
enum class CpuFp16 {
  Auto,     // real fp16 kernels where the CPU has fp16 arithmetic units (avx512_fp16 / amx_fp16)
            // and the LibTorch has CPU fp16 kernels (2.x); emulated otherwise
  Emulate,  // values rounded to fp16, arithmetic in fp32: any LibTorch, numerics only
  Real,     // fp16 tensors and kernels (LibTorch 2.x): live numerics and memory; without fp16
            // units the speed is not what fp16 hardware shows (fp16 products run far slower)
};
const char* cpuFp16Name(CpuFp16 m);  // "auto", "emulate", "real"
bool parseCpuFp16(const std::string& s, CpuFp16* out);
std::vector<std::string> cpuFp16Names();  // every name, in the order above

const char* precisionName(Precision p);  // "fp32", "fp16-amp", "bf16-amp", ...
bool parsePrecision(const std::string& s, Precision* out);
// Every precision's name, in the one table's order (PrecisionNames.cpp), and the same as text for
// messages and help: "fp32, fp16-amp, bf16-amp, half-model or fp16-amp-noscale".
std::vector<std::string> precisionNames();
std::string precisionNameList();

struct TrainConfig {
  std::string preset = "mini";        // model size when modelDir is empty (random init), or
                                      // "minilm": the pretrained MiniLM (PretrainedModels.h)
  std::string modelDir;               // Hugging Face checkpoint directory; empty = preset
  int64_t layers = 0;                 // keep only the first N encoder layers of a checkpoint
                                      // (faster fine-tuning); 0 = all
  std::string saveDir;                // write the trained model here (HF layout); empty = don't
  std::string dataPath;               // CSV/TSV/JSONL; empty = the built-in dataset
  std::string textColumn = "text";    // column (or JSON key) holding the text
  std::string labelColumn = "label";  // column (or JSON key) holding the label
  int64_t steps = 300;                // optimizer steps (skipped fp16 steps count too)
  int64_t batchSize = 32;             // examples per step
  int64_t seqLen = 128;               // max tokens per example incl. [CLS]/[SEP]
  double learningRate = 5e-4;         // peak AdamW learning rate
  double warmupFraction = 0.1;        // share of steps with linear warmup
  double weightDecay = 0.01;          // AdamW decoupled weight decay
  double maxGradNorm = 1.0;           // clip total gradient norm; <= 0 disables
  double adamEps = 1e-8;              // AdamW epsilon (becomes 0 in fp16 storage)
  uint64_t seed = 42;                 // model init, data shuffle, dropout
  std::string device = "cpu";         // "cpu", "cuda" or "cuda:N"
  int64_t evalEvery = 50;             // validation every N steps and at the end; 0 = end only
  double validationFraction = 0.1;    // share of the data held out for validation
  int threads = 0;                    // intra-op threads; 0 = all cores
  bool oversubscribe = false;         // allow more threads than the machine has cores
  Precision precision = Precision::Fp32;
  CpuFp16 cpuFp16 = CpuFp16::Auto;  // fp16 runs on a CPU: emulated or real kernels
  // TrainingArguments' tf32=True: on a CUDA GPU of the Ampere generation or later, fp32 matrix
  // multiplies run on TF32 Tensor Cores (inputs rounded to 10 mantissa bits, fp32 accumulate):
  // the baseline NVIDIA's published A100/H100 "FP32" numbers use. On a CPU it changes nothing.
  bool tf32 = false;
  // GradScaler, PyTorch's defaults.
  double initScale = 65536.0;
  double growthFactor = 2.0;
  double backoffFactor = 0.5;
  int64_t growthInterval = 2000;
  // A settled failure ends the run early: after this many optimizer steps in a row whose loss or
  // gradients were non-finite with no loss scaler to recover them (a half-precision model whose
  // weights turned NaN stays NaN), the run stops and is evaluated once. 0 = always run every
  // step. Steps a GradScaler skips are its recovery and never count.
  int64_t stopAfterNonFinite = 0;
  // Gradient accumulation (TrainingArguments' gradient_accumulation_steps): each optimizer step
  // runs its batch of `batchSize` examples as this many micro-batches of batchSize / k, each
  // loss scaled by 1/k, gradients summed, then one unscale/check, clip and optimizer step. The
  // data order and dropout masks are those of the one-batch step. 1 = one batch per step.
  int64_t accumulationSteps = 1;
  // Activation checkpointing (gradient_checkpointing=True): each encoder layer's forward keeps
  // only its input and is recomputed, with the same dropout masks, in the backward pass.
  bool checkpointActivations = false;
  // The range experiment's outlier feature (docs/range-experiment.md): when > 0, encoder layer
  // 0 carries value channel 0 of its self-attention at 2^outlierScaleLog2 times its value, and
  // divides the attention context's channel 0 by the same power of two before the output
  // projection. In exact arithmetic, and in any format whose range holds the scaled values
  // (fp32, bf16), the model computes bit for bit what it computes without it; in fp16 the scaled
  // values exceed 65504 and turn inf. 0 = no outlier feature.
  int64_t outlierScaleLog2 = 0;
  // Preemption and resume (docs/preemption-experiment.md): every checkpointEvery steps (0 =
  // never) the run writes checkpointDir/checkpoint-<step>/ atomically (weights, AdamW state,
  // scaler, LR schedule position, RNG and data order) and keeps the newest checkpointKeep.
  // resumeFrom: a checkpoint-<step> directory, or "latest" in checkpointDir, to continue from.
  int64_t checkpointEvery = 0;
  int64_t checkpointKeep = 2;
  std::string checkpointDir;
  std::string resumeFrom;
  // LoRA (docs/lora-experiment.md; PEFT's LoraConfig(r, lora_alpha, target_modules=["query",
  // "value"], lora_dropout=0)): when loraRank > 0, every encoder layer's query and value
  // projections gain rank-loraRank adapters scaled by loraAlpha / loraRank, the base weights
  // are frozen and only the adapters and the classifier train; `saveDir` then receives the
  // adapter in PEFT's layout. 0 = full fine-tuning.
  int64_t loraRank = 0;
  double loraAlpha = 16;
  // ZeRO stage 1 for a data-parallel run (docs/data-parallel.md; PyTorch's
  // ZeroRedundancyOptimizer): each rank keeps AdamW's state only for its contiguous shard of
  // the parameters (balanced by element count), steps it and broadcasts it to the others. The
  // same updates as the replicated run; each rank holds about 1/N of the optimizer state.
  // No effect on one process. Checkpoints of a sharded run are not supported yet (refused).
  bool shardOptimizer = false;
};

// Upper bounds, checked (core/ConfigValidator.h) before anything is allocated from them: a
// batch of 1e9 examples is a refusal with a message, not "out of memory" half-way into a step.
// Run files are held to the same bounds.
constexpr int64_t kMaxSteps = 10000000;
constexpr int64_t kMaxBatchSize = 4096;
constexpr int64_t kMaxSeqLen = 512;  // BERT's position table
constexpr int kMaxThreads = 1024;
// Threads per core allowed with oversubscribe (more only wait on each other).
constexpr int kMaxOversubscription = 4;

}  // namespace precisionlab
