// Hugging Face config.json for BERT: parsed into a BertConfig with every size bounded before
// anything is allocated from it (vocab_size, hidden_size, layers, heads, intermediate size,
// positions, the parameter count they imply, at most kMaxLabels labels), and written back as
// transformers writes it. Torch-free (the loading lives in HfCheckpoint.h), so the fuzz target
// parses config.json with the same code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/BertConfig.h"
#include "core/Json.h"

namespace precisionlab {

// text parsed as one JSON document; a syntax error is an InputError "<source>: line L, ...".
json::Value parseJsonDocument(const std::string& text, const std::string& source);

// config.json text -> BertConfig. sourceName names the file in errors ("DIR/config.json: field
// \"hidden_size\" ..."). Warnings (e.g. defaults applied) are appended when warnings != nullptr.
BertConfig parseHfConfig(const std::string& text, const std::string& sourceName,
                         std::vector<std::string>* warnings = nullptr);
// BertConfig -> config.json text as transformers writes it (architectures, model_type, id2label,
// label2id and every field), pretty-printed.
std::string hfConfigJson(const BertConfig& config, int64_t padTokenId);

}  // namespace precisionlab
