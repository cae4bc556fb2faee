// What a Hugging Face checkpoint holds, without loading it into a model: the tensors of a
// .safetensors file, a sharded index or a model directory (names, dtypes, shapes, bytes), the
// safetensors metadata, and the directory's config.json. Torch-free and Qt-free, for the CLI's
// inspect command and the UI. Every file is validated as strictly as for loading.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace precisionlab {

struct CheckpointTensorInfo {
  std::string name;
  std::string dtype;  // safetensors spelling: F32, BF16, ...
  std::vector<int64_t> shape;
  uint64_t bytes = 0;
  std::string file;  // the .safetensors file holding it
};

struct CheckpointSummary {
  std::string weightsSource;                  // model.safetensors, the index, or the file given
  std::vector<CheckpointTensorInfo> tensors;  // sorted by name
  std::vector<std::pair<std::string, std::string>> metadata;
  uint64_t totalBytes = 0;
  uint64_t totalElements = 0;
  std::string configPath;     // empty when inspecting a bare file or there is no config.json
  std::string configText;     // config.json as written
  std::string configProblem;  // why PrecisionLab could not use the config, empty if it can
  int64_t vocabLines = -1;    // tokens in vocab.txt, -1 if absent
  // A PEFT adapter folder (adapter_config.json + adapter_model.safetensors): what it adapts.
  bool peftAdapter = false;
  std::string peftBaseModel;  // base_model_name_or_path as written
  std::string peftBaseFound;  // that base as a model folder here, "" when it is none
  int64_t peftRank = 0;
  double peftAlpha = 0;
};

// fileOrDir: a .safetensors file, a model.safetensors.index.json or a model directory. Throws
// InputError for an unreadable or malformed checkpoint and for pickle files (with how to convert).
CheckpointSummary inspectCheckpoint(const std::string& fileOrDir);

// Whether a trained model may be saved to dir (train --save), checked before training so a long
// run is not lost to a bad path: dir is new, empty or an earlier model directory (never a folder
// of other files), and its parent exists and is writable. Throws InputError naming dir.
void checkSaveDirectory(const std::string& dir);

}  // namespace precisionlab
