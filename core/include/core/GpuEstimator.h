// Estimated step time, throughput, memory and epoch cost of fine-tuning a BERT classifier on the
// GPUs Vertex AI offers (T4, L4, V100, A100, H100), in true fp32, tf32=True, fp16=True and
// bf16=True: what a learner on a CPU-only machine cannot measure. Every figure is an ESTIMATE:
// a formula over the model's FLOPs and bytes and each GPU's published peak rates and bandwidth
// (NVIDIA datasheets, URLs in the table), with efficiencies CALIBRATED against published training
// measurements (calibrationPoints(); derivation in docs/gpu-estimate-calibration.md). It is
// labelled so wherever it is shown, with gpuestimate::explain() one click away.
//
// The model (formula(), in words), for one of two code paths (EstimateCode):
//   FLOPs per step  F = 6 * N * T + 12 * L * B * S^2 * H
//     N = parameters outside the embeddings (matrix multiplies only), T = B * S tokens; the
//     second term is attention's scores and context (Kaplan et al. 2020, "Scaling laws", 2.1).
//   compute time    F / (peak * efficiency[code][precision] * derate[gpu])
//     peak = dense FP32 CUDA-core rate for true fp32 (stock PyTorch keeps matmuls in fp32 since
//     1.12, so the Hugging Face Trainer's default), dense TF32 Tensor Core rate for tf32=True
//     (what NVIDIA's containers and so its published numbers use), dense FP16 / BF16 Tensor Core
//     rate for the mixed-precision runs.
//   memory time     (passes[code] * activation bytes + 28 bytes/param (AdamW) + cast bytes/param
//     under autocast) / (bandwidth * 0.8); activations per layer S*B*H*(34 + 5*a*S/H) bytes in
//     16 bits, twice that in fp32 (Korthikanti et al. 2022).
//   overhead        ms per layer per step[code] (kernel launches, the optimizer's Python loop,
//     element-wise work), times a factor under autocast: what keeps small batches and short
//     sequences from reading the Tensor Core peak ratio.
//   step time       compute + memory + overhead.
//   memory          16 bytes/param (+2 for the 16-bit weight copies under autocast) + activations.
// T4 and L4 (70 W / 72 W power caps) have no published training measurement in the calibration:
// they take the efficiencies of a stand-in chip (GpuSpec::calibration says which), derated.
//
// Plain data: no torch, no Qt.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/Verdict.h"  // VerdictText: one template, English in the CLI, translated in the UI

namespace precisionlab {

struct GpuSpec {
  std::string id;           // "t4", "l4", "v100", "a100", "h100"
  std::string name;         // "NVIDIA T4 (16 GB)"
  std::string vertexType;   // Vertex AI accelerator type, e.g. "NVIDIA_TESLA_T4"
  double fp32Tflops = 0;    // dense FP32 (CUDA cores)
  double tf32Tflops = 0;    // dense TF32 Tensor Core; 0: no TF32 (T4, V100)
  double fp16Tflops = 0;    // dense FP16 Tensor Core (FP32 accumulate)
  double bf16Tflops = 0;    // dense BF16 Tensor Core; 0: no bf16 (T4, V100)
  double bandwidthGBs = 0;  // memory bandwidth, GB/s
  double memoryGB = 0;      // device memory, GB
  std::string datasheet;    // where the figures come from
  double usdPerHour = 0;    // Vertex AI custom training list price, accelerator only
  // Share of the calibrated efficiencies this chip reaches (1: a calibrated class; below 1: a
  // power-capped card) and what its efficiencies rest on, in words.
  double derate = 1.0;
  bool publishedMeasurement = true;  // false: no published training measurement in the calibration
  std::string calibration;           // marked PL_TRANSLATE_NOOP("GpuEstimator", ...) for the UI
};

enum class EstimatePrecision { Fp32, Tf32, Fp16Amp, Bf16Amp };

// Which code runs the step: what a learner who sets fp16=True runs, or NVIDIA's tuned scripts
// (apex AMP O2, fused Adam/LAMB, fused LayerNorm and softmax) that published numbers come from.
enum class EstimateCode { Trainer, Optimized };

// The calibrated constants of one code path (derived in docs/gpu-estimate-calibration.md).
struct CodeCalibration {
  const char* name;               // "Hugging Face Trainer", "optimized code"
  double fp32Efficiency;          // share of the dense FP32 peak in the matmuls
  double tf32Efficiency;          // share of the dense TF32 peak
  double tensorCoreEfficiency;    // share of the dense FP16 / BF16 peak
  double activationPasses;        // times the activations cross memory per step
  double castBytesPerParam;       // autocast's weight casts, unscale and inf checks
  double overheadMsPerLayer;      // per step, per encoder layer
  double autocastOverheadFactor;  // the overhead times this under autocast (more kernels)
  static constexpr double kBandwidthEfficiency = 0.8;
};

// The training shape being estimated.
struct EstimateShape {
  std::string model = "BERT base";  // a name for the output
  int64_t layers = 12;
  int64_t hidden = 768;
  int64_t heads = 12;
  int64_t intermediate = 3072;
  int64_t vocab = 30522;
  int64_t maxPositions = 512;
  int64_t labels = 2;
  int64_t batchSize = 32;
  int64_t seqLen = 128;

  int64_t encoderParams() const;    // attention, feed-forward, LayerNorms, pooler, classifier
  int64_t embeddingParams() const;  // word, position and token-type embeddings + LayerNorm
  int64_t totalParams() const { return encoderParams() + embeddingParams(); }
  // A BERT preset of BertConfig ("tiny" ... "base") or "large" (BERT-large: 24 layers, hidden
  // 1024, 16 heads; estimated only, too large to train here) with a batch and sequence length.
  // Throws InputError for an unknown preset.
  static EstimateShape forPreset(const std::string& preset, int64_t batchSize, int64_t seqLen);
  static std::vector<std::string> presetNames();  // BertConfig's presets, then "large"
};

struct StepEstimate {
  bool supported = true;  // false: the GPU has no such units (bf16, tf32 on T4 and V100)
  std::string why;        // when not supported
  double flops = 0;       // per step
  double computeMs = 0, memoryMs = 0, overheadMs = 0, stepMs = 0;
  double memoryGB = 0;  // peak device memory
  bool fits = true;     // memoryGB <= the GPU's memory
  double sequencesPerSecond = 0;
};

// A published training measurement the efficiencies are calibrated against.
struct CalibrationPoint {
  std::string source;  // who measured, which table
  std::string url;
  EstimateCode code;
  GpuSpec gpu;  // the card measured (its memory and bandwidth; efficiencies of its class)
  EstimateShape shape;
  EstimatePrecision baseline;  // Fp32 or Tf32
  int64_t baselineBatch;
  double baselineSeqPerSec;
  int64_t fp16Batch;
  double fp16SeqPerSec;
  bool batchesPublished;    // false: the batch sizes are assumed (see note)
  bool absoluteComparable;  // false: a proxy shape (t5-base), its ratio only is compared
  std::string note;
  std::string date;        // when it was published: "2021-11" (a release), "2022-01"
  bool calibrates = true;  // false: quoted as published evidence, not fitted to
  // How the source names its baseline where that is not certain ("its \"fp32\" column, probably
  // TF32"); "" = the baseline is as `baseline` says.
  std::string baselineAs = {};
};

class GpuEstimator {
 public:
  // T4, L4, V100, A100 (40 GB), H100 (80 GB SXM), with their datasheet figures.
  static const std::vector<GpuSpec>& gpus();
  static const GpuSpec* find(const std::string& id);
  // Date and origin of the default prices (editable wherever they are shown).
  static std::string pricesDate();
  static std::string pricesSource();

  static double trainingFlops(const EstimateShape& shape);
  static double activationBytes(const EstimateShape& shape, EstimatePrecision precision);
  static StepEstimate estimate(const GpuSpec& gpu, const EstimateShape& shape,
                               EstimatePrecision precision,
                               EstimateCode code = EstimateCode::Trainer);
  // Cost of one epoch of `examples` at `usdPerHour`; 0 when not supported.
  static double epochCostUsd(const StepEstimate& step, const EstimateShape& shape, int64_t examples,
                             double usdPerHour);
  static double epochHours(const StepEstimate& step, const EstimateShape& shape, int64_t examples);
  // The formula and assumptions as text (the first part of gpuestimate::explain()).
  static std::string formula();
  static const char* precisionName(EstimatePrecision precision);  // "fp32", "tf32=True", ...
  static const CodeCalibration& calibration(EstimateCode code);
  static const std::vector<CalibrationPoint>& calibrationPoints();
};

// What fp16=True buys on one GPU, as the range between the two code paths: the low end is what
// the Hugging Face Trainer runs, the high end NVIDIA's optimized code. Every figure ESTIMATED.
struct SpeedupRange {
  const GpuSpec* gpu = nullptr;
  EstimateShape shape;
  // fp16=True's speedup over true fp32 (the Trainer's default: stock PyTorch keeps matmuls in
  // fp32) and over tf32=True (the baseline of NVIDIA's published A100/H100 numbers).
  double trainerVsFp32 = 0, optimizedVsFp32 = 0;
  bool hasTf32 = false;
  double trainerVsTf32 = 0, optimizedVsTf32 = 0;
  double trainerFp16SeqPerSec = 0, optimizedFp16SeqPerSec = 0;
  double memoryRatio = 0;  // fp16=True's peak memory / fp32's
  bool fits = true;        // fp16=True fits the card at this batch
  double lowVsFp32() const;
  double highVsFp32() const;
  double lowVsTf32() const;
  double highVsTf32() const;
};

namespace gpuestimate {

// The shape the lab quotes: BERT-base, batch 32, sequence 128 (a learner's fine-tuning run).
EstimateShape labShape();
// THE function every place that quotes the GPU estimate reads (evidence card, CLI verdict,
// `estimate`, the dialog, the presenter).
SpeedupRange fp16SpeedupRange(const GpuSpec& gpu, const EstimateShape& shape);
std::vector<SpeedupRange> fp16SpeedupRanges(const EstimateShape& shape);  // every GPU, in order
// fp16=True against true fp32 over every GPU and both code paths: {lowest, highest}.
std::pair<double, double> fp16RangeVsFp32(const EstimateShape& shape);
// One GPU in one line: "A100: fp16=True 3.6x-5.4x faster than true fp32 (the Trainer's default),
// 1.2x-1.6x faster than tf32=True (the baseline of published numbers)", with "no published
// training measurement" for T4, L4 and H100.
VerdictText rangeText(const SpeedupRange& range);
// Every GPU in one line, for the card, the CLI verdict and the presenter: "estimated for BERT
// base (batch 32, sequence 128) on Vertex AI GPUs, Hugging Face Trainer to optimized code: ...".
VerdictText summaryText(const EstimateShape& shape);
// Formula, calibration points (published vs estimated) and sources, as plain text.
std::string explain();
// The calibration table alone: one line per published point, published and estimated.
std::string calibrationTable();

}  // namespace gpuestimate

}  // namespace precisionlab
