// MainWindow as the ui tests open it: a fresh progress database at a path the test owns (never
// the user's), no saved settings restored (a clean, known state), and problems reported in the
// status bar instead of modal dialogs (a dialog would block an offscreen test until its
// timeout). Needs the ui library; unlike the rest of tests/support it is not free of Qt.
#pragma once

#include <QSize>
#include <QString>
#include <QtTest>
#include <memory>

#include "ui/app/MainWindow.h"

namespace precisionlab::test {

inline MainWindow::Options testWindowOptions(const QString& databasePath) {
  MainWindow::Options o;
  o.databasePath = databasePath;
  o.restoreSettings = false;
  o.quietErrors = true;
  return o;
}

// The window shown at `size`, or null when the window system did not expose it.
inline std::unique_ptr<MainWindow> showTestWindow(const QString& databasePath, QSize size) {
  auto window = std::make_unique<MainWindow>(testWindowOptions(databasePath));
  window->resize(size);
  window->show();
  if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
  return window;
}

}  // namespace precisionlab::test
