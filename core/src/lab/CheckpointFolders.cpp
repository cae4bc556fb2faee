// The checkpoint-<step>/ folders of an output folder (core/CheckpointFolders.h).
#include "core/CheckpointFolders.h"

#include <algorithm>
#include <filesystem>

namespace precisionlab {

namespace {
namespace fs = std::filesystem;
constexpr char kPrefix[] = "checkpoint-";
constexpr size_t kPrefixLength = sizeof(kPrefix) - 1;
// 12 digits: a trillion steps, far past any run, and far from overflowing int64_t.
constexpr size_t kMaxDigits = 12;
}  // namespace

std::string checkpointFolderName(int64_t step) { return kPrefix + std::to_string(step); }

int64_t checkpointFolderStep(const std::string& name) {
  if (name.compare(0, kPrefixLength, kPrefix) != 0 || name.size() == kPrefixLength ||
      name.size() > kPrefixLength + kMaxDigits)
    return -1;
  int64_t step = 0;
  for (size_t i = kPrefixLength; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    step = step * 10 + (name[i] - '0');
  }
  return step;
}

std::vector<CheckpointFolder> listCheckpointFolders(const std::string& dir) {
  std::vector<CheckpointFolder> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const int64_t step = checkpointFolderStep(it->path().filename().string());
    std::error_code typeError;
    if (step >= 0 && it->is_directory(typeError)) out.push_back({step, it->path().string()});
  }
  std::sort(out.begin(), out.end(),
            [](const CheckpointFolder& a, const CheckpointFolder& b) { return a.step < b.step; });
  return out;
}

CheckpointFolder newestCheckpointFolder(const std::string& dir, int64_t atMost) {
  CheckpointFolder newest;
  for (const CheckpointFolder& c : listCheckpointFolders(dir))
    if (c.step <= atMost) newest = c;  // ascending: the last one kept is the highest
  return newest;
}

}  // namespace precisionlab
