#include "ui/lab/PreemptionProcess.h"

#include <signal.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cmath>

#include "core/CheckpointFolders.h"
#include "core/RunRecording.h"
#include "core/SafeFileReader.h"
#include "core/ScenarioIds.h"

namespace precisionlab {

namespace {

// A run of this experiment is a few hundred lines; 64 MiB is far beyond any.
constexpr FileKind kRunJsonl{"run's JSON lines", 64u << 20};

bool executable(const QString& path) {
  const QFileInfo f(path);
  return !path.isEmpty() && f.isFile() && f.isExecutable();
}

// The highest N of the `checkpoint-N` folders in `dir` that is <= `atMost`, 0 when none.
int64_t newestCheckpoint(const QString& dir, int64_t atMost) {
  return std::max<int64_t>(
      newestCheckpointFolder(QFile::encodeName(dir).toStdString(), atMost).step, 0);
}

}  // namespace

PreemptionProcess::PreemptionProcess(QObject* parent) : QObject(parent) {
  poll_ = new QTimer(this);
  poll_->setInterval(250);
  connect(poll_, &QTimer::timeout, this, &PreemptionProcess::pollCheckpoints);
}

PreemptionProcess::~PreemptionProcess() {
  if (process_ && process_->state() != QProcess::NotRunning) {
    process_->disconnect(this);
    killGroup();
    process_->waitForFinished(5000);
  }
}

QString PreemptionProcess::findCli() {
  const QString env = qEnvironmentVariable("PRECISIONLAB_CLI");
  if (executable(env)) return QFileInfo(env).absoluteFilePath();
  const QString appDir = QCoreApplication::applicationDirPath();
  for (const QString& candidate : {appDir + QStringLiteral("/precisionlab-cli"),
                                   appDir + QStringLiteral("/../cli/precisionlab-cli")})
    if (executable(candidate)) return QFileInfo(candidate).canonicalFilePath();
  return QStandardPaths::findExecutable(QStringLiteral("precisionlab-cli"));
}

bool PreemptionProcess::start(const TrainConfig& settings, const QString& outDir) {
  if (running()) return true;
  reset();
  cli_ = findCli();
  if (cli_.isEmpty()) {
    state_ = State::Failed;
    error_ =
        tr("precisionlab-cli was not found (looked at $PRECISIONLAB_CLI, next to the app, "
           "in the build tree and on PATH). Install the precisionlab-cli package or set "
           "PRECISIONLAB_CLI to the binary.");
    emit changed();
    emit finished();
    return false;
  }
  if (outDir.isEmpty()) {
    tmp_ = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                           QStringLiteral("/precisionlab-preemption-XXXXXX"));
    if (!tmp_->isValid()) {
      state_ = State::Failed;
      error_ = tr("cannot create a temporary folder for the runs: %1").arg(tmp_->errorString());
      emit changed();
      emit finished();
      return false;
    }
    outDir_ = tmp_->path();
  } else {
    outDir_ = outDir;
  }
  totalSteps_ = settings.steps;
  auto n = [](int64_t v) { return QString::number(qlonglong(v)); };
  QStringList args = {QStringLiteral("lab"),
                      QStringLiteral("--scenarios"),
                      QString::fromStdString(std::string(scenario::kPreemptionResume)),
                      QStringLiteral("--preset"),
                      QString::fromStdString(settings.preset),
                      QStringLiteral("--steps"),
                      n(settings.steps),
                      QStringLiteral("--batch-size"),
                      n(settings.batchSize),
                      QStringLiteral("--seq-len"),
                      n(settings.seqLen),
                      QStringLiteral("--lr"),
                      QString::number(settings.learningRate, 'g', 17),
                      QStringLiteral("--seed"),
                      QString::number(qulonglong(settings.seed)),
                      QStringLiteral("--threads"),
                      n(settings.threads),
                      QStringLiteral("--eval-every"),
                      n(settings.evalEvery),
                      QStringLiteral("--out"),
                      outDir_};
  // No --device: the CLI's default, the CPU, whose one-thread arithmetic is deterministic, so
  // the verdict can ask for bit-equal curves (docs/preemption-experiment.md).
  if (settings.layers > 0) args << QStringLiteral("--layers") << n(settings.layers);
  if (!settings.dataPath.empty())
    args << QStringLiteral("--data") << QString::fromStdString(settings.dataPath);

  process_ = new QProcess(this);
  process_->setProcessChannelMode(QProcess::MergedChannels);
  // A group of its own: Cancel kills the CLI and the train runs it forked, all at once.
  process_->setChildProcessModifier([] { ::setpgid(0, 0); });
  connect(process_, &QProcess::readyReadStandardOutput, this, &PreemptionProcess::onOutput);
  connect(process_, &QProcess::finished, this, &PreemptionProcess::onFinished);
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
    if (e != QProcess::FailedToStart) return;
    state_ = State::Failed;
    error_ = tr("%1 could not start: %2").arg(cli_, process_->errorString());
    poll_->stop();
    emit changed();
    emit finished();
  });
  state_ = State::Running;
  stage_ = 1;
  clock_.start();
  progress_ = tr("starting %1").arg(QFileInfo(cli_).fileName());
  process_->start(cli_, args);
  if (state_ != State::Running) return false;  // it could not start (errorOccurred said why)
  pid_ = process_->processId();
  poll_->start();
  emit changed();
  return true;
}

void PreemptionProcess::killGroup() {
  if (pid_ > 0) ::kill(-static_cast<pid_t>(pid_), SIGKILL);  // the CLI and its train runs
  if (process_) process_->kill();
}

void PreemptionProcess::cancel() {
  if (!running()) return;
  state_ = State::Cancelled;
  poll_->stop();
  seconds_ = elapsedSeconds();
  progress_ = tr("cancelled: the experiment's processes were killed");
  killGroup();
  emit changed();
}

void PreemptionProcess::reset() {
  if (running()) cancel();
  if (process_) {
    process_->disconnect(this);
    if (process_->state() != QProcess::NotRunning) process_->waitForFinished(5000);
    process_->deleteLater();
    process_ = nullptr;
  }
  state_ = State::Idle;
  error_.clear();
  progress_.clear();
  output_.clear();
  pending_.clear();
  pid_ = 0;
  stage_ = 0;
  seconds_ = 0;
  runs_ = PreemptionRuns();
  verdict_ = PreemptionVerdict();
}

double PreemptionProcess::elapsedSeconds() const {
  return running() && clock_.isValid() ? clock_.elapsed() / 1000.0 : seconds_;
}

void PreemptionProcess::onOutput() {
  pending_ += process_->readAllStandardOutput();
  int nl;
  while ((nl = pending_.indexOf('\n')) >= 0) {
    const QString line = QString::fromUtf8(pending_.left(nl)).trimmed();
    pending_.remove(0, nl + 1);
    if (!line.isEmpty()) output_ << line;
  }
}

// The stage from the files the CLI's runs have created so far: each run opens its standard
// error file when it starts, and writes a checkpoint-<step>/ folder every quarter of the run.
void PreemptionProcess::pollCheckpoints() {
  if (!running()) return;
  const QString pre = outDir_ + QStringLiteral("/preempted");
  const QString full = outDir_ + QStringLiteral("/uninterrupted");
  if (QFile::exists(pre + QStringLiteral("/stderr-resumed.txt")))
    stage_ = 3;
  else if (QFile::exists(pre + QStringLiteral("/stderr-killed.txt")))
    stage_ = 2;
  const QString dir = stage_ == 1 ? full : pre;
  const int64_t checkpoint = newestCheckpoint(dir, totalSteps_);
  const QString what = stage_ == 1   ? tr("run 1 of 3, uninterrupted")
                       : stage_ == 2 ? tr("run 2 of 3, to be killed with SIGKILL")
                                     : tr("run 3 of 3, resumed from the last checkpoint");
  const QString text = checkpoint > 0
                           ? tr("%1: checkpoint %2 of %3 steps written, %4 s")
                                 .arg(what)
                                 .arg(checkpoint)
                                 .arg(totalSteps_)
                                 .arg(QLocale().toString(elapsedSeconds(), 'f', 0))
                           : tr("%1: %2 s").arg(what, QLocale().toString(elapsedSeconds(), 'f', 0));
  if (text != progress_) {
    progress_ = text;
    emit changed();
  }
}

void PreemptionProcess::onFinished(int exitCode, QProcess::ExitStatus status) {
  poll_->stop();
  onOutput();
  seconds_ = clock_.isValid() ? clock_.elapsed() / 1000.0 : 0;
  pid_ = 0;
  if (state_ == State::Cancelled) {
    emit changed();
    emit finished();
    return;
  }
  QString loadError;
  if (loadRuns(outDir_, totalSteps_, &runs_, &loadError)) {
    verdict_ = judgePreemptionResume(runs_);
    state_ = State::Done;
    progress_.clear();
  } else {
    state_ = State::Failed;
    const QString how = status == QProcess::CrashExit
                            ? tr("the CLI crashed")
                            : tr("the CLI ended with exit status %1").arg(exitCode);
    error_ = tr("%1 (%2)").arg(loadError, how);
    if (!output_.isEmpty()) error_ += QStringLiteral(": ") + output_.last();
  }
  emit changed();
  emit finished();
}

bool PreemptionProcess::loadRuns(const QString& dir, int64_t totalSteps, PreemptionRuns* runs,
                                 QString* error) {
  TrainJsonl parsed[3];
  const char* names[3] = {"uninterrupted.jsonl", "killed.jsonl", "resumed.jsonl"};
  for (int i = 0; i < 3; ++i) {
    const QString path = dir + QLatin1Char('/') + QLatin1String(names[i]);
    try {
      // The project's one reader of handed-in files: a regular file only (a FIFO never blocks),
      // the size checked before a byte is read, the file named in every refusal.
      const std::string text = SafeFileReader::readFile(path.toStdString(), kRunJsonl);
      parsed[i] = parseTrainJsonl(text, path.toStdString());
    } catch (const std::exception& e) {
      *error = QString::fromUtf8(e.what());
      return false;
    }
  }
  PreemptionRuns r;
  r.totalSteps = totalSteps;
  r.uninterrupted = parsed[0].steps;
  r.uninterruptedFinished = parsed[0].state == "finished";
  r.killed = parsed[1].steps;
  r.resumed = parsed[2].steps;
  r.resumedFinished = parsed[2].state == "finished";
  if (parsed[2].state == "failed")
    r.resumeError =
        parsed[2].message.empty() ? std::string("the resumed run failed") : parsed[2].message;
  if (parsed[0].steps.empty()) {
    *error = tr("%1: holds no step (the uninterrupted run did not train)")
                 .arg(dir + QStringLiteral("/uninterrupted.jsonl"));
    return false;
  }
  // The checkpoint the resume started from: the step before its first one; a resume that was
  // refused has no step, so the newest checkpoint the killed run left (what it was given).
  const int64_t killedAt = r.killed.empty() ? 0 : r.killed.back().step;
  r.checkpointStep = !r.resumed.empty()
                         ? r.resumed.front().step - 1
                         : newestCheckpoint(dir + QStringLiteral("/preempted"), killedAt);
  *runs = r;
  return true;
}

double PreemptionProcess::maxAbsLossDiff(const PreemptionRuns& runs) {
  double worst = 0;
  auto compare = [&](const StepRecord& s) {
    for (const StepRecord& u : runs.uninterrupted)
      if (u.step == s.step) {
        const double d = std::fabs(s.loss - u.loss);
        worst = std::isfinite(d) ? std::max(worst, d) : d;
        return;
      }
  };
  for (const StepRecord& s : runs.killed)
    if (s.step <= runs.checkpointStep) compare(s);
  for (const StepRecord& s : runs.resumed) compare(s);
  return worst;
}

}  // namespace precisionlab
