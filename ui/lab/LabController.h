// The lab's logic without widgets: the window's side of the one lab driver. The driver
// (engine/LabSession.h, the same one the CLI's `lab` runs) trains the runs, validates the
// settings, holds the run store and decides which runs a scenario starts and which live fp32
// baseline they need. This controller adds what only the window has: the RunReplayer
// (recordings played back into the same store, replacing what a replay replaces), the look of
// each run (legend, colour), where the CLI binary is for the rows trained as its child processes
// (the preemption experiment), a 20 Hz timer that drains both engines into the store
// (RunLog::apply) and the verdict cache. LabView and the presenter draw what it holds and send it
// the user's intents.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "core/ConfigValidator.h"
#include "core/RunRecording.h"
#include "core/TrainConfig.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/VerdictCache.h"

class QTimer;

namespace precisionlab {

class LabSession;
class RunReplayer;

class LabController : public QObject {
  Q_OBJECT

 public:
  explicit LabController(QObject* parent = nullptr);
  ~LabController() override;  // cancels every run and joins the training thread

  const RunDataStore& store() const { return store_; }
  const VerdictCache& verdicts() const { return verdicts_; }
  // The scenario's cached verdict, or nullptr.
  const CachedVerdict* verdict(const QString& scenarioId) const {
    return verdicts_.find(scenarioId);
  }
  bool anyActive() const;
  // The scenario was stopped and a run of it still finishes its step (LabSession::stopping).
  bool stopping(const QString& scenarioId) const;
  // The CLI binary the rows trained as its child processes run (the preemption experiment,
  // engine/PreemptionRunner.h): $PRECISIONLAB_CLI, else next to the app, else the build tree
  // (<app dir>/../cli), else PATH; "" when none is found.
  static QString findCli();

  struct StartResult {
    QStringList started;  // scenario ids started, the live baseline first when it was missing
    bool alreadyRunning = false;
    QString failedScenario;           // set when the driver refused to start it
    QString error;                    // its message
    std::vector<ConfigIssue> issues;  // the settings' issues, when validation refused them
  };
  // Starts the scenario's runs from `settings`, validated first (and the live fp32 baseline of
  // the same device unless one is there: every verdict compares with it). A restart replaces the
  // scenario's curves; a recorded baseline stays, it is the reference of the recordings.
  StartResult start(const QString& scenarioId, const TrainConfig& settings);
  // Cancels the scenario's runs (all trials of a sweep); the curves stay.
  void stop(const QString& scenarioId);
  void setPaused(const QString& scenarioId, bool paused);
  void stopAll();
  // Cancels everything and forgets every run and verdict.
  void clear();
  // Cancels and removes a scenario's runs: all of them, or only those of `source`.
  void forget(const QString& scenarioId, const QString& source = QString());

  // Replays recordings: each scenario in the batch replaces its curves (a recorded baseline
  // only those of its own machine); returns the runs' labels.
  QStringList replay(std::vector<RunRecording> recordings);
  void setReplaySpeed(double factor);
  double replaySpeed() const;

  // Drains the scheduler and the replayer once and updates the verdicts (the timer, 20 Hz).
  void poll();
  // How often a running scenario's verdict is recomputed (tests use 0: every change).
  void setLiveVerdictInterval(qint64 ms) { verdicts_.setLiveInterval(ms); }

 signals:
  // After a poll or an intent that changed the store (tests wait on it).
  void runsUpdated();
  // After the cached verdicts changed (added, recomputed or dropped).
  void verdictsUpdated();

 private:
  void cancel(RunKey key);
  void ensurePolling();
  void changed();

  std::unique_ptr<LabSession> session_;  // trains the runs and holds the store
  std::unique_ptr<RunReplayer> replayer_;
  RunDataStore store_;  // the window's view of session_'s store
  VerdictCache verdicts_;
  QTimer* pollTimer_ = nullptr;
  QElapsedTimer clock_;
};

}  // namespace precisionlab
