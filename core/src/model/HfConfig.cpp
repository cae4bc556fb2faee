// config.json <-> BertConfig (see HfConfig.h). Torch-free, so fuzz/ parses config.json too.
#include "core/HfConfig.h"

#include <algorithm>
#include <unordered_map>

#include "core/EngineError.h"
#include "core/TerminalText.h"

namespace precisionlab {

namespace {

// Upper bounds on config.json (see parseHfConfig) and on the label set (id2label or num_labels).
constexpr int64_t kMaxConfigVocabSize = 1 << 20;
constexpr double kMaxConfigParameters = 2e9;
// Typed field access that names the file and the field in every error.
class ConfigReader {
 public:
  ConfigReader(const json::Value& root, std::string source)
      : root_(root), source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw InputError(source_ + ": field \"" + field + "\" " + what);
  }

  const json::Value* get(const std::string& field) const { return root_.find(field); }

  int64_t positiveInt(const std::string& field) const {
    const json::Value* v = get(field);
    if (!v) fail(field, "is missing; a BERT config.json needs it");
    return positiveIntValue(field, *v);
  }

  // A positive integer no larger than max: the model is allocated from these sizes, so they are
  // bounded before anything is built from them.
  int64_t boundedInt(const std::string& field, int64_t max) const {
    const int64_t n = positiveInt(field);
    if (n > max)
      fail(field, "= " + std::to_string(n) + " is larger than PrecisionLab supports (at most " +
                      std::to_string(max) + "); is this the config.json of a BERT model?");
    return n;
  }

  int64_t positiveIntValue(const std::string& field, const json::Value& v) const {
    if (!v.isInteger())
      fail(field, std::string("must be a positive integer, found ") +
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
    if (!v->isNumber())
      fail(field, std::string("must be a number, found ") + json::typeName(v->type()));
    double d = 0;
    try {
      d = v->asDouble();
    } catch (const json::TypeError&) {
      fail(field, "= " + v->numberText() + " is out of range");
    }
    if (d > hi || d < lo || (!loInclusive && d == lo))
      fail(field, "= " + v->numberText() + " is out of range (" + (loInclusive ? "[" : "(") +
                      json::serialize(json::Value(lo)) + ", " + json::serialize(json::Value(hi)) +
                      "])");
    return d;
  }

  std::string string(const std::string& field, const std::string& fallback) const {
    const json::Value* v = get(field);
    if (!v) return fallback;
    if (!v->isString())
      fail(field, std::string("must be a string, found ") + json::typeName(v->type()));
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
    if (members.size() > kMaxLabels)
      r.fail("id2label", "has " + std::to_string(members.size()) + " labels, more than the " +
                             std::to_string(kMaxLabels) + " PrecisionLab supports");
    labels.assign(members.size(), std::string());
    std::vector<bool> seen(members.size(), false);
    for (const auto& [key, value] : members) {
      size_t id = 0;
      const bool digits =
          !key.empty() && key.size() < 10 &&
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
    if (n > static_cast<int64_t>(kMaxLabels))
      r.fail("num_labels", "= " + std::to_string(n) + " is more than the " +
                               std::to_string(kMaxLabels) + " labels PrecisionLab supports");
    for (int64_t i = 0; i < n; ++i) labels.push_back("LABEL_" + std::to_string(i));
  }
  if (labels.empty()) r.fail("id2label", "is empty; a classifier needs at least one label");
  // Hash maps: 200,000 labels are checked in linear time, not in minutes.
  std::unordered_map<std::string, size_t> idOf;
  idOf.reserve(labels.size());
  for (size_t i = 0; i < labels.size(); ++i)
    if (!idOf.emplace(labels[i], i).second) r.fail("id2label", "names a label twice");
  if (const json::Value* label2id = r.get("label2id"); label2id && !label2id->isNull()) {
    if (!label2id->isObject())
      r.fail("label2id",
             std::string("must be an object, found ") + json::typeName(label2id->type()));
    if (label2id->members().size() != labels.size())
      r.fail("label2id", "has " + std::to_string(label2id->members().size()) +
                             " entries but id2label has " + std::to_string(labels.size()));
    for (const auto& [name, id] : label2id->members()) {
      const auto it = idOf.find(name);
      if (it == idOf.end() || !id.isInteger() || id.numberText() != std::to_string(it->second))
        r.fail("label2id",
               "entry \"" + escapeForTerminal(name) + "\" is not the inverse of id2label");
    }
  }
  return labels;
}
}  // namespace

json::Value parseJsonDocument(const std::string& text, const std::string& source) {
  try {
    return json::parse(text);
  } catch (const json::ParseError& e) {
    throw InputError(source + ": " + e.what());
  }
}

BertConfig parseHfConfig(const std::string& text, const std::string& source,
                         std::vector<std::string>* warnings) {
  const json::Value root = parseJsonDocument(text, source);
  if (!root.isObject()) throw InputError(source + ": must be a JSON object");
  const ConfigReader r(root, source);
  const json::Value* type = r.get("model_type");
  if (!type) r.fail("model_type", "is missing; expected \"bert\"");
  if (!type->isString() || type->asString() != "bert")
    r.fail("model_type",
           "is " + json::serialize(*type) + ", but PrecisionLab loads BERT models only (\"bert\")");
  BertConfig c;
  // Bounds well above every published BERT (multilingual vocabularies reach 250,002 tokens,
  // bert-large has 24 layers of 1,024 with 4,096 intermediate) and far below a config that
  // would ask for terabytes.
  c.vocabSize = r.boundedInt("vocab_size", kMaxConfigVocabSize);
  c.hiddenSize = r.boundedInt("hidden_size", 8192);
  c.numLayers = r.boundedInt("num_hidden_layers", 256);
  c.numHeads = r.boundedInt("num_attention_heads", 256);
  c.intermediateSize = r.boundedInt("intermediate_size", 65536);
  c.maxPositions = r.boundedInt("max_position_embeddings", 65536);
  c.typeVocabSize = r.boundedInt("type_vocab_size", 1024);
  // Each size alone may be plausible and their product still not: bound the parameter count.
  const double parameters =
      static_cast<double>(c.vocabSize + c.maxPositions + c.typeVocabSize) * c.hiddenSize +
      static_cast<double>(c.numLayers) *
          (4.0 * c.hiddenSize * c.hiddenSize + 2.0 * c.hiddenSize * c.intermediateSize);
  if (parameters > kMaxConfigParameters)
    throw InputError(source + ": describes a model of about " +
                     std::to_string(static_cast<int64_t>(parameters / 1e6)) +
                     " million parameters, more than PrecisionLab loads (" +
                     std::to_string(static_cast<int64_t>(kMaxConfigParameters / 1e6)) +
                     " million); check vocab_size, hidden_size, num_hidden_layers and "
                     "intermediate_size");
  if (c.hiddenSize % c.numHeads != 0)
    r.fail("hidden_size",
           "= " + std::to_string(c.hiddenSize) +
               " is not a multiple of num_attention_heads = " + std::to_string(c.numHeads));
  c.hiddenAct = r.string("hidden_act", "gelu");
  if (c.hiddenAct != "gelu" && c.hiddenAct != "gelu_new" && c.hiddenAct != "relu" &&
      c.hiddenAct != "tanh")
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
    warnings->push_back(source +
                        ": no id2label or num_labels; using 2 labels LABEL_0, LABEL_1 "
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

}  // namespace precisionlab
