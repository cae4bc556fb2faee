#include "precision/GradientFlush.h"

namespace precisionlab {

namespace {
bool nameEndsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
}  // namespace

GradientFlush::GradientFlush(const std::vector<std::string>& names) {
  for (const auto& n : names) {
    if (nameEndsWith(n, "embeddings.word_embeddings.weight"))
      rows_.push_back(Rows::Tokens);
    else if (nameEndsWith(n, "embeddings.position_embeddings.weight"))
      rows_.push_back(Rows::Positions);
    else if (nameEndsWith(n, "embeddings.token_type_embeddings.weight"))
      rows_.push_back(Rows::TokenTypes);
    else
      rows_.push_back(Rows::All);
  }
}

torch::Tensor GradientFlush::count(const std::vector<torch::Tensor>& params,
                                   const torch::Tensor& inputIds,
                                   const torch::Tensor& attentionMask,
                                   const torch::Tensor& tokenTypeIds) const {
  torch::NoGradGuard noGrad;
  const auto device = inputIds.device();
  const auto attended = attentionMask.to(torch::kBool);  // (B, T)
  // Rows an fp32 step fills: ids at attended places. Padding ids feed masked keys only, whose
  // softmax weights are exactly zero, so their rows stay zero in fp32 as well.
  const auto tokenRows = std::get<0>(at::_unique(inputIds.masked_select(attended)));
  const auto positionRows = attended.any(0).nonzero().squeeze(1);  // (positions used)
  const auto typeRows = std::get<0>(at::_unique(tokenTypeIds.masked_select(attended)));
  auto flushed = torch::zeros({}, torch::TensorOptions(torch::kLong).device(device));
  int64_t expected = 0;
  const size_t n = std::min(params.size(), rows_.size());
  for (size_t i = 0; i < n; ++i) {
    const torch::Tensor& g = params[i].grad();
    if (!g.defined()) continue;
    torch::Tensor filled;
    switch (rows_[i]) {
      case Rows::All:
        filled = g;
        break;
      case Rows::Tokens:
        filled = g.index_select(0, tokenRows);
        break;
      case Rows::Positions:
        filled = g.index_select(0, positionRows);
        break;
      case Rows::TokenTypes:
        filled = g.index_select(0, typeRows);
        break;
    }
    expected += filled.numel();  // shapes are known on the host: no sync
    flushed += (filled == 0).sum();
  }
  return torch::stack({flushed.to(torch::kDouble),
                       torch::full({}, static_cast<double>(expected),
                                   torch::TensorOptions(torch::kDouble).device(device))});
}

}  // namespace precisionlab
