#include "core/RecordFields.h"

#include <charconv>
#include <cmath>

namespace precisionlab {

namespace {
// One line a field: the accessor pair is spelled out once, here.
#define PL_REAL(Rec, member) \
  [](const Rec& r) { return static_cast<double>(r.member); }, [](Rec& r, double v) { r.member = v; }
#define PL_INT(Rec, member)                                   \
  [](const Rec& r) { return static_cast<double>(r.member); }, \
      [](Rec& r, double v) { r.member = static_cast<int64_t>(v); }
#define PL_FLAG(Rec, member) \
  [](const Rec& r) { return r.member ? 1.0 : 0.0; }, [](Rec& r, double v) { r.member = v != 0; }
}  // namespace

const std::vector<StepField>& stepFields() {
  static const std::vector<StepField> fields = {
      {"step", "", FieldKind::Integer, PL_INT(StepRecord, step), false, nullptr},
      {"loss", "", FieldKind::Real, PL_REAL(StepRecord, loss), false, "train"},
      {"learningRate", "", FieldKind::Real, PL_REAL(StepRecord, learningRate), false, "train"},
      {"stepMs", "ms", FieldKind::Real, PL_REAL(StepRecord, stepMs), false, "time"},
      {"cpuMs", "ms", FieldKind::Real, PL_REAL(StepRecord, cpuMs), true, nullptr},
      {"samplesPerSec", "1/s", FieldKind::Real, PL_REAL(StepRecord, samplesPerSec), false,
       "throughput"},
      {"tokensPerSec", "1/s", FieldKind::Real, PL_REAL(StepRecord, tokensPerSec), false,
       "throughput"},
      {"gradNorm", "", FieldKind::Real, PL_REAL(StepRecord, gradNorm), false, "gradients"},
      {"nonFinite", "", FieldKind::Flag, PL_FLAG(StepRecord, nonFinite), false, nullptr},
      {"lossScale", "", FieldKind::Real, PL_REAL(StepRecord, lossScale), false, "amp"},
      {"skipped", "", FieldKind::Flag, PL_FLAG(StepRecord, skipped), false, "amp"},
      {"gradZeroFraction", "", FieldKind::Real, PL_REAL(StepRecord, gradZeroFraction), false,
       "gradients"},
      {"gradNonFiniteFraction", "", FieldKind::Real, PL_REAL(StepRecord, gradNonFiniteFraction),
       false, "gradients"},
      {"peakBytes", "bytes", FieldKind::Integer, PL_INT(StepRecord, peakBytes), false, "memory"},
  };
  return fields;
}

const std::vector<EvalField>& evalFields() {
  static const std::vector<EvalField> fields = {
      {"step", "", FieldKind::Integer, PL_INT(EvalRecord, step), false, nullptr},
      {"valLoss", "", FieldKind::Real, PL_REAL(EvalRecord, valLoss), false, "validation"},
      {"valAccuracy", "", FieldKind::Real, PL_REAL(EvalRecord, valAccuracy), false, "validation"},
  };
  return fields;
}

#undef PL_REAL
#undef PL_INT
#undef PL_FLAG

std::string fieldText(FieldKind kind, double value) {
  if (kind == FieldKind::Flag) return value != 0 ? "1" : "0";
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[64];
  const auto result = kind == FieldKind::Integer
                          ? std::to_chars(buf, buf + sizeof buf, static_cast<long long>(value))
                          : std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, result.ptr);
}

}  // namespace precisionlab
