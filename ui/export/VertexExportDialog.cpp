#include "ui/export/VertexExportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <exception>

#include "core/VertexAiExport.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

VertexExportDialog::VertexExportDialog(const QString& scenarioId, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Export to Vertex AI"));
  setObjectName(QStringLiteral("vertexExportDialog"));
  const VertexAiSettings defaults;

  scenario_ = new QComboBox(this);
  scenario_->setAccessibleName(tr("Lab option to export"));
  for (const std::string& id : vertexExportableScenarios()) {
    const QString qid = QString::fromStdString(id);
    const ScenarioInfo* info = ScenarioCatalog::find(qid);
    scenario_->addItem(info ? ScenarioCatalog::shortName(*info) : qid, qid);
  }
  const int index = scenario_->findData(scenarioId);
  scenario_->setCurrentIndex(index >= 0 ? index : 0);

  auto edit = [this](const std::string& value, const QString& name, const QString& tip) {
    auto* e = new QLineEdit(QString::fromStdString(value), this);
    e->setAccessibleName(name);
    e->setToolTip(tip);
    return e;
  };
  model_ = edit(defaults.modelName, tr("Model"),
                tr("A Hugging Face Hub id (bert-base-uncased) or a gs:// checkpoint folder."));
  dataset_ = edit(defaults.datasetUri, tr("Dataset URI"),
                  tr("A CSV or JSONL file on Cloud Storage (gs://...) with text and label "
                     "columns."));
  bucket_ = edit(defaults.stagingBucket, tr("Staging bucket"),
                 tr("gs:// folder where the packaged script and the outputs go."));
  region_ = edit(defaults.region, tr("Region"), tr("Vertex AI region, e.g. us-central1."));

  machine_ = new QComboBox(this);
  machine_->setEditable(true);
  machine_->addItem(tr("default for the option"), QString());
  for (const char* m : {"n1-standard-8", "g2-standard-8", "a2-highgpu-1g", "a3-highgpu-8g"})
    machine_->addItem(QLatin1String(m), QLatin1String(m));
  machine_->setAccessibleName(tr("Machine type"));
  machine_->setToolTip(
      tr("Default: n1-standard-8 with one NVIDIA_TESLA_T4 (g2-standard-8 with "
         "one NVIDIA_L4 for bf16, which needs an Ampere or newer GPU). Set "
         "machine type and accelerator together."));
  accelerator_ = new QComboBox(this);
  accelerator_->setEditable(true);
  accelerator_->addItem(tr("default for the option"), QString());
  for (const char* a : {"NVIDIA_TESLA_T4", "NVIDIA_L4", "NVIDIA_TESLA_V100", "NVIDIA_TESLA_A100",
                        "NVIDIA_H100_80GB"})
    accelerator_->addItem(QLatin1String(a), QLatin1String(a));
  accelerator_->setAccessibleName(tr("Accelerator type"));
  accelerator_->setToolTip(machine_->toolTip());
  count_ = new QSpinBox(this);
  count_->setRange(1, 16);
  count_->setValue(defaults.acceleratorCount);
  count_->setAccessibleName(tr("Accelerator count"));
  workers_ = new QSpinBox(this);
  workers_->setRange(1, 64);
  workers_->setValue(defaults.workerCount);
  workers_->setAccessibleName(tr("Worker machines"));
  workers_->setToolTip(
      tr("Machines training together, data-parallel (DDP). More than 1 writes Vertex AI's "
         "distributed layout: a primary worker pool of one replica and a worker pool of the "
         "others."));

  folder_ = new QLineEdit(this);
  folder_->setAccessibleName(tr("Output folder"));
  const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  folder_->setText(QDir(docs.isEmpty() ? QDir::homePath() : docs)
                       .filePath(QStringLiteral("precisionlab-vertex-") + this->scenarioId()));
  auto* browse = new QPushButton(tr("Browse…"), this);
  connect(browse, &QPushButton::clicked, this, &VertexExportDialog::chooseFolder);
  connect(scenario_, &QComboBox::currentIndexChanged, this, [this] {
    // The suggested folder follows the option unless the user typed their own.
    const QString name = QDir(folder_->text()).dirName();
    if (name.startsWith(QStringLiteral("precisionlab-vertex-")))
      folder_->setText(QFileInfo(folder_->text())
                           .absoluteDir()
                           .filePath(QStringLiteral("precisionlab-vertex-") + this->scenarioId()));
  });
  auto* folderRow = new QHBoxLayout;
  folderRow->addWidget(folder_, 1);
  folderRow->addWidget(browse);

  auto* intro = new QLabel(
      tr("Writes the Hugging Face Trainer script and the Vertex AI job spec this option "
         "implies (fp16=True for D; for C a tuning job that searches the learning rate and "
         "batch size and never changes precision). Nothing is submitted: the commands to run "
         "appear below."),
      this);
  intro->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("&Option"), scenario_);
  form->addRow(tr("&Model"), model_);
  form->addRow(tr("&Dataset URI"), dataset_);
  form->addRow(tr("&Staging bucket"), bucket_);
  form->addRow(tr("&Region"), region_);
  form->addRow(tr("Mac&hine type"), machine_);
  form->addRow(tr("&Accelerator"), accelerator_);
  form->addRow(tr("Accelerator &count"), count_);
  form->addRow(tr("&Workers (machines)"), workers_);
  form->addRow(tr("Output &folder"), folderRow);

  error_ = new QLabel(this);
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; font-weight: bold; }"));
  error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  error_->hide();
  result_ = new QPlainTextEdit(this);
  result_->setReadOnly(true);
  result_->setAccessibleName(tr("Files written and commands to run"));
  result_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  result_->setPlaceholderText(tr("The files written and the gcloud commands appear here."));
  result_->setMinimumHeight(180);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  exportButton_ = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
  exportButton_->setDefault(true);
  disconnect(buttons, &QDialogButtonBox::accepted, nullptr, nullptr);
  connect(exportButton_, &QPushButton::clicked, this, [this] { exportNow(); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(error_);
  layout->addWidget(result_, 1);
  layout->addWidget(buttons);
  resize(720, 640);
}

QString VertexExportDialog::scenarioId() const { return scenario_->currentData().toString(); }
void VertexExportDialog::setOutputFolder(const QString& dir) { folder_->setText(dir); }
QString VertexExportDialog::outputFolder() const { return folder_->text().trimmed(); }
QString VertexExportDialog::commandsText() const { return result_->toPlainText(); }
QString VertexExportDialog::errorText() const {
  return error_->isHidden() ? QString() : error_->text();
}

void VertexExportDialog::chooseFolder() {
  const QString dir =
      QFileDialog::getExistingDirectory(this, tr("Folder for the Vertex AI files"), outputFolder());
  if (!dir.isEmpty()) folder_->setText(dir);
}

void VertexExportDialog::showError(const QString& text) {
  error_->setText(text);
  error_->setVisible(true);
}

bool VertexExportDialog::exportNow() {
  error_->clear();
  error_->hide();
  written_.clear();
  if (outputFolder().isEmpty()) {
    showError(tr("Choose an output folder for the files."));
    return false;
  }
  VertexAiSettings s;
  s.modelName = model_->text().trimmed().toStdString();
  s.datasetUri = dataset_->text().trimmed().toStdString();
  s.stagingBucket = bucket_->text().trimmed().toStdString();
  s.region = region_->text().trimmed().toStdString();
  auto comboValue = [](const QComboBox* c) {
    // A typed value wins; the first entry means "the option's default" (empty).
    const int i = c->findText(c->currentText());
    return (i >= 0 ? c->itemData(i).toString() : c->currentText().trimmed()).toStdString();
  };
  s.machineType = comboValue(machine_);
  s.acceleratorType = comboValue(accelerator_);
  s.acceleratorCount = count_->value();
  s.workerCount = workers_->value();
  try {
    const VertexAiExportResult result =
        exportVertexAi(scenarioId().toStdString(), s, outputFolder().toStdString());
    for (const std::string& f : result.files) written_.append(QString::fromStdString(f));
  } catch (const std::exception& e) {
    showError(tr("Nothing was exported: %1").arg(QString::fromUtf8(e.what())));
    result_->clear();
    return false;
  }
  QFile readme(QDir(outputFolder()).filePath(QStringLiteral("README.txt")));
  QString readmeText;
  if (readme.open(QIODevice::ReadOnly | QIODevice::Text))
    readmeText = QString::fromUtf8(readme.readAll());
  QStringList lines;
  lines << tr("Wrote to %1:").arg(QDir::toNativeSeparators(outputFolder()));
  for (const QString& f : std::as_const(written_)) lines << QStringLiteral("  ") + f;
  lines << QString() << tr("Then run, in that folder:");
  for (const QString& c : commandsFromReadme(readmeText)) lines << QStringLiteral("  ") + c;
  lines << QString() << tr("README.txt explains each step. Jobs cost money while they run.");
  result_->setPlainText(lines.join(QLatin1Char('\n')));
  return true;
}

QStringList VertexExportDialog::commandsFromReadme(const QString& readme) {
  QStringList out;
  bool continuing = false;
  for (const QString& raw : readme.split(QLatin1Char('\n'))) {
    const QString line = raw.trimmed();
    if (continuing) {
      out.last() += QLatin1Char(' ') + line;
    } else if (line.startsWith(QLatin1String("gcloud ")) ||
               line.startsWith(QLatin1String("python3 "))) {
      out.append(line);
    } else {
      continue;
    }
    continuing = out.last().endsWith(QLatin1Char('\\'));
    if (continuing) {
      out.last().chop(1);
      out.last() = out.last().trimmed();
    }
  }
  return out;
}

}  // namespace precisionlab
