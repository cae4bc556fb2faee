// Architecture of a BERT sequence classifier, with Hugging Face's config.json field meanings.
// Plain data: no torch, no Qt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace precisionlab {

// The most labels a classifier may have, from config.json (id2label or num_labels) or from a
// dataset's label column: beyond it a file is refused before a head is built.
constexpr size_t kMaxLabels = 100000;

struct BertConfig {
  int64_t vocabSize = 30522;        // rows of the word embedding (vocab.txt lines)
  int64_t hiddenSize = 768;         // H
  int64_t numLayers = 12;           // L, encoder layers
  int64_t numHeads = 12;            // A, attention heads; H % A == 0
  int64_t intermediateSize = 3072;  // feed-forward width, 4H in the presets
  int64_t maxPositions = 512;       // rows of the position embedding
  int64_t typeVocabSize = 2;        // rows of the token-type embedding
  std::string hiddenAct = "gelu";   // exact-erf GELU ("gelu"); "gelu_new"/"relu" also accepted
  double layerNormEps = 1e-12;      // LayerNorm epsilon
  double hiddenDropout = 0.1;       // dropout after embeddings, attention output, feed-forward
  double attentionDropout = 0.1;    // dropout on attention probabilities
  double initializerRange = 0.02;   // std of the normal init for new weights
  std::vector<std::string> labels;  // id2label in id order; size() is num_labels

  int64_t numLabels() const { return static_cast<int64_t>(labels.size()); }

  // Presets from DESIGN.md: tiny L2/H128/A2, mini L4/H256/A4, small L4/H512/A8,
  // medium L8/H512/A8, base L12/H768/A12. Throws InputError naming the valid presets.
  static BertConfig preset(const std::string& name, int64_t vocabSize,
                           std::vector<std::string> labels);
  static std::vector<std::string> presetNames();
};

}  // namespace precisionlab
