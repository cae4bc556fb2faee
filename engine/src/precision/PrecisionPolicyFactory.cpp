// Chooses the policy for a run from TrainConfig::precision. Every policy works on CPU and CUDA;
// which parts are live and which are emulated is each policy's provenance().
#include "core/EngineError.h"
#include "engine/BuildInfo.h"
#include "platform/TorchCompat.h"
#include "precision/Bf16AmpPolicy.h"
#include "precision/Fp16AmpPolicy.h"
#include "precision/Fp16NoScalerPolicy.h"
#include "precision/Fp32Policy.h"
#include "precision/HalfModelPolicy.h"

namespace precisionlab {

bool fp16Emulated(const TrainConfig& config, const torch::Device& device) {
  if (device.is_cuda()) return false;
  if (!compat::kCpuFp16Kernels) return true;  // checkTrainConfig refuses CpuFp16::Real here
  switch (config.cpuFp16) {
    case CpuFp16::Emulate:
      return true;
    case CpuFp16::Real:
      return false;
    case CpuFp16::Auto:
      break;
  }
  // Without fp16 arithmetic units LibTorch's CPU fp16 kernels convert and run far slower than
  // fp32 (a 512x512 fp16 matrix product took 31x the fp32 time on an EPYC with avx512_bf16 but
  // no avx512_fp16), too slow for a live lab: emulate unless the CPU has the units.
  const BuildInfo b = buildInfo();
  return !(b.avx512Fp16 || b.amxFp16);
}

void describeRealCpuFp16(RunProvenance& p) {
  const BuildInfo b = buildInfo();
  p.note += "; real fp16 kernels on the CPU (LibTorch " + b.torchVersion +
            "): fp16 numerics and fp16 memory are live";
  // With fp16 units (avx512_fp16, amx_fp16) the speed is this CPU's real fp16 speed; without
  // them the kernels convert element by element, a slowdown no GPU has.
  p.speedRepresentative = b.avx512Fp16 || b.amxFp16;
  if (!p.speedRepresentative)
    p.note +=
        "; speed is not representative: this CPU has no fp16 arithmetic units "
        "(no avx512_fp16 or amx_fp16), so fp16 products run far slower than fp32 here, "
        "unlike on a GPU's tensor cores";
}

std::unique_ptr<PrecisionPolicy> makePrecisionPolicy(const TrainConfig& config,
                                                     const torch::Device& device) {
  switch (config.precision) {
    case Precision::Fp32:
      return std::make_unique<Fp32Policy>();
    case Precision::Fp16Amp:
      return std::make_unique<Fp16AmpPolicy>(config, device);
    case Precision::Bf16Amp:
      return std::make_unique<Bf16AmpPolicy>(device);
    case Precision::HalfModel:
      return std::make_unique<HalfModelPolicy>(fp16Emulated(config, device));
    case Precision::Fp16AmpNoScaler:
      return std::make_unique<Fp16NoScalerPolicy>(fp16Emulated(config, device), device.type());
  }
  throw InputError(std::string("precision ") + precisionName(config.precision) +
                   " is unknown: use " + precisionNameList());
}

}  // namespace precisionlab
