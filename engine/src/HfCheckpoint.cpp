#include "engine/src/HfCheckpoint.h"

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

#include "engine/EngineError.h"
#include "engine/src/AtomicFileWriter.h"
#include "engine/src/CheckpointTensors.h"
#include "engine/src/Json.h"
#include "engine/src/SafetensorsWriter.h"
#include "engine/src/SentenceTransformersLayout.h"

namespace precisionlab {

namespace fs = std::filesystem;

namespace {

bool fileExists(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw InputError(path + ": cannot read");
  return ss.str();
}

json::Value parseJsonFile(const std::string& text, const std::string& source) {
  try {
    return json::parse(text);
  } catch (const json::ParseError& e) {
    throw InputError(source + ": " + e.what());
  }
}

// Typed field access that names the file and the field in every error.
class ConfigReader {
 public:
  ConfigReader(const json::Value& root, std::string source) : root_(root), source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw InputError(source_ + ": field \"" + field + "\" " + what);
  }

  const json::Value* get(const std::string& field) const { return root_.find(field); }

  int64_t positiveInt(const std::string& field) const {
    const json::Value* v = get(field);
    if (!v) fail(field, "is missing; a BERT config.json needs it");
    return positiveIntValue(field, *v);
  }

  int64_t positiveIntValue(const std::string& field, const json::Value& v) const {
    if (!v.isInteger()) fail(field, std::string("must be a positive integer, found ") +
                                        (v.isNumber() ? v.numberText() : json::typeName(v.type())));
    int64_t n = 0;
    try {
      n = v.asInt64();
    } catch (const json::TypeError&) {
      fail(field, "= " + v.numberText() + " is too large");
    }
    if (n <= 0) fail(field, "must be a positive integer, found " + std::to_string(n));
    return n;
  }

  double number(const std::string& field, double fallback, double lo, double hi,
                bool loInclusive) const {
    const json::Value* v = get(field);
    if (!v || v->isNull()) return fallback;
    if (!v->isNumber()) fail(field, std::string("must be a number, found ") + json::typeName(v->type()));
    double d = 0;
    try {
      d = v->asDouble();
    } catch (const json::TypeError&) {
      fail(field, "= " + v->numberText() + " is out of range");
    }
    if (d > hi || d < lo || (!loInclusive && d == lo))
      fail(field, "= " + v->numberText() + " is out of range (" + (loInclusive ? "[" : "(") +
                      json::serialize(json::Value(lo)) + ", " + json::serialize(json::Value(hi)) + "])");
    return d;
  }

  std::string string(const std::string& field, const std::string& fallback) const {
    const json::Value* v = get(field);
    if (!v) return fallback;
    if (!v->isString()) fail(field, std::string("must be a string, found ") + json::typeName(v->type()));
    return v->asString();
  }

 private:
  const json::Value& root_;
  std::string source_;
};

std::vector<std::string> readLabels(const ConfigReader& r) {
  std::vector<std::string> labels;
  const json::Value* id2label = r.get("id2label");
  const json::Value* numLabels = r.get("num_labels");
  if (id2label && !id2label->isNull()) {
    if (!id2label->isObject())
      r.fail("id2label", std::string("must be an object {\"0\": \"label\", ...}, found ") +
                             json::typeName(id2label->type()));
    const auto& members = id2label->members();
    labels.assign(members.size(), std::string());
    std::vector<bool> seen(members.size(), false);
    for (const auto& [key, value] : members) {
      size_t id = 0;
      const bool digits = !key.empty() && key.size() < 10 &&
                          std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (digits) id = std::stoul(key);
      if (!digits || id >= members.size() || seen[id])
        r.fail("id2label", "keys must be the ids 0.." + std::to_string(members.size() - 1) +
                               " each once, found \"" + key + "\"");
      if (!value.isString()) r.fail("id2label", "value for \"" + key + "\" must be a string");
      seen[id] = true;
      labels[id] = value.asString();
    }
    if (numLabels && r.positiveIntValue("num_labels", *numLabels) != int64_t(labels.size()))
      r.fail("num_labels", "= " + numLabels->numberText() + " disagrees with id2label's " +
                               std::to_string(labels.size()) + " labels");
  } else {
    const int64_t n = numLabels ? r.positiveIntValue("num_labels", *numLabels) : 2;
    if (n > 100000) r.fail("num_labels", "is implausibly large");
    for (int64_t i = 0; i < n; ++i) labels.push_back("LABEL_" + std::to_string(i));
  }
  if (labels.empty()) r.fail("id2label", "is empty; a classifier needs at least one label");
  std::set<std::string> unique(labels.begin(), labels.end());
  if (unique.size() != labels.size()) r.fail("id2label", "names a label twice");
  if (const json::Value* label2id = r.get("label2id"); label2id && !label2id->isNull()) {
    if (!label2id->isObject())
      r.fail("label2id", std::string("must be an object, found ") + json::typeName(label2id->type()));
    if (label2id->members().size() != labels.size())
      r.fail("label2id", "has " + std::to_string(label2id->members().size()) +
                             " entries but id2label has " + std::to_string(labels.size()));
    for (const auto& [name, id] : label2id->members()) {
      const auto it = std::find(labels.begin(), labels.end(), name);
      if (it == labels.end() || !id.isInteger() || id.numberText() != std::to_string(it - labels.begin()))
        r.fail("label2id", "entry \"" + name + "\" is not the inverse of id2label");
    }
  }
  return labels;
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
  if (addPrefix && key.rfind("classifier.", 0) != 0 && key.rfind("cls.", 0) != 0) key = "bert." + key;
  return key;
}

// The encoder layer number of a model parameter name, or -1.
int64_t encoderLayerOf(const std::string& name) {
  static const std::string prefix = "bert.encoder.layer.";
  if (name.rfind(prefix, 0) != 0) return -1;
  const size_t end = name.find('.', prefix.size());
  const std::string digits = name.substr(prefix.size(), end - prefix.size());
  if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos)
    return -1;
  return std::stoll(digits);
}

}  // namespace

BertConfig parseHfConfig(const std::string& text, const std::string& source,
                         std::vector<std::string>* warnings) {
  const json::Value root = parseJsonFile(text, source);
  if (!root.isObject()) throw InputError(source + ": must be a JSON object");
  const ConfigReader r(root, source);
  const json::Value* type = r.get("model_type");
  if (!type) r.fail("model_type", "is missing; expected \"bert\"");
  if (!type->isString() || type->asString() != "bert")
    r.fail("model_type", "is " + json::serialize(*type) +
                             ", but PrecisionLab loads BERT models only (\"bert\")");
  BertConfig c;
  c.vocabSize = r.positiveInt("vocab_size");
  c.hiddenSize = r.positiveInt("hidden_size");
  c.numLayers = r.positiveInt("num_hidden_layers");
  c.numHeads = r.positiveInt("num_attention_heads");
  c.intermediateSize = r.positiveInt("intermediate_size");
  c.maxPositions = r.positiveInt("max_position_embeddings");
  c.typeVocabSize = r.positiveInt("type_vocab_size");
  if (c.hiddenSize % c.numHeads != 0)
    r.fail("hidden_size", "= " + std::to_string(c.hiddenSize) +
                              " is not a multiple of num_attention_heads = " + std::to_string(c.numHeads));
  c.hiddenAct = r.string("hidden_act", "gelu");
  if (c.hiddenAct != "gelu" && c.hiddenAct != "gelu_new" && c.hiddenAct != "relu" && c.hiddenAct != "tanh")
    r.fail("hidden_act", "= \"" + c.hiddenAct + "\" is not supported (gelu, gelu_new, relu, tanh)");
  c.layerNormEps = r.number("layer_norm_eps", 1e-12, 0.0, 1.0, false);
  c.hiddenDropout = r.number("hidden_dropout_prob", 0.1, 0.0, 1.0, true);
  c.attentionDropout = r.number("attention_probs_dropout_prob", 0.1, 0.0, 1.0, true);
  c.initializerRange = r.number("initializer_range", 0.02, 0.0, 10.0, true);
  const std::string positions = r.string("position_embedding_type", "absolute");
  if (positions != "absolute")
    r.fail("position_embedding_type", "= \"" + positions + "\" is not supported (absolute only)");
  if (const json::Value* dec = r.get("is_decoder"); dec && dec->isBool() && dec->asBool())
    r.fail("is_decoder", "is true; only BERT encoders are supported");
  c.labels = readLabels(r);
  if (warnings && !r.get("id2label") && !r.get("num_labels"))
    warnings->push_back(source + ": no id2label or num_labels; using 2 labels LABEL_0, LABEL_1 "
                                 "as transformers does");
  return c;
}

std::string hfConfigJson(const BertConfig& c, int64_t padTokenId) {
  json::Value id2label = json::Value::object();
  json::Value label2id = json::Value::object();
  for (size_t i = 0; i < c.labels.size(); ++i) {
    id2label.set(std::to_string(i), c.labels[i]);
    label2id.set(c.labels[i], static_cast<int64_t>(i));
  }
  json::Value root = json::Value::object();
  root.set("architectures", json::Value(json::Value::Array{"BertForSequenceClassification"}));
  root.set("attention_probs_dropout_prob", c.attentionDropout);
  root.set("classifier_dropout", nullptr);
  root.set("hidden_act", c.hiddenAct);
  root.set("hidden_dropout_prob", c.hiddenDropout);
  root.set("hidden_size", c.hiddenSize);
  root.set("id2label", std::move(id2label));
  root.set("initializer_range", c.initializerRange);
  root.set("intermediate_size", c.intermediateSize);
  root.set("label2id", std::move(label2id));
  root.set("layer_norm_eps", c.layerNormEps);
  root.set("max_position_embeddings", c.maxPositions);
  root.set("model_type", "bert");
  root.set("num_attention_heads", c.numHeads);
  root.set("num_hidden_layers", c.numLayers);
  root.set("pad_token_id", padTokenId);
  root.set("position_embedding_type", "absolute");
  root.set("problem_type", "single_label_classification");
  root.set("torch_dtype", "float32");
  root.set("type_vocab_size", c.typeVocabSize);
  root.set("use_cache", true);
  root.set("vocab_size", c.vocabSize);
  return json::serialize(root, 2) + "\n";
}

WordPieceTokenizer readHfTokenizer(const std::string& dir) {
  bool lowercase = true;  // BertTokenizer's default
  const std::string tc = dir + "/tokenizer_config.json";
  if (fileExists(tc)) {
    const json::Value root = parseJsonFile(readText(tc), tc);
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
    throw InputError(vocab + ": missing; a BERT model directory needs its WordPiece vocab.txt "
                             "(tokenizer.json alone is not supported)");
  return WordPieceTokenizer::fromVocabFile(vocab, lowercase);
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
      // One tensor at a time from the mapping, converted to the parameter's dtype in the copy.
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
      warnings->push_back(source + ": classifier for another label set skipped: " +
                          joinNames(skippedClassifier));
    if (!newClassifier.empty())
      warnings->push_back("Some weights of BertForSequenceClassification were not initialized "
                          "from the checkpoint " + source + " and are newly initialized: " +
                          joinNames(newClassifier) +
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
    throw InputError(givenDir + ": not a directory; give a Hugging Face model directory holding "
                                "config.json, vocab.txt and model.safetensors");
  }
  const std::string dir = SentenceTransformersLayout::bertDirectory(givenDir, warnings);
  const std::string configPath = dir + "/config.json";
  if (!fileExists(configPath))
    throw InputError(configPath + ": missing; a Hugging Face model directory needs config.json");
  BertConfig config = parseHfConfig(readText(configPath), configPath, warnings);
  const bool layersCut = maxLayers > 0 && maxLayers < config.numLayers;
  if (layersCut) {
    if (warnings)
      warnings->push_back(configPath + ": using the first " + std::to_string(maxLayers) + " of " +
                          std::to_string(config.numLayers) + " pretrained encoder layers");
    config.numLayers = maxLayers;
  }
  WordPieceTokenizer tokenizer = readHfTokenizer(dir);
  if (tokenizer.vocabSize() > config.vocabSize)
    throw InputError(dir + "/vocab.txt has " + std::to_string(tokenizer.vocabSize()) +
                     " tokens but config.json's vocab_size is " + std::to_string(config.vocabSize) +
                     "; they must belong to the same model");
  const CheckpointTensors tensors(dir);
  bool reinit = false;
  if (labels && *labels != config.labels) {
    if (warnings)
      warnings->push_back(configPath + ": the model's " + std::to_string(config.numLabels()) +
                          " labels are replaced by the dataset's " + std::to_string(labels->size()));
    reinit = labels->size() != config.labels.size();
    config.labels = *labels;
  }
  BertForSequenceClassification model(
      BertForSequenceClassificationOptions(config).padTokenId(tokenizer.padId()));
  loadHfWeights(*model, tensors, warnings, reinit, layersCut);
  model->to(device);
  return LoadedCheckpoint{std::move(config), std::move(tokenizer), std::move(model)};
}

namespace {
std::string withoutTrailingSlashes(std::string dir) {
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return dir;
}
}  // namespace

void checkSaveDirectory(const std::string& dirArg) {
  const std::string dir = withoutTrailingSlashes(dirArg);
  if (dir.empty()) throw InputError("--save needs a directory name");
  std::error_code ec;
  const fs::path target(dir);
  if (fs::exists(target, ec)) {
    if (!fs::is_directory(target, ec))
      throw InputError(dir + ": exists and is not a directory; choose another place to save");
    bool empty = true, hasConfig = false;
    for (const auto& entry : fs::directory_iterator(target, ec)) {
      empty = false;
      if (entry.is_directory())
        throw InputError(dir + ": exists and contains the folder " + entry.path().filename().string() +
                         "; PrecisionLab replaces only plain model directories. Choose a new one.");
      if (entry.path().filename() == "config.json") hasConfig = true;
    }
    if (!empty && !hasConfig)
      throw InputError(dir + ": exists and is not a model directory (no config.json); choose a "
                             "new or empty directory so nothing else is overwritten");
  }
  // The save goes through a sibling temporary directory, so the parent must take new entries.
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, ec))
    throw InputError(dir + ": the folder " + parent.string() +
                     " does not exist; create it first or save somewhere else");
  if (::access(parent.c_str(), W_OK | X_OK) != 0)
    throw InputError(dir + ": cannot write in " + parent.string() + " (" + std::strerror(errno) +
                     "); save somewhere else");
}

void saveHfCheckpoint(const std::string& dirArg, const BertConfig& config,
                      const WordPieceTokenizer& tokenizer, BertForSequenceClassificationImpl& model) {
  checkSaveDirectory(dirArg);
  const std::string dir = withoutTrailingSlashes(dirArg);
  std::error_code ec;
  const fs::path target(dir);
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const std::string base = target.filename().string();
  std::string templ = (parent / ("." + base + ".saving-XXXXXX")).string();
  if (!::mkdtemp(templ.data()))
    throw InputError(dir + ": cannot create a temporary directory next to it: " +
                     std::strerror(errno));
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
        throw InputError(dir + ": cannot prepare the swap: " + std::strerror(errno));
      aside = asideTempl;
      if (::rename(dir.c_str(), aside.c_str()) != 0) {
        const int err = errno;
        ::rmdir(aside.c_str());
        throw InputError(dir + ": cannot move the previous model aside: " + std::strerror(err));
      }
    }
    if (::rename(temp.c_str(), dir.c_str()) != 0) {
      const int err = errno;
      if (!aside.empty()) ::rename(aside.c_str(), dir.c_str());
      throw InputError(dir + ": cannot move the new model into place: " + std::strerror(err));
    }
    AtomicFileWriter::syncDirectory(parent.string());
    if (!aside.empty()) fs::remove_all(aside, ec);  // best effort: the new model is in place
  } catch (const std::exception& e) {
    fs::remove_all(temp, ec);
    const std::string what = e.what();
    if (dynamic_cast<const InputError*>(&e))
      throw InputError("saving the model to " + dir + " failed, any previous model there is "
                       "unchanged: " + what);
    throw;
  }
}

}  // namespace precisionlab
