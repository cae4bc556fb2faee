// sentence-transformers model directories (modules.json listing a Transformer module, then
// 1_Pooling/, 2_Normalize/, ...), read the way transformers' from_pretrained reads them when a
// learner passes such a directory to BertForSequenceClassification: the BERT (config.json,
// vocab.txt, model.safetensors) is the Transformer module's folder, usually the directory itself;
// the pooling and normalisation modules are not part of a sequence classifier and are reported
// as unused, and the classifier head is new (reported by the weight loader).
#pragma once

#include <string>
#include <vector>

namespace precisionlab {

class SentenceTransformersLayout {
 public:
  // The folder holding the BERT for `dir`: dir itself when it has config.json, else the
  // Transformer module's path from dir/modules.json. A sentence-transformers layout adds one
  // warning naming the unused modules. Throws InputError for a malformed modules.json (field
  // named) or a module path leaving dir.
  static std::string bertDirectory(const std::string& dir, std::vector<std::string>* warnings);
};

}  // namespace precisionlab
