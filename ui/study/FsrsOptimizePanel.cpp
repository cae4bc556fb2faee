#include "ui/study/FsrsOptimizePanel.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace precisionlab {

FsrsOptimizePanel::FsrsOptimizePanel(quiz::ProgressStore* store, QWidget* parent)
    : QWidget(parent), store_(store) {
  setAccessibleName(tr("FSRS parameters"));
  auto* title = new QLabel(tr("FSRS parameters"), this);
  title->setObjectName(QStringLiteral("sectionTitle"));
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::PlainText);
  summary_->setMinimumWidth(1);
  optimizeButton_ = new QPushButton(tr("Optimize"), this);
  optimizeButton_->setToolTip(
      tr("Fit the scheduler's 21 parameters to your own answers, as Anki's Optimize does. "
         "Below the minimum number of reviews the current parameters are kept."));
  cancelButton_ = new QPushButton(tr("Cancel"), this);
  cancelButton_->setEnabled(false);
  copyButton_ = new QPushButton(tr("Copy for Anki"), this);
  copyButton_->setToolTip(tr("Anki's FSRS parameter string: 21 comma-separated numbers"));
  bar_ = new QProgressBar(this);
  bar_->setAccessibleName(tr("Optimization progress"));
  bar_->setRange(0, 1000);
  bar_->setVisible(false);
  connect(optimizeButton_, &QPushButton::clicked, this, &FsrsOptimizePanel::optimize);
  connect(cancelButton_, &QPushButton::clicked, this, &FsrsOptimizePanel::cancel);
  connect(copyButton_, &QPushButton::clicked, this, [this] {
    QApplication::clipboard()->setText(quiz::FsrsOptimizer::ankiParameterString(shown_.weights));
    emit statusMessage(tr("FSRS parameters copied for Anki."));
  });
  timer_ = new QTimer(this);
  timer_->setInterval(100);
  connect(timer_, &QTimer::timeout, this, &FsrsOptimizePanel::poll);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(optimizeButton_);
  buttons->addWidget(cancelButton_);
  buttons->addWidget(bar_, 1);
  buttons->addStretch(0);
  buttons->addWidget(copyButton_);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(title);
  v->addWidget(summary_);
  v->addLayout(buttons);
  show(shown_);
}

FsrsOptimizePanel::~FsrsOptimizePanel() {
  if (worker_) {
    progress_->abort = true;
    worker_->wait();
  }
}

void FsrsOptimizePanel::setProfile(qint64 profileId) {
  if (profileId == profileId_) return;
  cancel();
  profileId_ = profileId;
  reload();
}

void FsrsOptimizePanel::reload() {
  if (!store_ || profileId_ <= 0) return;
  const qint64 asked = profileId_;
  store_->fsrsParameters(asked).then(this, [this, asked](const quiz::FsrsParameters& p) {
    if (asked == profileId_) show(p);
  });
}

void FsrsOptimizePanel::show(const quiz::FsrsParameters& p) {
  shown_ = p;
  if (!p.optimized) {
    summary_->setText(
        tr("Not optimized yet: the FSRS-6 default parameters, fitted by the FSRS "
           "authors to many Anki users. Optimize fits them to your answers."));
    return;
  }
  const QString when =
      QLocale().toString(QDateTime::fromMSecsSinceEpoch(p.fittedMs), QLocale::ShortFormat);
  QString what;
  if (p.outcome == QLatin1String("too-few-reviews"))
    what =
        tr("Too few reviews to fit (at least 8 training items are needed after the outlier "
           "filter): the previous parameters are kept.");
  else if (p.keptPrevious)
    what =
        tr("The fitted parameters predicted your answers no better than the previous ones "
           "(RMSE), so the previous ones are kept.");
  else if (p.outcome == QLatin1String("initial-only"))
    what =
        tr("Only the four initial stabilities were fitted (fewer than 64 training items); "
           "they are in use.");
  else
    what = tr("The fitted parameters are in use.");
  if (p.items == 0) {
    summary_->setText(tr("Optimized %1: no answer a day or more after the previous one to the same "
                         "question yet, so there is nothing to fit. %2")
                          .arg(when, what));
    return;
  }
  summary_->setText(tr("Optimized %1 from %2 reviews (%3 training items). %4 On your answers: "
                       "log loss %5 before, %6 fitted; RMSE (bins) %7 before, %8 fitted (lower "
                       "predicts better).")
                        .arg(when)
                        .arg(p.reviews)
                        .arg(p.items)
                        .arg(what)
                        .arg(p.logLossPrevious, 0, 'f', 4)
                        .arg(p.logLossFitted, 0, 'f', 4)
                        .arg(p.rmsePrevious, 0, 'f', 4)
                        .arg(p.rmseFitted, 0, 'f', 4));
}

void FsrsOptimizePanel::optimize() {
  if (!store_ || profileId_ <= 0 || worker_) return;
  progress_ = std::make_shared<quiz::FsrsOptimizerProgress>();
  result_ = std::make_shared<quiz::FsrsProfileFitResult>();
  // The worker owns copies of the shared pointers: the panel may go first (its destructor
  // aborts and waits).
  quiz::ProgressStore* store = store_;
  const qint64 profile = profileId_;
  auto progress = progress_;
  auto result = result_;
  worker_ = QThread::create([store, profile, progress, result] {
    *result = quiz::FsrsProfileFit::run(*store, profile, progress.get());
  });
  connect(worker_, &QThread::finished, this, &FsrsOptimizePanel::finished);
  optimizeButton_->setEnabled(false);
  cancelButton_->setEnabled(true);
  bar_->setValue(0);
  bar_->setVisible(true);
  timer_->start();
  worker_->start();
}

void FsrsOptimizePanel::cancel() {
  if (progress_ && worker_) progress_->abort = true;
}

void FsrsOptimizePanel::poll() {
  if (!progress_) return;
  const qint64 total = progress_->total, done = progress_->done;
  bar_->setValue(total > 0 ? static_cast<int>(1000 * std::min(done, total) / total) : 0);
}

void FsrsOptimizePanel::finished() {
  timer_->stop();
  worker_->deleteLater();
  worker_ = nullptr;
  bar_->setVisible(false);
  optimizeButton_->setEnabled(true);
  cancelButton_->setEnabled(false);
  const quiz::FsrsProfileFitResult r = *result_;
  QString message;
  if (r.fit.outcome == quiz::FsrsFit::Outcome::Cancelled)
    message = tr("Optimization cancelled: the parameters are unchanged.");
  else if (!r.ok)
    message = tr("The parameters were not saved: %1").arg(r.error);
  if (r.ok) show(r.stored);
  if (r.ok) message = summary_->text();
  // The whole sentence stands in the panel, where it wraps; the status bar gets a line that
  // fits (the summary there was cut off mid-sentence) and says where the rest is.
  QString brief = message;
  // The line says what changed: "optimized from 1 review" stood beside a panel saying there was
  // nothing to fit and the previous parameters were kept (seen walking issue 45).
  if (r.ok && r.stored.outcome == QLatin1String("too-few-reviews"))
    brief =
        tr("FSRS parameters unchanged: too few reviews to fit yet (the details are under "
           "Optimize in Progress).");
  else if (r.ok && r.stored.keptPrevious)
    brief =
        tr("FSRS parameters unchanged: the fitted ones predicted no better (the details are "
           "under Optimize in Progress).");
  else if (r.ok)
    brief =
        tr("FSRS parameters optimized from %n review(s): the details are under Optimize in "
           "Progress.",
           nullptr, r.stored.reviews);
  else if (r.fit.outcome != quiz::FsrsFit::Outcome::Cancelled) {
    summary_->setText(message);  // the error in full where it has room
    brief = tr("The parameters were not saved: the reason is under Optimize in Progress.");
  }
  emit statusMessage(brief);
  emit optimized(r.ok, message);
}

}  // namespace precisionlab
