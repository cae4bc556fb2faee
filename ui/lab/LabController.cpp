#include "ui/lab/LabController.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QStandardPaths>
#include <QTimer>
#include <algorithm>
#include <exception>

#include "core/LabScenarios.h"
#include "core/RunReplayer.h"
#include "engine/LabSession.h"
#include "engine/RunScheduler.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {

// 20 Hz: smooth to the eye, and each drain moves a few steps' records at most.
constexpr int kPollIntervalMs = 50;
// Recordings replay at 4x by default: a class sees a run in a minute or two.
constexpr double kDefaultReplaySpeed = 4.0;

QString baselineId() { return ScenarioCatalog::baselineId(); }

// The window's runs step at a lower priority than its UI thread (RunScheduler::kWindowWorkerNice).
LabSession::Options windowSessionOptions() {
  LabSession::Options o;
  o.workerNice = RunScheduler::kWindowWorkerNice;
  o.childExecutable = QFile::encodeName(LabController::findCli()).toStdString();
  return o;
}

bool executable(const QString& path) {
  const QFileInfo f(path);
  return !path.isEmpty() && f.isFile() && f.isExecutable();
}

QStringList toQStrings(const std::vector<std::string>& ids) {
  QStringList out;
  for (const std::string& id : ids) out.append(QString::fromStdString(id));
  return out;
}

}  // namespace

LabController::LabController(QObject* parent)
    : QObject(parent),
      session_(std::make_unique<LabSession>(windowSessionOptions())),
      replayer_(std::make_unique<RunReplayer>(kDefaultReplaySpeed)),
      store_(session_->store()) {
  clock_.start();
  pollTimer_ = new QTimer(this);
  pollTimer_->setInterval(kPollIntervalMs);
  connect(pollTimer_, &QTimer::timeout, this, &LabController::poll);
}

bool LabController::anyActive() const { return store_.anyActive(); }

bool LabController::stopping(const QString& scenarioId) const {
  return session_->stopping(scenarioId.toStdString());
}

QString LabController::findCli() {
  const QString env = qEnvironmentVariable("PRECISIONLAB_CLI");
  if (executable(env)) return QFileInfo(env).absoluteFilePath();
  const QString appDir = QCoreApplication::applicationDirPath();
  for (const QString& candidate : {appDir + QStringLiteral("/precisionlab-cli"),
                                   appDir + QStringLiteral("/../cli/precisionlab-cli")})
    if (executable(candidate)) return QFileInfo(candidate).canonicalFilePath();
  return QStandardPaths::findExecutable(QStringLiteral("precisionlab-cli"));
}

LabController::~LabController() {
  pollTimer_->stop();
  replayer_.reset();
  // session_ goes last (after store_, its view): it cancels the runs and joins the workers.
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
    session_->cancel(key);
}

void LabController::forget(const QString& scenarioId, const QString& source) {
  const std::string id = scenarioId.toStdString(), from = source.toStdString();
  for (const TrackedRun& run : store_.runs())
    if (run.replayed() && run.active() && run.scenarioId == id &&
        (from.empty() || run.source == from))
      replayer_->cancel(run.key.id);
  session_->forget(id, from);  // cancels its trained runs and removes every run of it
  verdicts_.remove(scenarioId);
}

LabController::StartResult LabController::start(const QString& scenarioId,
                                                const TrainConfig& settings) {
  StartResult result;
  const LabSession::StartResult r = session_->start(scenarioId.toStdString(), settings);
  result.alreadyRunning = r.alreadyRunning;
  result.failedScenario = QString::fromStdString(r.failedScenario);
  result.error = QString::fromStdString(r.error);
  result.issues = r.issues;
  result.started = toQStrings(r.started);
  // The look of what started, from the runs the session planned (the scenario is built once):
  // the row's legend, a sweep's trials by their rate, the runs of a row that trains several
  // different runs (the preemption experiment's three) by their labels, a colour per run.
  for (const QString& id : std::as_const(result.started)) {
    verdicts_.remove(id);  // a restart's verdict is computed afresh
    const QList<const TrackedRun*> runs = store_.runsOf(id);
    const ScenarioInfo* row = ScenarioCatalog::find(id);
    const int count = int(runs.size());
    for (int i = 0; i < count; ++i) {
      const QString legend =
          runs[i]->isSweep ? ScenarioCatalog::trialLegend(runs[i]->config.learningRate)
          : count > 1      ? QCoreApplication::translate("LabRuns", runs[i]->label.c_str())
                           : (row ? row->legend : QString());
      store_.setLook(runs[i]->key, legend, ScenarioCatalog::runColor(id, i, count));
    }
  }
  ensurePolling();
  changed();
  return result;
}

void LabController::stop(const QString& scenarioId) {
  for (const TrackedRun* run : store_.runsOf(scenarioId))
    if (run->active() && run->replayed()) replayer_->cancel(run->key.id);
  session_->stop(scenarioId.toStdString());  // its trained runs, all trials of a sweep
  // The cancelled state arrives with the next drain; keep polling until it does.
  ensurePolling();
}

void LabController::setPaused(const QString& scenarioId, bool paused) {
  for (const TrackedRun* run : store_.runsOf(scenarioId))
    if (run->active() && run->replayed()) replayer_->setPaused(run->key.id, paused);
  session_->setPaused(scenarioId.toStdString(), paused);
  ensurePolling();
}

void LabController::stopAll() {
  for (const TrackedRun& run : store_.runs())
    if (run.active()) cancel(run.key);
  ensurePolling();
}

void LabController::clear() {
  replayer_->cancelAll();
  session_->clear();  // cancels every trained run and empties the store
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
    // The scenario's own colour, the one the captions name (a restored lab came back with a
    // slate-blue baseline and an olive half-precision curve); a turned hue only where a live run
    // of the same scenario stays beside it (the baseline keeps one set per source), so that the
    // two never look alike.
    bool besideLive = false;
    for (const TrackedRun* t : store_.runsOf(id)) besideLive = besideLive || !t->replayed();
    const QColor own = ScenarioCatalog::runColor(id, index, count);
    store_.addRun(std::move(log), legend, besideLive ? ScenarioCatalog::recordedColor(own) : own);
  }
  ensurePolling();
  changed();
  return names;
}

void LabController::setReplaySpeed(double factor) { replayer_->setSpeed(factor); }

double LabController::replaySpeed() const { return replayer_->speed(); }

void LabController::poll() {
  const quint64 before = store_.revision();
  const std::vector<RunUpdate> trained = session_->poll();
  const std::vector<RunUpdate> replayed = replayer_->drain();
  for (const RunUpdate& u : replayed) store_.apply(RunOrigin::Replayed, u);
  const bool any = store_.revision() != before;
  if (any) changed();
  if (!store_.anyActive() && trained.empty() && replayed.empty()) pollTimer_->stop();
}

}  // namespace precisionlab
