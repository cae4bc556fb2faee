#include "precision/HalfModelPolicy.h"

#include "platform/DeviceInfo.h"
#include "precision/EmulationNotes.h"
#include "precision/Fp16Emulation.h"
#include "precision/PrecisionForwardScope.h"
#include "training/AdamW.h"

namespace precisionlab {

namespace {
void roundInPlace(torch::Tensor t) {
  if (t.defined() && t.is_floating_point()) t.copy_(fp16emu::roundToFp16(t));
}
}  // namespace

RunProvenance HalfModelPolicy::provenance(const torch::Device& device) const {
  RunProvenance p;
  p.device = describeDevice(device);
  if (emulated_) {
    p.kind = Provenance::Emulated;
    p.note = std::string(
                 "model.to(kHalf) emulated: weights, activations, loss, gradients and "
                 "AdamW state held as fp16 values by rounding. ") +
             emulationnotes::kSpeedNotMeasurable;
  } else {
    p.kind = Provenance::Live;
    p.note = "model.to(kHalf): fp16 weights, gradients and AdamW state, no loss scaling";
    if (!device.is_cuda()) describeRealCpuFp16(p);
  }
  return p;
}

void HalfModelPolicy::prepareModel(torch::nn::Module& model) {
  torch::NoGradGuard noGrad;
  if (!emulated_) {
    model.to(torch::kHalf);
    return;
  }
  for (auto& p : model.parameters()) roundInPlace(p);
  for (auto& b : model.buffers()) roundInPlace(b);
}

void HalfModelPolicy::prepareOptimizer(AdamW& optimizer) {
  optimizerPrepared_ = true;
  // On CUDA the state tensors are fp16 already (zeros_like of fp16 parameters).
  if (emulated_) optimizer.roundToStorage = fp16emu::roundToFp16;
}

std::unique_ptr<ForwardScope> HalfModelPolicy::forwardScope() {
  if (!emulated_) return nullptr;  // the model itself is fp16
  return std::make_unique<PrecisionForwardScope>(fp16emu::Fp16Scope::WholeModel);
}

bool HalfModelPolicy::unscaleAndCheck(const std::vector<torch::Tensor>& params) {
  if (emulated_) {
    // .grad of an fp16 parameter is fp16: the embedding gradients, which do not pass through an
    // emulated op, are rounded here with the rest.
    torch::NoGradGuard noGrad;
    for (const auto& p : params) roundInPlace(p.grad());
  }
  // No scaler: PyTorch steps whatever the gradients hold, NaN included.
  return true;
}

void HalfModelPolicy::afterOptimizerStep(AdamW& optimizer) {
  if (!emulated_) return;
  // With roundToStorage set, AdamW already stored every result in fp16. A trainer that never
  // called prepareOptimizer() ran this first step in fp32: round its results, then go fp16.
  if (optimizerPrepared_) return;
  prepareOptimizer(optimizer);
  torch::NoGradGuard noGrad;
  for (auto& s : optimizer.state()) {
    roundInPlace(s.expAvg);
    roundInPlace(s.expAvgSq);
  }
  for (const auto& p : optimizer.params()) roundInPlace(p.tensor);
}

}  // namespace precisionlab
