// A safetensors file opened for loading: memory-mapped read-only and validated with
// parseSafetensorsHeader(), so a 440 MB bert-base checkpoint is never held twice: view() is a
// zero-copy tensor over the mapping and copying it into a model parameter converts the dtype in
// the same pass. Loading supports F32, F16 and BF16; any other dtype is refused by name. Assumes
// a little-endian host (as the format does). The file must not be truncated while mapped.
#pragma once

#include <torch/torch.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/Safetensors.h"

namespace precisionlab {

class SafetensorsFile {
 public:
  // Maps and validates path; throws InputError naming the file.
  explicit SafetensorsFile(const std::string& path);
  ~SafetensorsFile();
  SafetensorsFile(const SafetensorsFile&) = delete;
  SafetensorsFile& operator=(const SafetensorsFile&) = delete;

  const std::string& path() const { return path_; }
  const SafetensorsHeader& header() const { return header_; }
  uint64_t fileSize() const { return size_; }
  // The entry named name, or nullptr.
  const TensorEntry* find(const std::string& name) const;

  // A tensor of the file's own dtype that aliases the mapping (valid while this object lives;
  // copied only when the data is not aligned for its dtype). Throws InputError for a dtype
  // other than F32/F16/BF16, naming the tensor and the dtype.
  torch::Tensor view(const TensorEntry& entry) const;
  // An owned copy converted to dtype (CPU).
  torch::Tensor load(const TensorEntry& entry, torch::Dtype dtype) const;

  // The torch dtype for a safetensors dtype name loading supports, or false.
  static bool loadableDtype(const std::string& name, torch::Dtype* out);

 private:
  std::string path_;
  const uint8_t* data_ = nullptr;  // the mapping, or nullptr for an empty file
  uint64_t size_ = 0;
  SafetensorsHeader header_;
};

}  // namespace precisionlab
