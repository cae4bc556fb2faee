#include "ui/lab/LabTimeEstimate.h"

#include <QLocale>
#include <QMetaObject>
#include <QTime>
#include <cmath>

#include "core/RunRecording.h"
#include "engine/RunScheduler.h"

namespace precisionlab {

namespace {

constexpr qint64 kFreshMs = 60000;  // an estimate of the same settings is kept this long

// The settings that change the estimate, as one key (a new key measures again).
QString keyOf(const QStringList& ids, const TrainConfig& c) {
  return ids.join(u',') + u'|' + QString::fromStdString(c.preset) + u'|' +
         QString::fromStdString(c.device) + u'|' +
         QStringLiteral("%1/%2/%3/%4/%5/%6")
             .arg(c.steps)
             .arg(c.batchSize)
             .arg(c.seqLen)
             .arg(c.threads)
             .arg(c.layers)
             .arg(QString::fromStdString(c.modelDir));
}

}  // namespace

QString LabTimeEstimate::duration(double seconds) {
  const qint64 s = qMax<qint64>(0, qRound64(seconds));
  if (s < 60) return tr("%1 s").arg(s);
  if (s < 3600) return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
  return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

LabTimeEstimate::LabTimeEstimate(QWidget* parent) : QLabel(parent) {
  setObjectName(QStringLiteral("labTimeEstimate"));
  setWordWrap(true);
  setTextFormat(Qt::PlainText);
  hide();  // until there is something to say
}

LabTimeEstimate::~LabTimeEstimate() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
}

QString LabTimeEstimate::line(const LabCalibration& c) {
  if (!c.ok()) return tr("Expected time: no estimate (%1).").arg(QString::fromStdString(c.error));
  return tr("Every option: about %1 on this machine now (estimate, measured %2; hover for how).")
      .arg(duration(c.estimateSeconds()),
           QLocale().toString(QTime::currentTime(), QStringLiteral("HH:mm")));
}

QString LabTimeEstimate::basis(const LabCalibration& c) {
  if (!c.ok()) return line(c);
  const QLocale l;
  QString text = tr("Estimate: %1 steps of %2 runs × %3 s a step = %4. The seconds a step were "
                    "measured just now: %5 steps of the fp32 baseline's own model and batch "
                    "timed on this machine, under what else it runs, at the priority the lab's "
                    "runs get.")
                     .arg(l.toString(c.stepsPlanned))
                     .arg(c.runsPlanned)
                     .arg(l.toString(c.secondsPerStep, 'g', 3))
                     .arg(duration(c.estimateSeconds()))
                     .arg(c.stepsTimed);
  if (c.parallel > 1)
    text += u' ' + tr("%1 stepped side by side, as the lab steps its runs.").arg(c.parallel);
  if (c.childJobs > 0)
    text += u' ' + tr("Plus %1 jobs run as child processes (data parallelism, kill and resume), "
                      "each preparing its model again: %2 each.")
                       .arg(c.childJobs)
                       .arg(duration(c.prepareSeconds));
  if (c.waitSeconds > 0)
    text += u' ' + tr("Plus %1 a job that lost a rank waits out (its collective timeout).")
                       .arg(duration(c.waitSeconds));
  return text + u' ' +
         tr("Preparing the runs (%1 here for one) and their evaluations come on top; precisions "
            "other than fp32 step faster or slower.")
             .arg(duration(c.prepareSeconds));
}

void LabTimeEstimate::request(const QStringList& scenarioIds, const TrainConfig& settings,
                              bool force) {
  const QString key = keyOf(scenarioIds, settings);
  if (measuring()) {
    // Other rows or settings (the options of another question): measured once this one ends.
    if (key != measuredKey_) {
      pending_ = {scenarioIds, settings};
      cancel_ = true;
    }
    return;
  }
  pending_.reset();
  if (!force && key == measuredKey_ && measuredAt_.isValid() && measuredAt_.elapsed() < kFreshMs)
    return;
  if (thread_.joinable()) thread_.join();  // the last one is done
  pace_.reset();                           // asked while no run trains
  measuredKey_ = key;
  measuredAt_.start();
  cancel_ = false;
  done_ = false;
  const quint64 generation = ++generation_;
  std::vector<std::string> ids;
  for (const QString& id : scenarioIds) ids.push_back(id.toStdString());
  setText(tr("Every option: measuring how long it takes on this machine now…"));
  setToolTip(QString());
  show();
  thread_ = std::thread([this, ids, settings, generation] {
    const LabCalibration c =
        calibrateLab(ids, settings, 3.0, 5, &cancel_, RunScheduler::kWindowWorkerNice);
    done_ = true;
    // Queued to the window's thread; dropped with the label if it is gone by then.
    QMetaObject::invokeMethod(
        this, [this, c, generation] { finished(c, generation); }, Qt::QueuedConnection);
  });
}

void LabTimeEstimate::cancel() {
  pending_.reset();
  if (measuring()) cancel_ = true;  // finished() hides the line
}

void LabTimeEstimate::finished(const LabCalibration& result, quint64 generation) {
  if (generation != generation_) return;
  if (thread_.joinable()) thread_.join();
  if (pending_) {  // asked for other rows while this one measured
    const auto [ids, settings] = *pending_;
    pending_.reset();
    request(ids, settings, true);
    return;
  }
  if (result.error == "cancelled") {
    if (!pace_) showEstimate();  // the runs' own line stays
    return;
  }
  estimateLine_ = line(result);
  estimateBasis_ = basis(result);
  if (!pace_) showEstimate();
  emit estimated(estimateLine_, estimateBasis_);
}

void LabTimeEstimate::showEstimate() {
  setText(estimateLine_);
  setToolTip(estimateBasis_);
  setVisible(!estimateLine_.isEmpty());
}

void LabTimeEstimate::showProgress(qint64 stepsDone, qint64 stepsPlanned, bool active) {
  if (!active) {
    if (pace_) {
      pace_.reset();
      brief_.clear();
      showEstimate();
      emit progressed(QString(), QString());
    }
    return;
  }
  // A new lab, or runs forgotten from the store (their steps left the sum): measured afresh.
  if (!pace_ || stepsDone < paceDone_) {
    pace_ = std::make_unique<LivePace>(0.0);
    paceClock_.start();
  }
  paceDone_ = stepsDone;
  LivePace::Sample sample;
  sample.seconds = paceClock_.elapsed() / 1000.0;
  sample.stepsDone = stepsDone;
  sample.stepsPlanned = stepsPlanned;
  sample.active = true;
  const LivePace::Reading r = pace_->update(sample, false);
  const QString basis =
      tr("Measured since the runs' first step: the steps every live run of the lab did "
         "together, per second. Whatever slows this machine (other programs, the runs' low "
         "priority) shows as a lower pace. Evaluations, and preparing runs started later, come "
         "on top.");
  // Rounded so the line does not change on every step: to 5 s under two minutes, else 10 s.
  const double left = r.secondsNeeded < 120 ? 5 * std::ceil(r.secondsNeeded / 5)
                                            : 10 * std::ceil(r.secondsNeeded / 10);
  const QString line =
      r.verdict == LivePace::Verdict::Wait
          ? tr("Running: measuring their pace for the time they have left…")
          : tr("Running: about %1 left at the pace measured so far (%2 steps a second, all runs "
               "together, over %3).")
                .arg(duration(left), LivePace::format(r.stepsPerSecond),
                     duration(r.measuredOver < 60 ? std::floor(r.measuredOver)
                                                  : 10 * std::floor(r.measuredOver / 10)));
  brief_ = r.verdict == LivePace::Verdict::Wait ? QString()
                                                : tr("Lab: about %1 left").arg(duration(left));
  setToolTip(basis);
  show();
  if (line == text()) return;
  setText(line);
  emit progressed(line, basis);
}

}  // namespace precisionlab
