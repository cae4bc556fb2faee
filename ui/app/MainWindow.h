// The app window: Study, Lab and Progress tabs, menus with the standard shortcuts, a status bar,
// and the remembered state (geometry, tab, mode, profile, theme). It loads the built-in bank
// synchronously (small, so the first question is on screen at once) and opens the progress
// database on the store's own thread; the lab starts no training until asked.
#pragma once

#include <QMainWindow>
#include <QString>
#include <functional>
#include <memory>

#include "quiz/ProgressStore.h"
#include "quiz/QuestionBank.h"
#include "ui/base/AppTheme.h"

class QActionGroup;
class QMenu;
class QLabel;
class QTabWidget;

namespace precisionlab {

class StudyView;
class LabView;
class ProgressView;
class PresenterMode;
class LabSessionArchive;
class LabSessionMenu;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  struct Options {
    QString databasePath;         // empty: ProgressStore::defaultPath()
    QString bankPath;             // empty: the built-in bank
    bool restoreSettings = true;  // false in tests and screenshots: a clean, known state
    bool quietErrors = false;     // tests: report problems in the status bar, no modal dialogs
    QString themeId;              // overrides the saved theme ("dark", "high-contrast", ...)
    // Where the lab sessions are kept: empty for LabSessionStore::defaultRoot() when
    // restoreSettings is on, none otherwise (tests name a folder to restart on).
    QString labSessionsRoot;
  };

  explicit MainWindow(const Options& options, QWidget* parent = nullptr);
  ~MainWindow() override;

  StudyView* studyView() const { return study_; }
  ProgressView* progressView() const { return progress_; }
  LabView* labView() const { return lab_; }
  PresenterMode* presenter() const { return presenter_; }
  // The lab's sessions kept on disk and File > Reopen lab session (null when none are kept).
  LabSessionArchive* labSessions() const { return labSessions_; }
  LabSessionMenu* labSessionMenu() const { return labSessionMenu_; }
  QTabWidget* tabs() const { return tabs_; }
  quiz::ProgressStore* store() const { return store_.get(); }
  void setTheme(ThemeKind kind);
  bool storeOpened() const { return storeOpened_; }
  const quiz::QuestionBank& bank() const { return bank_; }
  QString bankPath() const { return bankPath_; }

  // Files from the command line or the desktop (Exec=precisionlab %F): .plrun recordings are
  // replayed in the lab; a question bank is opened (bankOpenRequested). Returns what it did.
  QString openFiles(const QStringList& paths);
  // File > Open question bank…: validates the chosen file and asks for a window on it.
  void openBankDialog();
  // Checks `path` (any format BankInterchange reads) and emits bankOpenRequested when it loads.
  bool requestBank(const QString& path);
  // File > Export question bank…: the current bank as GIFT, Moodle XML, Anki text or JSON.
  void exportBankDialog();
  QString exportBankTo(const QString& path, const QString& formatName);  // empty = ok
  void showUserGuide();
  // The estimated speed, memory and epoch cost on Vertex AI's GPUs, with formula and sources.
  void openGpuEstimate();
  // "Export to Vertex AI…" for a scenario.
  void openVertexExport(const QString& scenarioId);
  // Writes every lab run's records as CSV (one row per step per run, with provenance) to a file
  // the user picks; says so in a dialog when there is nothing to export or it fails.
  void exportRunsCsv();
  QWidget* userGuide() const { return guide_; }
  static bool isRecording(const QString& path);
  // What closing the window now would lose ("an exam you have not submitted", "2 runs still
  // training"), empty when nothing; closing asks first when there is something.
  QStringList unfinishedWork() const;
  // Asks the user a yes/no question (a QMessageBox by default; tests and the screenshot tour
  // answer it themselves).
  using Confirm = std::function<bool(const QString& title, const QString& text)>;
  void setConfirm(Confirm confirm);
  // View > Present with recorded runs: the presenter's walkthrough on these recordings (the
  // shipped ones when `paths` is empty). Returns "" when it started, else why not (also shown).
  QString presentRecordings(const QStringList& paths);
  void presentRecordingsDialog();

 signals:
  // The app opens a new window on this bank (its views are built for one bank) and closes this
  // one; progress, profile and settings carry over.
  void bankOpenRequested(const QString& path);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void loadBank(const QString& path);
  void openStore(const QString& path);
  void buildMenus();
  void buildLanguageMenu(QMenu* view);
  void applyThemeToViews();
  void showOpenReport(const quiz::OpenReport& report);
  void showError(const QString& title, const QString& text);
  void showStatus(const QString& text, int timeoutMs = 0);
  void restoreState();
  void runScenario(const QString& scenarioId);

  Options options_;
  Confirm confirm_;
  quiz::QuestionBank bank_;
  QString bankPath_;
  QWidget* guide_ = nullptr;  // UserGuideWindow, created on first F1
  std::unique_ptr<quiz::ProgressStore> store_;
  bool storeOpened_ = false;
  // While live lab runs train, their time left at the measured pace, on the status bar's right
  // (seen from every tab; the lab's own line scrolls away with the cards at 1024x768).
  QLabel* labTimeLeft_ = nullptr;
  QString labRestoredNote_;  // shown again with the profile's status line, which follows it
  QTabWidget* tabs_ = nullptr;
  StudyView* study_ = nullptr;
  LabView* lab_ = nullptr;
  ProgressView* progress_ = nullptr;
  PresenterMode* presenter_ = nullptr;
  LabSessionArchive* labSessions_ = nullptr;
  LabSessionMenu* labSessionMenu_ = nullptr;
  QActionGroup* themeGroup_ = nullptr;
  ThemeKind theme_ = ThemeKind::System;
  bool applyingTheme_ = false;
  bool themeChangePending_ = false;
};

}  // namespace precisionlab
