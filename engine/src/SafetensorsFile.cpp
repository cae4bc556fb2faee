// mmap-backed safetensors loading. The mapping is MAP_PRIVATE + PROT_READ: torch never writes
// through a view (from_blob tensors are only read or copied from).
#include "engine/src/SafetensorsFile.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/EngineError.h"

namespace precisionlab {

SafetensorsFile::SafetensorsFile(const std::string& path) : path_(path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw InputError(path + ": cannot open safetensors file: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw InputError(path + ": not a regular file");
  }
  size_ = static_cast<uint64_t>(st.st_size);
  if (size_ > 0) {
    void* p = ::mmap(nullptr, static_cast<size_t>(size_), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      const int err = errno;
      ::close(fd);
      throw InputError(path + ": cannot map the file into memory: " + std::strerror(err));
    }
    data_ = static_cast<const uint8_t*>(p);
  }
  ::close(fd);  // the mapping keeps the file alive
  try {
    static const uint8_t kEmpty[1] = {0};
    header_ = parseSafetensorsHeader(data_ ? data_ : kEmpty, static_cast<size_t>(size_), path);
  } catch (...) {
    if (data_) ::munmap(const_cast<uint8_t*>(data_), static_cast<size_t>(size_));
    data_ = nullptr;
    throw;
  }
}

SafetensorsFile::~SafetensorsFile() {
  if (data_) ::munmap(const_cast<uint8_t*>(data_), static_cast<size_t>(size_));
}

const TensorEntry* SafetensorsFile::find(const std::string& name) const {
  for (const auto& e : header_.tensors)
    if (e.name == name) return &e;
  return nullptr;
}

bool SafetensorsFile::loadableDtype(const std::string& name, torch::Dtype* out) {
  if (name == "F32") *out = torch::kFloat32;
  else if (name == "F16") *out = torch::kFloat16;
  else if (name == "BF16") *out = torch::kBFloat16;
  else if (name == "I64") *out = torch::kInt64;  // position_ids; read and ignored
  else return false;
  return true;
}

torch::Tensor SafetensorsFile::view(const TensorEntry& entry) const {
  torch::Dtype dtype;
  if (!loadableDtype(entry.dtype, &dtype))
    throw InputError(path_ + ": tensor \"" + entry.name + "\" has dtype " + entry.dtype +
                     ", which PrecisionLab cannot load (supported: F32, F16, BF16); convert the "
                     "checkpoint to float32 or float16 safetensors");
  const int64_t itemSize = safetensorsDtypeBits(entry.dtype) / 8;
  if (entry.byteSize() == 0) return torch::empty(entry.shape, torch::dtype(dtype));
  const uint8_t* p = data_ + header_.dataStart() + entry.begin;
  if (reinterpret_cast<uintptr_t>(p) % static_cast<uintptr_t>(itemSize) != 0) {
    // Writers need not align the data; an unaligned float load is undefined behaviour.
    torch::Tensor t = torch::empty(entry.shape, torch::dtype(dtype));
    std::memcpy(t.data_ptr(), p, static_cast<size_t>(entry.byteSize()));
    return t;
  }
  return torch::from_blob(const_cast<uint8_t*>(p), entry.shape, torch::dtype(dtype));
}

torch::Tensor SafetensorsFile::load(const TensorEntry& entry, torch::Dtype dtype) const {
  torch::Tensor v = view(entry);
  // to() returns the same tensor when no conversion is needed: clone so it outlives us.
  return v.scalar_type() == dtype ? v.clone() : v.to(dtype);
}

}  // namespace precisionlab
