// The one writer of run records as CSV: the window's "Export CSV" (ui/export/RunCsvExporter)
// and `lab --out`'s steps.csv and evals.csv (cli/LabReport) both write through it, so a column
// has one name and a value one spelling in every CSV the project writes.
//
// Every row starts with its run's columns (runColumns(): which run, its scenario, settings and
// provenance), so a row stays meaningful when pasted elsewhere; the record columns follow,
// named by the one record table (core/RecordFields.h). Cells are quoted per RFC 4180 and rows
// end with CRLF (core/CsvWriter.h); numbers are fieldText()'s: '.' whatever the locale, the
// shortest text that reads back to the same double, "nan", "inf" and "-inf".
// It builds the text only; callers write it atomically. Qt-free and torch-free.
#pragma once

#include <string>
#include <vector>

#include "core/RunLog.h"

namespace precisionlab {

// The run columns, in order. runId is "trained-3" or "replayed-3" (both engines count from 1);
// provenance is empty until the engine reported it; model is the checkpoint folder, else the
// preset; peakLearningRate is the config's (the schedule's peak).
const std::vector<std::string>& runColumns();

// One row per step of every run, in the runs' order: the run columns, every step field, then
// the evaluation fields but "step", filled on the row of the step the evaluation ran after and
// empty elsewhere. An evaluation before the first step (step 0) has no row here: evalsCsv has it.
std::string stepsCsv(const std::vector<const RunLog*>& runs);
// One row per evaluation of every run: the run columns, then every evaluation field.
std::string evalsCsv(const std::vector<const RunLog*>& runs);

}  // namespace precisionlab
