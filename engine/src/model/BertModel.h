// BertForSequenceClassification in the torch C++ frontend style, with Hugging Face's parameter
// names (bert.embeddings.*, bert.encoder.layer.N.*, bert.pooler.dense.*, classifier.*) so a
// real checkpoint loads by name. Linear/LayerNorm/Embedding modules only hold the parameters:
// the forward pass calls the ops in PrecisionOps.h with them, so a precision policy can change
// the numerics of exactly the ops autocast would change. It does not implement the MLM/NSP
// heads (`cls.*`), cross-attention, or position types other than absolute.
#pragma once

#include <torch/torch.h>

#include "core/BertConfig.h"

namespace precisionlab {

struct BertForSequenceClassificationOptions {
  explicit BertForSequenceClassificationOptions(BertConfig config) : config_(std::move(config)) {}
  // Architecture; config.numLabels() is the classifier's output width.
  TORCH_ARG(BertConfig, config);
  // Row of the word embedding whose gradient stays zero and which starts at zero (HF: 0).
  TORCH_ARG(int64_t, padTokenId) = 0;
};

// word + position + token-type embeddings, LayerNorm, dropout.
class BertEmbeddingsImpl : public torch::nn::Module {
 public:
  BertEmbeddingsImpl(const BertConfig& config, int64_t padTokenId);
  // inputIds, tokenTypeIds: (B, T) int64 -> (B, T, H)
  torch::Tensor forward(const torch::Tensor& inputIds, const torch::Tensor& tokenTypeIds);

  torch::nn::Embedding wordEmbeddings{nullptr}, positionEmbeddings{nullptr},
      tokenTypeEmbeddings{nullptr};
  torch::nn::LayerNorm layerNorm{nullptr};

 private:
  BertConfig config_;
};
TORCH_MODULE(BertEmbeddings);

// One encoder layer: self-attention + output, intermediate, output (HF's BertLayer with its
// nested attention.self / attention.output modules).
class BertLayerImpl : public torch::nn::Module {
 public:
  explicit BertLayerImpl(const BertConfig& config);
  // hidden: (B, T, H); additiveMask: (B, 1, 1, T), 0 for tokens, dtype-min for padding.
  torch::Tensor forward(const torch::Tensor& hidden, const torch::Tensor& additiveMask);

  torch::nn::Linear query{nullptr}, key{nullptr}, value{nullptr};
  torch::nn::Linear attentionOutputDense{nullptr};
  torch::nn::LayerNorm attentionOutputLayerNorm{nullptr};
  torch::nn::Linear intermediateDense{nullptr};
  torch::nn::Linear outputDense{nullptr};
  torch::nn::LayerNorm outputLayerNorm{nullptr};

  // The range experiment's outlier feature (TrainConfig::outlierScaleLog2): when > 0, value
  // channel 0 (head 0, dimension 0) is multiplied by 2^log2 after the value projection and the
  // attention context's channel 0 divided by it before the output projection. 0 = none.
  void setOutlierScaleLog2(int64_t log2) { outlierScaleLog2_ = log2; }
  int64_t outlierScaleLog2() const { return outlierScaleLog2_; }

  // LoRA (PEFT's LoraConfig(target_modules=["query", "value"], lora_dropout=0)): rank-r
  // adapters registered under the projections they adapt, so their parameters carry PEFT's
  // names (attention.self.query.lora_A.weight: (r, H), .lora_B.weight: (H, r)). A is
  // initialised as a torch Linear (kaiming-uniform, as PEFT's init_lora_weights=True), B at
  // zero, so the adapted model starts as the base; the projections gain
  // (alpha / r) * B(A(hidden)). Call once, before training; rank <= 0 does nothing.
  void addLora(int64_t rank, double alpha);
  int64_t loraRank() const { return loraRank_; }
  double loraScaling() const { return loraScaling_; }
  torch::nn::Linear queryLoraA{nullptr}, queryLoraB{nullptr}, valueLoraA{nullptr},
      valueLoraB{nullptr};

 private:
  BertConfig config_;
  int64_t outlierScaleLog2_ = 0;
  int64_t loraRank_ = 0;
  double loraScaling_ = 0;
};
TORCH_MODULE(BertLayer);

class BertForSequenceClassificationImpl : public torch::nn::Module {
 public:
  explicit BertForSequenceClassificationImpl(BertForSequenceClassificationOptions options);
  // inputIds, attentionMask, tokenTypeIds: (B, T) int64 -> logits (B, numLabels).
  torch::Tensor forward(const torch::Tensor& inputIds, const torch::Tensor& attentionMask,
                        const torch::Tensor& tokenTypeIds);
  // Hugging Face's _init_weights: normal(0, initializerRange) for Linear and Embedding weights,
  // zero biases, LayerNorm 1/0, the padding row of the word embedding zeroed.
  void initWeights();
  // Activation checkpointing (gradient_checkpointing=True): in training with grad enabled, each
  // encoder layer keeps only its input and runs again in the backward pass (BertModel.cpp).
  void setCheckpointActivations(bool on) { checkpointActivations_ = on; }
  bool checkpointActivations() const { return checkpointActivations_; }
  // The range experiment's outlier feature, planted in encoder layer 0 (BertLayerImpl).
  void setOutlierScaleLog2(int64_t log2) {
    if (!layers.empty()) layers.front()->setOutlierScaleLog2(log2);
  }

  // LoRA on every encoder layer's query and value projections (BertLayerImpl::addLora), and
  // every other parameter frozen (requires_grad false) except the classifier, which a new task
  // trains (PEFT's task_type SEQ_CLS: modules_to_save ["classifier"]).
  void addLora(int64_t rank, double alpha);
  int64_t loraRank() const { return layers.empty() ? 0 : layers.front()->loraRank(); }

  const BertForSequenceClassificationOptions& options() const { return options_; }

  BertEmbeddings embeddings{nullptr};
  std::vector<BertLayer> layers;
  torch::nn::Linear poolerDense{nullptr};
  torch::nn::Linear classifier{nullptr};

 private:
  BertForSequenceClassificationOptions options_;
  bool checkpointActivations_ = false;
};
TORCH_MODULE(BertForSequenceClassification);

}  // namespace precisionlab
