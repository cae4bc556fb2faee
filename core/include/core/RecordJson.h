// The one JSON encoding of run records: step and evaluation records and the run summary, their
// members named and ordered by the one field tables (core/RecordFields.h). The .plrun writer,
// `train --jsonl` and `lab`'s steps.jsonl all write through it, so a key and a number read the
// same in each (docs/run-file-format.md, "Numbers").
//
// Numbers are the shortest text that reads back to the same double. JSON has no NaN or
// infinity, but a diverging run produces them: they are the strings "NaN", "Infinity" and
// "-Infinity", everywhere. Why strings and not null: null loses which one it was (a NaN loss and
// an overflowed one tell different stories), and the run files shipped since format 1 already
// spell them so. Integers are written in full, flags as true and false; optional record fields
// only when set. Reading is strict: numberFromJson takes a number or one of the three strings.
// Qt-free and torch-free.
#pragma once

#include "core/Json.h"
#include "core/RecordFields.h"

namespace precisionlab {

// A JSON number, or "NaN", "Infinity", "-Infinity".
json::Value numberToJson(double v);
// What numberToJson wrote. Throws json::TypeError for anything else (another string, a bool,
// null, a number beyond double's range).
double numberFromJson(const json::Value& v);

// Adds the record's fields to `object` (a JSON object), in the table's order.
void addRecordFields(json::Value& object, const StepRecord& record);
void addRecordFields(json::Value& object, const EvalRecord& record);
void addRecordFields(json::Value& object, const RunSummary& summary);

// One record line, as the .plrun file and `train --jsonl` write it: {"type": "step" or "eval",
// then the record's fields}.
json::Value recordLine(const StepRecord& record);
json::Value recordLine(const EvalRecord& record);

}  // namespace precisionlab
