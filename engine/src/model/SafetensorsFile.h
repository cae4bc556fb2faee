// A safetensors file opened for loading: opened through SafeFileReader (regular files only,
// never blocking), its header read with pread and validated with parseSafetensorsHeader().
// Tensor data is read with pread into a tensor of our own, one tensor at a time, so a 440 MB
// bert-base checkpoint is never held twice and a file truncated or replaced while it loads gives
// an InputError, not SIGBUS (which a memory mapping would raise). Loading supports F32, F16 and
// BF16; any other dtype is refused by name. Assumes a little-endian host (as the format does).
#pragma once

#include <torch/torch.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "core/Safetensors.h"

namespace precisionlab {

class SafeFileReader;

class SafetensorsFile {
 public:
  // Opens and validates path; throws InputError naming the file.
  explicit SafetensorsFile(const std::string& path);
  ~SafetensorsFile();
  SafetensorsFile(const SafetensorsFile&) = delete;
  SafetensorsFile& operator=(const SafetensorsFile&) = delete;

  const std::string& path() const { return path_; }
  const SafetensorsHeader& header() const { return header_; }
  // The entry named name, or nullptr. Constant time: a sharded index looks up every tensor.
  const TensorEntry* find(const std::string& name) const;

  // The tensor in the file's own dtype, read from the file now (CPU, owned). Throws InputError
  // for a dtype other than F32/F16/BF16, naming the tensor and the dtype, or when the file no
  // longer holds the bytes its header promised.
  torch::Tensor view(const TensorEntry& entry) const;
  // An owned copy converted to dtype (CPU).
  torch::Tensor load(const TensorEntry& entry, torch::Dtype dtype) const;

  // The torch dtype for a safetensors dtype name loading supports, or false.
  static bool loadableDtype(const std::string& name, torch::Dtype* out);

 private:
  std::string path_;
  std::unique_ptr<SafeFileReader> file_;
  uint64_t size_ = 0;
  SafetensorsHeader header_;
  std::unordered_map<std::string, size_t> byName_;  // index into header_.tensors
};

}  // namespace precisionlab
