// Writes tensors as a safetensors file the reference reader accepts: entries sorted by name,
// data contiguous from offset 0 in that order, the JSON header padded with spaces to a multiple
// of 8 bytes, optional "__metadata__". Writes atomically (AtomicFileWriter): a failure throws
// InputError and leaves any previous file. F32, F16 and BF16 tensors only.
#pragma once

#include <torch/torch.h>

#include <map>
#include <string>

namespace precisionlab {

class SafetensorsWriter {
 public:
  // Keeps a reference to t (no copy until write()); throws std::invalid_argument for another
  // dtype or a name given twice.
  void add(const std::string& name, const torch::Tensor& t);
  void setMetadata(const std::string& key, const std::string& value);
  // The header JSON with its padding, exactly as write() puts it after the length.
  std::string header() const;
  void write(const std::string& path) const;

 private:
  std::map<std::string, torch::Tensor> tensors_;  // sorted by name
  std::map<std::string, std::string> metadata_;
};

}  // namespace precisionlab
