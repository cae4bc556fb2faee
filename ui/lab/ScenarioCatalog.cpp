#include "ui/lab/ScenarioCatalog.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>

#include "core/LabScenarios.h"
#include "core/ScenarioTable.h"

namespace precisionlab {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// The engine's titles and descriptions are English (they name runs in files); they are marked
// with PL_TRANSLATE_NOOP("LabScenarios", ...) there and translated here, where they reach the
// screen. The option text is the question bank's (content), never translated.
QString shown(const std::string& s) {
  return QCoreApplication::translate("LabScenarios", s.c_str());
}

// The row's curve colour; a row without one still gets a distinct hue.
QColor colorOf(const ScenarioSpec& spec, int row) {
  const QColor color(QString::fromStdString(spec.color));
  return color.isValid() ? color : QColor::fromHsv((row * 67) % 360, 200, 190);
}

}  // namespace

const QList<ScenarioInfo>& ScenarioCatalog::all() {
  // Legends are full names (the charts share one legend per tab, so they need not be short).
  static const QList<ScenarioInfo> kScenarios = [] {
    QList<ScenarioInfo> out;
    int row = 0;
    for (const ScenarioSpec& spec : scenarioTable()) {
      out.append({&spec, qs(spec.id), shown(spec.title), shown(spec.whatItIs),
                  QCoreApplication::translate("ScenarioCatalog", spec.legend.c_str()),
                  colorOf(spec, row++)});
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

QString ScenarioCatalog::baselineId() { return qs(baselineScenario().id); }

QString ScenarioCatalog::answerId() { return qs(answerScenario().id); }

QStringList ScenarioCatalog::seedOptionIds() {
  QStringList ids;
  for (const std::string& id : precisionlab::seedOptionIds()) ids << qs(id);
  return ids;
}

QStringList ScenarioCatalog::defaultLabIds() {
  QStringList ids;
  for (const ScenarioSpec& spec : scenarioTable())
    if (spec.inDefaultLab) ids << qs(spec.id);
  return ids;
}

TrainConfig ScenarioCatalog::defaultSettings() {
  // The engine's lab default: sized so baseline and A-D finish in minutes on 2 CPU cores.
  return LabScenarios::defaultBase();
}

QString ScenarioCatalog::trialLegend(double learningRate) {
  return QCoreApplication::translate("ScenarioCatalog", "HP trial lr %1")
      .arg(QLocale().toString(learningRate, 'g', 2));
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

QColor ScenarioCatalog::recordedColor(const QColor& liveColor) {
  const QColor hsl = liveColor.toHsl();
  if (hsl.hslSaturation() < 40) return QColor(0x5b, 0x7d, 0xb8);  // grey baseline: slate blue
  const int hue = (std::max(0, hsl.hslHue()) + 35) % 360;
  return QColor::fromHsl(hue, hsl.hslSaturation(), std::min(200, hsl.lightness() + 30));
}

QString ScenarioCatalog::shortName(const ScenarioInfo& info) {
  // No option letter: the study view shuffles the options, so the letter a learner saw may not
  // be the authored one. The lab names each option by what it does.
  return info.title;
}

}  // namespace precisionlab
