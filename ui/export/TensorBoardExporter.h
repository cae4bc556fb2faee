// File > Export lab runs for TensorBoard…: every run the lab holds (live, emulated or replayed
// from a recording) written as TensorBoard event files, one folder per run
// (<dir>/<scenario>.<live|emulated|recorded>.<run id>/), through the engine's
// exportTensorBoard (core/TensorBoardExport.h).
#pragma once

#include <QString>

namespace precisionlab {

class RunDataStore;

class TensorBoardExporter {
 public:
  struct Result {
    int runs = 0;
    qint64 scalars = 0;
    QString error;  // empty when every run was written
  };
  static Result exportRuns(const RunDataStore& store, const QString& directory);
};

}  // namespace precisionlab
