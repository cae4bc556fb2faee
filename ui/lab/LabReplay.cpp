#include "ui/lab/LabReplay.h"

#include <utility>

#include "ui/lab/LabController.h"
#include "ui/lab/LabView.h"
#include "ui/lab/RecordingLoader.h"
#include "ui/lab/ScenarioCatalog.h"

// The texts keep LabView's translation context (they were LabView's before the split).

namespace precisionlab {

LabReplay::LabReplay(LabController* controller, QObject* parent)
    : QObject(parent), controller_(controller) {}

void LabReplay::load(const QStringList& paths) {
  if (paths.isEmpty()) {
    emit failed(LabView::tr("No recorded runs found"),
                LabView::tr("This build has no recorded runs. Open .plrun files with \"Open "
                            "recorded runs…\" instead."));
    emit loaded(false);
    return;
  }
  emit statusMessage(LabView::tr("Reading %n recorded run(s)…", nullptr, int(paths.size())));
  RecordingLoader::load(paths, this, [this](RecordingLoader::Result result) {
    if (!result.error.isEmpty()) {
      emit failed(LabView::tr("This recorded run cannot be replayed"),
                  LabView::tr("%1\n\nNothing was replayed. Choose another file, or record the "
                              "run again with \"precisionlab-cli record\".")
                      .arg(result.error));
      emit loaded(false);
      return;
    }
    emit loaded(replay(std::move(result.recordings)));
  });
}

void LabReplay::setSpeed(double factor) { controller_->setReplaySpeed(factor); }
double LabReplay::speed() const { return controller_->replaySpeed(); }

QStringList LabReplay::liveRunsReplacedBy(const std::vector<RunRecording>& recordings) const {
  QSet<QString> scenarios;
  for (const RunRecording& r : recordings) scenarios.insert(QString::fromStdString(r.scenarioId));
  // A recorded baseline replaces only its own machine's baseline, so a live one stays.
  scenarios.remove(ScenarioCatalog::baselineId());
  QStringList names;
  // Every run the store holds (runsOf() shows only a scenario's newest source).
  QSet<QString> live;
  for (const TrackedRun& run : controller_->store().runs())
    if (!run.replayed()) live.insert(QString::fromStdString(run.scenarioId));
  for (const ScenarioInfo& info : ScenarioCatalog::all())
    if (scenarios.contains(info.id) && live.contains(info.id))
      names << ScenarioCatalog::shortName(info);
  return names;
}

bool LabReplay::replay(std::vector<RunRecording> recordings) {
  if (recordings.empty()) return false;
  // Minutes of live training are not dropped without asking.
  const QStringList replaced = liveRunsReplacedBy(recordings);
  if (!replaced.isEmpty() && confirm_ &&
      !confirm_(LabView::tr("Replace live runs?"),
                LabView::tr("Replaying these recordings replaces the live runs of %1 (their "
                            "curves and verdicts). The live fp32 baseline stays.\n\nReplace "
                            "them?")
                    .arg(replaced.join(LabView::tr(", "))))) {
    emit statusMessage(LabView::tr("Nothing replayed: the live runs are kept."));
    return false;
  }
  QSet<QString> scenarios;
  for (const RunRecording& r : recordings) scenarios.insert(QString::fromStdString(r.scenarioId));
  const QStringList names = controller_->replay(std::move(recordings));
  emit replayed(scenarios);
  emit statusMessage(LabView::tr("Replaying %n recorded run(s) at %1x.", nullptr, int(names.size()))
                         .arg(controller_->replaySpeed()));
  return true;
}

QStringList LabReplay::liveStartsFor(const QString& scenarioId) const {
  const ScenarioInfo* info = ScenarioCatalog::find(scenarioId);
  if (!info) return {scenarioId};  // starting it says it is unknown
  if (recordedOnly_) return {};
  const RunDataStore& store = controller_->store();
  QStringList ids;
  // A row's companion runs beside it (fp16=True's step shows bf16=True: the speed a CPU can
  // measure for the mechanism).
  if (!info->companion().isEmpty() && store.runsOf(info->companion()).isEmpty())
    ids << info->companion();
  if (store.runsOf(scenarioId).isEmpty()) ids << scenarioId;
  return ids;
}

}  // namespace precisionlab
