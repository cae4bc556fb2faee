// Hugging Face BERT model directories: config.json, vocab.txt (+ tokenizer_config.json's
// do_lower_case) and model.safetensors or a sharded model.safetensors.index.json, read into a
// BertForSequenceClassification by parameter name, and written back the same way. Loading
// follows transformers' from_pretrained: LayerNorm gamma/beta are renamed weight/bias, cls.*
// pretraining heads and bert.embeddings.position_ids are ignored (reported), a missing classifier
// head is initialised anew with a warning; any other missing, unexpected or mis-shaped tensor is
// an error that lists them all. Pickle checkpoints are refused (see CheckpointTensors).
// Saving is atomic at the directory level: a failure leaves any previous directory intact.
#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "core/BertConfig.h"
#include "core/HfConfig.h"
#include "core/WordPieceTokenizer.h"
#include "model/BertModel.h"

namespace precisionlab {

class CheckpointTensors;

struct LoadedCheckpoint {
  BertConfig config;
  WordPieceTokenizer tokenizer;
  BertForSequenceClassification model;  // on the requested device, in train() mode, fp32
};

// vocab.txt with tokenizer_config.json's do_lower_case (default true) from dir.
WordPieceTokenizer readHfTokenizer(const std::string& dir);

// Copies the checkpoint's tensors into model by name. Errors list every problem at once.
// reinitClassifier: the caller changed the label set, so a classifier of the wrong shape in the
// checkpoint is skipped with a warning instead of being an error. layersCut: the model keeps
// only the checkpoint's first encoder layers, so tensors of the later layers are reported as
// not used (transformers' "weights of the checkpoint were not used") instead of unexpected.
void loadHfWeights(BertForSequenceClassificationImpl& model, const CheckpointTensors& tensors,
                   std::vector<std::string>* warnings, bool reinitClassifier = false,
                   bool layersCut = false);

// The whole directory. labels: when not null and different from config.json's, the model is
// built for these labels and a classifier head for another label set is initialised anew
// (fine-tuning a checkpoint on a new dataset). Model weights are initialised from the current
// torch seed before loading, so a new classifier head is reproducible. A sentence-transformers
// directory (modules.json) loads its Transformer module (SentenceTransformersLayout).
// maxLayers > 0 keeps only the first maxLayers encoder layers (transformers'
// from_pretrained(dir, num_hidden_layers=k)), with a warning; config.numLayers says how many.
LoadedCheckpoint loadHfCheckpoint(const std::string& dir, const torch::Device& device,
                                  std::vector<std::string>* warnings,
                                  const std::vector<std::string>* labels = nullptr,
                                  int64_t maxLayers = 0);

// Writes config.json, vocab.txt, tokenizer_config.json and model.safetensors (Hugging Face
// names, the parameters' own dtype, metadata format=pt) into dir, atomically: everything goes
// into a sibling temporary directory which is fsync'ed and then swapped in by rename. Refuses to
// replace an existing directory that is not a model directory. Throws InputError on failure.
void saveHfCheckpoint(const std::string& dir, const BertConfig& config,
                      const WordPieceTokenizer& tokenizer,
                      BertForSequenceClassificationImpl& model);

}  // namespace precisionlab
