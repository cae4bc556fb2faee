// How one training run uses floating point: the trainer calls these hooks at fixed points of
// its step, so fp32, fp16=True, bf16=True, half-precision layers and fp16 without a scaler are
// each one small class and the loop stays one loop.
//
// Step order (trainer):
//   policy.prepareModel(model); make optimizer; policy.prepareOptimizer(optimizer);   // once
//   auto scope = policy.forwardScope();          // autocast guard / emulation mode, per forward
//   loss = model(batch) ...; scope.reset();
//   policy.backward(loss);                       // scaled by the GradScaler when there is one
//   bool finite = policy.unscaleAndCheck(params); // unscale before clipping; inf/NaN check
//   if (finite) { clip; optimizer.step(); policy.afterOptimizerStep(optimizer); }
//   policy.update(!finite);                      // scaler growth/backoff
// Owner: precision lab (the trainer owns the call sites).
#pragma once

#include <torch/torch.h>
#include <memory>

#include "core/RunRecords.h"
#include "core/TrainConfig.h"

namespace precisionlab {

class AdamW;

class PrecisionPolicy {
 public:
  virtual ~PrecisionPolicy() = default;
  virtual Precision precision() const = 0;
  // Live on the device, or emulated (fp16 on a CPU without fp16 kernels) with a note.
  virtual RunProvenance provenance(const torch::Device& device) const = 0;
  // Once, after the model is built and moved to the device, before the optimizer is made.
  virtual void prepareModel(torch::nn::Module& model) {}
  // Once, right after the optimizer is made (e.g. fp16 storage rounding for a half model's
  // AdamW state). Policies that need it also apply it on the first afterOptimizerStep(), so a
  // trainer that does not call this hook only loses fidelity on its first step.
  virtual void prepareOptimizer(AdamW& optimizer) {}
  // Held around one forward pass (loss included); nullptr when the policy needs nothing.
  virtual std::unique_ptr<struct ForwardScope> forwardScope() { return nullptr; }
  virtual void backward(const torch::Tensor& loss) { loss.backward(); }
  // Unscales gradients in place before clipping; false when any gradient is inf/NaN
  // (a step with a scaler is then skipped). Reading the flag is a device sync.
  virtual bool unscaleAndCheck(const std::vector<torch::Tensor>& params) { return true; }
  // After a taken optimizer step (e.g. rounding emulated fp16 weights and optimizer state).
  virtual void afterOptimizerStep(AdamW& optimizer) {}
  virtual void update(bool foundInf) {}
  virtual double lossScale() const { return 1.0; }
  // The scaler's found-inf flag as a device tensor, for an optimizer that skips on the device;
  // undefined without a scaler.
  virtual torch::Tensor foundInfTensor() const { return {}; }
  // The loss scaler's growth tracker and a restore of scale and tracker, for training
  // checkpoints; a policy without a scaler has nothing to keep.
  virtual int64_t scalerGrowthTracker() const { return 0; }
  virtual void restoreScaler(double /*scale*/, int64_t /*growthTracker*/) {}
};

// Whatever a policy holds open during a forward pass (autocast guard, cast mode scope).
struct ForwardScope {
  virtual ~ForwardScope() = default;
};

// Whether an fp16 policy emulates fp16 by rounding (true) or runs real fp16 kernels (false):
// never on CUDA; on a CPU per TrainConfig::cpuFp16 and what this LibTorch and CPU have.
bool fp16Emulated(const TrainConfig& config, const torch::Device& device);

// For a live run on real CPU fp16 kernels: appends to p.note what is and is not representative
// and marks its speed as not representative (no speed verdict uses it).
void describeRealCpuFp16(RunProvenance& p);

std::unique_ptr<PrecisionPolicy> makePrecisionPolicy(const TrainConfig& config,
                                                     const torch::Device& device);

}  // namespace precisionlab
