// A fine-tuned (or freshly loaded) Hugging Face BERT classifier used for prediction, behind a
// torch-free interface (pimpl) for the CLI and the UI. Built from a model directory; predicts in
// eval mode under no-grad, in batches.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace precisionlab {

struct Prediction {
  int64_t labelId = 0;        // argmax of the logits
  std::string label;          // id2label[labelId]
  std::vector<float> logits;  // one per label, in id order
};

class HfClassifier {
 public:
  // Loads dir (config.json, vocab.txt, model.safetensors) onto device ("cpu", "cuda", "cuda:N").
  // A PEFT adapter folder (adapter_config.json, adapter_model.safetensors) is loaded onto its base
  // model: baseDir, else the folder its base_model_name_or_path names; without one, an
  // InputError says which base it needs and how to give it.
  // Throws InputError for a malformed directory. Warnings (e.g. a classifier initialised anew)
  // are kept in warnings().
  HfClassifier(const std::string& dir, const std::string& device = "cpu",
               const std::string& baseDir = {});
  ~HfClassifier();
  HfClassifier(HfClassifier&&) noexcept;
  HfClassifier& operator=(HfClassifier&&) noexcept;

  // maxLength <= 0 means the model's max_position_embeddings.
  std::vector<Prediction> predict(const std::vector<std::string>& texts, int64_t maxLength = 0,
                                  int64_t batchSize = 32);
  const std::vector<std::string>& labels() const;
  const std::vector<std::string>& warnings() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace precisionlab
