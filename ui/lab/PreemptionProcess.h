// The preemption-and-resume experiment run from the window (docs/preemption-experiment.md):
// `precisionlab-cli lab --scenarios preemption-resume --out DIR` as a child QProcess in a process
// group of its own, which forks the three `train --jsonl` runs (uninterrupted, SIGKILLed after
// about 3/5 of the steps, resumed from the newest checkpoint). Progress is the CLI's own lines
// and the checkpoints its runs have written so far; Cancel kills the whole group. When it ends,
// the three runs' JSON lines are read back (core's parseTrainJsonl) and judged with core's
// judgePreemptionResume: the verdict comes from the runs, never from the CLI's verdicts.txt.
// No widgets: the lab's evidence card and loss chart read what it holds.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <memory>

#include "core/TrainConfig.h"
#include "core/Verdict.h"

class QTemporaryDir;
class QTimer;

namespace precisionlab {

class PreemptionProcess : public QObject {
  Q_OBJECT

 public:
  enum class State { Idle, Running, Done, Failed, Cancelled };

  explicit PreemptionProcess(QObject* parent = nullptr);
  ~PreemptionProcess() override;  // kills a running child group

  // The CLI binary: $PRECISIONLAB_CLI, else next to the app, else the build tree
  // (<app dir>/../cli), else PATH; "" when none is found.
  static QString findCli();

  // Starts the experiment with the lab's settings (steps, seed, batch, sequence length,
  // learning rate, preset, layers, data, threads, eval interval) writing to `outDir`, or to a
  // fresh temporary folder when it is empty. False (with error()) when it cannot start.
  bool start(const TrainConfig& settings, const QString& outDir = QString());
  // Kills the child and its runs (the whole process group); the state becomes Cancelled.
  void cancel();
  // Back to Idle (the card shows the periodic-checkpoint run again).
  void reset();

  State state() const { return state_; }
  bool running() const { return state_ == State::Running; }
  QString error() const { return error_; }
  QString outDir() const { return outDir_; }
  QString cliPath() const { return cli_; }
  qint64 processId() const { return pid_; }  // the child's pid (its process group id), 0 if none
  int64_t totalSteps() const { return totalSteps_; }
  // What it is doing now, e.g. "run 2 of 3 (killed): checkpoint 16 of 40 written" (translated).
  QString progressText() const { return progress_; }
  double elapsedSeconds() const;
  // Done: the runs as read back and their verdict.
  const PreemptionRuns& runs() const { return runs_; }
  const PreemptionVerdict& verdict() const { return verdict_; }

  // Reads the three runs in `dir` (uninterrupted.jsonl, killed.jsonl, resumed.jsonl) and judges
  // them; false with `error` naming the file when one is missing or malformed.
  static bool loadRuns(const QString& dir, int64_t totalSteps, PreemptionRuns* runs,
                       QString* error);
  // max |loss - uninterrupted loss| over the steps the verdict compares (the killed run's up
  // to the checkpoint, then the resumed run's).
  static double maxAbsLossDiff(const PreemptionRuns& runs);

 signals:
  void changed();   // progress, state
  void finished();  // Done, Failed or Cancelled

 private:
  void onOutput();
  void onFinished(int exitCode, QProcess::ExitStatus status);
  void pollCheckpoints();
  void killGroup();

  QProcess* process_ = nullptr;
  QTimer* poll_ = nullptr;
  std::unique_ptr<QTemporaryDir> tmp_;
  State state_ = State::Idle;
  QString cli_, outDir_, error_, progress_;
  QStringList output_;  // the CLI's lines
  QByteArray pending_;
  qint64 pid_ = 0;
  int64_t totalSteps_ = 0;
  int stage_ = 0;  // 1 uninterrupted, 2 killed, 3 resumed
  QElapsedTimer clock_;
  double seconds_ = 0;
  PreemptionRuns runs_;
  PreemptionVerdict verdict_;
};

}  // namespace precisionlab
