// The one table of what a step and an evaluation record hold, and of a run's summary: each
// field's name (one spelling, used by every export: CSV, JSON Lines, .plrun, the CLI reports and
// TensorBoard tags), its unit, its kind and how to read and set it. Add a field to StepRecord (or
// RunSummary) and to its table, and every writer and the run-file reader pick it up; the JSON
// encoding is core/RecordJson.h, the CSV one core/RunCsv.h. Plain data: no torch, no Qt.
#pragma once

#include <string>
#include <vector>

#include "core/RunLog.h"
#include "core/RunRecords.h"

namespace precisionlab {

enum class FieldKind { Integer, Real, Flag };

template <typename Record>
struct RecordField {
  const char* name;  // e.g. "samplesPerSec"
  const char* unit;  // e.g. "ms", "1/s", "bytes"; "" when dimensionless
  FieldKind kind;
  double (*get)(const Record&);
  void (*set)(Record&, double);
  // May be left out of a record: written only when set (non-zero), absent reads as 0.
  bool optional;
  // TensorBoard scalar group ("throughput" gives the tag "throughput/samplesPerSec"); nullptr
  // when the field is not a TensorBoard scalar (the step number is the x axis).
  const char* tensorboardGroup;
};

using StepField = RecordField<StepRecord>;
using EvalField = RecordField<EvalRecord>;
// RunLog::summary()'s numbers: the .plrun end line's "summary" and `train --jsonl`'s summary line.
// None is optional: a run that never evaluated says so by its sentinels (finalValLoss 0,
// finalValAccuracy -1; core/RunLog.h), so every summary has the same keys.
using SummaryField = RecordField<RunSummary>;

const std::vector<StepField>& stepFields();
const std::vector<EvalField>& evalFields();
const std::vector<SummaryField>& summaryFields();

// "throughput/samplesPerSec"; empty when the field has no TensorBoard group.
template <typename Record>
std::string tensorboardTag(const RecordField<Record>& f) {
  return f.tensorboardGroup ? std::string(f.tensorboardGroup) + "/" + f.name : std::string();
}

// A field's value as text for CSV and reports, whatever the locale: integers in full, flags as
// 0 or 1, reals in the shortest form that reads back to the same double, "nan", "inf", "-inf".
std::string fieldText(FieldKind kind, double value);

}  // namespace precisionlab
