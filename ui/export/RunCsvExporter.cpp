// The window's "Export runs as CSV": every run of the store through core's one run-CSV writer
// (core/RunCsv.h), written atomically.
#include "ui/export/RunCsvExporter.h"

#include <vector>

#include "core/CsvWriter.h"
#include "core/RunCsv.h"
#include "quiz/OutputFile.h"
#include "ui/lab/RunDataStore.h"

namespace precisionlab {

QString RunCsvExporter::field(const QString& value) {
  return QString::fromStdString(csv::field(value.toStdString()));
}

QByteArray RunCsvExporter::toCsv(const RunDataStore& store) {
  std::vector<const RunLog*> runs;
  for (const TrackedRun& run : store.runs()) runs.push_back(&run);
  return QByteArray::fromStdString(stepsCsv(runs));
}

bool RunCsvExporter::save(const RunDataStore& store, const QString& path, QString* error) {
  // The one output writer: whole or absent, never over a device or FIFO, a full disk in words.
  const QString problem = quiz::writeOutputFile(path, toCsv(store));
  if (!problem.isEmpty() && error) *error = problem + QLatin1Char('.');
  return problem.isEmpty();
}

}  // namespace precisionlab
