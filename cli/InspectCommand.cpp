// `precisionlab-cli inspect FILE_OR_DIR`: what a safetensors file, sharded index or Hugging Face
// model directory holds (tensors with dtype, shape and bytes; metadata; config.json), validated
// as strictly as for loading but without building a model. --json for machine-readable output.
#include <iostream>
#include <string>
#include <vector>

#include "cli/ArgParser.h"
#include "cli/CommandRegistry.h"
#include "cli/EngineCommands.h"
#include "cli/JsonText.h"
#include "core/EngineError.h"
#include "core/Json.h"
#include "core/TerminalText.h"
#include "engine/HfModelDirectory.h"

namespace precisionlab::cli {

namespace {

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string humanBytes(uint64_t b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB"};
  double v = static_cast<double>(b);
  int u = 0;
  while (v >= 1024 && u < 3) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

void printText(const CheckpointSummary& s, const std::string& path) {
  // Names, metadata and config come from the file: escaped, so they cannot drive the terminal.
  if (s.peftAdapter) {
    std::cout << "PEFT LoRA adapter: rank " << s.peftRank << ", alpha " << jsonNumber(s.peftAlpha)
              << ", of the base model " << escapeForTerminal(s.peftBaseModel) << "\n";
    if (!s.peftBaseFound.empty())
      std::cout << "base model folder: " << escapeForTerminal(s.peftBaseFound)
                << " (predict --model " << escapeForTerminal(path) << " loads base and adapter)\n";
    else
      std::cout << "base model folder: not found here (predict --model " << escapeForTerminal(path)
                << " --base DIR loads it onto DIR)\n";
  }
  std::cout << "weights: " << escapeForTerminal(s.weightsSource) << "\n";
  std::vector<std::string> names;
  names.reserve(s.tensors.size());
  size_t width = 4;
  for (const auto& t : s.tensors) {
    names.push_back(escapeForTerminal(t.name));
    width = std::max(width, names.back().size());
  }
  std::cout << "tensors (" << s.tensors.size() << "):\n";
  for (size_t i = 0; i < s.tensors.size(); ++i) {
    const auto& t = s.tensors[i];
    std::string dtype = t.dtype;
    dtype.resize(std::max<size_t>(dtype.size(), 7), ' ');
    std::cout << "  " << names[i] << std::string(width - names[i].size() + 2, ' ') << dtype << " "
              << shapeText(t.shape) << "  " << t.bytes << " bytes\n";
  }
  std::cout << "total: " << s.totalElements << " elements, " << s.totalBytes << " bytes ("
            << humanBytes(s.totalBytes) << ")\n";
  std::cout << "metadata:" << (s.metadata.empty() ? " none" : "") << "\n";
  for (const auto& [k, v] : s.metadata)
    std::cout << "  " << escapeForTerminal(k) << " = " << escapeForTerminal(v) << "\n";
  if (s.vocabLines >= 0) std::cout << "vocab.txt: " << s.vocabLines << " tokens\n";
  if (!s.configPath.empty()) {
    std::cout << "config (" << escapeForTerminal(s.configPath) << "):\n"
              << escapeForTerminal(s.configText, NewlinePolicy::Keep);
    if (!s.configText.empty() && s.configText.back() != '\n') std::cout << "\n";
    if (!s.configProblem.empty())
      std::cout << "config problem: " << escapeForTerminal(s.configProblem, NewlinePolicy::Keep)
                << "\n";
  }
}

void printJson(const CheckpointSummary& s) {
  json::Value root = json::Value::object();
  if (s.peftAdapter) {
    json::Value peft = json::Value::object();
    peft.set("peft_type", "LORA");
    peft.set("r", s.peftRank);
    peft.set("lora_alpha", s.peftAlpha);
    peft.set("base_model_name_or_path", s.peftBaseModel);
    peft.set("base_model_folder",
             s.peftBaseFound.empty() ? json::Value() : json::Value(s.peftBaseFound));
    root.set("peft_adapter", std::move(peft));
  }
  root.set("weights", s.weightsSource);
  json::Value tensors = json::Value::array();
  for (const auto& t : s.tensors) {
    json::Value shape = json::Value::array();
    for (const int64_t d : t.shape) shape.push(d);
    json::Value e = json::Value::object();
    e.set("name", t.name);
    e.set("dtype", t.dtype);
    e.set("shape", std::move(shape));
    e.set("bytes", t.bytes);
    e.set("file", t.file);
    tensors.push(std::move(e));
  }
  root.set("tensors", std::move(tensors));
  root.set("total_bytes", s.totalBytes);
  root.set("total_elements", s.totalElements);
  json::Value meta = json::Value::object();
  for (const auto& [k, v] : s.metadata) meta.set(k, v);
  root.set("metadata", std::move(meta));
  if (!s.configPath.empty()) {
    try {
      root.set("config", json::parse(s.configText));
    } catch (const json::ParseError&) {
      root.set("config", nullptr);
    }
  }
  if (!s.configProblem.empty()) root.set("config_problem", s.configProblem);
  if (s.vocabLines >= 0) root.set("vocab_tokens", s.vocabLines);
  std::cout << json::serialize(root, 2) << "\n";
}

ArgParser makeParser() {
  ArgParser p("inspect", engineCommandSummary("inspect"));
  p.describe(
      "Lists the tensors (dtype, shape, bytes), safetensors metadata and config.json of a\n"
      ".safetensors file, a model.safetensors.index.json, a Hugging Face model directory or a\n"
      "PEFT LoRA adapter folder (with the base model it names),\n"
      "checked as strictly as for loading. Pickle files (.bin, .pt) are refused with how to\n"
      "convert them.");
  p.positional("FILE_OR_DIR", "a .safetensors file, a sharded index or a model directory", 1, 1);
  p.flag("json", "print one JSON object instead of text");
  return p;
}

int runInspect(const ArgParser& p) {
  const CheckpointSummary s = inspectCheckpoint(p.positionals().front());
  p.has("json") ? printJson(s) : printText(s, p.positionals().front());
  return 0;
}

}  // namespace

PRECISIONLAB_CLI_COMMAND(inspect, "inspect", makeParser, runInspect, false)

}  // namespace precisionlab::cli
