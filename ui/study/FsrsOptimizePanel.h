// The Progress view's FSRS parameters: what the selected profile schedules by (the defaults, or
// parameters fitted to its own answers, with the date, the log size, and the log loss and RMSE
// (bins) of the previous and fitted parameters on that log) and an "Optimize" button that fits
// them again. The fit runs on a worker thread (quiz::FsrsProfileFit) and reports through an
// atomic snapshot that a 10 Hz timer reads, Anki style; Cancel sets its abort flag, and so does
// the destructor, which then waits for the worker. "Copy for Anki" puts Anki's parameter string
// on the clipboard.
#pragma once

#include <QWidget>
#include <memory>

#include "quiz/FsrsProfileFit.h"
#include "quiz/ProgressStore.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QThread;
class QTimer;

namespace precisionlab {

class FsrsOptimizePanel : public QWidget {
  Q_OBJECT

 public:
  explicit FsrsOptimizePanel(quiz::ProgressStore* store, QWidget* parent = nullptr);
  ~FsrsOptimizePanel() override;

  void setProfile(qint64 profileId);
  bool isOptimizing() const { return worker_ != nullptr; }
  QPushButton* optimizeButton() const { return optimizeButton_; }
  QPushButton* cancelButton() const { return cancelButton_; }
  QLabel* summaryLabel() const { return summary_; }

 public slots:
  void optimize();
  void cancel();
  void reload();

 signals:
  void optimized(bool ok, const QString& message);  // also after a cancel (ok false)
  void statusMessage(const QString& text);

 private:
  void poll();
  void finished();
  void show(const quiz::FsrsParameters& p);

  quiz::ProgressStore* store_ = nullptr;
  qint64 profileId_ = 0;
  quiz::FsrsParameters shown_;
  std::shared_ptr<quiz::FsrsOptimizerProgress> progress_;
  std::shared_ptr<quiz::FsrsProfileFitResult> result_;
  QThread* worker_ = nullptr;
  QTimer* timer_ = nullptr;
  QLabel* summary_ = nullptr;
  QProgressBar* bar_ = nullptr;
  QPushButton* optimizeButton_ = nullptr;
  QPushButton* cancelButton_ = nullptr;
  QPushButton* copyButton_ = nullptr;
};

}  // namespace precisionlab
