// The tensors of a Hugging Face checkpoint, wherever they are stored: one model.safetensors, a
// sharded model.safetensors.index.json (weight_map: tensor name -> shard file), or a single
// .safetensors file. Pickle checkpoints (pytorch_model.bin, *.pt, *.pth, *.ckpt) are refused with
// instructions to convert them: nothing is ever unpickled.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/SafetensorsFile.h"

namespace precisionlab {

class CheckpointTensors {
 public:
  struct Item {
    const SafetensorsFile* file;
    const TensorEntry* entry;
  };

  // path: a directory or a .safetensors / .index.json file. Throws InputError naming the file.
  explicit CheckpointTensors(const std::string& path);

  const std::map<std::string, Item>& tensors() const { return tensors_; }
  const std::vector<std::unique_ptr<SafetensorsFile>>& files() const { return files_; }
  // __metadata__ of a single file, or the index's "metadata" (values as JSON text if not strings).
  const std::vector<std::pair<std::string, std::string>>& metadata() const { return metadata_; }
  // The file opened: model.safetensors, the index, or the path given.
  const std::string& source() const { return source_; }

  // True for names PrecisionLab refuses to read (pickle formats).
  static bool isPickleFile(const std::string& path);
  // The refusal message for a pickle file, with how to convert it.
  static std::string pickleRefusal(const std::string& path);

 private:
  void openSingle(const std::string& file);
  void openIndex(const std::string& indexFile, const std::string& dir);

  std::string source_;
  std::vector<std::unique_ptr<SafetensorsFile>> files_;
  std::map<std::string, Item> tensors_;
  std::vector<std::pair<std::string, std::string>> metadata_;
};

}  // namespace precisionlab
