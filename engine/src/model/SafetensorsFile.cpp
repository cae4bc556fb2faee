// pread-backed safetensors loading (see SafetensorsFile.h for why not mmap).
#include "model/SafetensorsFile.h"

#include <cstring>
#include <vector>

#include "core/EngineError.h"
#include "core/SafeFileReader.h"

namespace precisionlab {

SafetensorsFile::SafetensorsFile(const std::string& path)
    : path_(path), file_(std::make_unique<SafeFileReader>(path, filekinds::kSafetensors)) {
  size_ = file_->size();
  // The 8-byte length first, then exactly the header it announces (capped by the parser's
  // limit before anything is allocated).
  std::vector<uint8_t> prefix(static_cast<size_t>(size_ < 8 ? size_ : 8));
  file_->readAt(0, prefix.data(), prefix.size());
  if (prefix.size() == 8) {
    uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | prefix[static_cast<size_t>(i)];
    if (n <= kMaxSafetensorsHeaderLength && n <= size_ - 8) {
      prefix.resize(static_cast<size_t>(8 + n));
      file_->readAt(8, prefix.data() + 8, static_cast<size_t>(n));
    }
  }
  static const uint8_t kEmpty[1] = {0};
  header_ =
      parseSafetensorsHeader(prefix.empty() ? kEmpty : prefix.data(), prefix.size(), size_, path);
  byName_.reserve(header_.tensors.size());
  for (size_t i = 0; i < header_.tensors.size(); ++i) byName_.emplace(header_.tensors[i].name, i);
}

SafetensorsFile::~SafetensorsFile() = default;

const TensorEntry* SafetensorsFile::find(const std::string& name) const {
  const auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : &header_.tensors[it->second];
}

bool SafetensorsFile::loadableDtype(const std::string& name, torch::Dtype* out) {
  if (name == "F32")
    *out = torch::kFloat32;
  else if (name == "F16")
    *out = torch::kFloat16;
  else if (name == "BF16")
    *out = torch::kBFloat16;
  else if (name == "I64")
    *out = torch::kInt64;  // position_ids; read and ignored
  else
    return false;
  return true;
}

torch::Tensor SafetensorsFile::view(const TensorEntry& entry) const {
  torch::Dtype dtype;
  if (!loadableDtype(entry.dtype, &dtype))
    throw InputError(path_ + ": tensor \"" + entry.name + "\" has dtype " + entry.dtype +
                     ", which PrecisionLab cannot load (supported: F32, F16, BF16); convert the "
                     "checkpoint to float32 or float16 safetensors");
  torch::Tensor t = torch::empty(entry.shape, torch::dtype(dtype));
  if (entry.byteSize() == 0) return t;
  file_->readAt(header_.dataStart() + entry.begin, t.data_ptr(),
                static_cast<size_t>(entry.byteSize()));
  return t;
}

torch::Tensor SafetensorsFile::load(const TensorEntry& entry, torch::Dtype dtype) const {
  torch::Tensor v = view(entry);
  return v.scalar_type() == dtype ? v : v.to(dtype);
}

}  // namespace precisionlab
