#include "core/GpuEstimator.h"

#include <cmath>
#include <sstream>

#include "core/BertConfig.h"
#include "core/EngineError.h"

namespace precisionlab {

namespace {

constexpr double kGB = 1e9;

bool halfPrecision(EstimatePrecision p) { return p != EstimatePrecision::Fp32; }

}  // namespace

int64_t EstimateShape::encoderParams() const {
  const int64_t h = hidden, f = intermediate;
  const int64_t perLayer = 4 * (h * h + h)  // query, key, value, attention output
                           + 2 * h          // attention LayerNorm
                           + (h * f + f)    // intermediate dense
                           + (f * h + h)    // output dense
                           + 2 * h;         // output LayerNorm
  return layers * perLayer + (h * h + h)    // pooler
         + (h * labels + labels);           // classifier
}

int64_t EstimateShape::embeddingParams() const {
  return (vocab + maxPositions + 2) * hidden + 2 * hidden;
}

EstimateShape EstimateShape::forPreset(const std::string& preset, int64_t batchSize,
                                       int64_t seqLen) {
  const BertConfig c = BertConfig::preset(preset, 30522, {"0", "1"});
  EstimateShape s;
  s.model = "BERT " + preset;
  s.layers = c.numLayers;
  s.hidden = c.hiddenSize;
  s.heads = c.numHeads;
  s.intermediate = c.intermediateSize;
  s.vocab = c.vocabSize;
  s.maxPositions = c.maxPositions;
  s.labels = c.numLabels();
  s.batchSize = batchSize;
  s.seqLen = seqLen;
  return s;
}

const std::vector<GpuSpec>& GpuEstimator::gpus() {
  // Dense rates (the datasheets' "with sparsity" figures halved where only those are given).
  static const std::vector<GpuSpec> kGpus = {
      {"t4", "NVIDIA T4 (16 GB)", "NVIDIA_TESLA_T4", 8.1, 65, 0, 320, 16,
       "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/"
       "t4-tensor-core-datasheet-951643.pdf",
       0.4025},
      {"l4", "NVIDIA L4 (24 GB)", "NVIDIA_L4", 30.3, 121, 121, 300, 24,
       "https://resources.nvidia.com/en-us-data-center-overview/l4-gpu-datasheet", 0.6441},
      {"v100", "NVIDIA V100 SXM2 (16 GB)", "NVIDIA_TESLA_V100", 15.7, 125, 0, 900, 16,
       "https://images.nvidia.com/content/technologies/volta/pdf/"
       "volta-v100-datasheet-update-us-1165301-r5.pdf",
       2.852},
      {"a100", "NVIDIA A100 SXM4 (40 GB)", "NVIDIA_TESLA_A100", 19.5, 312, 312, 1555, 40,
       "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/"
       "nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf",
       3.3741},
      {"h100", "NVIDIA H100 SXM5 (80 GB)", "NVIDIA_H100_80GB", 67, 989, 989, 3350, 80,
       "https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet", 11.27},
  };
  return kGpus;
}

const GpuSpec* GpuEstimator::find(const std::string& id) {
  for (const GpuSpec& g : gpus())
    if (g.id == id) return &g;
  return nullptr;
}

std::string GpuEstimator::pricesDate() { return "2025-06"; }

std::string GpuEstimator::pricesSource() {
  return "Vertex AI custom training list prices, us-central1, per accelerator-hour (the VM's "
         "CPUs and memory are billed on top), as entered on " +
         pricesDate() +
         "; not re-checked since: verify at https://cloud.google.com/vertex-ai/pricing and edit";
}

const char* GpuEstimator::precisionName(EstimatePrecision precision) {
  switch (precision) {
    case EstimatePrecision::Fp32:
      return "fp32";
    case EstimatePrecision::Fp16Amp:
      return "fp16=True";
    case EstimatePrecision::Bf16Amp:
      return "bf16=True";
  }
  return "?";
}

double GpuEstimator::trainingFlops(const EstimateShape& s) {
  const double tokens = double(s.batchSize) * double(s.seqLen);
  return 6.0 * double(s.encoderParams()) * tokens + 12.0 * double(s.layers) * double(s.batchSize) *
                                                        double(s.seqLen) * double(s.seqLen) *
                                                        double(s.hidden);
}

double GpuEstimator::activationBytes(const EstimateShape& s, EstimatePrecision precision) {
  const double sbh = double(s.seqLen) * double(s.batchSize) * double(s.hidden);
  const double perLayer16 =
      sbh * (34.0 + 5.0 * double(s.heads) * double(s.seqLen) / double(s.hidden));
  return double(s.layers) * perLayer16 * (halfPrecision(precision) ? 1.0 : 2.0);
}

StepEstimate GpuEstimator::estimate(const GpuSpec& gpu, const EstimateShape& s,
                                    EstimatePrecision precision) {
  StepEstimate e;
  double peakTflops = gpu.fp32Tflops;
  double efficiency = kFp32Efficiency;
  if (precision == EstimatePrecision::Fp16Amp) {
    peakTflops = gpu.fp16Tflops;
    efficiency = kTensorCoreEfficiency;
  } else if (precision == EstimatePrecision::Bf16Amp) {
    if (gpu.bf16Tflops <= 0) {
      e.supported = false;
      e.why = gpu.name +
              " has no bfloat16 units (bf16 needs Ampere or newer); fp16=True runs "
              "on it";
      return e;
    }
    peakTflops = gpu.bf16Tflops;
    efficiency = kTensorCoreEfficiency;
  }
  e.flops = trainingFlops(s);
  e.computeMs = e.flops / (peakTflops * 1e12 * efficiency) * 1e3;
  const double params = double(s.totalParams());
  const double activations = activationBytes(s, precision);
  const double moved = 2.0 * activations + 28.0 * params;
  e.memoryMs = moved / (gpu.bandwidthGBs * kGB) * 1e3;
  e.stepMs = e.computeMs + e.memoryMs;
  const double stateBytes = 16.0 * params + (halfPrecision(precision) ? 2.0 * params : 0.0);
  e.memoryGB = (stateBytes + activations) / kGB;
  e.fits = e.memoryGB <= gpu.memoryGB;
  return e;
}

double GpuEstimator::epochHours(const StepEstimate& step, const EstimateShape& s,
                                int64_t examples) {
  if (!step.supported || s.batchSize <= 0 || examples <= 0) return 0;
  const double steps = std::ceil(double(examples) / double(s.batchSize));
  return steps * step.stepMs / 3.6e6;
}

double GpuEstimator::epochCostUsd(const StepEstimate& step, const EstimateShape& s,
                                  int64_t examples, double usdPerHour) {
  return epochHours(step, s, examples) * usdPerHour;
}

std::string GpuEstimator::formula() {
  std::ostringstream o;
  o << "ESTIMATED, not measured: a roofline-style model over published peak rates.\n\n"
       "FLOPs per step  F = 6 x N x (B x S) + 12 x L x B x S^2 x H\n"
       "  N = parameters outside the embeddings, B batch, S sequence length, L layers,\n"
       "  H hidden size (Kaplan et al. 2020, Scaling Laws for Neural Language Models, 2.1)\n"
       "compute time = F / (peak x efficiency)\n"
       "  peak: dense FP32 for fp32 (PyTorch does not use TF32 for matmuls by default),\n"
       "  dense FP16 / BF16 Tensor Core for fp16=True / bf16=True\n"
       "  efficiency (assumed): "
    << kFp32Efficiency << " of the FP32 peak, " << kTensorCoreEfficiency
    << " of the Tensor Core peak\n"
       "memory time = (2 x activation bytes + 28 bytes x parameters) / bandwidth\n"
       "  activations per layer: S x B x H x (34 + 5 x heads x S / H) bytes in 16 bits, twice\n"
       "  that in fp32 (Korthikanti et al. 2022, Reducing Activation Recomputation in Large\n"
       "  Transformer Models, 4.1); AdamW reads and writes weights, gradients and two moments\n"
       "step time = compute time + memory time (no overlap assumed)\n"
       "peak memory = 16 bytes x parameters (+2 for the 16-bit weight copies of mixed\n"
       "  precision) + activation bytes\n"
       "epoch cost = ceil(examples / B) x step time x price per hour\n\n"
       "Left out (so small models read optimistic): kernel-launch overhead, data loading.\n"
       "Not yet calibrated: the project holds no GPU recording to check the efficiencies "
       "against.\n\nSources:\n";
  for (const GpuSpec& g : gpus()) o << "  " << g.name << ": " << g.datasheet << "\n";
  o << "  Prices: " << pricesSource() << "\n";
  return o.str();
}

}  // namespace precisionlab
