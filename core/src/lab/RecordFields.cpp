#include "core/RecordFields.h"

#include <charconv>
#include <cmath>
#include <type_traits>
#include <utility>

namespace precisionlab {

namespace {

// One table row: the member is named once, its reader and writer follow from it.
template <typename Record, auto Member>
RecordField<Record> row(const char* name, const char* unit, FieldKind kind, bool optional,
                        const char* tensorboardGroup) {
  using Value = std::decay_t<decltype(std::declval<Record&>().*Member)>;
  return {name,
          unit,
          kind,
          [](const Record& r) { return static_cast<double>(r.*Member); },
          [](Record& r, double v) { r.*Member = static_cast<Value>(v); },
          optional,
          tensorboardGroup};
}

constexpr FieldKind kInt = FieldKind::Integer, kReal = FieldKind::Real, kFlag = FieldKind::Flag;
using S = StepRecord;
using E = EvalRecord;
using R = RunSummary;

}  // namespace

const std::vector<StepField>& stepFields() {
  static const std::vector<StepField> fields = {
      row<S, &S::step>("step", "", kInt, false, nullptr),
      row<S, &S::loss>("loss", "", kReal, false, "train"),
      row<S, &S::learningRate>("learningRate", "", kReal, false, "train"),
      row<S, &S::stepMs>("stepMs", "ms", kReal, false, "time"),
      row<S, &S::cpuMs>("cpuMs", "ms", kReal, true, nullptr),
      row<S, &S::samplesPerSec>("samplesPerSec", "1/s", kReal, false, "throughput"),
      row<S, &S::tokensPerSec>("tokensPerSec", "1/s", kReal, false, "throughput"),
      row<S, &S::gradNorm>("gradNorm", "", kReal, false, "gradients"),
      row<S, &S::nonFinite>("nonFinite", "", kFlag, false, nullptr),
      row<S, &S::lossScale>("lossScale", "", kReal, false, "amp"),
      row<S, &S::skipped>("skipped", "", kFlag, false, "amp"),
      row<S, &S::gradZeroFraction>("gradZeroFraction", "", kReal, false, "gradients"),
      row<S, &S::gradNonFiniteFraction>("gradNonFiniteFraction", "", kReal, false, "gradients"),
      row<S, &S::peakBytes>("peakBytes", "bytes", kInt, false, "memory"),
      row<S, &S::trainableParams>("trainableParams", "", kInt, true, nullptr),
      row<S, &S::optimizerStateBytes>("optimizerStateBytes", "bytes", kInt, true, nullptr),
      row<S, &S::allReduceMs>("allReduceMs", "ms", kReal, true, nullptr),
      row<S, &S::allReduceBytes>("allReduceBytes", "bytes", kInt, true, nullptr),
  };
  return fields;
}

const std::vector<EvalField>& evalFields() {
  static const std::vector<EvalField> fields = {
      row<E, &E::step>("step", "", kInt, false, nullptr),
      row<E, &E::valLoss>("valLoss", "", kReal, false, "validation"),
      row<E, &E::valAccuracy>("valAccuracy", "", kReal, false, "validation"),
      row<E, &E::chanceAccuracy>("chanceAccuracy", "", kReal, true, nullptr),
  };
  return fields;
}

const std::vector<SummaryField>& summaryFields() {
  static const std::vector<SummaryField> fields = {
      row<R, &R::stepsDone>("stepsDone", "", kInt, false, nullptr),
      row<R, &R::medianStepMs>("medianStepMs", "ms", kReal, false, nullptr),
      row<R, &R::medianSamplesPerSec>("medianSamplesPerSec", "1/s", kReal, false, nullptr),
      row<R, &R::finalLoss>("finalLoss", "", kReal, false, nullptr),
      row<R, &R::finalValLoss>("finalValLoss", "", kReal, false, nullptr),
      row<R, &R::finalValAccuracy>("finalValAccuracy", "", kReal, false, nullptr),
      row<R, &R::peakBytes>("peakBytes", "bytes", kInt, false, nullptr),
      row<R, &R::skippedSteps>("skippedSteps", "", kInt, false, nullptr),
      row<R, &R::nonFiniteSteps>("nonFiniteSteps", "", kInt, false, nullptr),
      row<R, &R::firstNonFiniteStep>("firstNonFiniteStep", "", kInt, false, nullptr),
  };
  return fields;
}

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
