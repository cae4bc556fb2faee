// PrecisionLab desktop app entry point: answers --help and --version before any display is
// needed (they run on a QCoreApplication; the QApplication comes after), parses the command line,
// applies the theme and shows the main window. File arguments (the desktop entry passes %F):
// .plrun recordings replay in the lab, a question bank (JSON, GIFT, Moodle XML, Anki text) is
// studied. `--lang CODE` chooses the language for this start (ui/app/AppLanguage.h). `--screenshots
// DIR` (hidden) writes PNGs of every view for docs/screenshots.
// Exceptions: GuardedApplication catches those thrown in the event loop; one thrown while the
// window is built is shown the same way and ends the app with exit code 1, never an abort.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/TerminalText.h"
#include "engine/BlasKernels.h"
#include "engine/BuildInfo.h"
#include "ui/app/AppLanguage.h"
#include "ui/app/GuardedApplication.h"
#include "ui/app/MainWindow.h"
#include "ui/app/ScreenshotTour.h"

namespace {

void setIdentity() {
  QCoreApplication::setApplicationName(QStringLiteral("PrecisionLab"));
  QCoreApplication::setOrganizationName(QStringLiteral("PrecisionLab"));
  QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION_STRING));
}

struct CommandLine {
  QCommandLineParser parser;
  QCommandLineOption help{QStringList{QStringLiteral("h"), QStringLiteral("help")},
                          QStringLiteral("Show this help and exit (no display needed).")};
  QCommandLineOption version{
      QStringList{QStringLiteral("v"), QStringLiteral("version")},
      QStringLiteral("Show the version and what it was built with, and exit.")};
  QCommandLineOption database{
      QStringLiteral("database"),
      QStringLiteral("Progress database file (default: in the user's data folder)."),
      QStringLiteral("FILE")};
  QCommandLineOption bank{
      QStringLiteral("bank"),
      QStringLiteral("Question bank to study: PrecisionLab JSON, GIFT, Moodle XML or "
                     "an Anki text export (default: the last one opened, else the "
                     "built-in bank)."),
      QStringLiteral("FILE")};
  QCommandLineOption theme{QStringLiteral("theme"),
                           QStringLiteral("system, light, dark or high-contrast."),
                           QStringLiteral("NAME")};
  QCommandLineOption screenshots{QStringLiteral("screenshots"),
                                 QStringLiteral("Write screenshots of every view to DIR and exit."),
                                 QStringLiteral("DIR")};
  QCommandLineOption lang{QStringLiteral("lang"),
                          QStringLiteral("Language of the app's texts for this start: en, de "
                                         "(default: View > Language, else the system's)."),
                          QStringLiteral("CODE")};
  QCommandLineOption startupTime{QStringLiteral("startup-time"),
                                 QStringLiteral("Print the time to the first question and exit.")};

  CommandLine() {
    parser.setApplicationDescription(
        QStringLiteral("Study a mixed-precision exam question, then run each answer as a real "
                       "fine-tuning job."));
    screenshots.setFlags(QCommandLineOption::HiddenFromHelp);
    startupTime.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({help, version, database, bank, theme, lang, screenshots, startupTime});
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QStringLiteral("Recorded runs (.plrun) to replay in the lab, or a question bank to study."),
        QStringLiteral("[FILE...]"));
  }
};

// --help, --version, an unknown --lang and command-line errors, on a QCoreApplication: no
// display is opened, so they work over ssh, in a container and in a package build. nullopt: go
// on to the GUI.
std::string terminalText(const QString& text) {
  return precisionlab::escapeForTerminal(text.toStdString());
}

std::optional<int> answerWithoutDisplay(int argc, char** argv) {
  bool wanted = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) break;
    for (const char* flag : {"-h", "--help", "-?", "-v", "--version"})
      wanted |= std::strcmp(argv[i], flag) == 0;
    wanted |= std::strncmp(argv[i], "--lang", 6) == 0;
  }
  if (!wanted) return std::nullopt;
  QCoreApplication core(argc, argv);
  setIdentity();
  CommandLine cl;
  if (!cl.parser.parse(QCoreApplication::arguments())) {
    std::fprintf(stderr, "precisionlab: %s\n", terminalText(cl.parser.errorText()).c_str());
    return 2;
  }
  const QString lang = cl.parser.value(cl.lang);
  if (cl.parser.isSet(cl.lang) && !precisionlab::AppLanguage::isAvailable(lang)) {
    // The code as typed, control characters escaped: an escape sequence must not reach the
    // terminal; and at most 80 bytes of it ("... (N bytes)"): a 100 KB code was echoed whole.
    std::fprintf(
        stderr, "precisionlab: no translation for --lang '%s'; available: %s\n",
        precisionlab::escapeForTerminal(precisionlab::elideForMessage(lang.toStdString())).c_str(),
        qPrintable(precisionlab::AppLanguage::available().join(QStringLiteral(", "))));
    return 2;
  }
  if (!cl.parser.isSet(cl.help) && !cl.parser.isSet(cl.version)) return std::nullopt;
  if (cl.parser.isSet(cl.help)) {
    std::printf("%s", qPrintable(cl.parser.helpText()));
    return 0;
  }
  std::printf("PrecisionLab %s\n%s\n", PROJECT_VERSION_STRING,
              precisionlab::buildInfoText().c_str());
  return 0;
}

int runApp(precisionlab::GuardedApplication& app, const QElapsedTimer& startClock);

}  // namespace

int main(int argc, char** argv) {
  precisionlab::selectBlasKernels(argc, argv);  // before any work: it may re-execute the app
  if (const auto early = answerWithoutDisplay(argc, argv)) return *early;

  QElapsedTimer startClock;
  startClock.start();
  precisionlab::GuardedApplication app(argc, argv);
  try {
    return runApp(app, startClock);
  } catch (...) {
    app.reportCurrentException(precisionlab::GuardedApplication::tr("while starting"));
    return 1;
  }
}

namespace {

int runApp(precisionlab::GuardedApplication& app, const QElapsedTimer& startClock) {
  setIdentity();
  // Must match packaging/io.github.precisionlab.PrecisionLab.desktop so docks group the window.
  QApplication::setDesktopFileName(QStringLiteral("io.github.precisionlab.PrecisionLab"));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/precisionlab.svg")));
  CommandLine cl;
  if (!cl.parser.parse(QCoreApplication::arguments())) {
    std::fprintf(stderr, "precisionlab: %s\n", qPrintable(cl.parser.errorText()));
    return 2;
  }
  // Before any widget exists: --lang, else View > Language's saved choice, else the system's
  // languages in order (AppLanguage); Qt's own texts follow from qtbase_<code>.qm. The docs'
  // screenshots are English unless --lang asks otherwise, whatever this user chose.
  QString lang = cl.parser.value(cl.lang);
  if (lang.isEmpty() && cl.parser.isSet(cl.screenshots)) lang = QStringLiteral("en");
  precisionlab::AppLanguage::install(precisionlab::AppLanguage::resolve(lang));

  precisionlab::MainWindow::Options options;
  options.databasePath = cl.parser.value(cl.database);
  options.bankPath = cl.parser.value(cl.bank);
  options.themeId = cl.parser.value(cl.theme);

  if (cl.parser.isSet(cl.screenshots)) {
    // A throwaway database and no saved settings: the pictures show a known, fresh state.
    QTemporaryDir tmp;
    options.databasePath = tmp.filePath(QStringLiteral("progress.sqlite3"));
    options.restoreSettings = false;
    options.quietErrors = true;
    app.setDialogsEnabled(false);
    precisionlab::ScreenshotTour tour(options);
    const QStringList files = tour.run(cl.parser.value(cl.screenshots));
    for (const QString& f : files) std::printf("%s\n", qPrintable(f));
    return files.isEmpty() ? 1 : 0;
  }

  // A bank among the file arguments is studied; recordings go to the lab once the window is up.
  QStringList recordings;
  for (const QString& path : cl.parser.positionalArguments()) {
    if (precisionlab::MainWindow::isRecording(path))
      recordings << path;
    else if (options.bankPath.isEmpty())
      options.bankPath = QFileInfo(path).absoluteFilePath();
  }
  const QString lastBankKey = QStringLiteral("study/bankPath");
  if (options.bankPath.isEmpty() && !cl.parser.isSet(cl.startupTime)) {
    const QString last = QSettings().value(lastBankKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isFile()) options.bankPath = last;
  }

  // One window per bank: File > Open question bank… builds a new window on the new bank and
  // closes this one (the views are built for one bank; progress and settings carry over).
  std::unique_ptr<precisionlab::MainWindow> window;
  std::function<void(const precisionlab::MainWindow::Options&)> open;
  open = [&](const precisionlab::MainWindow::Options& o) {
    window = std::make_unique<precisionlab::MainWindow>(o);
    QObject::connect(
        window.get(), &precisionlab::MainWindow::bankOpenRequested, &app,
        [&, o](const QString& path) {
          precisionlab::MainWindow::Options next = o;
          next.bankPath = QFileInfo(path).absoluteFilePath();
          QSettings().setValue(lastBankKey, next.bankPath);
          // Not from inside the old window's own signal: after it returns.
          QTimer::singleShot(0, &app, [&, next] {
            window.reset();
            open(next);
          });
        },
        Qt::QueuedConnection);
    window->show();
  };
  open(options);
  if (!recordings.isEmpty()) window->openFiles(recordings);
  if (cl.parser.isSet(cl.startupTime)) {
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
