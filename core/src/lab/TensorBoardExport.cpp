#include "core/TensorBoardExport.h"

#include "core/RecordFields.h"
#include "core/TensorBoardWriter.h"

#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>

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

std::string safeName(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    out.push_back(ok ? c : '-');
  }
  while (!out.empty() && (out.front() == '-' || out.front() == '.')) out.erase(out.begin());
  return out.empty() ? std::string("run") : out.substr(0, 80);
}

}  // namespace

TensorBoardExportResult exportTensorBoard(const RunRecording& run, const std::string& outDirectory,
                                          std::string name) {
  if (name.empty()) {
    const Provenance kind = run.provenance.kind == Provenance::Recorded
                                ? run.provenance.recordedKind
                                : run.provenance.kind;
    name = (run.scenarioId.empty() ? run.label : run.scenarioId) + "." + provenanceName(kind);
  }
  TensorBoardExportResult result;
  result.runDirectory = outDirectory + "/" + safeName(name);
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
