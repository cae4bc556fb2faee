#include "ui/lab/LabVerdicts.h"

#include <cmath>

#include <QCoreApplication>
#include <QLocale>

#include "ui/base/LocalizedText.h"
#include "ui/lab/RunDataStore.h"

namespace precisionlab {

std::optional<Verdict> LabVerdicts::compute(const RunDataStore& store, const QString& scenarioId) {
  return store.core().verdict(scenarioId.toStdString());
}

QString LabVerdicts::waitingText(const RunDataStore& store, const QString& scenarioId) {
  const QString source = store.sourceOf(scenarioId);
  if (source.isEmpty() || store.baselineFor(scenarioId) ||
      judgedWithoutBaseline(scenarioId.toStdString()))
    return QString();
  if (source.startsWith(QLatin1String(kRecordedSourcePrefix)))
    return LabVerdicts::tr("no verdict: needs the fp32 baseline recorded on the same machine (%1)")
        .arg(RunDataStore::describeSource(source));
  return LabVerdicts::tr("no verdict yet: needs the live fp32 baseline (%1)")
      .arg(RunDataStore::describeSource(source));
}

bool LabVerdicts::isFinal(const RunDataStore& store, const QString& scenarioId) {
  return store.core().isFinal(scenarioId.toStdString());
}

ScenarioStatus LabVerdicts::status(const RunDataStore& store, const QString& scenarioId) {
  ScenarioStatus s;
  const QList<const TrackedRun*> runs = store.runsOf(scenarioId);
  if (runs.isEmpty()) {
    s.text = LabVerdicts::tr("not started");
    return s;
  }
  s.started = true;
  const TrackedRun* failed = nullptr;
  const TrackedRun* active = nullptr;
  bool allPaused = true;
  for (const TrackedRun* r : runs) {
    s.done += r->stepsDone();
    s.total += r->totalSteps;
    if (r->state == RunState::Failed && !failed) failed = r;
    if (r->active()) {
      if (!active) active = r;
      allPaused = allPaused && r->state == RunState::Paused;
    }
  }
  s.failed = failed != nullptr;
  s.active = active != nullptr;
  s.paused = s.active && allPaused;
  if (failed) {
    s.text = LabVerdicts::tr("failed at step %1").arg(failed->stepsDone() + 1);
  } else {
    const TrackedRun* shown = active ? active : runs.front();
    // The engine marks its state names (PL_TRANSLATE_NOOP); files keep them in English.
    s.text = QCoreApplication::translate("RunState", runStateName(shown->state));
  }
  s.text += QStringLiteral(" · %1/%2").arg(s.done).arg(s.total);
  // A sweep's runs are its trials; a child-process experiment's are its jobs (kill and resume,
  // replicated vs sharded), which are not trials.
  if (runs.size() > 1)
    s.text += runs.front()->isSweep ? LabVerdicts::tr(" (%n trials)", nullptr, int(runs.size()))
                                    : LabVerdicts::tr(" (%n run(s))", nullptr, int(runs.size()));
  return s;
}

QString LabVerdicts::speedCell(const Verdict& v) {
  if (!v.speedMeasurable) {
    if (v.speedNotTheClaim) return LabVerdicts::tr("n/a (not a speed test)");
    return v.provenance == Provenance::Emulated ? LabVerdicts::tr("n/a (emulated)")
                                                : LabVerdicts::tr("n/a here");
  }
  // Figures on screen follow the user's locale (2,00x under de_DE); files never do.
  const QLocale locale;
  return QStringLiteral("%1x (%2–%3)")
      .arg(locale.toString(v.speedup, 'f', 2), locale.toString(v.speedupLow, 'f', 2),
           locale.toString(v.speedupHigh, 'f', 2));
}

QString LabVerdicts::memoryCell(const Verdict& v) {
  if (!v.memoryMeasurable) return LabVerdicts::tr("n/a");
  return QStringLiteral("%1x").arg(QLocale().toString(v.memoryRatio, 'f', 2));
}

QString LabVerdicts::accuracyCell(const Verdict& v) {
  if (v.firstNonFiniteStep > 0 && !v.hasEval)
    return LabVerdicts::tr("— (NaN at step %1)").arg(v.firstNonFiniteStep);
  if (!v.hasEval) return LabVerdicts::tr("no evaluation yet");
  const QLocale locale;
  return LabVerdicts::tr("%1 (fp32 %2)")
      .arg(locale.toString(v.valAccuracy, 'f', 3), locale.toString(v.baselineValAccuracy, 'f', 3));
}

QString LabVerdicts::localized(const VerdictText& text) { return localizedText(text); }

QString LabVerdicts::localizedSummary(const Verdict& v) {
  return precisionlab::localizedSummary(v);
}

}  // namespace precisionlab
