#include "ui/app/MainWindow.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <utility>

#include "engine/BuildInfo.h"
#include "quiz/BankFormatFields.h"
#include "quiz/BankInterchange.h"
#include "quiz/BankLint.h"
#include "quiz/BankLoader.h"
#include "ui/app/AppLanguage.h"
#include "ui/app/QuestionPicker.h"
#include "ui/app/UserGuideWindow.h"
#include "ui/export/GpuEstimateDialog.h"
#include "ui/export/RunCsvExporter.h"
#include "ui/export/TensorBoardExporter.h"
#include "ui/export/VertexExportDialog.h"
#include "ui/lab/RecordingLoader.h"
#include "ui/lab/RunDataStore.h"
#include "ui/presenter/PresenterMode.h"
#include "ui/study/ProgressView.h"
#include "ui/study/StudyController.h"
#include "ui/study/StudyView.h"

#include "ui/lab/LabSessionArchive.h"
#include "ui/lab/LabSessionMenu.h"
#include "ui/lab/LabSessionStore.h"
#include "ui/lab/LabTimeEstimate.h"
#include "ui/lab/LabView.h"

namespace precisionlab {

namespace {
const QString kBuiltinBank = QStringLiteral(":/banks/pmle-scaling.json");
}

MainWindow::MainWindow(const Options& options, QWidget* parent)
    : QMainWindow(parent), options_(options) {
  setWindowTitle(tr("PrecisionLab"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/precisionlab.svg")));
  setMinimumSize(960, 640);
  // First start (no saved geometry): a roomy window that still fits the screen.
  if (const QScreen* screen = QGuiApplication::primaryScreen()) {
    const QSize room = screen->availableSize() * 0.9;
    resize(QSize(1280, 860).boundedTo(room).expandedTo(minimumSize()));
  }
  loadBank(options.bankPath.isEmpty() ? kBuiltinBank : options.bankPath);

  store_ = std::make_unique<quiz::ProgressStore>();
  tabs_ = new QTabWidget(this);
  tabs_->setDocumentMode(true);
  tabs_->setAccessibleName(tr("Views"));
  study_ = new StudyView(bank_, store_.get(), tabs_);
  lab_ = new LabView(tabs_);
  LabView* lab = lab_;
  connect(lab, &LabView::statusMessage, this, [this](const QString& t) { showStatus(t, 8000); });
  // Before a lab starts, how long it would take here now (a few timed steps; not in tests).
  lab->setTimeEstimateEnabled(options_.restoreSettings);
  // The lab view asks; the window opens the export and estimate dialogs (ui/export/).
  connect(lab, &LabView::gpuEstimateRequested, this, &MainWindow::openGpuEstimate);
  connect(lab, &LabView::vertexExportRequested, this, &MainWindow::openVertexExport);
  connect(lab, &LabView::runsCsvExportRequested, this, &MainWindow::exportRunsCsv);
  const QString sessionsRoot = !options_.labSessionsRoot.isEmpty() ? options_.labSessionsRoot
                               : options_.restoreSettings          ? LabSessionStore::defaultRoot()
                                                                   : QString();
  if (!sessionsRoot.isEmpty()) {
    // The lab sessions: saved as recordings when their runs stop, the newest replayed here at
    // the start, the others in File > Reopen lab session; none replaced without asking.
    labSessions_ = new LabSessionArchive(lab->controller(), sessionsRoot, this);
    labSessionMenu_ = new LabSessionMenu(lab, labSessions_, this);
    connect(labSessionMenu_, &LabSessionMenu::statusMessage, this,
            [this](const QString& t) { showStatus(t, 10000); });
    QString error;
    const QString legacy =
        options_.labSessionsRoot.isEmpty() ? LabSessionStore::legacyFolder() : QString();
    if (const int n = labSessions_->restoreLatest(legacy, &error))
      // Without its folder: the line, after "Studying as ...", was cut off at 1024 px.
      showStatus(labRestoredNote_ = tr("The last lab session's %n run(s) restored, as "
                                       "recordings; File > Reopen lab session has the others.",
                                       nullptr, n),
                 10000);
    if (!error.isEmpty()) showStatus(error, 10000);
  }
  progress_ = new ProgressView(bank_, store_.get(), tabs_);
  tabs_->addTab(study_, tr("Study"));
  tabs_->addTab(lab_, tr("Lab"));
  tabs_->addTab(progress_, tr("Progress"));
  setCentralWidget(tabs_);
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    // Keys 1-4/A-D/Enter/N reach the study view only while it has the focus.
    if (tabs_->currentWidget() == study_) study_->setFocus();
    // The lab's cards carry the option letters the learner sees, before the seed question has
    // been shown too (they had none until then).
    if (tabs_->currentWidget() == lab_ && !study_->scenarioOrder().isEmpty())
      lab_->setOptionLetters(study_->scenarioOrder(), study_->scenarioLetters());
  });

  labTimeLeft_ = new QLabel(this);
  labTimeLeft_->setObjectName(QStringLiteral("labTimeLeft"));
  labTimeLeft_->hide();
  statusBar()->addPermanentWidget(labTimeLeft_);
  connect(lab->timeEstimate(), &LabTimeEstimate::progressed, this,
          [this, lab](const QString& line, const QString& basis) {
            const QString brief = lab->timeEstimate()->brief();
            labTimeLeft_->setText(brief);
            labTimeLeft_->setToolTip(line + QStringLiteral("\n") + basis);
            labTimeLeft_->setVisible(!brief.isEmpty());
          });
  presenter_ = new PresenterMode(this, tabs_, study_, this);
  // A run step's slide is the lab laid out as slides, paged by its runs pane.
  presenter_->setLab({lab, lab->topArea(), lab->controller(),
                      [lab](bool on) { lab->setPresenterMode(on); }, [lab] { lab->stopAll(); }});
  presenter_->setScenarioRunner([lab](const QString& id) { lab->presentScenario(id); });
  presenter_->setRecordingsPlayer([lab](std::vector<RunRecording> recordings) {
    lab->setRecordedOnly(true);
    lab->setReplaySpeed(16);  // the class sees each curve build up in seconds
    return lab->replayRecordings(std::move(recordings));
  });
  presenter_->setRecordingsCover([](const QStringList& scenarioIds) {
    const RecordingLoader::Result shipped =
        RecordingLoader::loadNow(RecordingLoader::builtinRecordings());
    if (!shipped.error.isEmpty()) return false;
    QStringList recorded;
    for (const RunRecording& r : shipped.recordings)
      recorded << QString::fromStdString(r.scenarioId);
    return std::all_of(scenarioIds.begin(), scenarioIds.end(),
                       [&](const QString& id) { return recorded.contains(id); });
  });
  connect(lab, &LabView::runsUpdated, presenter_, &PresenterMode::refreshVerdicts);
  // Live runs that would not finish before the lab slides: the shipped recordings instead.
  connect(presenter_, &PresenterMode::recordingsRequested, this, [this, lab] {
    lab->clearRuns();
    presentRecordings({});
  });
  connect(presenter_, &PresenterMode::statusMessage, this,
          [this](const QString& t) { showStatus(t); });
  connect(presenter_, &PresenterMode::activeChanged, this, [this](bool) { applyThemeToViews(); });

  connect(study_, &StudyView::runInLabRequested, this, &MainWindow::runScenario);
  connect(study_, &StudyView::statusMessage, this,
          [this](const QString& t) { showStatus(t, 6000); });
  connect(progress_, &ProgressView::statusMessage, this,
          [this](const QString& t) { showStatus(t, 8000); });
  connect(progress_, &ProgressView::profileChanged, this, [this](qint64 id, const QString& name) {
    study_->setProfile(id);
    // The restored lab session's note stays in view: the profile's line comes after it.
    const QString note = std::exchange(labRestoredNote_, QString());
    showStatus(tr("Studying as %1.").arg(name) + (note.isEmpty() ? QString() : u' ' + note),
               note.isEmpty() ? 5000 : 10000);
    if (options_.restoreSettings) QSettings().setValue(QStringLiteral("study/profile"), id);
  });
  connect(study_, &StudyView::modeChanged, this, [this](quiz::QuizMode mode) {
    if (options_.restoreSettings)
      QSettings().setValue(QStringLiteral("study/mode"), quiz::toString(mode));
  });

  buildMenus();
  showStatus(tr("Ready. Keys: 1-4 or A-D choose, Enter submits, N next."));

  if (options_.restoreSettings)
    restoreState();
  else
    setTheme(ThemeKind::System);
  if (!options_.themeId.isEmpty()) setTheme(AppTheme::fromId(options_.themeId));
  // The first question goes on screen now, in bank order; when the profile arrives, due
  // questions move to the front (if the learner has not started answering yet).
  study_->startSession();
  study_->setFocus();
  openStore(options.databasePath.isEmpty() ? quiz::ProgressStore::defaultPath()
                                           : options.databasePath);
}

MainWindow::~MainWindow() {
  // A window closed while presenting (a test that failed half-way): its key filter goes first,
  // or the views' destruction reaches it through a half-destroyed window.
  qApp->removeEventFilter(presenter_);
  // Views hold a raw pointer to the store: delete them before it.
  delete tabs_;
  tabs_ = nullptr;
}

void MainWindow::setConfirm(Confirm confirm) {
  confirm_ = confirm;
  presenter_->setConfirm(std::move(confirm));
}

void MainWindow::showStatus(const QString& text, int timeoutMs) {
  // In presenter mode the bottom line belongs to the walkthrough's step description.
  if (presenter_ && presenter_->isActive()) return;
  statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::loadBank(const QString& path) {
  // JSON banks and GIFT, Moodle XML, Anki text and .apkg files alike (quiz/BankInterchange.h).
  const auto result = quiz::BankInterchange::importFile(path);
  if (result.ok()) {
    bank_ = *result.bank;
    bankPath_ = path;
    if (!result.notes.isEmpty()) showStatus(result.notes.join(QLatin1Char(' ')), 15000);
    // Authoring warnings (answer cues, misleading lab links) never stop a bank from loading: the
    // teacher who opened it sees the count and the first one, the log and the CLI list them all.
    const QStringList warnings = quiz::lintBank(bank_);
    if (!warnings.isEmpty()) {
      for (const QString& w : warnings) qWarning().noquote() << path << "lint:" << w;
      showStatus(tr("%1: %n authoring warning(s); first: %2 (precisionlab-cli bank check --lint "
                    "FILE lists them all)",
                    "", static_cast<int>(warnings.size()))
                     .arg(QFileInfo(path).fileName(), warnings.first()),
                 0);
      // A 10,000-question bank had 40,001 warnings (12 MB): the tooltip shows the first ones.
      QStringList shown = warnings.mid(0, 20);
      if (warnings.size() > shown.size())
        shown << tr("… and %1 more").arg(warnings.size() - shown.size());
      statusBar()->setToolTip(shown.join(QLatin1Char('\n')));
    }
    return;
  }
  QStringList lines;
  for (const auto& p : result.problems.mid(0, 12)) lines << p.toString();
  if (result.problemCount() > 12) lines << tr("… and %1 more").arg(result.problemCount() - 12);
  showError(tr("The question bank could not be loaded"),
            tr("%1 has problems, so its questions cannot be shown:\n\n%2\n\nFix the file (see "
               "docs/question-bank-format.md and docs/question-bank-interchange.md); the built-in "
               "questions are shown meanwhile.")
                .arg(path, lines.join(QLatin1Char('\n'))));
  if (path != kBuiltinBank) loadBank(kBuiltinBank);
}

bool MainWindow::isRecording(const QString& path) {
  if (path.endsWith(QStringLiteral(".plrun"), Qt::CaseInsensitive)) return true;
  QFile file(path);
  return QFileInfo(path).isFile() && file.open(QIODevice::ReadOnly) &&
         file.read(64).contains("\"precisionlab-run\"");
}

QString MainWindow::openFiles(const QStringList& paths) {
  QStringList recordings, banks;
  for (const QString& p : paths) (isRecording(p) ? recordings : banks) << p;
  QStringList done;
  if (!recordings.isEmpty()) {
    tabs_->setCurrentWidget(lab_);
    lab_->loadRecordings(recordings);
    done << tr("replaying %n recording(s) in the lab", nullptr, int(recordings.size()));
  }
  if (!banks.isEmpty() && requestBank(banks.first())) done << tr("opening %1").arg(banks.first());
  if (banks.size() > 1)
    done << tr("one question bank at a time: %1 not opened")
                .arg(banks.mid(1).join(QStringLiteral(", ")));
  return done.join(QStringLiteral("; "));
}

bool MainWindow::requestBank(const QString& path) {
  const auto result = quiz::BankInterchange::importFile(path);
  if (!result.ok()) {
    QStringList lines;
    for (const auto& p : result.problems.mid(0, 12)) lines << p.toString();
    if (result.problemCount() > 12) lines << tr("… and %1 more").arg(result.problemCount() - 12);
    showError(tr("The question bank could not be opened"),
              tr("%1 has problems; nothing was imported:\n\n%2")
                  .arg(path, lines.join(QLatin1Char('\n'))));
    return false;
  }
  emit bankOpenRequested(path);
  return true;
}

void MainWindow::openBankDialog() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open question bank"), QDir::homePath(), quiz::BankInterchange::openDialogFilter());
  if (!path.isEmpty()) requestBank(path);
}

QString MainWindow::exportBankTo(const QString& path, const QString& formatName) {
  const auto format = quiz::BankInterchange::formatFromName(formatName);
  if (!format) return tr("unknown format %1").arg(formatName);
  return quiz::BankInterchange::exportFile(bank_, *format, path);
}

void MainWindow::exportBankDialog() {
  // Every format a bank can be written as (quiz/BankFormat.h): the other tools' first.
  const QVector<quiz::BankFormat> formats = quiz::BankFormats::writable();
  QStringList filters;
  for (const quiz::BankFormat& f : formats) filters << quiz::BankInterchange::saveFilter(f);
  QString selected = filters.first();
  QString path = QFileDialog::getSaveFileName(
      this, tr("Export question bank"),
      QDir::home().filePath(bank_.id + QLatin1Char('.') +
                            quiz::BankInterchange::fileSuffix(formats.first())),
      filters.join(QStringLiteral(";;")), &selected);
  if (path.isEmpty()) return;
  quiz::BankFormat kind = formats.first();
  for (qsizetype i = 0; i < formats.size(); ++i)
    if (filters[i] == selected) kind = formats[i];
  const QString format = quiz::BankInterchange::formatName(kind);
  const QString suffix = QLatin1Char('.') + quiz::BankInterchange::fileSuffix(kind);
  if (QFileInfo(path).suffix().isEmpty()) path += suffix;
  const QString error = exportBankTo(path, format);
  if (!error.isEmpty()) return showError(tr("The question bank was not exported"), error);
  showStatus(tr("Exported %n question(s) to %1.", nullptr, int(bank_.questions.size())).arg(path),
             10000);
  // What this bank gives and the file cannot hold, field by field (as `bank export` warns).
  const QStringList lost = quiz::BankFormatFields::losses(bank_, kind);
  QString text =
      tr("%1\n\nWhat this format keeps: %2").arg(path, quiz::BankInterchange::losses(kind));
  if (!lost.isEmpty())
    text += QStringLiteral("\n\n") +
            tr("Lost from this bank: %1.").arg(lost.join(QStringLiteral(", ")));
  if (options_.quietErrors) return;
  if (lost.isEmpty())
    QMessageBox::information(this, tr("Question bank exported"), text);
  else
    QMessageBox::warning(this, tr("Question bank exported"), text);
}

void MainWindow::showUserGuide() {
  if (!guide_) guide_ = new UserGuideWindow(this);
  static_cast<UserGuideWindow*>(guide_)->showGuide();
}

void MainWindow::openStore(const QString& path) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  store_->open(path).then(this, [this](const quiz::OpenReport& report) {
    storeOpened_ = report.ok();
    showOpenReport(report);
    if (report.ok()) {
      const qint64 preferred = options_.restoreSettings
                                   ? QSettings().value(QStringLiteral("study/profile")).toLongLong()
                                   : 0;
      progress_->loadProfiles(preferred);
    } else {
      study_->controller()->setStoreUnavailable(report.message);
    }
  });
}

void MainWindow::showOpenReport(const quiz::OpenReport& report) {
  using Outcome = quiz::OpenReport::Outcome;
  if (!report.ok()) {
    showError(tr("Your progress cannot be saved"),
              tr("%1\n\nYou can still study, but answers will not be remembered. Check that "
                 "%2 is on a disk you can write to, then restart PrecisionLab.")
                  .arg(report.message, QDir::toNativeSeparators(report.path)));
    return;
  }
  if (report.outcome == Outcome::Migrated)
    showStatus(tr("Progress database upgraded (a backup was made first)."), 8000);
  if (!report.needsAttention()) return;
  QString what;
  switch (report.outcome) {
    case Outcome::RestoredBackup:
      what = tr("Your progress file was damaged. It was moved aside to\n%1\nand your latest good "
                "backup was restored from\n%2.\n\nAnswers made after that backup are missing.")
                 .arg(QDir::toNativeSeparators(report.movedAsidePath),
                      QDir::toNativeSeparators(report.restoredFrom));
      break;
    case Outcome::StartedEmpty:
      what = tr("Your progress file was damaged and no good backup was found. It was moved aside "
                "to\n%1\n(nothing was deleted) and PrecisionLab started a new, empty one.")
                 .arg(QDir::toNativeSeparators(report.movedAsidePath));
      break;
    case Outcome::NewerReadOnly:
      what =
          tr("Your progress file was made by a newer PrecisionLab. It is open read-only so "
             "nothing in it is lost: new answers are not saved. Update PrecisionLab to keep "
             "saving progress.");
      break;
    case Outcome::LockedReadOnly:
      what =
          tr("Another program (perhaps a second PrecisionLab window) is using your progress "
             "file, so it is open read-only and new answers are not saved. Close the other "
             "program and restart PrecisionLab.");
      break;
    default:
      break;
  }
  // The cases above already say in the UI's words what the store reported; its own message is
  // the explanation only for outcomes without one.
  if (what.isEmpty()) what = report.message;
  showError(tr("About your progress"), what);
}

void MainWindow::showError(const QString& title, const QString& text) {
  showStatus(title + QStringLiteral(": ") + text.section(QLatin1Char('\n'), 0, 0));
  if (options_.quietErrors) return;
  // Not modal-blocking at start: the window appears first, the dialog on top of it.
  auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* openBank = file->addAction(tr("Open &question bank…"));
  openBank->setToolTip(
      tr("A PrecisionLab bank, a GIFT or Moodle XML quiz, or an Anki text deck or package"));
  connect(openBank, &QAction::triggered, this, &MainWindow::openBankDialog);
  QAction* exportBank = file->addAction(tr("Export question &bank…"));
  exportBank->setToolTip(
      tr("This bank as GIFT, Moodle XML, an Anki text deck or package, or JSON"));
  connect(exportBank, &QAction::triggered, this, &MainWindow::exportBankDialog);
  file->addSeparator();
  QAction* exportAttempts = file->addAction(tr("&Export attempts as CSV…"));
  exportAttempts->setShortcut(QKeySequence(tr("Ctrl+E")));
  connect(exportAttempts, &QAction::triggered, progress_, &ProgressView::exportCsv);
  LabView* lab = lab_;
  QAction* openRuns = file->addAction(tr("&Open recorded runs…"));
  openRuns->setShortcut(QKeySequence::Open);
  openRuns->setToolTip(tr("Replay .plrun files in the lab, e.g. runs recorded on a GPU"));
  connect(openRuns, &QAction::triggered, this, [this, lab] {
    tabs_->setCurrentWidget(lab_);
    lab->openRecordedRunsDialog();
  });
  QAction* shipped = file->addAction(tr("Replay the &shipped recordings"));
  connect(shipped, &QAction::triggered, this, [this, lab] {
    tabs_->setCurrentWidget(lab_);
    lab->replayShippedRecordings();
  });
  if (labSessionMenu_) file->addMenu(labSessionMenu_);
  QAction* vertex = file->addAction(tr("Export to &Vertex AI…"));
  connect(vertex, &QAction::triggered, this, [this, lab] {
    tabs_->setCurrentWidget(lab_);
    openVertexExport(lab->exportScenario());
  });
  file->addSeparator();
  QAction* exportRuns = file->addAction(tr("Export lab &runs as CSV…"));
  connect(exportRuns, &QAction::triggered, this, &MainWindow::exportRunsCsv);
  QAction* tensorBoard = file->addAction(tr("Export lab runs for &TensorBoard…"));
  tensorBoard->setToolTip(tr("Every run in the lab (live or replayed) as TensorBoard event files"));
  connect(tensorBoard, &QAction::triggered, this, [this, lab] {
    if (lab->store().runs().empty())
      return showStatus(tr("Start or replay a run first, then export it."), 8000);
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for TensorBoard logs"),
                                                          QDir::homePath());
    if (dir.isEmpty()) return;
    const auto r = TensorBoardExporter::exportRuns(lab->store(), dir);
    if (!r.error.isEmpty()) return showError(tr("The TensorBoard export failed"), r.error);
    showStatus(tr("Wrote %n run(s), %1 scalars, to %2. View with: tensorboard --logdir %2", nullptr,
                  r.runs)
                   .arg(r.scalars)
                   .arg(dir),
               15000);
  });
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"));
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);
  connect(quit, &QAction::triggered, this, &QWidget::close);

  QMenu* studyMenu = menuBar()->addMenu(tr("&Study"));
  QAction* newSession = studyMenu->addAction(tr("&New session"));
  newSession->setShortcut(QKeySequence::New);
  connect(newSession, &QAction::triggered, study_, &StudyView::startSession);
  QAction* goTo = studyMenu->addAction(tr("&Go to question…"));
  goTo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
  connect(goTo, &QAction::triggered, this, [this] {
    QuestionPicker picker(study_->controller()->bank(), this);
    if (picker.exec() != QDialog::Accepted || picker.chosenId().isEmpty()) return;
    tabs_->setCurrentWidget(study_);
    study_->goToQuestion(picker.chosenId());
  });
  studyMenu->addSeparator();
  auto* modes = new QActionGroup(this);
  QAction* practice = studyMenu->addAction(tr("&Practice mode"));
  QAction* exam = studyMenu->addAction(tr("&Exam mode (timed)"));
  for (QAction* a : {practice, exam}) {
    a->setCheckable(true);
    modes->addAction(a);
  }
  practice->setChecked(true);
  connect(practice, &QAction::triggered, this,
          [this] { study_->setMode(quiz::QuizMode::Practice); });
  connect(exam, &QAction::triggered, this, [this] { study_->setMode(quiz::QuizMode::Exam); });
  connect(study_, &StudyView::modeChanged, this, [practice, exam](quiz::QuizMode m) {
    (m == quiz::QuizMode::Exam ? exam : practice)->setChecked(true);
  });

  QMenu* view = menuBar()->addMenu(tr("&View"));
  const QString names[] = {tr("&Study"), tr("&Lab"), tr("&Progress")};
  for (int i = 0; i < 3; ++i) {
    QAction* a = view->addAction(names[i]);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    connect(a, &QAction::triggered, this, [this, i] { tabs_->setCurrentIndex(i); });
  }
  view->addSeparator();
  QAction* presenter = view->addAction(tr("P&resenter mode"));
  presenter->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence(Qt::Key_F5)});
  presenter->setToolTip(tr("Full screen, large text, high contrast; Space/arrows step through"));
  connect(presenter, &QAction::triggered, presenter_, &PresenterMode::toggle);
  QAction* presentRecorded = view->addAction(tr("Present &with recorded runs…"));
  presentRecorded->setToolTip(
      tr("The same walkthrough on recordings you choose (one machine, one model): no step waits "
         "for training"));
  connect(presentRecorded, &QAction::triggered, this, &MainWindow::presentRecordingsDialog);
  QAction* full = view->addAction(tr("&Full screen"));
  full->setShortcut(QKeySequence(tr("Ctrl+Shift+F")));
  connect(full, &QAction::triggered, this,
          [this] { isFullScreen() ? showNormal() : showFullScreen(); });
  QMenu* themes = view->addMenu(tr("&Theme"));
  themeGroup_ = new QActionGroup(this);
  for (ThemeKind kind : AppTheme::all()) {
    QAction* a = themes->addAction(AppTheme::displayName(kind));
    a->setCheckable(true);
    a->setData(AppTheme::id(kind));
    themeGroup_->addAction(a);
    connect(a, &QAction::triggered, this, [this, kind] { setTheme(kind); });
  }
  buildLanguageMenu(view);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* guide = help->addAction(tr("&User guide"));
  guide->setShortcut(QKeySequence::HelpContents);
  connect(guide, &QAction::triggered, this, &MainWindow::showUserGuide);
  QAction* keys = help->addAction(tr("&Keyboard shortcuts"));
  connect(keys, &QAction::triggered, this, [this] {
    QMessageBox::information(
        this, tr("Keyboard shortcuts"),
        tr("Study\n  1-4 or A-D   choose an option\n  Enter   submit (again: next question)\n"
           "  N   next question\n  F   flag for review (exam)\n  P   previous question (exam)\n\n"
           "Presenter mode (F11 or F5)\n  Space or Right   next step\n  Left   previous step\n"
           "  Esc   leave\n\nWindow\n  Ctrl+1/2/3   Study, Lab, Progress\n  Ctrl+E   export "
           "attempts as CSV\n  Ctrl+N   new session\n  Ctrl+Q   quit"));
  });
  help->addSeparator();
  QAction* about = help->addAction(tr("&About PrecisionLab"));
  about->setMenuRole(QAction::AboutRole);
  connect(about, &QAction::triggered, this, [this] {
    QMessageBox::about(
        this, tr("About PrecisionLab"),
        tr("<h3>PrecisionLab %1</h3><p>Study one kind of exam question properly: answer it, read "
           "why each option is right or wrong, then run each option as a real fine-tuning job "
           "and watch the measurements prove the answer.</p><p>Qt %2</p><pre>%3</pre>")
            .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()),
                 QString::fromStdString(precisionlab::buildInfoText()).toHtmlEscaped()));
  });
  QAction* aboutQt = help->addAction(tr("About &Qt"));
  connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::buildLanguageMenu(QMenu* view) {
  // Texts are translated as widgets are built, so a new choice applies at the next start; the
  // menu says so rather than switch half the window.
  QMenu* menu = view->addMenu(tr("Lan&guage"));
  QAction* note = menu->addAction(tr("Applies when PrecisionLab is started again"));
  note->setEnabled(false);
  menu->addSeparator();
  auto* group = new QActionGroup(this);
  const QString saved = AppLanguage::savedChoice();
  const auto add = [&](const QString& code, const QString& name) {
    QAction* a = menu->addAction(name);
    a->setCheckable(true);
    a->setChecked(code == saved);
    group->addAction(a);
    connect(a, &QAction::triggered, this, [this, code, name] {
      if (options_.restoreSettings) AppLanguage::saveChoice(code);
      showStatus(tr("Language: %1, from the next start of PrecisionLab.").arg(name), 8000);
    });
  };
  add(QString(), tr("System language"));
  for (const QString& code : AppLanguage::available()) add(code, AppLanguage::nativeName(code));
}

void MainWindow::setTheme(ThemeKind kind) {
  theme_ = kind;
  if (themeGroup_)
    for (QAction* a : themeGroup_->actions())
      a->setChecked(a->data().toString() == AppTheme::id(kind));
  if (presenter_ && presenter_->isActive()) return;  // presenter keeps high contrast until Esc
  AppTheme::apply(kind);
  applyThemeToViews();
  if (options_.restoreSettings)
    QSettings().setValue(QStringLiteral("view/theme"), AppTheme::id(kind));
}

void MainWindow::applyThemeToViews() {
  if (study_) study_->applyTheme();
  if (progress_) progress_->applyTheme();
}

void MainWindow::restoreState() {
  QSettings settings;
  restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  QMainWindow::restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  setTheme(AppTheme::fromId(settings.value(QStringLiteral("view/theme")).toString()));
  const int tab = settings.value(QStringLiteral("window/tab"), 0).toInt();
  // The lab tab costs nothing until a run starts, but a cold start lands on Study or Progress.
  tabs_->setCurrentIndex(tab == 2 ? 2 : 0);
  // A timed exam starts only when the learner asks for one, never because the app reopened.
  const auto mode =
      quiz::quizModeFromString(settings.value(QStringLiteral("study/mode")).toString());
  if (mode == quiz::QuizMode::Exam)
    statusBar()->showMessage(tr("Practice mode. For a timed exam, choose Exam in the mode box "
                                "or the Study menu."),
                             15000);
}

QStringList MainWindow::unfinishedWork() const {
  QStringList out;
  if (study_->examUnsubmitted()) out << tr("an exam you have not submitted (its answers are lost)");
  LabView* lab = lab_;
  int active = 0;
  for (const TrackedRun& run : lab->store().runs()) active += run.active() ? 1 : 0;
  if (active > 0)
    out << tr("%n lab run(s) still going (stopped now; what has not been saved is lost)", nullptr,
              active);
  return out;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  // Quitting mid-exam or mid-run loses work: ask first.
  const QStringList work = unfinishedWork();
  if (!work.isEmpty()) {
    const QString text =
        tr("Quitting now ends:\n• %1\n\nQuit anyway?").arg(work.join(QStringLiteral("\n• ")));
    const bool quit =
        confirm_ ? confirm_(tr("Quit PrecisionLab?"), text)
                 : QMessageBox::question(this, tr("Quit PrecisionLab?"), text) == QMessageBox::Yes;
    if (!quit) {
      event->ignore();
      return;
    }
  }
  if (presenter_->isActive()) presenter_->leave();
  if (options_.restoreSettings) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), QMainWindow::saveState());
    settings.setValue(QStringLiteral("window/tab"), tabs_->currentIndex());
  }
  const int pending = study_->controller()->pendingWrites();
  if (pending > 0) store_->waitForIdle();  // answers in flight are written before we go
  event->accept();
}

void MainWindow::changeEvent(QEvent* event) {
  QMainWindow::changeEvent(event);
  // The desktop switched between light and dark: follow it (once per burst of events; every
  // widget gets its own ThemeChange). Presenter mode keeps its high contrast until Esc.
  if (event->type() != QEvent::ThemeChange || themeChangePending_) return;
  themeChangePending_ = true;
  QTimer::singleShot(0, this, [this] {
    themeChangePending_ = false;
    if (presenter_ && presenter_->isActive()) return;
    AppTheme::systemThemeChanged();
    applyThemeToViews();
  });
}

void MainWindow::presentRecordingsDialog() {
  const QStringList paths = QFileDialog::getOpenFileNames(
      this, tr("Present with recorded runs"), RecordingLoader::defaultFolder(),
      tr("PrecisionLab recorded runs (*.plrun);;All files (*)"));
  if (!paths.isEmpty()) presentRecordings(paths);
}

QString MainWindow::presentRecordings(const QStringList& chosen) {
  const QStringList paths = chosen.isEmpty() ? RecordingLoader::builtinRecordings() : chosen;
  RecordingLoader::Result result = RecordingLoader::loadNow(paths);
  QString why = result.error;
  if (why.isEmpty()) why = RecordingLoader::likeWithLike(result.recordings, paths);
  if (!why.isEmpty()) {
    showError(tr("Cannot present with these recordings"), why);
    return why;
  }
  LabView* lab = lab_;
  if (!study_->scenarioOrder().isEmpty())
    lab->setOptionLetters(study_->scenarioOrder(), study_->scenarioLetters());
  presenter_->enterWithRecordings(std::move(result.recordings));
  return QString();
}

void MainWindow::runScenario(const QString& scenarioId) {
  tabs_->setCurrentWidget(lab_);
  // The lab names the options with the letters this learner saw; its own status message says
  // what started, by name (no internal ids in the status bar).
  LabView* lab = lab_;
  if (!study_->scenarioOrder().isEmpty())
    lab->setOptionLetters(study_->scenarioOrder(), study_->scenarioLetters());
  lab->runScenario(scenarioId);
}

void MainWindow::openGpuEstimate() {
  auto* dialog = new GpuEstimateDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open();
}

void MainWindow::openVertexExport(const QString& scenarioId) {
  auto* dialog = new VertexExportDialog(scenarioId, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open();
}

void MainWindow::exportRunsCsv() {
  LabView* lab = lab_;
  if (!lab || lab->store().runs().empty()) {
    QMessageBox::information(this, tr("Nothing to export"),
                             tr("Start at least one run, then export its records."));
    return;
  }
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  const QString path =
      QFileDialog::getSaveFileName(this, tr("Export run records as CSV"),
                                   QDir(dir.isEmpty() ? QDir::homePath() : dir)
                                       .filePath(QStringLiteral("precisionlab-runs.csv")),
                                   tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!RunCsvExporter::save(lab->store(), path, &error)) {
    QMessageBox::warning(this, tr("Export failed"), error);
    return;
  }
  showStatus(tr("Saved run records to %1.").arg(path), 8000);
}

}  // namespace precisionlab
