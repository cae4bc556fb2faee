#include "model/PeftAdapter.h"

#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <map>
#include <set>

#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/NumberText.h"
#include "core/OutputFolder.h"
#include "core/SafeFileReader.h"
#include "core/TerminalText.h"
#include "model/SafetensorsFile.h"
#include "model/SafetensorsWriter.h"

namespace precisionlab {

namespace {

// The tensors an adapter holds: the model's trainable parameters (adapters and classifier) by
// their PEFT names.
std::map<std::string, torch::Tensor> adapterTensors(BertForSequenceClassificationImpl& model) {
  std::map<std::string, torch::Tensor> out;
  for (const auto& p : model.named_parameters(/*recurse=*/true))
    if (p.value().requires_grad()) out[kPeftKeyPrefix + p.key()] = p.value();
  return out;
}

}  // namespace

void savePeftAdapter(const std::string& dirArg, BertForSequenceClassificationImpl& model,
                     const std::string& baseModel, double alpha) {
  const int64_t rank = model.loraRank();
  if (rank <= 0) throw InputError("saving a LoRA adapter: the model has no adapters");
  const std::string dir = withoutTrailingSlashes(dirArg);
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
    throw InputError(dir +
                     ": cannot create the adapter directory: " + AtomicFileWriter::reason(errno));
  json::Value c = json::Value::object();
  c.set("base_model_name_or_path", baseModel);
  c.set("bias", "none");
  c.set("fan_in_fan_out", false);
  c.set("inference_mode", true);
  c.set("init_lora_weights", true);
  c.set("lora_alpha", json::Value::numberFromText(numberText(alpha, 17, 'g')));
  c.set("lora_dropout", 0.0);
  json::Value modules = json::Value::array();
  modules.push("classifier");
  c.set("modules_to_save", modules);
  c.set("peft_type", "LORA");
  c.set("r", rank);
  json::Value targets = json::Value::array();
  targets.push("query");
  targets.push("value");
  c.set("target_modules", targets);
  c.set("task_type", "SEQ_CLS");
  c.set("use_dora", false);
  c.set("use_rslora", false);
  SafetensorsWriter weights;
  std::map<std::string, torch::Tensor> cpu;
  for (const auto& [name, t] : adapterTensors(model))
    cpu[name] = t.detach().to(torch::kCPU, torch::kFloat).contiguous();
  for (const auto& [name, t] : cpu) weights.add(name, t);
  weights.setMetadata("format", "pt");
  // The weights first: a config never names weights that are not there yet.
  weights.write(dir + "/" + kPeftWeightsFile);
  AtomicFileWriter::writeFile(dir + "/" + kPeftConfigFile, json::serialize(c, 2) + "\n");
  AtomicFileWriter::syncDirectory(dir);
}

bool isPeftAdapterDirectory(const std::string& dirArg) {
  const std::string dir = withoutTrailingSlashes(dirArg);
  struct stat st {};
  return ::stat((dir + "/" + kPeftConfigFile).c_str(), &st) == 0 &&
         ::stat((dir + "/config.json").c_str(), &st) != 0;
}

std::string findPeftBase(const std::string& adapterDir, const PeftAdapterInfo& info) {
  if (info.baseModel.empty()) return {};
  const auto isModelDir = [](const std::string& d) {
    struct stat st {};
    return ::stat((d + "/config.json").c_str(), &st) == 0;
  };
  if (isModelDir(info.baseModel)) return info.baseModel;
  if (info.baseModel.front() == '/') return {};
  const std::string dir = withoutTrailingSlashes(adapterDir);
  const size_t slash = dir.find_last_of('/');
  const std::string parent = slash == std::string::npos ? "." : dir.substr(0, slash);
  const std::string beside = parent + "/" + info.baseModel;
  return isModelDir(beside) ? beside : std::string();
}

std::string peftAdapterText(const std::string& dir, const PeftAdapterInfo& info) {
  return dir + ": a PEFT LoRA adapter (rank " + std::to_string(info.rank) + ", alpha " +
         numberText(info.alpha, 6, 'g') + ") of the base model \"" +
         elideForMessage(info.baseModel.empty() ? "(not named)" : info.baseModel) +
         "\", not a whole model";
}

PeftAdapterInfo readPeftAdapterConfig(const std::string& dirArg) {
  const std::string dir = withoutTrailingSlashes(dirArg);
  const std::string configPath = dir + "/" + kPeftConfigFile;
  const std::string text = SafeFileReader::readFile(configPath, filekinds::kConfigJson);
  json::Value c;
  try {
    c = json::parse(text);
  } catch (const std::exception& e) {
    throw InputError(configPath + ": not valid JSON: " + e.what());
  }
  const auto fail = [&](const std::string& field, const std::string& what) {
    throw InputError(configPath + ": field \"" + field + "\" " + what);
  };
  if (!c.isObject()) throw InputError(configPath + ": must be a JSON object");
  const auto field = [&](const char* name) -> const json::Value& {
    const json::Value* v = c.find(name);
    if (!v) fail(name, "is missing");
    return *v;
  };
  const json::Value& type = field("peft_type");
  if (!type.isString() || type.asString() != "LORA")
    fail("peft_type", "must be \"LORA\" (only LoRA adapters load)");
  PeftAdapterInfo info;
  const json::Value& r = field("r");
  if (!r.isNumber() || !r.isInteger())
    fail("r", "must be an integer from 1 to 1024, not " +
                  (r.isNumber() ? json::serialize(r) : std::string(json::typeName(r.type()))));
  try {
    info.rank = r.asInt64();
  } catch (const json::TypeError&) {
    info.rank = -1;
  }
  if (info.rank < 1 || info.rank > 1024)
    fail("r", "is " + json::serialize(r) + ", outside the accepted 1..1024");
  const json::Value& alpha = field("lora_alpha");
  if (!alpha.isNumber()) fail("lora_alpha", "must be a number");
  info.alpha = alpha.asDouble();
  if (!(info.alpha > 0) || !std::isfinite(info.alpha)) fail("lora_alpha", "must be positive");
  const json::Value& targets = field("target_modules");
  std::set<std::string> names;
  if (targets.isArray())
    for (const auto& t : targets.asArray())
      if (t.isString()) names.insert(t.asString());
  if (!targets.isArray() || names != std::set<std::string>{"query", "value"} ||
      targets.asArray().size() != 2)
    fail("target_modules", "must be [\"query\", \"value\"] (the adapters this model carries)");
  if (const json::Value* bias = c.find("bias");
      bias && (!bias->isString() || bias->asString() != "none"))
    fail("bias", "must be \"none\"");
  if (const json::Value* drop = c.find("lora_dropout"); drop && !drop->isNumber())
    fail("lora_dropout", "must be a number");
  if (const json::Value* base = c.find("base_model_name_or_path"); base && base->isString())
    info.baseModel = base->asString();
  return info;
}

PeftAdapterInfo loadPeftAdapter(const std::string& dirArg,
                                BertForSequenceClassificationImpl& model) {
  const std::string dir = withoutTrailingSlashes(dirArg);
  const std::string configPath = dir + "/" + kPeftConfigFile;
  const PeftAdapterInfo info = readPeftAdapterConfig(dir);
  const auto fail = [&](const std::string& field, const std::string& what) {
    throw InputError(configPath + ": field \"" + field + "\" " + what);
  };
  const int64_t hidden = model.options().config().hiddenSize;
  if (info.rank > hidden)
    fail("r", "(" + std::to_string(info.rank) + ") exceeds the model's hidden size (" +
                  std::to_string(hidden) + ")");
  if (model.loraRank() > 0) throw InputError(dir + ": the model already carries LoRA adapters");

  model.addLora(info.rank, info.alpha);
  const std::string weightsPath = dir + "/" + kPeftWeightsFile;
  SafetensorsFile file(weightsPath);
  const auto wanted = adapterTensors(model);
  for (const TensorEntry& entry : file.header().tensors)
    if (!wanted.count(entry.name))
      throw InputError(weightsPath + ": tensor \"" + entry.name +
                       "\" is not an adapter or classifier tensor of this model");
  torch::NoGradGuard noGrad;
  for (const auto& [name, target] : wanted) {
    const TensorEntry* e = file.find(name);
    if (!e) throw InputError(weightsPath + ": tensor \"" + name + "\" is missing");
    if (e->shape != target.sizes().vec())
      throw InputError(weightsPath + ": tensor \"" + name + "\" has shape " +
                       c10::str(c10::IntArrayRef(e->shape)) + ", the model needs " +
                       c10::str(target.sizes()));
    target.copy_(file.load(*e, torch::kFloat).to(target.device(), target.scalar_type()));
  }
  return info;
}

}  // namespace precisionlab
