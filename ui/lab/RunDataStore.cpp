#include "ui/lab/RunDataStore.h"

#include "core/LabScenarios.h"

namespace precisionlab {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

RunDataStore::RunDataStore() : own_(std::make_unique<RunStore>()), store_(own_.get()) {}

RunDataStore::RunDataStore(RunStore& store) : store_(&store) {}

QString RunDataStore::liveSource(const TrainConfig& config) {
  return qs(precisionlab::liveSource(config));
}

QString RunDataStore::recordedSource(const RunProvenance& recorded) {
  return qs(precisionlab::recordedSource(recorded));
}

QString RunDataStore::describeSource(const QString& source) {
  const QString live = QLatin1String(kLiveSourcePrefix);
  const QString recorded = QLatin1String(kRecordedSourcePrefix);
  if (source.startsWith(live)) return RunDataStore::tr("live on %1").arg(source.mid(live.size()));
  if (source.startsWith(recorded))
    return RunDataStore::tr("recorded on %1").arg(source.mid(recorded.size()));
  return source;
}

QString RunDataStore::legendOf(const TrackedRun& run) {
  return qs(run.legend.empty() ? run.label : run.legend);
}

QColor RunDataStore::colorOf(const TrackedRun& run) {
  return run.argb ? QColor::fromRgba(run.argb) : QColor(Qt::gray);
}

void RunDataStore::addRun(RunLog log, const QString& legend, const QColor& color) {
  TrackedRun run;
  static_cast<RunLog&>(run) = std::move(log);
  run.legend = legend.toStdString();
  run.argb = color.rgba();
  store_->add(std::move(run));
}

void RunDataStore::addRun(RunKey key, const QString& source, const QString& scenarioId,
                          const QString& label, const QString& legend, const QColor& color,
                          const TrainConfig& config) {
  RunLog log;
  log.key = key;
  log.source = source.toStdString();
  log.label = label.toStdString();
  log.config = config;
  log.totalSteps = config.steps;
  LabScenarios::identify(log, scenarioId.toStdString());
  addRun(std::move(log), legend, color);
}

void RunDataStore::setLook(RunKey key, const QString& legend, const QColor& color) {
  store_->setLook(key, legend.toStdString(), color.rgba());
}

void RunDataStore::removeScenario(const QString& scenarioId, const QString& source) {
  store_->removeScenario(scenarioId.toStdString(), source.toStdString());
}

QList<const TrackedRun*> RunDataStore::runsOf(const QString& scenarioId) const {
  const std::vector<const TrackedRun*> runs = store_->runsOf(scenarioId.toStdString());
  return QList<const TrackedRun*>(runs.begin(), runs.end());
}

QString RunDataStore::sourceOf(const QString& scenarioId) const {
  return qs(store_->sourceOf(scenarioId.toStdString()));
}

const TrackedRun* RunDataStore::baseline(const QString& source) const {
  return store_->baseline(source.toStdString());
}

const TrackedRun* RunDataStore::baselineFor(const QString& scenarioId) const {
  return store_->baselineFor(scenarioId.toStdString());
}

QStringList RunDataStore::sources() const {
  QStringList out;
  for (const std::string& s : store_->sources()) out.append(qs(s));
  return out;
}

}  // namespace precisionlab
