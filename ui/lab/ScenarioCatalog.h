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

// A row of core's scenario table as the window shows it: the row itself (its option text,
// whether it is the key, its story, ...) plus what the window adds: the translated texts and
// the colour as a QColor. Nothing of the row is copied.
struct ScenarioInfo {
  const ScenarioSpec* row = nullptr;  // core's row (never null in ScenarioCatalog::all())
  QString id;                         // row->id, the stable id (core/ScenarioIds.h)
  QString title;                      // row->title translated, e.g. "fp16=True"
  QString detail;                     // row->whatItIs translated: one line, what the run changes
  QString legend;                     // row->legend translated, e.g. "Half-precision layers"
  QColor color;  // curve colour; sweep trials get lighter and darker shades of it

  // The figure that tells its story (presenter mode shows it) and the run shown beside it
  // (bf16=True beside fp16=True, "" = none): ids from the row.
  QString focusChart() const { return QString::fromStdString(row->focusChart); }
  QString companion() const { return QString::fromStdString(row->companion); }
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
