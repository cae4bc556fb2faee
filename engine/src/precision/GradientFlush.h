// How many gradient values fp16 flushed to zero in a training step: values an fp32 step makes
// non-zero that this step holds at exactly zero. Counting every zero instead (as the lab did)
// read about 30% for fp32 runs too, because an embedding's gradient is zero in every row whose
// token, position or token type the batch does not use: those rows are zero in any precision.
// So the count covers only what fp32 fills: every value of the dense weights and biases, and the
// embedding rows the batch's attended tokens use. Exact zeros in a dense fp32 gradient would
// need an exact cancellation; fp32 runs read 0 % (measured on the lab's runs). Torch inside.
#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

namespace precisionlab {

class GradientFlush {
 public:
  // names: the model's parameter names, parallel to the parameters passed to count().
  explicit GradientFlush(const std::vector<std::string>& names);

  // [flushed, expected] as a 2-element double tensor on the gradients' device (no device sync).
  // inputIds, attentionMask, tokenTypeIds: the step's (B, T) batch.
  torch::Tensor count(const std::vector<torch::Tensor>& params, const torch::Tensor& inputIds,
                      const torch::Tensor& attentionMask, const torch::Tensor& tokenTypeIds) const;

 private:
  enum class Rows { All, Tokens, Positions, TokenTypes };
  std::vector<Rows> rows_;
};

}  // namespace precisionlab
