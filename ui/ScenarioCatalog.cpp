#include "ui/ScenarioCatalog.h"

#include <algorithm>

#include "engine/LabScenarios.h"
#include "engine/ScenarioIds.h"

namespace precisionlab {

namespace {

QString idOf(std::string_view id) { return QString::fromLatin1(id.data(), qsizetype(id.size())); }

std::string lrText(double lr) { return QString::number(lr, 'g', 2).toStdString(); }

}  // namespace

const QList<ScenarioInfo>& ScenarioCatalog::all() {
  // Colours: the Okabe-Ito palette (distinguishable with the common colour-vision deficiencies);
  // the baseline is near-black so every other curve reads as "against the reference".
  static const QList<ScenarioInfo> kScenarios = {
      {idOf(scenario::kBaselineFp32), QString(), QStringLiteral("fp32 baseline"),
       QStringLiteral("No change: the reference every other run is compared with."),
       QStringLiteral("fp32 baseline"), QColor(0x33, 0x33, 0x33), QStringLiteral("loss")},
      {idOf(scenario::kHalfLayers), QStringLiteral("A"), QStringLiteral("Half-precision layers"),
       QStringLiteral("model.to(torch.float16): weights, gradients and AdamW state in fp16, no "
                      "loss scaling."),
       QStringLiteral("half layers"), QColor(0xD5, 0x5E, 0x00), QStringLiteral("loss")},
      {idOf(scenario::kTensorflowContainer), QStringLiteral("B"),
       QStringLiteral("TensorFlow container"),
       QStringLiteral("A framework swap leaves precision unchanged: an fp32 run like the "
                      "baseline."),
       QStringLiteral("TF container"), QColor(0x56, 0xB4, 0xE9), QStringLiteral("throughput")},
      {idOf(scenario::kVertexHpTuning), QStringLiteral("C"),
       QStringLiteral("Vertex AI HP tuning"),
       QStringLiteral("A sweep of fp32 trials over the learning rate: more compute, same "
                      "precision."),
       QStringLiteral("HP sweep"), QColor(0xCC, 0x79, 0xA7), QStringLiteral("loss")},
      {idOf(scenario::kFp16Amp), QStringLiteral("D"), QStringLiteral("fp16=True"),
       QStringLiteral("Mixed precision: fp16 autocast, fp32 master weights, dynamic loss "
                      "scaling."),
       QStringLiteral("fp16=True"), QColor(0x00, 0x9E, 0x73), QStringLiteral("loss")},
      {idOf(scenario::kBf16Amp), QString(), QStringLiteral("bf16=True"),
       QStringLiteral("Mixed precision in bfloat16: fp32's range, no loss scaling needed."),
       QStringLiteral("bf16=True"), QColor(0xE6, 0x9F, 0x00), QStringLiteral("throughput")},
      {idOf(scenario::kFp16NoScaler), QString(), QStringLiteral("fp16 without loss scaling"),
       QStringLiteral("fp16 autocast with the GradScaler off: small gradients flush to zero."),
       QStringLiteral("fp16 no scaler"), QColor(0x00, 0x72, 0xB2), QStringLiteral("underflow")},
  };
  return kScenarios;
}

const ScenarioInfo* ScenarioCatalog::find(const QString& id) {
  for (const auto& s : all())
    if (s.id == id) return &s;
  return nullptr;
}

TrainConfig ScenarioCatalog::defaultSettings() {
  // The engine's lab default: sized so baseline and A-D finish in minutes on 2 CPU cores.
  return LabScenarios::defaultBase();
}

std::vector<PlannedRun> ScenarioCatalog::runsFor(const QString& id, const TrainConfig& settings) {
  const ScenarioInfo* info = find(id);
  if (!info) return {};
  // The engine decides what each scenario runs; the UI adds its names and colours.
  const LabScenario scenario = LabScenarios::make(id.toStdString(), settings);
  std::vector<PlannedRun> plan;
  for (const auto& run : scenario.runs) {
    if (scenario.isSweep) {
      const std::string lr = lrText(run.config.learningRate);
      plan.push_back({"HP trial " + std::to_string(plan.size() + 1) + " (lr " + lr + ")",
                      "trial lr " + lr, run.config});
    } else {
      plan.push_back({shortName(*info).toStdString(), info->legend.toStdString(), run.config});
    }
  }
  return plan;
}

QColor ScenarioCatalog::runColor(const QString& id, int trialIndex, int trialCount) {
  const ScenarioInfo* info = find(id);
  const QColor base = info ? info->color : QColor(Qt::gray);
  if (trialCount <= 1) return base;
  // Spread trials from darker to lighter around the scenario colour.
  const int spread = 50;
  const int factor = 100 + spread * (2 * trialIndex - (trialCount - 1)) / std::max(1, trialCount - 1);
  return factor >= 100 ? base.lighter(factor) : base.darker(200 - factor);
}

QString ScenarioCatalog::shortName(const ScenarioInfo& info) {
  // No option letter: the study view shuffles the options, so the letter a learner saw may not
  // be the authored one. The lab names each option by what it does.
  return info.title;
}

}  // namespace precisionlab
