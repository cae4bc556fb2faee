// What the lab says about a scenario, computed from the runs the UI holds: core/Verdict.h's
// computeVerdict() over the scenario's runs and the fp32 baseline of the same source (live with
// live on one device, a recording with recordings of the same machine), plus the row status
// ("running · 40/150", "failed at step 12"). Shared by the lab's rows and the presenter's
// verdict table, so both always show the same computed numbers. Never written in advance.
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <optional>

#include "core/Verdict.h"

namespace precisionlab {

class RunDataStore;
struct TrackedRun;

struct ScenarioStatus {
  QString text;       // "running · 40/150 (3 trials)", "not started"
  int64_t done = 0;   // steps done over all runs
  int64_t total = 0;  // steps planned over all runs
  bool failed = false;
  bool active = false;   // a run is queued, preparing, running or paused
  bool paused = false;   // every active run is paused
  bool started = false;  // the scenario has runs at all
};

class LabVerdicts {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::LabVerdicts)

 public:
  // Empty while the scenario or the baseline has no step yet.
  static std::optional<Verdict> compute(const RunDataStore& store, const QString& scenarioId);
  // Why a started scenario has no verdict: no fp32 baseline of its own source ("" otherwise).
  static QString waitingText(const RunDataStore& store, const QString& scenarioId);
  // True when the scenario's runs and the baseline have all ended (numbers are final).
  static bool isFinal(const RunDataStore& store, const QString& scenarioId);
  static ScenarioStatus status(const RunDataStore& store, const QString& scenarioId);
  // Table cells: "1.92x (1.85-2.01)", "not measurable: emulated", ...
  static QString speedCell(const Verdict& v);
  static QString memoryCell(const Verdict& v);
  static QString accuracyCell(const Verdict& v);
  // A piece of a verdict's wording in the user's language and locale (ui/base/LocalizedText.h,
  // which the floors below the lab use directly).
  static QString localized(const VerdictText& text);
  static QString localizedSummary(const Verdict& v);
};

}  // namespace precisionlab
