// Takes the pictures in docs/screenshots: a newcomer's walkthrough in one fresh window (answer
// the seed question wrongly, open the lab from the breakdown, run every option live, read the
// evidence summary, presenter mode, an exam with its review), re-shot at 1024x768, 1280x800 and
// 1920x1080 where the layout matters. The live runs take a few minutes on 2 cores. PNGs at
// maximum compression, and the third size only for the main views, so the folder stays small.
// Uses QWidget::grab(), so it works offscreen and in CI.
#pragma once

#include <QString>
#include <QStringList>

#include "ui/app/MainWindow.h"

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
