#include "model/CheckpointTensors.h"

#include <limits.h>
#include <sys/stat.h>

#include <cstdlib>

#include <fstream>
#include <sstream>

#include "core/EngineError.h"
#include "core/Json.h"
#include "core/SafeFileReader.h"
#include "core/TerminalText.h"

namespace precisionlab {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool isDirectory(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// lstat: a symbolic link loop or a dangling link is there (and its reader says which), not a
// missing file.
bool exists(const std::string& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0;
}

std::string readSmallFile(const std::string& path) {
  return SafeFileReader::readFile(path, filekinds::kIndexJson);
}

// True when path, with every symbolic link resolved, lies inside dir: a shard symlink that
// points out of the model folder is not followed.
bool resolvesInside(const std::string& path, const std::string& dir) {
  char resolvedPath[PATH_MAX];
  char resolvedDir[PATH_MAX];
  if (!::realpath(path.c_str(), resolvedPath) || !::realpath(dir.c_str(), resolvedDir))
    return false;
  const std::string p(resolvedPath), d(resolvedDir);
  return p.size() > d.size() && p.compare(0, d.size(), d) == 0 && (d == "/" || p[d.size()] == '/');
}

}  // namespace

bool CheckpointTensors::isPickleFile(const std::string& path) {
  return endsWith(path, ".bin") || endsWith(path, ".pt") || endsWith(path, ".pth") ||
         endsWith(path, ".ckpt") || endsWith(path, ".bin.index.json");
}

std::string CheckpointTensors::pickleRefusal(const std::string& path) {
  return path +
         ": PyTorch pickle checkpoints are refused: loading a pickle can run arbitrary code, so "
         "PrecisionLab never unpickles files. Convert it to safetensors once, in Python:\n"
         "  import torch; from safetensors.torch import save_file\n"
         "  sd = torch.load('pytorch_model.bin', map_location='cpu', weights_only=True)\n"
         "  save_file({k: v.contiguous() for k, v in sd.items()}, 'model.safetensors')\n"
         "or with transformers: AutoModelForSequenceClassification.from_pretrained(DIR)"
         ".save_pretrained(DIR, safe_serialization=True)";
}

CheckpointTensors::CheckpointTensors(const std::string& path) {
  if (isDirectory(path)) {
    const std::string single = path + "/model.safetensors";
    const std::string index = path + "/model.safetensors.index.json";
    if (exists(single)) {
      openSingle(single);
    } else if (exists(index)) {
      openIndex(index, path);
    } else {
      for (const char* name : {"pytorch_model.bin", "pytorch_model.bin.index.json", "model.pt",
                               "model.pth", "model.ckpt"}) {
        if (exists(path + "/" + name)) throw InputError(pickleRefusal(path + "/" + name));
      }
      throw InputError(path +
                       ": no model.safetensors or model.safetensors.index.json in this "
                       "directory; a Hugging Face checkpoint directory needs one of them");
    }
    return;
  }
  if (isPickleFile(path)) throw InputError(pickleRefusal(path));
  if (endsWith(path, ".index.json")) {
    const size_t slash = path.find_last_of('/');
    openIndex(path, slash == std::string::npos ? "." : path.substr(0, slash));
    return;
  }
  openSingle(path);
}

void CheckpointTensors::openSingle(const std::string& file) {
  source_ = file;
  files_.push_back(std::make_unique<SafetensorsFile>(file));
  const SafetensorsFile* f = files_.back().get();
  metadata_ = f->header().metadata;
  for (const auto& e : f->header().tensors) tensors_[e.name] = Item{f, &e};
}

void CheckpointTensors::openIndex(const std::string& indexFile, const std::string& dir) {
  source_ = indexFile;
  json::Value root;
  try {
    root = json::parse(readSmallFile(indexFile));
  } catch (const json::ParseError& e) {
    throw InputError(indexFile + ": " + e.what());
  }
  if (const json::Value* meta = root.find("metadata"); meta && meta->isObject()) {
    for (const auto& [k, v] : meta->members())
      metadata_.emplace_back(k, v.isString() ? v.asString() : json::serialize(v));
  }
  const json::Value* map = root.find("weight_map");
  if (!map || !map->isObject())
    throw InputError(indexFile +
                     ": needs a \"weight_map\" object mapping tensor names to "
                     "shard files");
  if (map->members().empty())
    throw InputError(indexFile +
                     ": \"weight_map\" is empty: the index names no tensor, so it holds no "
                     "model (a truncated or hand-made index?)");
  std::map<std::string, const SafetensorsFile*> shards;
  for (const auto& [name, shardValue] : map->members()) {
    if (!shardValue.isString())
      throw InputError(indexFile + ": weight_map[\"" + name + "\"] must be a shard file name");
    const std::string& shard = shardValue.asString();
    if (shard.empty() || shard.find('/') != std::string::npos || shard == "." || shard == ".." ||
        shard.find('\0') != std::string::npos)
      throw InputError(indexFile + ": weight_map[\"" + escapeForTerminal(name) + "\"] = \"" +
                       escapeForTerminal(shard) + "\" must be a file name in the same directory");
    if (isPickleFile(shard))
      throw InputError(indexFile + ": weight_map names " + shard + ". " +
                       pickleRefusal(dir + "/" + shard));
    auto it = shards.find(shard);
    if (it == shards.end()) {
      const std::string shardPath = dir + "/" + shard;
      if (!exists(shardPath))
        throw InputError(indexFile + ": shard file " + shard + " (holding \"" + name +
                         "\") is missing from " + dir + "; download every shard the index names");
      if (!resolvesInside(shardPath, dir))
        throw InputError(indexFile + ": shard file " + escapeForTerminal(shard) +
                         " is a link that leads out of " + dir +
                         "; copy the shard into the model folder instead");
      files_.push_back(std::make_unique<SafetensorsFile>(shardPath));
      it = shards.emplace(shard, files_.back().get()).first;
    }
    const TensorEntry* e = it->second->find(name);
    if (!e)
      throw InputError(indexFile + ": weight_map puts \"" + name + "\" in " + shard +
                       ", which does not contain it");
    tensors_[name] = Item{it->second, e};
  }
  for (const auto& [shard, file] : shards) {
    for (const auto& e : file->header().tensors) {
      if (!tensors_.count(e.name))
        throw InputError(indexFile + ": tensor \"" + e.name + "\" in " + shard +
                         " is not listed in weight_map");
    }
  }
}

}  // namespace precisionlab
