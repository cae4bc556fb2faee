#include "precision/Fp16AmpPolicy.h"

#include "platform/DeviceInfo.h"
#include "precision/EmulationNotes.h"
#include "precision/PrecisionForwardScope.h"

namespace precisionlab {

namespace {
GradScalerOptions scalerOptions(const TrainConfig& c) {
  GradScalerOptions o;
  o.initScale = c.initScale;
  o.growthFactor = c.growthFactor;
  o.backoffFactor = c.backoffFactor;
  o.growthInterval = c.growthInterval;
  return o;
}
}  // namespace

Fp16AmpPolicy::Fp16AmpPolicy(const TrainConfig& config, const torch::Device& device)
    : emulated_(fp16Emulated(config, device)),
      deviceType_(device.type()),
      scaler_(scalerOptions(config), device),
      scale_(config.initScale) {}

RunProvenance Fp16AmpPolicy::provenance(const torch::Device& device) const {
  RunProvenance p;
  p.device = describeDevice(device);
  if (emulated_) {
    p.kind = Provenance::Emulated;
    p.note = std::string(
                 "fp16 autocast numerics emulated by rounding to fp16; the GradScaler "
                 "runs for real. ") +
             emulationnotes::kSpeedNotMeasurable;
  } else {
    p.kind = Provenance::Live;
    p.note = "autocast fp16 + GradScaler, fp32 master weights and optimizer state";
    if (!device.is_cuda()) describeRealCpuFp16(p);
  }
  return p;
}

std::unique_ptr<ForwardScope> Fp16AmpPolicy::forwardScope() {
  if (emulated_) return std::make_unique<PrecisionForwardScope>(fp16emu::Fp16Scope::AutocastLists);
  return std::make_unique<PrecisionForwardScope>(deviceType_, torch::kHalf);
}

void Fp16AmpPolicy::backward(const torch::Tensor& loss) { scaler_.scale(loss).backward(); }

bool Fp16AmpPolicy::unscaleAndCheck(const std::vector<torch::Tensor>& params) {
  return !scaler_.unscale_(params);
}

void Fp16AmpPolicy::update(bool /*foundInf: the scaler recorded it in unscale_*/) {
  scaler_.update();
  scale_ = scaler_.getScale();
}

}  // namespace precisionlab
