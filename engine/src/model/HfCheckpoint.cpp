#include "model/HfCheckpoint.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "core/AtomicFileWriter.h"
#include "core/ConfigValidator.h"
#include "core/EngineError.h"
#include "core/HfConfig.h"
#include "core/Json.h"
#include "core/OutputFolder.h"
#include "core/SafeFileReader.h"
#include "core/SentenceTransformersLayout.h"
#include "core/TerminalText.h"
#include "model/CheckpointTensors.h"
#include "model/PeftAdapter.h"
#include "model/SafetensorsWriter.h"

namespace precisionlab {

namespace fs = std::filesystem;

namespace {

// Present at all: whether it is a regular file is SafeFileReader's check, which says what
// else it is (a FIFO, a directory) instead of calling it missing.
bool fileExists(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0;
}

std::string readText(const std::string& path) {
  return SafeFileReader::readFile(path, filekinds::kConfigJson);
}

std::string shapeText(torch::IntArrayRef s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

std::string joinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The model's name for a checkpoint key: old LayerNorm gamma/beta, and checkpoints of a bare
// BertModel that lack the "bert." prefix (base_model_prefix in transformers).
std::string modelName(std::string key, bool addPrefix) {
  if (key.find("LayerNorm.") != std::string::npos) {
    const auto replaceSuffix = [&](const std::string& from, const std::string& to) {
      if (key.size() > from.size() && key.compare(key.size() - from.size(), from.size(), from) == 0)
        key = key.substr(0, key.size() - from.size()) + to;
    };
    replaceSuffix(".gamma", ".weight");
    replaceSuffix(".beta", ".bias");
  }
  if (addPrefix && key.rfind("classifier.", 0) != 0 && key.rfind("cls.", 0) != 0)
    key = "bert." + key;
  return key;
}

// config.json's sizes against the checkpoint's tensor shapes, before a model is allocated from
// config.json: a config that disagrees with its weights is an error naming both, not a model of
// the config's size built only to be thrown away (or never built, for lack of memory). A tensor
// the checkpoint lacks is left to loadHfWeights, which lists every missing one.
void checkConfigAgainstTensors(const BertConfig& c, const CheckpointTensors& tensors,
                               const std::string& configPath) {
  const auto shapeOf = [&](const std::string& name) -> const std::vector<int64_t>* {
    for (const char* prefix : {"bert.", ""}) {
      const auto it = tensors.tensors().find(prefix + name);
      if (it != tensors.tensors().end()) return &it->second.entry->shape;
    }
    return nullptr;
  };
  const auto expect = [&](const std::string& name, std::vector<int64_t> want, const char* fields) {
    const std::vector<int64_t>* got = shapeOf(name);
    if (got && *got != want)
      throw InputError(configPath + ": " + fields + " give " + name + " the shape " +
                       shapeText(want) + ", but " + tensors.source() + " holds " + shapeText(*got) +
                       ". Check that config.json belongs to these weights.");
  };
  expect("embeddings.word_embeddings.weight", {c.vocabSize, c.hiddenSize},
         "vocab_size and hidden_size");
  expect("embeddings.position_embeddings.weight", {c.maxPositions, c.hiddenSize},
         "max_position_embeddings and hidden_size");
  expect("embeddings.token_type_embeddings.weight", {c.typeVocabSize, c.hiddenSize},
         "type_vocab_size and hidden_size");
  expect("encoder.layer.0.intermediate.dense.weight", {c.intermediateSize, c.hiddenSize},
         "intermediate_size and hidden_size");
  int64_t layers = 0;
  for (const auto& [key, item] : tensors.tensors()) {
    const size_t at = key.find("encoder.layer.");
    if (at == std::string::npos) continue;
    const char* digits = key.c_str() + at + 14;
    char* end = nullptr;
    const long long index = std::strtoll(digits, &end, 10);
    if (end != digits && *end == '.' && index >= 0 && index < c.numLayers + 1000000)
      layers = std::max<int64_t>(layers, index + 1);
  }
  // Fewer layers in the config than in the file is left to loadHfWeights (unexpected tensors,
  // listed with every other problem); more would allocate layers the file cannot fill.
  if (layers > 0 && c.numLayers > layers)
    throw InputError(configPath + ": num_hidden_layers = " + std::to_string(c.numLayers) +
                     ", but " + tensors.source() + " holds " + std::to_string(layers) +
                     " encoder layers. Check that config.json belongs to these weights.");
}

}  // namespace

WordPieceTokenizer readHfTokenizer(const std::string& dir) {
  bool lowercase = true;  // BertTokenizer's default
  const std::string tc = dir + "/tokenizer_config.json";
  if (fileExists(tc)) {
    const json::Value root = parseJsonDocument(readText(tc), tc);
    if (!root.isObject()) throw InputError(tc + ": must be a JSON object");
    if (const json::Value* v = root.find("do_lower_case"); v && !v->isNull()) {
      if (!v->isBool())
        throw InputError(tc + ": field \"do_lower_case\" must be true or false, found " +
                         json::typeName(v->type()));
      lowercase = v->asBool();
    }
  }
  const std::string vocab = dir + "/vocab.txt";
  if (!fileExists(vocab))
    throw InputError(vocab +
                     ": missing; a BERT model directory needs its WordPiece vocab.txt "
                     "(tokenizer.json alone is not supported)");
  return WordPieceTokenizer::fromVocabFile(vocab, lowercase);
}

// The encoder layer number of a model parameter name, or -1.
int64_t encoderLayerOf(const std::string& name) {
  static const std::string prefix = "bert.encoder.layer.";
  if (name.rfind(prefix, 0) != 0) return -1;
  const size_t end = name.find('.', prefix.size());
  const std::string digits = name.substr(prefix.size(), end - prefix.size());
  if (digits.empty() || digits.size() > 6 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return -1;
  return std::stoll(digits);
}

void loadHfWeights(BertForSequenceClassificationImpl& model, const CheckpointTensors& tensors,
                   std::vector<std::string>* warnings, bool reinitClassifier, bool layersCut) {
  const std::string source = tensors.source();
  bool addPrefix = true;
  for (const auto& [key, item] : tensors.tensors())
    if (key.rfind("bert.", 0) == 0) addPrefix = false;

  auto params = model.named_parameters(/*recurse=*/true);
  std::map<std::string, torch::Tensor> wanted;
  for (const auto& p : params) wanted[p.key()] = p.value();

  std::vector<std::string> unexpected, wrongShape, unloadable, ignoredCls, skippedClassifier,
      cutLayers;
  std::vector<std::pair<torch::Tensor, const CheckpointTensors::Item*>> copies;
  std::set<std::string> loaded, present;  // present: in the checkpoint, loadable or not
  for (const auto& [key, item] : tensors.tensors()) {
    if (key.rfind("cls.", 0) == 0) {
      ignoredCls.push_back(key);
      continue;
    }
    const std::string name = modelName(key, addPrefix);
    if (name == "bert.embeddings.position_ids") continue;  // a buffer transformers recomputes
    const auto it = wanted.find(name);
    if (it == wanted.end() && layersCut &&
        encoderLayerOf(name) >= model.options().config().numLayers) {
      cutLayers.push_back(key);
      continue;
    }
    if (it == wanted.end()) {
      unexpected.push_back(key);
      continue;
    }
    present.insert(name);
    const torch::IntArrayRef fileShape(item.entry->shape);
    if (fileShape != it->second.sizes()) {
      if (reinitClassifier && name.rfind("classifier.", 0) == 0) {
        skippedClassifier.push_back(key);
        continue;
      }
      wrongShape.push_back(key + " (checkpoint " + shapeText(fileShape) + ", model " +
                           shapeText(it->second.sizes()) + ")");
      continue;
    }
    torch::Dtype dtype;
    if (!SafetensorsFile::loadableDtype(item.entry->dtype, &dtype) || dtype == torch::kInt64) {
      unloadable.push_back(key + " (" + item.entry->dtype + ")");
      continue;
    }
    copies.emplace_back(it->second, &item);
    loaded.insert(name);
  }
  std::vector<std::string> missing, newClassifier;
  for (const auto& p : params) {  // model order: classifier.weight before classifier.bias
    const std::string& name = p.key();
    if (loaded.count(name) || (present.count(name) && name.rfind("classifier.", 0) != 0)) continue;
    (name.rfind("classifier.", 0) == 0 ? newClassifier : missing).push_back(name);
  }
  if (!missing.empty() || !unexpected.empty() || !wrongShape.empty() || !unloadable.empty()) {
    std::string msg = source + " does not fit the BERT that config.json describes:";
    if (!missing.empty()) msg += "\n  missing tensors: " + joinNames(missing);
    if (!unexpected.empty()) msg += "\n  unexpected tensors: " + joinNames(unexpected);
    if (!wrongShape.empty()) msg += "\n  wrong shape: " + joinNames(wrongShape);
    if (!unloadable.empty())
      msg += "\n  unsupported dtype (F32, F16, BF16 load): " + joinNames(unloadable);
    msg += "\nCheck that config.json belongs to these weights.";
    throw InputError(msg);
  }
  {
    torch::NoGradGuard noGrad;
    for (auto& [param, item] : copies) {
      // One tensor at a time read from the file, converted to the parameter's dtype in the copy.
      param.copy_(item->file->view(*item->entry));
    }
  }
  if (warnings) {
    if (!ignoredCls.empty())
      warnings->push_back(source + ": ignored " + std::to_string(ignoredCls.size()) +
                          " pretraining-head tensors not used by sequence classification: " +
                          joinNames(ignoredCls));
    if (!cutLayers.empty())
      warnings->push_back(source + ": " + std::to_string(cutLayers.size()) +
                          " tensors of encoder layers " +
                          std::to_string(model.options().config().numLayers) +
                          " and up not used (the model keeps the first " +
                          std::to_string(model.options().config().numLayers) + " layers)");
    if (!skippedClassifier.empty())
      warnings->push_back(
          source + ": classifier for another label set skipped: " + joinNames(skippedClassifier));
    if (!newClassifier.empty())
      warnings->push_back(
          "Some weights of BertForSequenceClassification were not initialized "
          "from the checkpoint " +
          source + " and are newly initialized: " + joinNames(newClassifier) +
          ". Fine-tune the model before using its predictions.");
  }
}

LoadedCheckpoint loadHfCheckpoint(const std::string& givenDir, const torch::Device& device,
                                  std::vector<std::string>* warnings,
                                  const std::vector<std::string>* labels, int64_t maxLayers) {
  struct stat st {};
  if (::stat(givenDir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    if (CheckpointTensors::isPickleFile(givenDir))
      throw InputError(CheckpointTensors::pickleRefusal(givenDir));
    throw InputError(givenDir +
                     ": not a directory; give a Hugging Face model directory holding "
                     "config.json, vocab.txt and model.safetensors");
  }
  if (isPeftAdapterDirectory(givenDir)) {
    // What train --lora-rank --save writes: it was read as a broken model directory.
    const PeftAdapterInfo info = readPeftAdapterConfig(givenDir);
    const std::string base = findPeftBase(givenDir, info);
    throw InputError(peftAdapterText(givenDir, info) + ". Train from its base: --model " +
                     (base.empty() ? "BASE_DIR (the base model's Hugging Face folder)" : base) +
                     " --lora-rank " + std::to_string(info.rank) +
                     " trains new adapters on it; `predict --model " + givenDir +
                     "` loads base and adapter");
  }
  const std::string dir = SentenceTransformersLayout::bertDirectory(givenDir, warnings);
  const std::string configPath = dir + "/config.json";
  if (!fileExists(configPath))
    throw InputError(configPath + ": missing; a Hugging Face model directory needs config.json");
  BertConfig config = parseHfConfig(readText(configPath), configPath, warnings);
  WordPieceTokenizer tokenizer = readHfTokenizer(dir);
  if (tokenizer.vocabSize() > config.vocabSize)
    throw InputError(dir + "/vocab.txt has " + std::to_string(tokenizer.vocabSize()) +
                     " tokens but config.json's vocab_size is " + std::to_string(config.vocabSize) +
                     "; they must belong to the same model");
  const CheckpointTensors tensors(dir);
  checkConfigAgainstTensors(config, tensors, configPath);
  const bool layersCut = maxLayers > 0 && maxLayers < config.numLayers;
  if (layersCut) {
    if (warnings)
      warnings->push_back(configPath + ": using the first " + std::to_string(maxLayers) + " of " +
                          std::to_string(config.numLayers) + " pretrained encoder layers");
    config.numLayers = maxLayers;
  }
  bool reinit = false;
  if (labels && *labels != config.labels) {
    if (warnings)
      warnings->push_back(configPath + ": the model's " + std::to_string(config.numLabels()) +
                          " labels are replaced by the dataset's " +
                          std::to_string(labels->size()));
    reinit = labels->size() != config.labels.size();
    config.labels = *labels;
  }
  BertForSequenceClassification model(
      BertForSequenceClassificationOptions(config).padTokenId(tokenizer.padId()));
  loadHfWeights(*model, tensors, warnings, reinit, layersCut);
  model->to(device);
  return LoadedCheckpoint{std::move(config), std::move(tokenizer), std::move(model)};
}

void checkSaveDirectory(const std::string& dirArg) {
  const std::string problem = saveDirectoryProblem(dirArg);
  if (!problem.empty()) throw InputError(problem);
}

void saveHfCheckpoint(const std::string& dirArg, const BertConfig& config,
                      const WordPieceTokenizer& tokenizer,
                      BertForSequenceClassificationImpl& model) {
  checkSaveDirectory(dirArg);
  const std::string dir = withoutTrailingSlashes(dirArg);
  std::error_code ec;
  const fs::path target(dir);
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const std::string base = target.filename().string();
  std::string templ = (parent / ("." + base + ".saving-XXXXXX")).string();
  if (!::mkdtemp(templ.data()))
    throw InputError(dir + ": cannot create a temporary directory next to it: " +
                     AtomicFileWriter::reason(errno));
  const std::string temp = templ;
  ::chmod(temp.c_str(), 0755);
  try {
    AtomicFileWriter::writeFile(temp + "/config.json", hfConfigJson(config, tokenizer.padId()));
    std::string vocab;
    for (const auto& t : tokenizer.vocab()) vocab += t + "\n";
    AtomicFileWriter::writeFile(temp + "/vocab.txt", vocab);
    json::Value tc = json::Value::object();
    tc.set("do_lower_case", tokenizer.lowercase());
    tc.set("model_max_length", config.maxPositions);
    tc.set("tokenizer_class", "BertTokenizer");
    tc.set("cls_token", "[CLS]");
    tc.set("sep_token", "[SEP]");
    tc.set("pad_token", "[PAD]");
    tc.set("unk_token", "[UNK]");
    tc.set("mask_token", "[MASK]");
    AtomicFileWriter::writeFile(temp + "/tokenizer_config.json", json::serialize(tc, 2) + "\n");
    SafetensorsWriter weights;
    for (const auto& p : model.named_parameters(/*recurse=*/true)) weights.add(p.key(), p.value());
    weights.setMetadata("format", "pt");  // transformers requires it to load the file
    weights.write(temp + "/model.safetensors");
    AtomicFileWriter::syncDirectory(temp);

    // Swap: the old directory is renamed aside, the new one in, then the old one removed. At
    // every instant one complete directory sits at or next to the target name.
    std::string aside;
    if (fs::exists(target, ec)) {
      std::string asideTempl = (parent / ("." + base + ".old-XXXXXX")).string();
      if (!::mkdtemp(asideTempl.data()))
        throw InputError(dir + ": cannot prepare the swap: " + AtomicFileWriter::reason(errno));
      aside = asideTempl;
      if (::rename(dir.c_str(), aside.c_str()) != 0) {
        const int err = errno;
        ::rmdir(aside.c_str());
        throw InputError(
            dir + ": cannot move the previous model aside: " + AtomicFileWriter::reason(err));
      }
    }
    if (::rename(temp.c_str(), dir.c_str()) != 0) {
      const int err = errno;
      if (!aside.empty()) ::rename(aside.c_str(), dir.c_str());
      throw InputError(dir +
                       ": cannot move the new model into place: " + AtomicFileWriter::reason(err));
    }
    AtomicFileWriter::syncDirectory(parent.string());
    if (!aside.empty()) fs::remove_all(aside, ec);  // best effort: the new model is in place
  } catch (const std::exception& e) {
    fs::remove_all(temp, ec);
    const std::string what = e.what();
    if (dynamic_cast<const InputError*>(&e))
      throw InputError("saving the model to " + dir +
                       " failed, any previous model there is "
                       "unchanged: " +
                       what);
    throw;
  }
}

}  // namespace precisionlab
