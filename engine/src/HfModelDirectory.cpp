// inspectCheckpoint(): the checkpoint's layout for people, from the validated headers only.
#include "engine/HfModelDirectory.h"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/EngineError.h"
#include "engine/src/CheckpointTensors.h"
#include "engine/src/HfCheckpoint.h"

namespace precisionlab {

CheckpointSummary inspectCheckpoint(const std::string& path) {
  CheckpointSummary s;
  const CheckpointTensors tensors(path);
  s.weightsSource = tensors.source();
  s.metadata = tensors.metadata();
  for (const auto& [name, item] : tensors.tensors()) {
    CheckpointTensorInfo t;
    t.name = name;
    t.dtype = item.entry->dtype;
    t.shape = item.entry->shape;
    t.bytes = item.entry->byteSize();
    t.file = item.file->path();
    uint64_t n = 1;
    for (const int64_t d : t.shape) n *= static_cast<uint64_t>(d);  // checked by the parser
    s.totalElements += n;
    s.totalBytes += t.bytes;
    s.tensors.push_back(std::move(t));
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    const std::string config = path + "/config.json";
    std::ifstream in(config, std::ios::binary);
    if (in) {
      std::ostringstream ss;
      ss << in.rdbuf();
      s.configPath = config;
      s.configText = ss.str();
      try {
        parseHfConfig(s.configText, config);
      } catch (const InputError& e) {
        s.configProblem = e.what();
      }
    }
    std::ifstream vocab(path + "/vocab.txt", std::ios::binary);
    if (vocab) {
      s.vocabLines = 0;
      std::string line;
      while (std::getline(vocab, line)) ++s.vocabLines;
    }
  }
  return s;
}

}  // namespace precisionlab
