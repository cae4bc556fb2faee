#include "core/TensorBoardExport.h"

#include "core/AtomicFileWriter.h"
#include "core/EngineError.h"
#include "core/RecordFields.h"
#include "core/TensorBoardWriter.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

namespace precisionlab {
namespace {

// "2024-05-01T12:00:00Z" -> epoch seconds; -1 when it does not parse.
double parseUtc(const std::string& iso) {
  std::tm tm{};
  if (iso.size() < 19 ||
      std::sscanf(iso.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                  &tm.tm_hour, &tm.tm_min, &tm.tm_sec) != 6)
    return -1;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<double>(timegm(&tm));
}

// A folder name: letters, digits, '-', '_' and '.'; any other run of characters is one '-'.
std::string safeName(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    if (ok)
      out.push_back(c);
    else if (!out.empty() && out.back() != '-')
      out.push_back('-');
  }
  while (!out.empty() && (out.front() == '-' || out.front() == '.')) out.erase(out.begin());
  if (out.size() > 80) out.resize(80);
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? std::string("run") : out;
}

// The event files already in `directory` (none when it does not exist).
std::vector<std::string> eventFilesIn(const std::string& directory) {
  std::vector<std::string> files;
  DIR* dir = ::opendir(directory.c_str());
  if (!dir) return files;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.find("tfevents") != std::string::npos) files.push_back(directory + "/" + name);
  }
  ::closedir(dir);
  return files;
}

}  // namespace

std::string defaultTensorBoardRunName(const RunRecording& run) {
  const Provenance kind = run.provenance.kind == Provenance::Recorded ? run.provenance.recordedKind
                                                                      : run.provenance.kind;
  std::string name =
      safeName(run.scenarioId.empty() ? run.label : run.scenarioId) + "." + provenanceName(kind);
  // The label tells the runs of one scenario apart (the trials of a sweep).
  if (!run.scenarioId.empty() && !run.label.empty()) name += "." + safeName(run.label);
  return name;
}

TensorBoardExportResult exportTensorBoard(const RunRecording& run, const std::string& outDirectory,
                                          std::string name, bool replaceExisting) {
  if (name.empty()) name = defaultTensorBoardRunName(run);
  TensorBoardExportResult result;
  result.runDirectory = outDirectory + "/" + safeName(name);
  // TensorBoard reads every event file of a folder as one run: another run's events there would
  // merge with these (or be overwritten), so the folder must hold none, or be replaced.
  const std::vector<std::string> existing = eventFilesIn(result.runDirectory);
  if (!existing.empty() && !replaceExisting)
    throw TensorBoardRunExists(
        result.runDirectory +
        ": already holds TensorBoard events (another run or an earlier export); "
        "TensorBoard would mix the two runs. Export to another folder, or replace "
        "the earlier export");
  // Only event files an export wrote (regular files) are replaced: a FIFO or device there is left
  // as it is, and nothing is removed.
  for (const std::string& file : existing) {
    struct stat st {};
    if (::lstat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      throw InputError(file +
                       ": is not a regular file (a device, pipe, socket, folder or link), so it "
                       "is not an earlier export; nothing was replaced. Export to another folder");
  }
  for (const std::string& file : existing)
    if (::unlink(file.c_str()) != 0)
      throw InputError(file +
                       ": cannot remove the earlier export: " + AtomicFileWriter::reason(errno));
  double start = parseUtc(run.provenance.recordedAt);
  if (start < 0)
    start =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  TensorBoardWriter writer(result.runDirectory, start);

  double wall = start;
  size_t nextEval = 0;
  // Every field of the one record table that has a TensorBoard group, tagged by its name.
  const auto evalsUpTo = [&](int64_t step) {
    for (; nextEval < run.evals.size() && run.evals[nextEval].step <= step; ++nextEval) {
      const EvalRecord& e = run.evals[nextEval];
      for (const EvalField& f : evalFields())
        if (f.tensorboardGroup) writer.addScalar(tensorboardTag(f), e.step, f.get(e), wall);
    }
  };
  for (const StepRecord& s : run.steps) {
    wall += s.stepMs / 1000.0;
    for (const StepField& f : stepFields())
      if (f.tensorboardGroup) writer.addScalar(tensorboardTag(f), s.step, f.get(s), wall);
    evalsUpTo(s.step);
  }
  evalsUpTo(INT64_MAX);
  result.scalars = writer.eventCount() - 1;  // minus the file_version event
  result.eventFile = writer.close();
  return result;
}

}  // namespace precisionlab
