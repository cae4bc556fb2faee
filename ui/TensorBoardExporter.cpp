#include "ui/TensorBoardExporter.h"

#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"
#include "ui/RunDataStore.h"

namespace precisionlab {

TensorBoardExporter::Result TensorBoardExporter::exportRuns(const RunDataStore& store,
                                                            const QString& directory) {
  Result result;
  for (const TrackedRun& tracked : store.runs()) {
    if (tracked.steps.empty()) continue;
    RunRecording run;
    run.scenarioId = tracked.scenarioId.toStdString();
    run.label = tracked.label.toStdString();
    run.config = tracked.config;
    run.provenance = tracked.provenance;
    run.steps = tracked.steps;
    run.evals = tracked.evals;
    const std::string name = (tracked.scenarioId.isEmpty() ? std::string("run") : run.scenarioId) +
                             "." + provenanceName(tracked.provenance.kind) + "." +
                             (tracked.replayed() ? "replayed-" : "trained-") +
                             std::to_string(tracked.key.id);
    try {
      const TensorBoardExportResult r = exportTensorBoard(run, directory.toStdString(), name);
      ++result.runs;
      result.scalars += r.scalars;
    } catch (const InputError& e) {
      result.error = QString::fromStdString(e.what());
      return result;
    }
  }
  return result;
}

}  // namespace precisionlab
