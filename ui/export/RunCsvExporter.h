// Run records as CSV (RFC 4180): one row per step per run, with the run's scenario, settings
// and provenance on every row so a row stays meaningful when pasted elsewhere; validation
// results appear on the row of the step they were measured at. The columns and their text are
// core's one run-CSV writer's (core/RunCsv.h), the same as `lab --out`'s steps.csv. Written
// atomically (quiz::writeOutputFile).
#pragma once

#include <QByteArray>
#include <QString>

namespace precisionlab {

class RunDataStore;

class RunCsvExporter {
 public:
  static QByteArray toCsv(const RunDataStore& store);
  static bool save(const RunDataStore& store, const QString& path, QString* error);
  // Quotes a field when it holds a comma, quote, CR or LF (quotes doubled): core's csv::field.
  static QString field(const QString& value);
};

}  // namespace precisionlab
