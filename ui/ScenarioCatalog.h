// The lab's scenarios as the UI presents them: option letter, title, what the run does, its
// colour on every chart, and the training runs one toggle starts. The run specs come
// from engine/LabScenarios.h (what each scenario runs); this adapter adds what only the UI needs.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <string>
#include <vector>

#include "engine/TrainConfig.h"

namespace precisionlab {

struct ScenarioInfo {
  QString id;       // stable id from engine/ScenarioIds.h
  QString option;   // exam option letter ("A".."D") or empty for reference runs
  QString title;    // e.g. "fp16=True"
  QString detail;   // one line: what the run changes (or why it changes nothing)
  QString legend;   // short chart legend name, e.g. "half layers"
  QColor color;     // curve colour; sweep trials get lighter and darker shades of it
  QString focusChart;  // the figure that tells this option's story (presenter mode shows it)
};

struct PlannedRun {
  std::string label;   // full name, e.g. "C trial 2 (lr 5e-4)"
  std::string legend;  // short chart legend name, e.g. "C lr 5e-4"
  TrainConfig config;
};

class ScenarioCatalog {
 public:
  // Baseline first (every comparison needs it), then the exam's options A-D, then the extras.
  static const QList<ScenarioInfo>& all();
  static const ScenarioInfo* find(const QString& id);
  // Settings the lab starts with: sized so a handful of runs finish in minutes on 2 CPU cores.
  static TrainConfig defaultSettings();
  // The runs one toggle starts, from the user's settings. Empty for an unknown id.
  static std::vector<PlannedRun> runsFor(const QString& id, const TrainConfig& settings);
  // Colour of the n-th run of a scenario (sweeps have several).
  static QColor runColor(const QString& id, int trialIndex, int trialCount);
  // The row name: "fp16=True", "Half-precision layers" (no option letter: options shuffle).
  static QString shortName(const ScenarioInfo& info);
};

}  // namespace precisionlab
