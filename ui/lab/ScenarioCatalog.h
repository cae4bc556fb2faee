// The lab's scenarios as the UI presents them. Everything about a scenario (title, the seed
// question's option it stands for, what it does, its runs and sweep values, legend name, the
// chart that tells its story, the card's story, its companion run, its colour) comes from the one
// table, core/ScenarioTable.h; this adapter translates the texts and turns the colour into a
// QColor. No file of ui/ asks a scenario's id what it is.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

#include "core/ScenarioTable.h"
#include "core/TrainConfig.h"

namespace precisionlab {

struct ScenarioInfo {
  QString id;          // stable id from core/ScenarioIds.h
  QString optionText;  // the seed question's option (core scenario table), empty for reference runs
  bool correct = false;  // the option is the question's answer (core scenario table)
  bool isSweep = false;  // several trials (core scenario table)
  QString title;         // e.g. "fp16=True" (core scenario table)
  QString detail;        // one line: what the run changes (core scenario table)
  QString legend;        // chart legend name, e.g. "Half-precision layers" (table)
  QColor color;          // curve colour; sweep trials get lighter and darker shades of it
  QString focusChart;    // the figure that tells its story, presenter mode shows it (table)
  EvidenceStory story = EvidenceStory::Measured;  // how its evidence card reads (table)
  QString companion;  // the run shown beside it (bf16=True beside fp16=True), "" = none (table)
  bool quotesSpeedEvidence = false;  // its card tells the speed story, SpeedEvidence.h (table)
};

class ScenarioCatalog {
 public:
  // Baseline first (every comparison needs it), then the exam's options, then the extras.
  static const QList<ScenarioInfo>& all();
  static const ScenarioInfo* find(const QString& id);
  static QString baselineId();  // the fp32 reference every run is compared with
  static QString answerId();    // the seed question's key (fp16=True)
  // The seed question's options in the table's order (the lab's cards before a question says).
  static QStringList seedOptionIds();
  // The rows `precisionlab-cli lab` runs with no options (the baseline first), in table order.
  static QStringList defaultLabIds();
  // Settings the lab starts with: sized so a handful of runs finish in minutes on 2 CPU cores.
  static TrainConfig defaultSettings();
  // Legend of a sweep trial: "HP trial lr 0.001" (translated, the rate in the user's locale).
  static QString trialLegend(double learningRate);
  // Colour of the n-th run of a scenario (sweeps have several).
  static QColor runColor(const QString& id, int trialIndex, int trialCount);
  // A replayed recording's colour: the scenario's hue turned and lightened (a grey turns
  // slate blue), so a recorded baseline never looks like the live one beside it.
  static QColor recordedColor(const QColor& liveColor);
  // The row name: "fp16=True", "Half-precision layers" (no option letter: options shuffle).
  static QString shortName(const ScenarioInfo& info);
};

}  // namespace precisionlab
