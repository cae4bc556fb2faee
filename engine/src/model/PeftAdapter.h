// LoRA adapters in Hugging Face PEFT's layout (what PeftModel.save_pretrained writes and
// PeftModel.from_pretrained reads): a directory with adapter_config.json (peft_type "LORA", r,
// lora_alpha, target_modules ["query", "value"], lora_dropout 0, bias "none", task_type
// "SEQ_CLS", modules_to_save ["classifier"], base_model_name_or_path) and
// adapter_model.safetensors holding every adapter and the trained classifier under PEFT's names:
// "base_model.model." + the model's own name, with the adapter name left out
// (base_model.model.bert.encoder.layer.0.attention.self.query.lora_A.weight,
// base_model.model.classifier.weight). docs/lora-experiment.md.
#pragma once

#include <cstdint>
#include <string>

#include "model/BertModel.h"

namespace precisionlab {

inline constexpr const char* kPeftConfigFile = "adapter_config.json";
inline constexpr const char* kPeftWeightsFile = "adapter_model.safetensors";
inline constexpr const char* kPeftKeyPrefix = "base_model.model.";

struct PeftAdapterInfo {
  std::string baseModel;  // base_model_name_or_path, "" when absent
  int64_t rank = 0;
  double alpha = 0;
};

// True when dir holds a PEFT adapter: adapter_config.json, and no config.json (a whole model).
bool isPeftAdapterDirectory(const std::string& dir);

// Reads and checks dir's adapter_config.json without a model: peft_type LORA, r in 1..1024, a
// positive lora_alpha, target_modules ["query", "value"], bias "none". Every refusal names the
// file and the field.
PeftAdapterInfo readPeftAdapterConfig(const std::string& dir);

// The base model folder of an adapter: base_model_name_or_path as written (absolute, or relative
// to the working directory, as `train --model` was given it), else relative to the adapter
// folder's parent; "" when it is neither (a preset's name, a Hub id, a folder not here).
std::string findPeftBase(const std::string& adapterDir, const PeftAdapterInfo& info);

// What the folder is, for messages: "ad: a PEFT LoRA adapter (rank 4, alpha 8) of the base model
// \"base\", not a whole model".
std::string peftAdapterText(const std::string& dir, const PeftAdapterInfo& info);

// Writes the model's adapters (model.loraRank() > 0) into dir, creating it if needed; each file
// is written to a temporary name and renamed into place. Throws InputError naming the file.
void savePeftAdapter(const std::string& dir, BertForSequenceClassificationImpl& model,
                     const std::string& baseModel, double alpha);

// Reads dir's adapter onto model (which must not carry adapters yet): checks the config's fields
// (every message names adapter_config.json and the field), adds adapters of its rank and alpha
// and copies every tensor after checking its name and shape; a missing or extra tensor is an
// error naming adapter_model.safetensors and the tensor. Both files go through SafeFileReader
// (regular files, size caps before allocation).
PeftAdapterInfo loadPeftAdapter(const std::string& dir, BertForSequenceClassificationImpl& model);

}  // namespace precisionlab
