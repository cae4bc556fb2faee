// Chooses the policy for a run. Only fp32 exists so far; the precision lab adds the others.
#include "engine/EngineError.h"
#include "engine/src/Fp32Policy.h"

namespace precisionlab {

std::unique_ptr<PrecisionPolicy> makePrecisionPolicy(const TrainConfig& config,
                                                     const torch::Device& device) {
  if (config.precision == Precision::Fp32) return std::make_unique<Fp32Policy>();
  throw InputError(std::string("precision ") + precisionName(config.precision) +
                   " is not available yet: use fp32");
}

}  // namespace precisionlab
