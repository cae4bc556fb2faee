// Takes the pictures in docs/screenshots: a fresh window at 1280x800 and 1920x1080, walking
// through what a new learner sees (the question, the answered breakdown, the lab, the progress
// tab, the dark theme, presenter mode). The lab replays the shipped recordings at high speed, so
// its charts and verdicts are complete and the same on every machine (and say "recorded on").
// 1920x1080 only for the main views, PNGs at maximum compression, so the folder stays small.
// Uses QWidget::grab(), so it works offscreen and in CI.
#pragma once

#include <QString>
#include <QStringList>

#include "ui/MainWindow.h"

namespace precisionlab {

class ScreenshotTour {
 public:
  explicit ScreenshotTour(const MainWindow::Options& options) : options_(options) {}

  // Returns the files written (empty on failure).
  QStringList run(const QString& dir);

 private:
  MainWindow::Options options_;
};

}  // namespace precisionlab
