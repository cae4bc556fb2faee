#include "engine/HfClassifier.h"

#include <torch/torch.h>

#include <algorithm>

#include "core/EngineError.h"
#include "model/HfCheckpoint.h"
#include "model/PeftAdapter.h"

namespace precisionlab {

namespace {

torch::Device parseDeviceName(const std::string& name) {
  try {
    torch::Device d(name);
    if (d.is_cuda() && !torch::cuda::is_available())
      throw InputError("device '" + name +
                       "': CUDA is not available in this build or machine; "
                       "use cpu");
    return d;
  } catch (const c10::Error&) {
    throw InputError("device '" + name + "' is not valid: use cpu, cuda or cuda:N");
  }
}

}  // namespace

struct HfClassifier::Impl {
  torch::Device device{torch::kCPU};
  std::vector<std::string> warnings;
  std::unique_ptr<LoadedCheckpoint> checkpoint;
};

HfClassifier::HfClassifier(const std::string& dir, const std::string& device,
                           const std::string& baseDir)
    : impl_(std::make_unique<Impl>()) {
  impl_->device = parseDeviceName(device);
  if (!isPeftAdapterDirectory(dir)) {
    if (!baseDir.empty())
      throw InputError(dir +
                       ": not a PEFT adapter (no adapter_config.json), so it takes no base "
                       "model; drop --base");
    impl_->checkpoint =
        std::make_unique<LoadedCheckpoint>(loadHfCheckpoint(dir, impl_->device, &impl_->warnings));
    impl_->checkpoint->model->eval();
    return;
  }
  // A PEFT adapter (train --lora-rank --save): its base, then the adapter on it.
  const PeftAdapterInfo info = readPeftAdapterConfig(dir);
  const std::string base = baseDir.empty() ? findPeftBase(dir, info) : baseDir;
  if (base.empty())
    throw InputError(peftAdapterText(dir, info) +
                     ", and that base is not a model folder here (a preset's random weights are "
                     "not saved): give the base's Hugging Face folder with --base DIR");
  impl_->checkpoint =
      std::make_unique<LoadedCheckpoint>(loadHfCheckpoint(base, impl_->device, &impl_->warnings));
  loadPeftAdapter(dir, *impl_->checkpoint->model);
  impl_->checkpoint->model->to(impl_->device);
  impl_->checkpoint->model->eval();
  impl_->warnings.push_back(dir + ": a PEFT LoRA adapter (rank " + std::to_string(info.rank) +
                            "), loaded onto its base model " + base);
}

HfClassifier::~HfClassifier() = default;
HfClassifier::HfClassifier(HfClassifier&&) noexcept = default;
HfClassifier& HfClassifier::operator=(HfClassifier&&) noexcept = default;

const std::vector<std::string>& HfClassifier::labels() const {
  return impl_->checkpoint->config.labels;
}

const std::vector<std::string>& HfClassifier::warnings() const { return impl_->warnings; }

std::vector<Prediction> HfClassifier::predict(const std::vector<std::string>& texts,
                                              int64_t maxLength, int64_t batchSize) {
  LoadedCheckpoint& c = *impl_->checkpoint;
  const int64_t limit =
      maxLength > 0 ? std::min(maxLength, c.config.maxPositions) : c.config.maxPositions;
  if (limit < 2) throw InputError("max length must be at least 2 ([CLS] and [SEP])");
  torch::NoGradGuard noGrad;
  std::vector<Prediction> out;
  out.reserve(texts.size());
  for (size_t start = 0; start < texts.size(); start += static_cast<size_t>(batchSize)) {
    const size_t end = std::min(texts.size(), start + static_cast<size_t>(batchSize));
    const std::vector<std::string> chunk(texts.begin() + static_cast<std::ptrdiff_t>(start),
                                         texts.begin() + static_cast<std::ptrdiff_t>(end));
    EncodedBatch enc = c.tokenizer.encodeBatch(chunk, limit);
    const auto opts = torch::TensorOptions().dtype(torch::kInt64);
    const auto toDevice = [&](std::vector<int64_t>& v) {
      return torch::from_blob(v.data(), {enc.batch, enc.length}, opts).to(impl_->device);  // (B, T)
    };
    const torch::Tensor logits = c.model
                                     ->forward(toDevice(enc.inputIds), toDevice(enc.attentionMask),
                                               toDevice(enc.tokenTypeIds))
                                     .to(torch::kCPU, torch::kFloat32)
                                     .contiguous();  // (B, numLabels)
    const int64_t labels = logits.size(1);
    const float* p = logits.data_ptr<float>();
    for (int64_t i = 0; i < enc.batch; ++i) {
      Prediction pr;
      pr.logits.assign(p + i * labels, p + (i + 1) * labels);
      pr.labelId = std::max_element(pr.logits.begin(), pr.logits.end()) - pr.logits.begin();
      pr.label = c.config.labels[static_cast<size_t>(pr.labelId)];
      out.push_back(std::move(pr));
    }
  }
  return out;
}

}  // namespace precisionlab
