#include "model/BertModel.h"

#include <cmath>
#include <limits>

#include "model/SeededDropout.h"
#include "platform/TorchCompat.h"
#include "precision/AutocastGuard.h"
#include "precision/PrecisionOps.h"

namespace precisionlab {

namespace {

// torch.finfo(dtype).min, which Hugging Face adds to the scores of padding positions.
double lowestOf(torch::ScalarType dtype) {
  switch (dtype) {
    case torch::kDouble:
      return std::numeric_limits<double>::lowest();
    case torch::kHalf:
      return -65504.0;
    case torch::kBFloat16:
      return static_cast<float>(std::numeric_limits<c10::BFloat16>::lowest());
    default:
      return std::numeric_limits<float>::lowest();
  }
}

torch::nn::Linear makeLinear(int64_t in, int64_t out) {
  return torch::nn::Linear(torch::nn::LinearOptions(in, out));
}

torch::nn::LayerNorm makeLayerNorm(const BertConfig& c) {
  return torch::nn::LayerNorm(
      torch::nn::LayerNormOptions({c.hiddenSize}).eps(c.layerNormEps).elementwise_affine(true));
}

torch::Tensor applyLinear(const torch::nn::Linear& l, const torch::Tensor& x) {
  return ops::linear(x, l->weight, l->bias);
}

torch::Tensor applyLayerNorm(const torch::nn::LayerNorm& ln, const torch::Tensor& x,
                             const BertConfig& c) {
  return ops::layerNorm(x, c.hiddenSize, ln->weight, ln->bias, c.layerNormEps);
}

// A named level of Hugging Face's module tree that holds nothing but children.
std::shared_ptr<torch::nn::Module> group(torch::nn::Module& parent, const std::string& name) {
  return parent.register_module(name, std::make_shared<torch::nn::Module>(name));
}

}  // namespace

BertEmbeddingsImpl::BertEmbeddingsImpl(const BertConfig& config, int64_t padTokenId)
    : config_(config) {
  wordEmbeddings = register_module(
      "word_embeddings",
      torch::nn::Embedding(torch::nn::EmbeddingOptions(config.vocabSize, config.hiddenSize)
                               .padding_idx(padTokenId)));
  positionEmbeddings = register_module(
      "position_embeddings", torch::nn::Embedding(config.maxPositions, config.hiddenSize));
  tokenTypeEmbeddings = register_module(
      "token_type_embeddings", torch::nn::Embedding(config.typeVocabSize, config.hiddenSize));
  layerNorm = register_module("LayerNorm", makeLayerNorm(config));
}

torch::Tensor BertEmbeddingsImpl::forward(const torch::Tensor& inputIds,
                                          const torch::Tensor& tokenTypeIds) {
  const int64_t length = inputIds.size(1);
  TORCH_CHECK(length <= config_.maxPositions, "sequence length ", length,
              " exceeds the model's max positions ", config_.maxPositions);
  auto positions = torch::arange(length, inputIds.options());             // (T)
  auto x = wordEmbeddings(inputIds) + tokenTypeEmbeddings(tokenTypeIds);  // (B, T, H)
  x = x + positionEmbeddings(positions).unsqueeze(0);                     // (B, T, H)
  x = applyLayerNorm(layerNorm, x, config_);
  return seededDropout(x, config_.hiddenDropout, is_training());
}

BertLayerImpl::BertLayerImpl(const BertConfig& config) : config_(config) {
  TORCH_CHECK(config.hiddenSize % config.numHeads == 0, "hidden size ", config.hiddenSize,
              " is not a multiple of the number of heads ", config.numHeads);
  const int64_t h = config.hiddenSize;
  auto attention = group(*this, "attention");
  auto self = group(*attention, "self");
  query = self->register_module("query", makeLinear(h, h));
  key = self->register_module("key", makeLinear(h, h));
  value = self->register_module("value", makeLinear(h, h));
  auto attentionOutput = group(*attention, "output");
  attentionOutputDense = attentionOutput->register_module("dense", makeLinear(h, h));
  attentionOutputLayerNorm = attentionOutput->register_module("LayerNorm", makeLayerNorm(config));
  auto intermediate = group(*this, "intermediate");
  intermediateDense =
      intermediate->register_module("dense", makeLinear(h, config.intermediateSize));
  auto output = group(*this, "output");
  outputDense = output->register_module("dense", makeLinear(config.intermediateSize, h));
  outputLayerNorm = output->register_module("LayerNorm", makeLayerNorm(config));
}

namespace {

// Attention op by op (LibTorch 1.13, and emulated fp16 on any version): q, k, v (B, A, T, d).
torch::Tensor attentionByOps(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
                             c10::ScalarType hiddenDtype, const torch::Tensor& additiveMask,
                             double dropout, bool training) {
  const int64_t headDim = q.size(-1);
  // Hugging Face divides the product, not q, by sqrt(d); kept so fp16 rounding matches. In
  // place: bmm's backward does not need its output.
  auto scores = ops::matmul(q, k.transpose(-1, -2));  // (B, A, T, T)
  scores.div_(std::sqrt(static_cast<double>(headDim)));
  // The mask is in the model's dtype, so under autocast the add promotes bf16/fp16 scores and
  // softmax runs in fp32. Undefined when no position is padding: adding zeros would change no
  // value, so only the promotion is kept.
  const auto maskDtype = at::promote_types(scores.scalar_type(), hiddenDtype);
  if (additiveMask.defined())
    scores = scores + additiveMask;
  else if (scores.scalar_type() != maskDtype)
    scores = scores.to(maskDtype);
  auto probs = seededDropout(ops::softmax(scores, -1), dropout, training);
  return ops::matmul(probs, v);  // (B, A, T, d)
}

}  // namespace

torch::Tensor BertLayerImpl::forward(const torch::Tensor& hidden,
                                     const torch::Tensor& additiveMask) {
  const int64_t b = hidden.size(0), t = hidden.size(1);
  const int64_t heads = config_.numHeads, headDim = config_.hiddenSize / config_.numHeads;
  const bool training = is_training();
  // query, key and value as one GEMM over their stacked weights (one pass over `hidden`, one
  // input-gradient GEMM in backward instead of three plus two adds); the parameters stay
  // separate so checkpoints keep Hugging Face's names.
  auto qkvWeight = torch::cat({query->weight, key->weight, value->weight});  // (3H, H)
  auto qkvBias = torch::cat({query->bias, key->bias, value->bias});          // (3H)
  // unbind, not three selects: its backward stacks the three gradients in one pass, where each
  // select's backward would write its slice into a zero-filled copy of the whole projection.
  auto projected = ops::linear(hidden, qkvWeight, qkvBias);  // (B, T, 3H): q | k | v
  // The outlier feature: value channel 0 (head 0, dimension 0) at 2^n times its value, undone
  // on the context below. Powers of two scale exactly, so only the range of the format decides
  // whether anything changes.
  const double outlier = outlierScaleLog2_ > 0 ? std::ldexp(1.0, int(outlierScaleLog2_)) : 0.0;
  if (outlier > 0) projected = ops::scaleChannel(projected, 2 * config_.hiddenSize, outlier);
  auto qkv = projected
                 .view({b, t, 3, heads, headDim})  // (B, T, 3, A, d)
                 .unbind(2);                       // 3 x (B, T, A, d)
  auto q = qkv[0].transpose(1, 2);                 // (B, A, T, d)
  auto k = qkv[1].transpose(1, 2);
  auto v = qkv[2].transpose(1, 2);
  if (loraRank_ > 0) {
    // PEFT's lora.Linear: result + B(A(dropout(x))) * scaling, with lora_dropout 0. Kept apart
    // from the frozen GEMM, so backward computes no gradient for the base weights.
    const auto delta = [&](const torch::nn::Linear& a, const torch::nn::Linear& bl) {
      return (applyLinear(bl, applyLinear(a, hidden)) * loraScaling_)
          .view({b, t, heads, headDim})
          .transpose(1, 2);  // (B, A, T, d)
    };
    q = q + delta(queryLoraA, queryLoraB);
    v = v + delta(valueLoraA, valueLoraB);
  }
  torch::Tensor context;  // (B, A, T, d)
  const bool attentionDropout = training && config_.attentionDropout > 0.0;
  if (compat::kHasSdpa && !attentionDropout &&
      ops::currentCastMode() != ops::CastMode::EmulateFp16) {
    // LibTorch 2.x: one fused kernel (flash / memory-efficient on CUDA, a fused CPU kernel)
    // with the same numerics as Hugging Face's BertSdpaSelfAttention: additive padding mask,
    // scale 1/sqrt(d). Not while attention dropout is on: SDPA draws its own mask, so a fp32
    // baseline would drop other probabilities than an emulated fp16 run of the same seed (the
    // op-by-op path's seeded dropout), and the lab's comparisons would measure dropout noise
    // (0.17 in loss over 60 steps, against 0.0007 between real fp16 and fp32 with equal masks).
    // Emulated fp16 always takes the op-by-op path, whose every op result is rounded as a real
    // fp16 kernel would round it.
    context = compat::scaledDotProductAttention(q, k, v, additiveMask, 0.0,
                                                1.0 / std::sqrt(static_cast<double>(headDim)));
  } else {
    context = attentionByOps(q, k, v, hidden.scalar_type(), additiveMask, config_.attentionDropout,
                             training);
  }
  context = context.transpose(1, 2).contiguous().view({b, t, config_.hiddenSize});  // (B, T, H)
  if (outlier > 0) context = ops::scaleChannel(context, 0, 1.0 / outlier);

  auto attended =
      seededDropout(applyLinear(attentionOutputDense, context), config_.hiddenDropout, training);
  attended = applyLayerNorm(attentionOutputLayerNorm, ops::residualAdd(attended, hidden), config_);

  auto inner =
      ops::activation(applyLinear(intermediateDense, attended), config_.hiddenAct);  // (B, T, I)
  auto out = seededDropout(applyLinear(outputDense, inner), config_.hiddenDropout, training);
  return applyLayerNorm(outputLayerNorm, ops::residualAdd(out, attended), config_);  // (B, T, H)
}

void BertLayerImpl::addLora(int64_t rank, double alpha) {
  if (rank <= 0 || loraRank_ > 0) return;
  const int64_t h = config_.hiddenSize;
  const auto make = [](int64_t in, int64_t out) {
    return torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false));
  };
  queryLoraA = query->register_module("lora_A", make(h, rank));
  queryLoraB = query->register_module("lora_B", make(rank, h));
  valueLoraA = value->register_module("lora_A", make(h, rank));
  valueLoraB = value->register_module("lora_B", make(rank, h));
  torch::NoGradGuard noGrad;
  queryLoraB->weight.zero_();
  valueLoraB->weight.zero_();
  const auto device = query->weight.device();
  for (auto* l : {&queryLoraA, &queryLoraB, &valueLoraA, &valueLoraB}) (*l)->to(device);
  loraRank_ = rank;
  loraScaling_ = alpha / static_cast<double>(rank);
}

namespace {

// torch.utils.checkpoint (use_reentrant=True) for one encoder layer; LibTorch has none. The
// forward runs the layer without recording a graph and saves only its input (and the mask); the
// backward runs it again with grad, under the forward's autocast and cast mode and with the
// forward's dropout seeds replayed (same masks, same values), then back-propagates through that
// recomputed graph: parameter gradients accumulate in place, the input's gradient is returned.
// The layer and its mask, passed as one non-tensor argument: the mask is undefined when no
// position is padding, and an undefined tensor cannot be an autograd input. The mask needs no
// gradient (it is a function of the attention mask only).
struct LayerCall {
  BertLayerImpl* layer;
  const torch::Tensor* additiveMask;
};

struct CheckpointedLayer : public torch::autograd::Function<CheckpointedLayer> {
  static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& hidden,
                               LayerCall call) {
    BertLayerImpl* layer = call.layer;
    const torch::Tensor& additiveMask = *call.additiveMask;
    const c10::DeviceType device = hidden.device().type();
    std::vector<uint64_t> seeds;
    torch::Tensor out;
    int64_t block = 0;
    {
      torch::NoGradGuard noGrad;
      DropoutTape tape(DropoutTape::Mode::Record, &seeds);
      block = tape.block();
      out = layer->forward(hidden, additiveMask);
    }
    ctx->save_for_backward({hidden});
    // The module outlives the backward of the step whose forward it ran (the trainer's model).
    ctx->saved_data["layer"] = static_cast<int64_t>(reinterpret_cast<intptr_t>(layer));
    if (additiveMask.defined()) ctx->saved_data["mask"] = additiveMask;
    ctx->saved_data["seeds"] = std::vector<int64_t>(seeds.begin(), seeds.end());
    ctx->saved_data["block"] = block;
    ctx->saved_data["autocast"] = AutocastGuard::isEnabled(device);
    ctx->saved_data["autocastDtype"] = static_cast<int64_t>(AutocastGuard::dtype(device));
    ctx->saved_data["castMode"] = static_cast<int64_t>(ops::currentCastMode());
    return out;
  }

  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                 torch::autograd::variable_list grads) {
    const torch::Tensor saved = ctx->get_saved_variables().at(0);
    auto* layer =
        reinterpret_cast<BertLayerImpl*>(static_cast<intptr_t>(ctx->saved_data["layer"].toInt()));
    const auto found = ctx->saved_data.find("mask");
    const torch::Tensor mask =
        found != ctx->saved_data.end() ? found->second.toTensor() : torch::Tensor();
    const std::vector<int64_t> stored = ctx->saved_data["seeds"].toIntVector();
    std::vector<uint64_t> seeds(stored.begin(), stored.end());
    const c10::DeviceType device = saved.device().type();
    torch::Tensor input = saved.detach().requires_grad_(true);
    torch::Tensor out;
    {
      torch::AutoGradMode grad(true);
      AutocastGuard autocast(device,
                             static_cast<c10::ScalarType>(ctx->saved_data["autocastDtype"].toInt()),
                             ctx->saved_data["autocast"].toBool());
      ops::CastModeScope castMode(static_cast<ops::CastMode>(ctx->saved_data["castMode"].toInt()));
      DropoutTape tape(DropoutTape::Mode::Replay, &seeds, ctx->saved_data["block"].toInt());
      out = layer->forward(input, mask);
    }
    torch::autograd::backward({out}, {grads.at(0)});
    return {input.grad(), torch::Tensor()};
  }
};

}  // namespace

BertForSequenceClassificationImpl::BertForSequenceClassificationImpl(
    BertForSequenceClassificationOptions options)
    : options_(std::move(options)) {
  const BertConfig& c = options_.config();
  TORCH_CHECK(c.numLabels() >= 1, "a sequence classifier needs at least one label");
  auto bert = group(*this, "bert");
  embeddings = bert->register_module("embeddings", BertEmbeddings(c, options_.padTokenId()));
  auto encoder = group(*bert, "encoder");
  auto layerList = encoder->register_module("layer", torch::nn::ModuleList());
  for (int64_t i = 0; i < c.numLayers; ++i) {
    layers.emplace_back(c);
    layerList->push_back(layers.back());
  }
  auto pooler = group(*bert, "pooler");
  poolerDense = pooler->register_module("dense", makeLinear(c.hiddenSize, c.hiddenSize));
  classifier = register_module("classifier", makeLinear(c.hiddenSize, c.numLabels()));
  initWeights();
}

void BertForSequenceClassificationImpl::addLora(int64_t rank, double alpha) {
  if (rank <= 0) return;
  for (auto& layer : layers) layer->addLora(rank, alpha);
  for (auto& item : named_parameters(/*recurse=*/true)) {
    const std::string& name = item.key();
    const bool trainable = name.find(".lora_A.") != std::string::npos ||
                           name.find(".lora_B.") != std::string::npos ||
                           name.rfind("classifier.", 0) == 0;
    item.value().set_requires_grad(trainable);
  }
}

void BertForSequenceClassificationImpl::initWeights() {
  torch::NoGradGuard noGrad;
  const double range = options_.config().initializerRange;
  for (auto& module : modules(/*include_self=*/false)) {
    if (auto* l = module->as<torch::nn::Linear>()) {
      l->weight.normal_(0.0, range);
      if (l->bias.defined()) l->bias.zero_();
    } else if (auto* e = module->as<torch::nn::Embedding>()) {
      e->weight.normal_(0.0, range);
      if (e->options.padding_idx()) e->weight[*e->options.padding_idx()].zero_();
    } else if (auto* n = module->as<torch::nn::LayerNorm>()) {
      n->weight.fill_(1.0);
      n->bias.zero_();
    }
  }
}

torch::Tensor BertForSequenceClassificationImpl::forward(const torch::Tensor& inputIds,
                                                         const torch::Tensor& attentionMask,
                                                         const torch::Tensor& tokenTypeIds) {
  const BertConfig& c = options_.config();
  const int64_t b = inputIds.size(0), t = inputIds.size(1);
  auto hidden = embeddings(inputIds, tokenTypeIds);  // (B, T, H)
  const auto dtype = hidden.scalar_type();
  // Hugging Face's extended mask: (1 - mask) * finfo(dtype).min, broadcast over heads/queries.
  // Left undefined when no position is padding (checked on the CPU only, where reading the
  // flag costs no device sync): the layers then skip an add of zeros over every score.
  torch::Tensor additiveMask;
  const bool noPadding =
      attentionMask.device().is_cpu() && attentionMask.min().item<int64_t>() == 1;
  if (!noPadding)
    additiveMask =
        (1.0 - attentionMask.to(dtype)).view({b, 1, 1, t}) * lowestOf(dtype);  // (B, 1, 1, T)
  const bool checkpoint = checkpointActivations_ && is_training() && torch::GradMode::is_enabled();
  for (auto& layer : layers)
    hidden = checkpoint ? CheckpointedLayer::apply(hidden, LayerCall{layer.get(), &additiveMask})
                        : layer(hidden, additiveMask);
  auto cls = hidden.select(1, 0);  // (B, H): the [CLS] position
  auto pooled = ops::activation(applyLinear(poolerDense, cls), "tanh");
  pooled = seededDropout(pooled, c.hiddenDropout, is_training());
  return applyLinear(classifier, pooled);  // (B, numLabels)
}

}  // namespace precisionlab
