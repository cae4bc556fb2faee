#include "model/SafetensorsWriter.h"

#include <stdexcept>

#include "core/AtomicFileWriter.h"
#include "core/Json.h"

namespace precisionlab {

namespace {

const char* dtypeName(torch::Dtype d) {
  switch (d) {
    case torch::kFloat32:
      return "F32";
    case torch::kFloat16:
      return "F16";
    case torch::kBFloat16:
      return "BF16";
    default:
      return nullptr;
  }
}

}  // namespace

void SafetensorsWriter::add(const std::string& name, const torch::Tensor& t) {
  if (name == "__metadata__") throw std::invalid_argument("tensor name __metadata__ is reserved");
  if (!dtypeName(t.scalar_type()))
    throw std::invalid_argument("safetensors writer: tensor " + name + " has dtype " +
                                std::string(c10::toString(t.scalar_type())) +
                                "; only float32, float16 and bfloat16 are written");
  if (!tensors_.emplace(name, t).second)
    throw std::invalid_argument("safetensors writer: tensor " + name + " added twice");
}

void SafetensorsWriter::setMetadata(const std::string& key, const std::string& value) {
  metadata_[key] = value;
}

std::string SafetensorsWriter::header() const {
  json::Value root = json::Value::object();
  if (!metadata_.empty()) {
    json::Value meta = json::Value::object();
    for (const auto& [k, v] : metadata_) meta.set(k, v);
    root.set("__metadata__", std::move(meta));
  }
  uint64_t offset = 0;
  for (const auto& [name, t] : tensors_) {
    json::Value shape = json::Value::array();
    for (const int64_t d : t.sizes()) shape.push(d);
    const uint64_t bytes = static_cast<uint64_t>(t.numel()) * t.element_size();
    json::Value entry = json::Value::object();
    entry.set("dtype", dtypeName(t.scalar_type()));
    entry.set("shape", std::move(shape));
    entry.set("data_offsets", json::Value(json::Value::Array{offset, offset + bytes}));
    root.set(name, std::move(entry));
    offset += bytes;
  }
  std::string text = json::serialize(root);
  // Pad so the data section starts 8-byte aligned (8 + N is a multiple of 8).
  text.append((8 - text.size() % 8) % 8, ' ');
  return text;
}

void SafetensorsWriter::write(const std::string& path) const {
  const std::string text = header();
  uint8_t len[8];
  for (int i = 0; i < 8; ++i) len[i] = static_cast<uint8_t>(uint64_t(text.size()) >> (8 * i));
  AtomicFileWriter out(path);
  out.write(len, sizeof len);
  out.write(text);
  for (const auto& [name, t] : tensors_) {
    // One tensor at a time on the CPU, so a large model is never copied whole.
    const torch::Tensor c = t.detach().to(torch::kCPU).contiguous();
    out.write(c.data_ptr(), static_cast<size_t>(c.numel()) * c.element_size());
  }
  out.commit();
}

}  // namespace precisionlab
