// The one run-CSV writer (core/RunCsv.h).
#include "core/RunCsv.h"

#include <string_view>

#include "core/CsvWriter.h"
#include "core/RecordFields.h"

namespace precisionlab {

const std::vector<std::string>& runColumns() {
  static const std::vector<std::string> columns = {
      "runId",      "scenario",     "label", "precision", "state",  "provenance",      "device",
      "recordedAt", "torchVersion", "model", "batchSize", "seqLen", "peakLearningRate"};
  return columns;
}

namespace {

bool isStep(const char* name) { return std::string_view(name) == "step"; }

std::vector<std::string> runCells(const RunLog& run) {
  const RunProvenance& p = run.provenance;
  return {(run.replayed() ? "replayed-" : "trained-") + std::to_string(run.key.id),
          run.scenarioId,
          run.label,
          precisionName(run.config.precision),
          runStateName(run.state),
          run.provenanceKnown ? provenanceName(p.kind) : "",
          p.device,
          p.recordedAt,
          p.torchVersion,
          run.config.modelDir.empty() ? run.config.preset : run.config.modelDir,
          fieldText(FieldKind::Integer, static_cast<double>(run.config.batchSize)),
          fieldText(FieldKind::Integer, static_cast<double>(run.config.seqLen)),
          fieldText(FieldKind::Real, run.config.learningRate)};
}

}  // namespace

std::string stepsCsv(const std::vector<const RunLog*>& runs) {
  std::vector<std::string> header = runColumns();
  for (const StepField& f : stepFields()) header.emplace_back(f.name);
  for (const EvalField& f : evalFields())
    if (!isStep(f.name)) header.emplace_back(f.name);
  std::string out = csv::record(header);
  for (const RunLog* run : runs) {
    const std::vector<std::string> cells = runCells(*run);
    size_t e = 0;
    for (const StepRecord& s : run->steps) {
      // Evaluations are rare and in step order: walk them alongside the steps.
      while (e < run->evals.size() && run->evals[e].step < s.step) ++e;
      const EvalRecord* eval =
          e < run->evals.size() && run->evals[e].step == s.step ? &run->evals[e] : nullptr;
      std::vector<std::string> row = cells;
      for (const StepField& f : stepFields()) row.push_back(fieldText(f.kind, f.get(s)));
      for (const EvalField& f : evalFields())
        if (!isStep(f.name)) row.push_back(eval ? fieldText(f.kind, f.get(*eval)) : std::string());
      out += csv::record(row);
    }
  }
  return out;
}

std::string evalsCsv(const std::vector<const RunLog*>& runs) {
  std::vector<std::string> header = runColumns();
  for (const EvalField& f : evalFields()) header.emplace_back(f.name);
  std::string out = csv::record(header);
  for (const RunLog* run : runs) {
    const std::vector<std::string> cells = runCells(*run);
    for (const EvalRecord& e : run->evals) {
      std::vector<std::string> row = cells;
      for (const EvalField& f : evalFields()) row.push_back(fieldText(f.kind, f.get(e)));
      out += csv::record(row);
    }
  }
  return out;
}

}  // namespace precisionlab
