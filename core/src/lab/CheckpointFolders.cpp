// The checkpoint-<step>/ folders of an output folder (core/CheckpointFolders.h).
#include "core/CheckpointFolders.h"

#include <algorithm>
#include <filesystem>

#include <sys/stat.h>

#include "core/EngineError.h"
#include "core/Json.h"
#include "core/SafeFileReader.h"

namespace precisionlab {

namespace {
namespace fs = std::filesystem;
constexpr char kPrefix[] = "checkpoint-";
constexpr size_t kPrefixLength = sizeof(kPrefix) - 1;
// 12 digits: a trillion steps, far past any run, and far from overflowing int64_t.
constexpr size_t kMaxDigits = 12;
constexpr int64_t kMaxStep = 999999999999;  // the most a name can hold
// trainer_state.json: a Hugging Face Trainer's grows with log_history; ours holds the data order.
constexpr FileKind kTrainerState{"trainer state", 256u << 20};

std::string baseName(const std::string& path) {
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  const size_t slash = p.find_last_of('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

bool isRegularFile(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}
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

int64_t recordedCheckpointStep(const std::string& folder) {
  const std::string path = (fs::path(folder) / "trainer_state.json").string();
  json::Value state;
  try {
    state = json::parse(SafeFileReader::readFile(path, kTrainerState));
  } catch (const json::ParseError& e) {
    throw InputError(path + ": not valid JSON (truncated or corrupt checkpoint?): " + e.what());
  }
  const json::Value* step = state.isObject() ? state.find("global_step") : nullptr;
  if (!step)
    throw InputError(path +
                     ": field \"global_step\" is missing (truncated or corrupt checkpoint?)");
  const std::string range = "1.." + std::to_string(kMaxStep);
  if (!step->isNumber() || !step->isInteger())
    throw InputError(path + ": field \"global_step\" must be an integer step in " + range +
                     ", not " +
                     (step->isNumber() ? json::serialize(*step) : json::typeName(step->type())));
  int64_t n = 0;
  try {
    n = step->asInt64();
  } catch (const json::TypeError&) {
    n = -1;  // beyond 64 bits: outside the range below
  }
  if (n < 1 || n > kMaxStep)
    throw InputError(path + ": field \"global_step\" is " + json::serialize(*step) +
                     ", outside the accepted " + range);
  return n;
}

std::string checkpointNameProblem(const std::string& folder, int64_t recordedStep) {
  const std::string name = baseName(folder);
  const int64_t named = checkpointFolderStep(name);
  if (named < 0 || named == recordedStep) return {};
  return name + ": its trainer_state.json records global_step " + std::to_string(recordedStep) +
         ", not the " + std::to_string(named) +
         " of its name (a renamed or altered folder: which step it holds is unknown)";
}

CheckpointChoice latestCompleteCheckpoint(const std::string& dir,
                                          const std::vector<std::string>& requiredFiles) {
  CheckpointChoice choice;
  const std::vector<CheckpointFolder> all = listCheckpointFolders(dir);
  for (auto it = all.rbegin(); it != all.rend(); ++it) {  // newest name first
    std::string missing;
    for (const std::string& f : requiredFiles)
      if (!isRegularFile((fs::path(it->path) / f).string())) {
        missing = f;
        break;
      }
    const std::string name = baseName(it->path);
    if (!missing.empty()) {
      choice.skipped.push_back(it->path + ": skipped: incomplete, no " + missing +
                               " (a run killed while it was written or pruned?)");
      continue;
    }
    int64_t step = -1;
    try {
      step = recordedCheckpointStep(it->path);
    } catch (const InputError& e) {
      choice.skipped.push_back(it->path + ": skipped: " + e.what());
      continue;
    }
    if (const std::string problem = checkpointNameProblem(it->path, step); !problem.empty()) {
      choice.skipped.push_back(it->path + ": skipped: " + problem);
      continue;
    }
    // Names and recorded steps agree from here on, so the first good one by name is the newest
    // by recorded step.
    choice.folder = CheckpointFolder{step, it->path};
    break;
  }
  return choice;
}

CheckpointFolder newestCheckpointFolder(const std::string& dir, int64_t atMost) {
  CheckpointFolder newest;
  for (const CheckpointFolder& c : listCheckpointFolders(dir))
    if (c.step <= atMost) newest = c;  // ascending: the last one kept is the highest
  return newest;
}

}  // namespace precisionlab
