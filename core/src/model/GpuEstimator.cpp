#include "core/GpuEstimator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "core/BertConfig.h"
#include "core/EngineError.h"
#include "core/NumberText.h"
#include "core/Translatable.h"

namespace precisionlab {

namespace {

constexpr double kGB = 1e9;

bool halfPrecision(EstimatePrecision p) {
  return p == EstimatePrecision::Fp16Amp || p == EstimatePrecision::Bf16Amp;
}

// The calibrated constants. Derivation, the fit and its residuals:
// docs/gpu-estimate-calibration.md. Fitted to the published points of calibrationPoints() (a grid
// over these constants minimising the worst ratio error; no point's fp16/baseline ratio is off by
// more than 1.17x, no absolute fp16 throughput by more than 1.5x). True-fp32 and TF32 matmuls run
// the same PyTorch kernels in both code paths (NVIDIA's fp32 runs use a Python optimizer too), so
// their efficiencies are shared; the paths differ in what mixed precision gets: apex AMP O2 with
// fused Adam/LAMB, LayerNorm and softmax (optimized) against torch.autocast over unfused eager
// kernels (Trainer).
constexpr CodeCalibration kTrainer = {
    "Hugging Face Trainer", 0.70, 0.45, 0.30, 6.0, 12.0, 1.25, 1.25};
constexpr CodeCalibration kOptimized = {"optimized code", 0.70, 0.45, 0.55, 2.0, 8.0, 1.25, 1.0};

// An argument for a VerdictText.
VerdictText::Arg num(double v, int digits) { return {"", v, digits, 'f'}; }
VerdictText::Arg word(std::string s) { return {std::move(s), 0, -1, 'f'}; }

std::string fmt(double v, int digits) { return numberText(v, digits, 'f'); }

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
  EstimateShape s;
  s.batchSize = batchSize;
  s.seqLen = seqLen;
  if (preset == "large") {
    // bert-large-uncased's config.json: 24 layers, hidden 1024, 16 heads, intermediate 4096.
    s.model = "BERT large";
    s.layers = 24;
    s.hidden = 1024;
    s.heads = 16;
    s.intermediate = 4096;
    return s;
  }
  try {
    const BertConfig c = BertConfig::preset(preset, 30522, {"0", "1"});
    s.model = "BERT " + preset;
    s.layers = c.numLayers;
    s.hidden = c.hiddenSize;
    s.heads = c.numHeads;
    s.intermediate = c.intermediateSize;
    s.vocab = c.vocabSize;
    s.maxPositions = c.maxPositions;
    s.labels = c.numLabels();
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) + " (or large, for the GPU estimate)");
  }
  return s;
}

std::vector<std::string> EstimateShape::presetNames() {
  return BertConfig::presetNames();  // "large" among them
}

const std::vector<GpuSpec>& GpuEstimator::gpus() {
  // Dense rates (the datasheets' "with sparsity" figures halved where only those are given).
  static const std::vector<GpuSpec> kGpus = {
      {"t4", "NVIDIA T4 (16 GB)", "NVIDIA_TESLA_T4", 8.1, 0, 65, 0, 320, 16,
       "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/"
       "t4-tensor-core-datasheet-951643.pdf",
       0.4025, 0.6, false,
       PL_TRANSLATE_NOOP(
           "GpuEstimator",
           "no published training measurement: V100's efficiencies (the same Tensor Core "
           "generation, Volta/Turing) x 0.6 for its 70 W power cap (an assumption)")},
      {"l4", "NVIDIA L4 (24 GB)", "NVIDIA_L4", 30.3, 60, 121, 121, 300, 24,
       "https://resources.nvidia.com/en-us-data-center-overview/l4-gpu-datasheet", 0.6441, 0.6,
       false,
       PL_TRANSLATE_NOOP(
           "GpuEstimator",
           "no published training measurement: A100's efficiencies x 0.6 for its 72 W power cap "
           "(an assumption)")},
      {"v100", "NVIDIA V100 SXM2 (16 GB)", "NVIDIA_TESLA_V100", 15.7, 0, 125, 0, 900, 16,
       "https://images.nvidia.com/content/technologies/volta/pdf/"
       "volta-v100-datasheet-update-us-1165301-r5.pdf",
       2.852, 1.0, true,
       PL_TRANSLATE_NOOP(
           "GpuEstimator",
           "calibrated on NVIDIA's (V100 16 and 32 GB) and Hugging Face's (V100 16 GB) published "
           "BERT-large measurements")},
      {"a100", "NVIDIA A100 SXM4 (40 GB)", "NVIDIA_TESLA_A100", 19.5, 156, 312, 312, 1555, 40,
       "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/"
       "nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf",
       3.3741, 1.0, true,
       PL_TRANSLATE_NOOP(
           "GpuEstimator",
           "calibrated on NVIDIA's (A100 40 and 80 GB) BERT-large and the Hugging Face Trainer's "
           "(A100) t5-base measurements")},
      {"h100", "NVIDIA H100 SXM5 (80 GB)", "NVIDIA_H100_80GB", 67, 494.7, 989, 989, 3350, 80,
       "https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet", 11.27,
       1.0, true,
       PL_TRANSLATE_NOOP(
           "GpuEstimator",
           "published measurements exist (Lambda, BERT large with NVIDIA's scripts, 2.1x-2.3x "
           "its fp32 column) but are not in the calibration: A100's efficiencies (not derated: "
           "no power cap)")},
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
    case EstimatePrecision::Tf32:
      return "tf32=True";
    case EstimatePrecision::Fp16Amp:
      return "fp16=True";
    case EstimatePrecision::Bf16Amp:
      return "bf16=True";
  }
  return "?";
}

const CodeCalibration& GpuEstimator::calibration(EstimateCode code) {
  return code == EstimateCode::Optimized ? kOptimized : kTrainer;
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
                                    EstimatePrecision precision, EstimateCode code) {
  const CodeCalibration& k = calibration(code);
  StepEstimate e;
  double peakTflops = gpu.fp32Tflops;
  double efficiency = k.fp32Efficiency;
  switch (precision) {
    case EstimatePrecision::Fp32:
      break;
    case EstimatePrecision::Tf32:
      if (gpu.tf32Tflops <= 0) {
        e.supported = false;
        e.why =
            gpu.name + " has no TF32 units (TF32 needs Ampere or newer); fp32 runs in true fp32";
        return e;
      }
      peakTflops = gpu.tf32Tflops;
      efficiency = k.tf32Efficiency;
      break;
    case EstimatePrecision::Fp16Amp:
      peakTflops = gpu.fp16Tflops;
      efficiency = k.tensorCoreEfficiency;
      break;
    case EstimatePrecision::Bf16Amp:
      if (gpu.bf16Tflops <= 0) {
        e.supported = false;
        e.why = gpu.name +
                " has no bfloat16 units (bf16 needs Ampere or newer); fp16=True runs "
                "on it";
        return e;
      }
      peakTflops = gpu.bf16Tflops;
      efficiency = k.tensorCoreEfficiency;
      break;
  }
  const bool half = halfPrecision(precision);
  e.flops = trainingFlops(s);
  e.computeMs = e.flops / (peakTflops * 1e12 * efficiency * gpu.derate) * 1e3;
  const double params = double(s.totalParams());
  const double activations = activationBytes(s, precision);
  const double moved =
      k.activationPasses * activations + 28.0 * params + (half ? k.castBytesPerParam * params : 0);
  e.memoryMs = moved / (gpu.bandwidthGBs * kGB * CodeCalibration::kBandwidthEfficiency) * 1e3;
  e.overheadMs = k.overheadMsPerLayer * double(s.layers) * (half ? k.autocastOverheadFactor : 1.0);
  e.stepMs = e.computeMs + e.memoryMs + e.overheadMs;
  e.sequencesPerSecond = e.stepMs > 0 ? double(s.batchSize) / (e.stepMs / 1e3) : 0;
  const double stateBytes = 16.0 * params + (half ? 2.0 * params : 0.0);
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

const std::vector<CalibrationPoint>& GpuEstimator::calibrationPoints() {
  // The cards measured, where they differ from the table above (memory, bandwidth).
  auto card = [](const char* id, const char* name, double memoryGB, double bandwidthGBs) {
    GpuSpec g = *find(id);
    g.name = name;
    g.memoryGB = memoryGB;
    g.bandwidthGBs = bandwidthGBs;
    return g;
  };
  const GpuSpec v100_16 = *find("v100");
  const GpuSpec v100_32 = card("v100", "NVIDIA V100 SXM2 (32 GB)", 32, 900);
  const GpuSpec a100_40 = *find("a100");
  const GpuSpec a100_80 = card("a100", "NVIDIA A100 SXM4 (80 GB)", 80, 2039);
  const GpuSpec h100 = *find("h100");
  const GpuSpec h200 = card("h100", "NVIDIA H200 SXM (141 GB)", 141, 4800);
  const EstimateShape large384 = EstimateShape::forPreset("large", 1, 384);
  const EstimateShape large512 = EstimateShape::forPreset("large", 1, 512);
  // t5-base as a proxy of its size: 12 encoder and 12 decoder layers of hidden 768, a decoder
  // layer's cross-attention making it about 4/3 of an encoder layer (12 + 16 = 28 BERT-like
  // layers, ~220M parameters); WMT16 en-ro sentences padded per batch, about 64 tokens (assumed).
  EstimateShape t5 = EstimateShape::forPreset("base", 16, 64);
  t5.model = "t5-base (proxy: 28 BERT-like layers of 768)";
  t5.layers = 28;
  t5.vocab = 32128;
  const std::string lambda = "https://github.com/lambdal/deeplearning-benchmark/tree/main/pytorch";
  const std::string nvidia =
      "https://github.com/NVIDIA/DeepLearningExamples/tree/master/PyTorch/LanguageModeling/BERT";
  static const std::vector<CalibrationPoint> kPoints = {
      {"NVIDIA DeepLearningExamples, PyTorch BERT README, 21.11 fine-tuning tables (SQuAD)", nvidia,
       EstimateCode::Optimized, v100_32, large384, EstimatePrecision::Fp32, 8, 12, 16, 52, true,
       true, "DGX-1 V100 32GB; fp16 = apex AMP O2 + fused Adam, fp32 a Python optimizer",
       "2021-11"},
      {"NVIDIA DeepLearningExamples, PyTorch BERT README, 21.11 fine-tuning tables (SQuAD)", nvidia,
       EstimateCode::Optimized, a100_80, large384, EstimatePrecision::Tf32, 32, 61.5, 32, 110.5,
       true, true, "DGX A100 80GB; the baseline is TF32 (NVIDIA's containers enable it)",
       "2021-11"},
      {"NVIDIA DeepLearningExamples, PyTorch BERT README, 20.06 fine-tuning tables (SQuAD)", nvidia,
       EstimateCode::Optimized, a100_40, large384, EstimatePrecision::Tf32, 16, 44, 32, 116, true,
       true, "DGX A100 40GB; TF32 baseline", "2020-06"},
      {"NVIDIA DeepLearningExamples, PyTorch BERT README, 20.06 fine-tuning tables (SQuAD)", nvidia,
       EstimateCode::Optimized, v100_16, large384, EstimatePrecision::Fp32, 4, 9, 10, 50, false,
       true, "DGX-1 V100 16GB; batch sizes not restated here, assumed 4 (fp32) and 10 (fp16)",
       "2020-06"},
      {"Hugging Face transformers docs, perf_train_gpu_one (v4.21), HF Trainer",
       "https://huggingface.co/docs/transformers/v4.21.0/en/perf_train_gpu_one",
       EstimateCode::Trainer, v100_16, large512, EstimatePrecision::Fp32, 4, 8.86, 4, 18.64, true,
       true, "bert-large-uncased sequence classification, dummy data, batch 4, fp16=True",
       "2022-07"},
      {"transformers issue 15026, HF Trainer benchmark on A100 (gradient accumulation 1)",
       "https://github.com/huggingface/transformers/issues/15026", EstimateCode::Trainer, a100_40,
       t5, EstimatePrecision::Fp32, 16, 93.68, 16, 217.75, true, false,
       "t5-base translation, batch 16; --tf32 0 93.68, --tf32 1 210.53, --fp16 217.75, --bf16 "
       "224.09 samples/s: fp16 = 2.32x true fp32, 1.03x TF32",
       "2022-01"},
      {"transformers issue 15026, HF Trainer benchmark on A100 (gradient accumulation 1)",
       "https://github.com/huggingface/transformers/issues/15026", EstimateCode::Trainer, a100_40,
       t5, EstimatePrecision::Tf32, 16, 210.53, 16, 217.75, true, false,
       "the same runs against --tf32 1", "2022-01"},
      // Published, quoted as evidence, not fitted to (calibrates = false): Lambda's benchmark
      // logs (lambdal/deeplearning-benchmark @ aa5addb6, pytorch/results*/<GPU>/
      // PyTorch_bert_large_squad_{FP16,FP32}: train_batch_size and
      // training_sequences_per_second), NVIDIA's PyTorch BERT scripts (apex AMP O2) in NGC
      // containers. Lambda names the baseline "fp32"; those containers enable TF32 by default, so
      // it is probably TF32 (the files do not say): quoted against TF32, with that caveat.
      {"Lambda deeplearning-benchmark, BERT large SQuAD fine-tuning logs (v2)", lambda,
       EstimateCode::Optimized, h100, large384, EstimatePrecision::Tf32, 64, 140.96, 112, 321.01,
       true, true,
       "H100 80GB SXM5; Lambda's 'fp32' column, probably TF32 (NGC container default, not "
       "stated); NVIDIA's scripts, apex AMP O2",
       "2024-10", false, "its \"fp32\" column, probably TF32"},
      {"Lambda deeplearning-benchmark, BERT large SQuAD fine-tuning logs (v2)", lambda,
       EstimateCode::Optimized, h200, large384, EstimatePrecision::Tf32, 96, 181.25, 192, 352.01,
       true, true,
       "H200 SXM; the only published fp16-vs-fp32 BERT training measurement on an H200 found "
       "(three runs each: 180.75-182.71 and 349.41-352.01 sequences/s); baseline as above",
       "2024-08", false, "its \"fp32\" column, probably TF32"},
  };
  return kPoints;
}

std::string GpuEstimator::formula() {
  std::ostringstream o;
  const CodeCalibration& t = kTrainer;
  const CodeCalibration& p = kOptimized;
  o << "ESTIMATED, not measured: a roofline-style model over published peak rates, its\n"
       "efficiencies calibrated on published training measurements (below).\n\n"
       "FLOPs per step  F = 6 x N x (B x S) + 12 x L x B x S^2 x H\n"
       "  N = parameters outside the embeddings, B batch, S sequence length, L layers,\n"
       "  H hidden size (Kaplan et al. 2020, Scaling Laws for Neural Language Models, 2.1)\n"
       "compute time = F / (peak x efficiency x derate)\n"
       "  peak: dense FP32 for true fp32 (stock PyTorch, and so the Hugging Face Trainer's\n"
       "  default, keeps matmuls in fp32 since 1.12), dense TF32 for tf32=True (NVIDIA's\n"
       "  containers enable it: the baseline of its published A100/H100 numbers), dense\n"
       "  FP16 / BF16 Tensor Core for fp16=True / bf16=True\n"
       "memory time = (passes x activation bytes + 28 bytes x parameters [AdamW]\n"
       "  + cast bytes x parameters under autocast) / (bandwidth x "
    << fmt(CodeCalibration::kBandwidthEfficiency, 1)
    << ")\n"
       "  activations per layer: S x B x H x (34 + 5 x heads x S / H) bytes in 16 bits, twice\n"
       "  that in fp32 (Korthikanti et al. 2022, Reducing Activation Recomputation in Large\n"
       "  Transformer Models, 4.1)\n"
       "overhead = ms per layer x L (x a factor under autocast): kernel launches, the\n"
       "  optimizer's loop, element-wise work; why small batches read far below the peak ratio\n"
       "step time = compute + memory + overhead; throughput = B / step time\n"
       "peak memory = 16 bytes x parameters (+2 for the 16-bit weight copies of mixed\n"
       "  precision) + activation bytes\n"
       "epoch cost = ceil(examples / B) x step time x price per hour\n\n"
       "Calibrated constants";
  // One row of the constants table: what, then the Trainer's and the optimized code's value.
  const auto row = [&o](const char* what, const std::string& trainer, const std::string& fast) {
    o << "\n  " << std::left << std::setw(28) << what << std::setw(23) << trainer << fast;
  };
  const auto overhead = [](const CodeCalibration& c) {
    return fmt(c.overheadMsPerLayer, 2) + " (x" + fmt(c.autocastOverheadFactor, 2) + " autocast)";
  };
  row("", t.name, p.name);
  row("fp32 efficiency", fmt(t.fp32Efficiency, 2), fmt(p.fp32Efficiency, 2));
  row("tf32 efficiency", fmt(t.tf32Efficiency, 2), fmt(p.tf32Efficiency, 2));
  row("fp16/bf16 efficiency", fmt(t.tensorCoreEfficiency, 2), fmt(p.tensorCoreEfficiency, 2));
  row("activation passes", fmt(t.activationPasses, 0), fmt(p.activationPasses, 0));
  row("autocast bytes / parameter", fmt(t.castBytesPerParam, 0), fmt(p.castBytesPerParam, 0));
  row("overhead ms / layer", overhead(t), overhead(p));
  o << "\n"
       "Hugging Face Trainer = what a learner who sets fp16=True runs (torch.autocast, eager\n"
       "kernels); optimized code = NVIDIA's DeepLearningExamples (apex AMP O2, fused Adam/LAMB,\n"
       "fused LayerNorm and softmax). Every figure is shown as the range between the two.\n\n"
       "Per GPU:\n";
  for (const GpuSpec& g : gpus()) o << "  " << g.name << ": " << g.calibration << "\n";
  return o.str();
}

std::string gpuestimate::calibrationTable() {
  std::ostringstream o;
  o << "Published (one GPU, sequences/s) vs estimated, fp16=True against the baseline:\n";
  for (const CalibrationPoint& c : GpuEstimator::calibrationPoints()) {
    EstimateShape b = c.shape, h = c.shape;
    b.batchSize = c.baselineBatch;
    h.batchSize = c.fp16Batch;
    const StepEstimate eb = GpuEstimator::estimate(c.gpu, b, c.baseline, c.code);
    const StepEstimate eh = GpuEstimator::estimate(c.gpu, h, EstimatePrecision::Fp16Amp, c.code);
    o << "  " << c.gpu.name << ", " << c.shape.model << ", seq " << c.shape.seqLen << ", "
      << GpuEstimator::calibration(c.code).name << ":\n    "
      << GpuEstimator::precisionName(c.baseline) << " (batch " << c.baselineBatch << ") "
      << fmt(c.baselineSeqPerSec, 2) << " published, " << fmt(eb.sequencesPerSecond, 1)
      << " estimated; fp16=True (batch " << c.fp16Batch << ") " << fmt(c.fp16SeqPerSec, 2)
      << " published, " << fmt(eh.sequencesPerSecond, 1) << " estimated; ratio "
      << fmt(c.fp16SeqPerSec / c.baselineSeqPerSec, 2) << "x published, "
      << fmt(eh.sequencesPerSecond / eb.sequencesPerSecond, 2) << "x estimated"
      << (c.absoluteComparable ? "" : " (proxy shape: ratio only)")
      << (c.calibrates ? "" : " (published evidence, not in the fit)") << "\n    " << c.source
      << " (" << c.date << "): " << c.url << "\n    " << c.note << "\n";
  }
  return o.str();
}

std::string gpuestimate::explain() {
  std::ostringstream o;
  o << GpuEstimator::formula() << "\n" << calibrationTable() << "\nSources (datasheets):\n";
  for (const GpuSpec& g : GpuEstimator::gpus()) o << "  " << g.name << ": " << g.datasheet << "\n";
  o << "  Prices: " << GpuEstimator::pricesSource() << "\n"
    << "Derivation: docs/gpu-estimate-calibration.md\n";
  return o.str();
}

double SpeedupRange::lowVsFp32() const { return std::min(trainerVsFp32, optimizedVsFp32); }
double SpeedupRange::highVsFp32() const { return std::max(trainerVsFp32, optimizedVsFp32); }
double SpeedupRange::lowVsTf32() const { return std::min(trainerVsTf32, optimizedVsTf32); }
double SpeedupRange::highVsTf32() const { return std::max(trainerVsTf32, optimizedVsTf32); }

EstimateShape gpuestimate::labShape() { return EstimateShape::forPreset("base", 32, 128); }

SpeedupRange gpuestimate::fp16SpeedupRange(const GpuSpec& gpu, const EstimateShape& shape) {
  SpeedupRange r;
  r.gpu = &gpu;
  r.shape = shape;
  r.hasTf32 = gpu.tf32Tflops > 0;
  for (EstimateCode code : {EstimateCode::Trainer, EstimateCode::Optimized}) {
    const StepEstimate fp32 = GpuEstimator::estimate(gpu, shape, EstimatePrecision::Fp32, code);
    const StepEstimate fp16 = GpuEstimator::estimate(gpu, shape, EstimatePrecision::Fp16Amp, code);
    const double vsFp32 = fp32.stepMs / fp16.stepMs;
    double vsTf32 = 0;
    if (r.hasTf32)
      vsTf32 =
          GpuEstimator::estimate(gpu, shape, EstimatePrecision::Tf32, code).stepMs / fp16.stepMs;
    if (code == EstimateCode::Trainer) {
      r.trainerVsFp32 = vsFp32;
      r.trainerVsTf32 = vsTf32;
      r.trainerFp16SeqPerSec = fp16.sequencesPerSecond;
    } else {
      r.optimizedVsFp32 = vsFp32;
      r.optimizedVsTf32 = vsTf32;
      r.optimizedFp16SeqPerSec = fp16.sequencesPerSecond;
    }
    r.memoryRatio = fp16.memoryGB / fp32.memoryGB;
    r.fits = fp16.fits;
  }
  return r;
}

std::vector<SpeedupRange> gpuestimate::fp16SpeedupRanges(const EstimateShape& shape) {
  std::vector<SpeedupRange> out;
  for (const GpuSpec& g : GpuEstimator::gpus()) out.push_back(fp16SpeedupRange(g, shape));
  return out;
}

std::pair<double, double> gpuestimate::fp16RangeVsFp32(const EstimateShape& shape) {
  double lo = 1e300, hi = 0;
  for (const SpeedupRange& r : fp16SpeedupRanges(shape)) {
    lo = std::min(lo, r.lowVsFp32());
    hi = std::max(hi, r.highVsFp32());
  }
  return {lo, hi};
}

VerdictText gpuestimate::rangeText(const SpeedupRange& r) {
  VerdictText t;
  const std::string id = r.gpu ? r.gpu->id : std::string();
  std::string upper = id;
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return char(std::toupper(c)); });
  t.args = {word(upper), num(r.lowVsFp32(), 1), num(r.highVsFp32(), 1)};
  const bool published = r.gpu && r.gpu->publishedMeasurement;
  if (r.hasTf32) {
    t.args.push_back(num(r.lowVsTf32(), 1));
    t.args.push_back(num(r.highVsTf32(), 1));
    t.text = published
                 ? PL_TRANSLATE_NOOP("Verdict",
                                     "%1: fp16=True %2x-%3x faster than true fp32 (the Trainer's "
                                     "default), %4x-%5x faster than tf32=True (the baseline of "
                                     "published numbers)")
                 : PL_TRANSLATE_NOOP("Verdict",
                                     "%1: fp16=True %2x-%3x faster than true fp32 (the Trainer's "
                                     "default), %4x-%5x faster than tf32=True (the baseline of "
                                     "published numbers); no published training measurement");
  } else {
    t.text = published ? PL_TRANSLATE_NOOP("Verdict",
                                           "%1: fp16=True %2x-%3x faster than true fp32 (no TF32 "
                                           "on this GPU)")
                       : PL_TRANSLATE_NOOP("Verdict",
                                           "%1: fp16=True %2x-%3x faster than true fp32 (no TF32 "
                                           "on this GPU); no published training measurement");
  }
  return t;
}

VerdictText gpuestimate::summaryText(const EstimateShape& shape) {
  const auto [lo, hi] = fp16RangeVsFp32(shape);
  double mem = 0;
  for (const SpeedupRange& r : fp16SpeedupRanges(shape)) mem = std::max(mem, r.memoryRatio);
  const SpeedupRange a100 = fp16SpeedupRange(*GpuEstimator::find("a100"), shape);
  VerdictText t;
  t.text = PL_TRANSLATE_NOOP(
      "Verdict",
      "estimated for %1 (batch %2, sequence %3) on Vertex AI GPUs, from the Hugging Face "
      "Trainer to optimized code: fp16=True %4x-%5x faster than true fp32 (the Trainer's "
      "default); on A100 %6x-%7x faster than tf32=True (the baseline of published numbers); "
      "at most %8x the memory; T4 and L4 have no published training measurement");
  t.args = {word(shape.model),
            word(std::to_string(shape.batchSize)),
            word(std::to_string(shape.seqLen)),
            num(lo, 1),
            num(hi, 1),
            num(a100.lowVsTf32(), 1),
            num(a100.highVsTf32(), 1),
            num(mem, 2)};
  return t;
}

}  // namespace precisionlab
