// modules.json is small and ours to distrust: size-capped, strictly parsed, every field checked.
#include "core/SentenceTransformersLayout.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "core/EngineError.h"
#include "core/Json.h"

namespace precisionlab {

namespace {

constexpr off_t kMaxModulesJson = 1 << 20;  // a real one is ~350 bytes

bool isRegular(const std::string& p, off_t* size = nullptr) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  if (size) *size = st.st_size;
  return true;
}

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::string SentenceTransformersLayout::bertDirectory(const std::string& dir,
                                                      std::vector<std::string>* warnings) {
  const std::string modulesPath = dir + "/modules.json";
  off_t size = 0;
  if (!isRegular(modulesPath, &size)) return dir;
  if (size > kMaxModulesJson)
    throw InputError(modulesPath + ": " + std::to_string(size) +
                     " bytes, more than a sentence-transformers modules.json holds (1 MiB cap)");
  std::ifstream in(modulesPath, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  json::Value root;
  try {
    root = json::parse(text.str());
  } catch (const json::ParseError& e) {
    throw InputError(modulesPath + ": " + e.what());
  }
  if (!root.isArray())
    throw InputError(modulesPath + ": must be a JSON array of modules ({\"type\", \"path\"})");
  std::string transformerPath;
  bool haveTransformer = false;
  std::string unused;
  for (size_t i = 0; i < root.asArray().size(); ++i) {
    const json::Value& m = root.asArray()[i];
    const std::string where = modulesPath + ": module " + std::to_string(i);
    const json::Value* type = m.find("type");
    const json::Value* path = m.find("path");
    if (!type || !type->isString()) throw InputError(where + ": field \"type\" must be a string");
    if (!path || !path->isString()) throw InputError(where + ": field \"path\" must be a string");
    const std::string& p = path->asString();
    if (p.find("..") != std::string::npos || (!p.empty() && p[0] == '/'))
      throw InputError(where + ": field \"path\" = \"" + p + "\" leaves the model directory");
    if (!haveTransformer && endsWith(type->asString(), "models.Transformer")) {
      haveTransformer = true;
      transformerPath = p;
    } else {
      unused += (unused.empty() ? "" : ", ") + (p.empty() ? type->asString() : p) + " (" +
                type->asString() + ")";
    }
  }
  if (!haveTransformer)
    throw InputError(modulesPath +
                     ": no sentence_transformers.models.Transformer module, so "
                     "there is no BERT to fine-tune here");
  std::string bert = transformerPath.empty() ? dir : dir + "/" + transformerPath;
  if (isRegular(dir + "/config.json")) bert = dir;  // transformers reads the top-level config
  if (warnings)
    warnings->push_back(dir + " is a sentence-transformers model: " +
                        "BertForSequenceClassification loads its BERT from " + bert +
                        " with the [CLS] pooler and a new classifier head, as transformers' "
                        "from_pretrained does; not used: " +
                        (unused.empty() ? std::string("nothing else") : unused));
  return bert;
}

}  // namespace precisionlab
