#include "ui/export/TensorBoardExporter.h"

#include "core/EngineError.h"
#include "core/RunRecording.h"
#include "core/TensorBoardExport.h"
#include "ui/lab/RunDataStore.h"

namespace precisionlab {

TensorBoardExporter::Result TensorBoardExporter::exportRuns(const RunDataStore& store,
                                                            const QString& directory) {
  Result result;
  for (const TrackedRun& tracked : store.runs()) {
    if (tracked.steps.empty()) continue;
    RunRecording run;
    static_cast<RunLog&>(run) = tracked;
    const std::string name = (tracked.scenarioId.empty() ? std::string("run") : run.scenarioId) +
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
