#include "ui/ScenarioCatalog.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>

#include "engine/LabScenarios.h"
#include "engine/ScenarioIds.h"

namespace precisionlab {

namespace {

QString idOf(std::string_view id) { return QString::fromLatin1(id.data(), qsizetype(id.size())); }

QString qs(const std::string& s) { return QString::fromStdString(s); }

// The engine's titles and descriptions are English (they name runs in files); they are marked
// with PL_TRANSLATE_NOOP("LabScenarios", ...) there and translated here, where they reach the
// screen. The option text is the question bank's (content), never translated.
QString shown(const std::string& s) {
  return QCoreApplication::translate("LabScenarios", s.c_str());
}

QString lrText(double lr) { return QLocale().toString(lr, 'g', 2); }

// What only the UI adds to a scenario of the engine's table.
struct Look {
  std::string_view id;
  const char* legend;
  QColor color;
  const char* focusChart;
};

}  // namespace

const QList<ScenarioInfo>& ScenarioCatalog::all() {
  // Colours: the Okabe-Ito palette (distinguishable with the common colour-vision deficiencies);
  // the baseline is near-black so every other curve reads as "against the reference". Legends
  // are full names (the charts share one legend per tab, so they need not be short).
  static const QList<ScenarioInfo> kScenarios = [] {
    const Look looks[] = {
        {scenario::kBaselineFp32, QT_TRANSLATE_NOOP("ScenarioCatalog", "fp32 baseline"),
         QColor(0x33, 0x33, 0x33), "loss"},
        {scenario::kHalfLayers, QT_TRANSLATE_NOOP("ScenarioCatalog", "Half-precision layers"),
         QColor(0xD5, 0x5E, 0x00), "loss"},
        {scenario::kTensorflowContainer,
         QT_TRANSLATE_NOOP("ScenarioCatalog", "TensorFlow container"), QColor(0x56, 0xB4, 0xE9),
         "throughput"},
        {scenario::kVertexHpTuning, QT_TRANSLATE_NOOP("ScenarioCatalog", "HP tuning"),
         QColor(0xCC, 0x79, 0xA7), "loss"},
        {scenario::kFp16Amp, "fp16=True", QColor(0x00, 0x9E, 0x73), "loss"},
        {scenario::kBf16Amp, "bf16=True", QColor(0xE6, 0x9F, 0x00), "throughput"},
        {scenario::kFp16NoScaler, QT_TRANSLATE_NOOP("ScenarioCatalog", "fp16 without loss scaling"),
         QColor(0x00, 0x72, 0xB2), "underflow"},
    };
    QList<ScenarioInfo> out;
    const TrainConfig base = LabScenarios::defaultBase();
    for (const Look& look : looks) {
      const LabScenario s = LabScenarios::make(look.id, base);
      out.append({idOf(look.id), qs(s.optionText), s.correct, s.isSweep, shown(s.title),
                  shown(s.whatItIs), QCoreApplication::translate("ScenarioCatalog", look.legend),
                  look.color, QString::fromLatin1(look.focusChart)});
    }
    return out;
  }();
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
  // The engine decides what each scenario runs; the UI adds its legends.
  const LabScenario scenario = LabScenarios::make(id.toStdString(), settings);
  std::vector<PlannedRun> plan;
  for (const auto& run : scenario.runs) {
    const std::string legend =
        scenario.isSweep ? QCoreApplication::translate("ScenarioCatalog", "HP trial lr %1")
                               .arg(lrText(run.config.learningRate))
                               .toStdString()
                         : info->legend.toStdString();
    plan.push_back({run.label, legend, run.config});
  }
  return plan;
}

QColor ScenarioCatalog::runColor(const QString& id, int trialIndex, int trialCount) {
  const ScenarioInfo* info = find(id);
  const QColor base = info ? info->color : QColor(Qt::gray);
  if (trialCount <= 1) return base;
  // Spread trials from darker to lighter around the scenario colour.
  const int spread = 50;
  const int factor =
      100 + spread * (2 * trialIndex - (trialCount - 1)) / std::max(1, trialCount - 1);
  return factor >= 100 ? base.lighter(factor) : base.darker(200 - factor);
}

QString ScenarioCatalog::shortName(const ScenarioInfo& info) {
  // No option letter: the study view shuffles the options, so the letter a learner saw may not
  // be the authored one. The lab names each option by what it does.
  return info.title;
}

}  // namespace precisionlab
