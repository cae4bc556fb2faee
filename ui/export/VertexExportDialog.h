// "Export to Vertex AI…": what the learner would run on Vertex AI for one lab option. The form
// holds core/VertexAiExport.h's settings (model, dataset URI, staging bucket, region, machine
// type, accelerator and count); Export writes train.py, setup.py, the job YAML and README.txt
// into a folder and then shows the files written and the commands to run, taken from the
// generated README. Nothing is submitted. Errors are shown in the dialog in plain words.
#pragma once

#include <QDialog>
#include <QStringList>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace precisionlab {

class VertexExportDialog : public QDialog {
  Q_OBJECT

 public:
  explicit VertexExportDialog(const QString& scenarioId, QWidget* parent = nullptr);

  void setOutputFolder(const QString& dir);
  QString outputFolder() const;
  QString scenarioId() const;
  // Writes the files with the form's settings; false (and the reason on screen) on error.
  bool exportNow();
  QStringList writtenFiles() const { return written_; }
  QString commandsText() const;
  QString errorText() const;

  // The command lines of a generated README.txt (gcloud and python3, continuations joined).
  static QStringList commandsFromReadme(const QString& readme);

 private:
  void chooseFolder();
  void showError(const QString& text);

  QComboBox* scenario_ = nullptr;
  QLineEdit* model_ = nullptr;
  QLineEdit* dataset_ = nullptr;
  QLineEdit* bucket_ = nullptr;
  QLineEdit* region_ = nullptr;
  QComboBox* machine_ = nullptr;
  QComboBox* accelerator_ = nullptr;
  QSpinBox* count_ = nullptr;
  QSpinBox* workers_ = nullptr;  // machines: a primary pool of 1, a worker pool of the rest
  QLineEdit* folder_ = nullptr;
  QLabel* error_ = nullptr;
  QPlainTextEdit* result_ = nullptr;
  QPushButton* exportButton_ = nullptr;
  QStringList written_;
};

}  // namespace precisionlab
