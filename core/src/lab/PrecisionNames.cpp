// Precision names for flags, files and messages, kept apart from TrainConfig.cpp (which checks
// devices through LibTorch) so that torch-free readers of run files (fuzz/) can link them.
#include "core/TrainConfig.h"

namespace precisionlab {

namespace {
struct PrecisionNameEntry {
  Precision precision;
  const char* name;
};
constexpr PrecisionNameEntry kPrecisionNames[] = {
    {Precision::Fp32, "fp32"},
    {Precision::Fp16Amp, "fp16-amp"},
    {Precision::Bf16Amp, "bf16-amp"},
    {Precision::HalfModel, "half-model"},
    {Precision::Fp16AmpNoScaler, "fp16-amp-noscale"},
};
}  // namespace

const char* precisionName(Precision p) {
  for (const auto& e : kPrecisionNames)
    if (e.precision == p) return e.name;
  return "unknown";
}

bool parsePrecision(const std::string& s, Precision* out) {
  for (const auto& e : kPrecisionNames) {
    if (s == e.name) {
      *out = e.precision;
      return true;
    }
  }
  return false;
}

std::vector<std::string> precisionNames() {
  std::vector<std::string> names;
  for (const auto& e : kPrecisionNames) names.emplace_back(e.name);
  return names;
}

std::string precisionNameList() {
  const std::vector<std::string> names = precisionNames();
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

const char* cpuFp16Name(CpuFp16 m) {
  switch (m) {
    case CpuFp16::Auto:
      return "auto";
    case CpuFp16::Emulate:
      return "emulate";
    case CpuFp16::Real:
      return "real";
  }
  return "unknown";
}

namespace {
constexpr CpuFp16 kCpuFp16Modes[] = {CpuFp16::Auto, CpuFp16::Emulate, CpuFp16::Real};
}  // namespace

std::vector<std::string> cpuFp16Names() {
  std::vector<std::string> names;
  for (CpuFp16 m : kCpuFp16Modes) names.emplace_back(cpuFp16Name(m));
  return names;
}

bool parseCpuFp16(const std::string& s, CpuFp16* out) {
  for (CpuFp16 m : kCpuFp16Modes) {
    if (s == cpuFp16Name(m)) {
      *out = m;
      return true;
    }
  }
  return false;
}

}  // namespace precisionlab
