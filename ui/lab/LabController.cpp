#include "ui/lab/LabController.h"

#include <QHash>
#include <QTimer>
#include <algorithm>
#include <exception>

#include "core/LabScenarios.h"
#include "core/RunReplayer.h"
#include "engine/RunScheduler.h"
#include "ui/lab/PreemptionProcess.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {

// 20 Hz: smooth to the eye, and each drain moves a few steps' records at most.
constexpr int kPollIntervalMs = 50;
// Recordings replay at 4x by default: a class sees a run in a minute or two.
constexpr double kDefaultReplaySpeed = 4.0;

QString baselineId() { return ScenarioCatalog::baselineId(); }

}  // namespace

LabController::LabController(QObject* parent)
    : QObject(parent),
      scheduler_(std::make_unique<RunScheduler>(RunScheduler::labWorkers(),
                                                RunScheduler::kWindowWorkerNice)),
      replayer_(std::make_unique<RunReplayer>(kDefaultReplaySpeed)) {
  clock_.start();
  pollTimer_ = new QTimer(this);
  pollTimer_->setInterval(kPollIntervalMs);
  connect(pollTimer_, &QTimer::timeout, this, &LabController::poll);
  preemption_ = new PreemptionProcess(this);
  connect(preemption_, &PreemptionProcess::changed, this, &LabController::runsUpdated);
  connect(preemption_, &PreemptionProcess::finished, this, &LabController::verdictsUpdated);
}

bool LabController::anyActive() const { return store_.anyActive() || preemption_->running(); }

LabController::~LabController() {
  pollTimer_->stop();
  scheduler_.reset();  // cancels the runs and joins the worker
  replayer_.reset();
}

void LabController::ensurePolling() {
  if (!pollTimer_->isActive()) pollTimer_->start();
}

void LabController::changed() {
  const bool verdictsChanged = verdicts_.update(store_, clock_.elapsed());
  emit runsUpdated();
  if (verdictsChanged) emit verdictsUpdated();
}

void LabController::cancel(RunKey key) {
  if (key.origin == RunOrigin::Replayed)
    replayer_->cancel(key.id);
  else
    scheduler_->cancel(key.id);
}

void LabController::forget(const QString& scenarioId, const QString& source) {
  for (const TrackedRun& run : store_.runs())
    if (QString::fromStdString(run.scenarioId) == scenarioId &&
        (source.isEmpty() || QString::fromStdString(run.source) == source) && run.active())
      cancel(run.key);
  store_.removeScenario(scenarioId, source);  // a restart replaces the old curves
  verdicts_.remove(scenarioId);
}

LabController::StartResult LabController::start(const QString& scenarioId,
                                                const TrainConfig& settings) {
  StartResult result;
  const QList<const TrackedRun*> existing = store_.runsOf(scenarioId);
  if (std::any_of(existing.begin(), existing.end(),
                  [](const TrackedRun* r) { return r->active(); })) {
    result.alreadyRunning = true;
    return result;
  }
  const QString source = RunDataStore::liveSource(settings);
  QStringList toStart;
  const TrackedRun* baseline = store_.baseline(source);
  const bool baselineMissing = !baseline || (!baseline->active() && baseline->steps.empty());
  if (scenarioId != baselineId() && baselineMissing) toStart.append(baselineId());
  toStart.append(scenarioId);

  for (const QString& id : toStart) {
    // An option row shows one source at a time; the baseline keeps one per source.
    forget(id, id == baselineId() ? source : QString());
    try {
      const LabScenario scenario = LabScenarios::make(id.toStdString(), settings);
      const std::vector<PlannedRun> plan = ScenarioCatalog::runsFor(id, settings);
      const int count = int(scenario.runs.size());
      for (int i = 0; i < count; ++i) {
        const LabRun& run = scenario.runs[size_t(i)];
        // A sweep's trial at the baseline's own rate follows the live baseline (the same bits,
        // trained once) when the baseline has not stepped yet; otherwise it trains itself.
        const TrackedRun* base = scenario.isSweep ? store_.baseline(source) : nullptr;
        const RunId runId =
            base && base->key.origin == RunOrigin::Trained
                ? scheduler_->addOrFollow(run.config, run.label, base->key.id, base->config)
                : scheduler_->add(run.config, run.label);
        RunLog log = LabScenarios::plan({RunOrigin::Trained, runId}, scenario, size_t(i));
        log.source = source.toStdString();
        const QString legend =
            size_t(i) < plan.size() ? QString::fromStdString(plan[size_t(i)].legend) : QString();
        store_.addRun(std::move(log), legend, ScenarioCatalog::runColor(id, i, count));
      }
    } catch (const std::exception& e) {
      // Bad settings are the user's to fix: the view says so on the row.
      result.failedScenario = id;
      result.error = QString::fromUtf8(e.what());
      break;
    }
    result.started.append(id);
  }
  ensurePolling();
  changed();
  return result;
}

void LabController::stop(const QString& scenarioId) {
  for (const TrackedRun* run : store_.runsOf(scenarioId))
    if (run->active()) cancel(run->key);
  // The cancelled state arrives with the next drain; keep polling until it does.
  ensurePolling();
}

void LabController::setPaused(const QString& scenarioId, bool paused) {
  for (const TrackedRun* run : store_.runsOf(scenarioId)) {
    if (!run->active()) continue;
    if (run->replayed())
      replayer_->setPaused(run->key.id, paused);
    else
      scheduler_->setPaused(run->key.id, paused);
  }
  ensurePolling();
}

void LabController::stopAll() {
  preemption_->cancel();
  for (const TrackedRun& run : store_.runs())
    if (run.active()) cancel(run.key);
  ensurePolling();
}

void LabController::clear() {
  preemption_->reset();
  scheduler_->cancelAll();
  replayer_->cancelAll();
  store_.clear();
  verdicts_.clear();
  emit runsUpdated();
  emit verdictsUpdated();
}

QStringList LabController::replay(std::vector<RunRecording> recordings) {
  QStringList names;
  if (recordings.empty()) return names;
  // Each scenario in the batch replaces its curves; a sweep's trials arrive together.
  QHash<QString, int> trials;
  for (const RunRecording& r : recordings) ++trials[QString::fromStdString(r.scenarioId)];
  for (auto it = trials.cbegin(); it != trials.cend(); ++it) {
    if (it.key() != baselineId()) {
      forget(it.key());
      continue;
    }
    // The baseline keeps one set per source: a recorded one replaces only its own machine's.
    for (const RunRecording& r : recordings)
      if (QString::fromStdString(r.scenarioId) == baselineId())
        forget(baselineId(), RunDataStore::recordedSource(r.provenance));
  }
  // A recording is compared with recordings of the same machine only (its source); a live
  // baseline never judges a recorded run.
  QHash<QString, int> seen;
  for (RunRecording& r : recordings) {
    const QString id = QString::fromStdString(r.scenarioId);
    const int index = seen[id]++;
    const int count = trials.value(id);
    const ScenarioInfo* info = ScenarioCatalog::find(id);
    const QString label = QString::fromStdString(r.label);
    // The store's log starts empty: its records arrive from the replayer as they are released.
    RunLog log;
    log.label = r.label;
    log.config = r.config;
    log.totalSteps = r.totalSteps;
    log.source = precisionlab::recordedSource(r.provenance);
    LabScenarios::identify(log, r.scenarioId);
    QString legend = info ? info->legend : label;
    if (log.isSweep || (count > 1 && info))
      legend = ScenarioCatalog::trialLegend(r.config.learningRate);
    legend = tr("%1 (recorded)").arg(legend);
    names.append(label);
    log.key = {RunOrigin::Replayed, replayer_->add(std::move(r))};
    // Its own colour: a live and a recorded baseline side by side must not look alike.
    store_.addRun(std::move(log), legend,
                  ScenarioCatalog::recordedColor(ScenarioCatalog::runColor(id, index, count)));
  }
  ensurePolling();
  changed();
  return names;
}

void LabController::setReplaySpeed(double factor) { replayer_->setSpeed(factor); }

double LabController::replaySpeed() const { return replayer_->speed(); }

void LabController::poll() {
  const std::vector<RunUpdate> trained = scheduler_->drain();
  const std::vector<RunUpdate> replayed = replayer_->drain();
  bool any = false;
  for (const RunUpdate& u : trained) any = store_.apply(RunOrigin::Trained, u) || any;
  for (const RunUpdate& u : replayed) any = store_.apply(RunOrigin::Replayed, u) || any;
  if (any) changed();
  if (!store_.anyActive() && trained.empty() && replayed.empty()) pollTimer_->stop();
}

}  // namespace precisionlab
