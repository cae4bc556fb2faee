// The one JSON encoding of run records (core/RecordJson.h); the spelling of non-finite numbers
// is documented in docs/run-file-format.md.
#include "core/RecordJson.h"

#include <cmath>
#include <limits>

namespace precisionlab {

namespace {

template <typename Record>
void addFields(json::Value& object, const Record& record,
               const std::vector<RecordField<Record>>& fields) {
  for (const auto& f : fields) {
    const double v = f.get(record);
    if (f.optional && !(v > 0)) continue;
    if (f.kind == FieldKind::Integer)
      object.set(f.name, static_cast<int64_t>(v));
    else if (f.kind == FieldKind::Flag)
      object.set(f.name, v != 0);
    else
      object.set(f.name, numberToJson(v));
  }
}

}  // namespace

json::Value numberToJson(double v) {
  if (std::isnan(v)) return json::Value("NaN");
  if (std::isinf(v)) return json::Value(v > 0 ? "Infinity" : "-Infinity");
  return json::Value(v);
}

double numberFromJson(const json::Value& v) {
  if (v.isString()) {
    const std::string& s = v.asString();
    if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
    if (s == "Infinity") return std::numeric_limits<double>::infinity();
    if (s == "-Infinity") return -std::numeric_limits<double>::infinity();
  }
  return v.asDouble();  // throws json::TypeError for a string, bool, null, array or object
}

void addRecordFields(json::Value& object, const StepRecord& record) {
  addFields(object, record, stepFields());
}
void addRecordFields(json::Value& object, const EvalRecord& record) {
  addFields(object, record, evalFields());
}
void addRecordFields(json::Value& object, const RunSummary& summary) {
  addFields(object, summary, summaryFields());
}

namespace {
template <typename Record>
json::Value typedLine(const char* type, const Record& record) {
  json::Value o = json::Value::object();
  o.set("type", type);
  addRecordFields(o, record);
  return o;
}
}  // namespace

json::Value recordLine(const StepRecord& record) { return typedLine("step", record); }
json::Value recordLine(const EvalRecord& record) { return typedLine("eval", record); }

}  // namespace precisionlab
