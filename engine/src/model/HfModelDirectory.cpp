// inspectCheckpoint(): the checkpoint's layout for people, from the validated headers only.
#include "engine/HfModelDirectory.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include "core/EngineError.h"
#include "core/SafeFileReader.h"
#include "model/CheckpointTensors.h"
#include "model/HfCheckpoint.h"
#include "model/PeftAdapter.h"

namespace precisionlab {

CheckpointSummary inspectCheckpoint(const std::string& path) {
  CheckpointSummary s;
  if (isPeftAdapterDirectory(path)) {
    // What train --lora-rank --save writes, shown as what it is rather than refused as a model
    // folder without model.safetensors.
    const PeftAdapterInfo info = readPeftAdapterConfig(path);
    s.peftAdapter = true;
    s.peftBaseModel = info.baseModel;
    s.peftBaseFound = findPeftBase(path, info);
    s.peftRank = info.rank;
    s.peftAlpha = info.alpha;
  }
  const CheckpointTensors tensors(s.peftAdapter ? path + "/" + kPeftWeightsFile : path);
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
    const std::string config = path + "/" + (s.peftAdapter ? kPeftConfigFile : "config.json");
    if (::access(config.c_str(), F_OK) == 0) {
      s.configPath = config;
      try {
        s.configText = SafeFileReader::readFile(config, filekinds::kConfigJson);
        if (!s.peftAdapter) parseHfConfig(s.configText, config);
      } catch (const InputError& e) {
        s.configProblem = e.what();
      }
    }
    const std::string vocab = path + "/vocab.txt";
    if (::access(vocab.c_str(), F_OK) == 0) {
      const std::string text = SafeFileReader::readFile(vocab, filekinds::kVocab);
      s.vocabLines = static_cast<int64_t>(std::count(text.begin(), text.end(), '\n')) +
                     (!text.empty() && text.back() != '\n' ? 1 : 0);
    }
  }
  return s;
}

}  // namespace precisionlab
