// Small text helpers the CLI's reports share: printf-style numbers and JSON values for the
// JSON Lines it writes (records are flat, so no JSON library is needed on this side). Record
// fields are named by the one record table (core/RecordFields.h).
#pragma once

#include <string>
#include <vector>

#include "core/RecordFields.h"

namespace precisionlab::cli {

// One double through a printf format, e.g. formatNumber("%.3f", x).
std::string formatNumber(const char* format, double v);
// A JSON number; JSON has no inf/NaN, so those are written as null.
std::string jsonNumber(double v);
// A JSON string literal with quotes, backslashes and control characters escaped.
std::string jsonString(const std::string& s);

// The fields of a step or evaluation record as JSON members, `"step":3,"loss":0.69,...`, in the
// table's order; optional fields only when set.
template <typename Record>
std::string jsonRecordFields(const Record& r, const std::vector<RecordField<Record>>& fields) {
  std::string out;
  for (const auto& f : fields) {
    const double v = f.get(r);
    if (f.optional && !(v > 0)) continue;
    out += (out.empty() ? "\"" : ",\"") + std::string(f.name) + "\":";
    if (f.kind == FieldKind::Flag)
      out += v != 0 ? "true" : "false";
    else if (f.kind == FieldKind::Integer)
      out += fieldText(f.kind, v);
    else
      out += jsonNumber(v);
  }
  return out;
}

}  // namespace precisionlab::cli
