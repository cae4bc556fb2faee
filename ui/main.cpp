// PrecisionLab desktop app entry point: parses the command line, applies the theme and shows the
// main window. `--screenshots DIR` (hidden) writes PNGs of every view for docs/screenshots.
// Exceptions: GuardedApplication catches those thrown in the event loop; one thrown while the
// window is built is shown the same way and ends the app with exit code 1, never an abort.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>

#include "ui/GuardedApplication.h"
#include "ui/MainWindow.h"
#include "ui/ScreenshotTour.h"

namespace {

int runApp(precisionlab::GuardedApplication& app, const QElapsedTimer& startClock);

}  // namespace

int main(int argc, char** argv) {
  QElapsedTimer startClock;
  startClock.start();
  precisionlab::GuardedApplication app(argc, argv);
  try {
    return runApp(app, startClock);
  } catch (...) {
    app.reportCurrentException(QStringLiteral("while starting"));
    return 1;
  }
}

namespace {

int runApp(precisionlab::GuardedApplication& app, const QElapsedTimer& startClock) {
  QApplication::setApplicationName(QStringLiteral("PrecisionLab"));
  QApplication::setOrganizationName(QStringLiteral("PrecisionLab"));
  QApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION_STRING));
  // Must match packaging/io.github.precisionlab.PrecisionLab.desktop so docks group the window.
  QApplication::setDesktopFileName(QStringLiteral("io.github.precisionlab.PrecisionLab"));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/precisionlab.svg")));

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Study a mixed-precision exam question, then run each answer as a real "
                     "fine-tuning job."));
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption database(QStringLiteral("database"),
                              QStringLiteral("Progress database file (default: in the user's "
                                             "data folder)."),
                              QStringLiteral("FILE"));
  QCommandLineOption bank(QStringLiteral("bank"),
                          QStringLiteral("Question bank JSON file (default: the built-in bank)."),
                          QStringLiteral("FILE"));
  QCommandLineOption theme(QStringLiteral("theme"),
                           QStringLiteral("system, light, dark or high-contrast."),
                           QStringLiteral("NAME"));
  QCommandLineOption screenshots(QStringLiteral("screenshots"),
                                 QStringLiteral("Write screenshots of every view to DIR and exit."),
                                 QStringLiteral("DIR"));
  screenshots.setFlags(QCommandLineOption::HiddenFromHelp);
  QCommandLineOption startupTime(QStringLiteral("startup-time"),
                                 QStringLiteral("Print the time to the first question and exit."));
  startupTime.setFlags(QCommandLineOption::HiddenFromHelp);
  parser.addOptions({database, bank, theme, screenshots, startupTime});
  parser.process(app);

  precisionlab::MainWindow::Options options;
  options.databasePath = parser.value(database);
  options.bankPath = parser.value(bank);
  options.themeId = parser.value(theme);

  if (parser.isSet(screenshots)) {
    // A throwaway database and no saved settings: the pictures show a known, fresh state.
    QTemporaryDir tmp;
    options.databasePath = tmp.filePath(QStringLiteral("progress.sqlite3"));
    options.restoreSettings = false;
    options.quietErrors = true;
    app.setDialogsEnabled(false);
    precisionlab::ScreenshotTour tour(options);
    const QStringList files = tour.run(parser.value(screenshots));
    for (const QString& f : files) std::printf("%s\n", qPrintable(f));
    return files.isEmpty() ? 1 : 0;
  }

  precisionlab::MainWindow window(options);
  window.show();
  if (parser.isSet(startupTime)) {
    // The first question is on screen once the first paint after show() has run.
    QTimer::singleShot(0, &app, [&] {
      std::printf("first question on screen after %lld ms\n",
                  static_cast<long long>(startClock.elapsed()));
      app.quit();
    });
  }
  return app.exec();
}

}  // namespace
