// Estimated step time, memory and epoch cost of fine-tuning a BERT classifier on the GPUs Vertex
// AI offers (T4, L4, V100, A100, H100), in fp32, fp16=True and bf16=True: what a learner on a
// CPU-only machine cannot measure. Every figure is an ESTIMATE from a formula over the model's
// FLOPs and bytes and each GPU's published peak rates and bandwidth (NVIDIA datasheets, URLs in
// the table); it is labelled so wherever it is shown, with formula() and the sources beside it.
//
// The model (formula(), in words):
//   FLOPs per step  F = 6 * N * T + 12 * L * B * S^2 * H
//     N = parameters outside the embeddings (matrix multiplies only), T = B * S tokens; the
//     second term is attention's scores and context (Kaplan et al. 2020, "Scaling laws", 2.1).
//   compute time    F / (peak * efficiency)
//     peak = fp32 CUDA-core rate for fp32 (PyTorch does not use TF32 for matmuls by default
//     since 1.12), the dense fp16 / bf16 Tensor Core rate for the mixed-precision runs.
//   memory time     bytes moved / bandwidth: activations written and read back once
//     (Korthikanti et al. 2022: s*b*h*(34 + 5*a*s/h) bytes per layer in 16 bits, twice that in
//     fp32) plus AdamW reading and writing weights, gradients and two moments (28 bytes/param).
//   step time       compute time + memory time (no overlap assumed: an upper-side estimate).
//   memory          16 bytes/param (fp32 weights, gradients, AdamW m and v; mixed precision
//     keeps fp32 master weights too) + 2 bytes/param for the fp16/bf16 weight copies autocast
//     caches + the activations above.
//   epoch cost      ceil(examples / B) * step time * price per hour.
// What it leaves out, so small models read as lower bounds: kernel-launch overhead, data
// loading, the optimizer's kernel count. The efficiency factors are assumptions, stated in
// formula(); the project has no GPU recording yet to calibrate them against, and says so.
//
// Plain data: no torch, no Qt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace precisionlab {

struct GpuSpec {
  std::string id;           // "t4", "l4", "v100", "a100", "h100"
  std::string name;         // "NVIDIA T4 (16 GB)"
  std::string vertexType;   // Vertex AI accelerator type, e.g. "NVIDIA_TESLA_T4"
  double fp32Tflops = 0;    // dense FP32 (CUDA cores)
  double fp16Tflops = 0;    // dense FP16 Tensor Core (FP32 accumulate)
  double bf16Tflops = 0;    // dense BF16 Tensor Core; 0: no bf16 (T4, V100)
  double bandwidthGBs = 0;  // memory bandwidth, GB/s
  double memoryGB = 0;      // device memory, GB
  std::string datasheet;    // where the figures come from
  double usdPerHour = 0;    // Vertex AI custom training list price, accelerator only
};

enum class EstimatePrecision { Fp32, Fp16Amp, Bf16Amp };

// The training shape being estimated.
struct EstimateShape {
  std::string model = "bert-base";  // a name for the output
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
  // A BERT preset name of BertConfig ("tiny" ... "base") with a batch and sequence length.
  // Throws InputError for an unknown preset.
  static EstimateShape forPreset(const std::string& preset, int64_t batchSize, int64_t seqLen);
};

struct StepEstimate {
  bool supported = true;  // false: the GPU has no such units (bf16 on T4 and V100)
  std::string why;        // when not supported
  double flops = 0;       // per step
  double computeMs = 0, memoryMs = 0, stepMs = 0;
  double memoryGB = 0;  // peak device memory
  bool fits = true;     // memoryGB <= the GPU's memory
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
                               EstimatePrecision precision);
  // Cost of one epoch of `examples` at `usdPerHour`; 0 when not supported.
  static double epochCostUsd(const StepEstimate& step, const EstimateShape& shape, int64_t examples,
                             double usdPerHour);
  static double epochHours(const StepEstimate& step, const EstimateShape& shape, int64_t examples);
  // The formula, assumptions and sources as text (for a "how is this computed" view).
  static std::string formula();
  static const char* precisionName(EstimatePrecision precision);  // "fp32", "fp16=True", ...

  // Share of the peak rate a BERT training step reaches (assumptions, see formula()).
  static constexpr double kTensorCoreEfficiency = 0.45;
  static constexpr double kFp32Efficiency = 0.70;
};

}  // namespace precisionlab
