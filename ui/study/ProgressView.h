// The progress tab: who is studying (profiles), how it is going (accuracy by day, by domain,
// streak, average time, weakest domain), the schedule (FSRS or SM-2, chosen per profile: due
// counts, intervals, predicted and measured retention), the FSRS parameters fitted to the
// learner (FsrsOptimizePanel), exam readiness (ReadinessPanel) and the recent attempts, with a CSV
// export. Everything comes from the ProgressStore asynchronously; the view refreshes when the
// store says attempts or profiles changed.
#pragma once

#include <QPair>
#include <QVector>
#include <QWidget>

#include "quiz/ExamReadiness.h"
#include "quiz/ProgressStore.h"
#include "quiz/QuestionBank.h"

class QComboBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace precisionlab {

class FsrsOptimizePanel;
class ProgressCharts;
class ReadinessPanel;

class ProgressView : public QWidget {
  Q_OBJECT

 public:
  ProgressView(const quiz::QuestionBank& bank, quiz::ProgressStore* store,
               QWidget* parent = nullptr);

  qint64 profileId() const { return profileId_; }
  QString profileName() const;
  QTableWidget* attemptsTable() const { return table_; }
  // The first profile of a new database is stored under this English name and shown as
  // tr("Learner") (German "Standardprofil"), so a database made under one language does not
  // show the other's word under the next ("Sie lernen als Learner.").
  static constexpr const char* kDefaultProfileName = "Learner";
  static QString displayName(const QString& storedName);
  // The recent-attempts table's question cell: "012 · You are fine-tuning …" (the question's
  // number in its bank and the start of its stem; the id alone when the bank lacks it).
  static QString questionCell(const QString& questionId, const QString& stem);
  const quiz::Statistics& statistics() const { return stats_; }
  // Tests: the number of refreshes completed (statistics + attempts both arrived).
  int refreshCount() const { return refreshes_; }
  // The "Weakest objective" tile from exam readiness's report (ReadinessPanel::standing(), the
  // one definition the readiness panel shows too: the lowest predicted share right if studying
  // stopped now, among sub-objectives with 3+ answered questions): its value ("3.2") and hint
  // ("41 % predicted on your exam day · Training models").
  static QPair<QString, QString> weakestTile(const quiz::ReadinessReport& standing, bool dated,
                                             const quiz::QuestionBank& bank, int objectiveCount);
  QLabel* tile(int index) const { return tiles_.value(index); }
  int tileColumns() const { return tileColumns_; }
  ProgressCharts* charts() const { return charts_; }
  FsrsOptimizePanel* fsrsPanel() const { return fsrsPanel_; }
  ReadinessPanel* readinessPanel() const { return readinessPanel_; }

 public slots:
  // Lists profiles, creating a first one ("Learner") in a new database, and selects
  // `preferredId` when it exists.
  void loadProfiles(qint64 preferredId = 0);
  void selectProfile(qint64 profileId);
  void refresh();
  void addProfile();
  void renameProfile();
  // Asks for a file name, then writes the CSV (the store writes atomically).
  void exportCsv();
  // Writes without asking (tests, File menu with a known path). Result via exportFinished.
  void exportCsvTo(const QString& path);
  void applyTheme();

 signals:
  void profileChanged(qint64 profileId, const QString& name);
  void statusMessage(const QString& text);
  void refreshed();
  void exportFinished(bool ok, const QString& message);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void buildUi();
  void showStatistics(const quiz::Statistics& stats);
  void showAttempts(const QVector<quiz::Attempt>& attempts);
  void layoutTiles();
  void fitTiles();
  static QString modeText(quiz::QuizMode mode);
  static QString confidenceText(quiz::Confidence confidence);
  void setTile(QLabel* tile, const QString& title, const QString& value, const QString& hint);
  void changeScheduler(int index);
  void changeDayStart();
  void showDayStart(const quiz::Profile& profile);

  QVector<quiz::Profile> profiles_;

  quiz::QuestionBank bank_;
  quiz::ProgressStore* store_ = nullptr;
  qint64 profileId_ = 0;
  quiz::Statistics stats_;
  int refreshes_ = 0;
  int pendingParts_ = 0;

  QComboBox* profileBox_ = nullptr;
  QComboBox* schedulerBox_ = nullptr;  // FSRS / SM-2 for the selected profile
  QSpinBox* dayStartBox_ = nullptr;    // the hour a new day starts, 0..23
  QComboBox* timeZoneBox_ = nullptr;   // "" (this computer's) or an IANA id
  QPushButton* addButton_ = nullptr;
  QPushButton* renameButton_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  QVector<QLabel*> tiles_;
  QGridLayout* tileGrid_ = nullptr;
  QWidget* page_ = nullptr;  // everything, in a scroll area
  int tileColumns_ = 0;
  QVector<quiz::DomainStats> objectiveStats_;  // this bank's attempts per sub-objective
  int objectiveCount_ = 0;  // sub-objectives the bank's questions are tagged with
  ProgressCharts* charts_ = nullptr;
  FsrsOptimizePanel* fsrsPanel_ = nullptr;    // fitted FSRS parameters and Optimize
  ReadinessPanel* readinessPanel_ = nullptr;  // exam date and readiness per sub-objective
  QTableWidget* table_ = nullptr;
  QLabel* emptyHint_ = nullptr;
};

}  // namespace precisionlab
