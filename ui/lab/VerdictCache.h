// The lab's verdicts, computed once per change and read by everything that shows one (the
// lab's rows, the evidence cards, the presenter's verdict table), so a 20 Hz redraw never
// recomputes a verdict. A verdict is recomputed when its scenario's runs or its baseline
// changed (store revisions): at once when they have all ended, at most once per interval while
// they run (each computation scans every record). Plain Qt Core, no widgets.
#pragma once

#include <QHash>
#include <QString>
#include <optional>

#include "core/Verdict.h"

namespace precisionlab {

class RunDataStore;

struct CachedVerdict {
  Verdict verdict;
  bool final = false;  // every run and the baseline had ended (the numbers no longer move)
  QString text;        // the summary, "so far: ..." while runs go
  QString details;     // the text and the verdict's notes, one a line (tooltips)
};

class VerdictCache {
 public:
  // Live verdicts are recomputed at most once a second by default.
  static constexpr qint64 kLiveIntervalMs = 1000;

  // Brings every scenario's verdict up to date with `store` at time `nowMs` (a monotonic clock);
  // true when any verdict was added, changed or dropped.
  bool update(const RunDataStore& store, qint64 nowMs);
  // The scenario's current verdict, or nullptr (no runs, no baseline of its source yet).
  const CachedVerdict* find(const QString& scenarioId) const;
  void remove(const QString& scenarioId);
  void clear();
  void setLiveInterval(qint64 ms) { liveIntervalMs_ = ms; }
  // How many verdicts were computed so far (tests check that reading does not compute).
  int computations() const { return computations_; }

 private:
  struct Entry {
    CachedVerdict shown;
    quint64 revision = 0;  // store revisions the verdict was computed from
    qint64 computedAt = 0;
  };
  QHash<QString, Entry> entries_;
  qint64 liveIntervalMs_ = kLiveIntervalMs;
  int computations_ = 0;
};

}  // namespace precisionlab
