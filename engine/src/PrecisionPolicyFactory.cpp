// Chooses the policy for a run from TrainConfig::precision. Every policy works on CPU and CUDA;
// which parts are live and which are emulated is each policy's provenance().
#include "engine/EngineError.h"
#include "engine/src/Bf16AmpPolicy.h"
#include "engine/src/Fp16AmpPolicy.h"
#include "engine/src/Fp16NoScalerPolicy.h"
#include "engine/src/Fp32Policy.h"
#include "engine/src/HalfModelPolicy.h"

namespace precisionlab {

std::unique_ptr<PrecisionPolicy> makePrecisionPolicy(const TrainConfig& config,
                                                     const torch::Device& device) {
  switch (config.precision) {
    case Precision::Fp32: return std::make_unique<Fp32Policy>();
    case Precision::Fp16Amp: return std::make_unique<Fp16AmpPolicy>(config, device);
    case Precision::Bf16Amp: return std::make_unique<Bf16AmpPolicy>(device);
    case Precision::HalfModel: return std::make_unique<HalfModelPolicy>(device);
    case Precision::Fp16AmpNoScaler: return std::make_unique<Fp16NoScalerPolicy>(device);
  }
  throw InputError(std::string("precision ") + precisionName(config.precision) +
                   " is unknown: use fp32, fp16-amp, bf16-amp, half-model or fp16-amp-noscale");
}

}  // namespace precisionlab
