#include "ui/LabSettingsPanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

#include "ui/ScenarioCatalog.h"

namespace precisionlab {

namespace {
const char* const kPresets[] = {"tiny", "mini", "small", "medium", "base"};
const char* const kPresetShapes[] = {"2 layers, hidden 128", "4 layers, hidden 256",
                                     "4 layers, hidden 512", "8 layers, hidden 512",
                                     "12 layers, hidden 768 (BERT-base)"};
}  // namespace

LabSettingsPanel::LabSettingsPanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("labSettings"));

  preset_ = new QComboBox(this);
  for (size_t i = 0; i < std::size(kPresets); ++i)
    preset_->addItem(QStringLiteral("%1 — %2").arg(QLatin1String(kPresets[i]),
                                                     QLatin1String(kPresetShapes[i])),
                     QLatin1String(kPresets[i]));
  preset_->setToolTip(tr("A randomly initialised BERT of this size, used when no checkpoint "
                         "directory is chosen."));
  preset_->setAccessibleName(tr("Model preset"));

  modelDir_ = new QLineEdit(this);
  modelDir_->setPlaceholderText(tr("none: use the preset"));
  modelDir_->setClearButtonEnabled(true);
  modelDir_->setToolTip(tr("A Hugging Face checkpoint directory with config.json, vocab.txt "
                           "and model.safetensors (pytorch_model.bin is refused: convert it "
                           "to safetensors first)."));
  modelDir_->setAccessibleName(tr("Checkpoint directory"));
  modelBrowse_ = new QPushButton(tr("Browse…"), this);
  modelBrowse_->setAccessibleName(tr("Choose checkpoint directory"));
  connect(modelBrowse_, &QPushButton::clicked, this, &LabSettingsPanel::chooseModelDir);

  dataPath_ = new QLineEdit(this);
  dataPath_->setPlaceholderText(tr("built-in sentiment data"));
  dataPath_->setClearButtonEnabled(true);
  dataPath_->setToolTip(tr("CSV, TSV or JSONL with a 'text' and a 'label' column; empty = the "
                           "built-in dataset."));
  dataPath_->setAccessibleName(tr("Dataset file"));
  dataBrowse_ = new QPushButton(tr("Browse…"), this);
  dataBrowse_->setAccessibleName(tr("Choose dataset file"));
  connect(dataBrowse_, &QPushButton::clicked, this, &LabSettingsPanel::chooseDataFile);

  batch_ = new QSpinBox(this);
  batch_->setRange(1, 1024);
  batch_->setAccessibleName(tr("Batch size"));
  seqLen_ = new QSpinBox(this);
  seqLen_->setRange(8, 512);
  seqLen_->setToolTip(tr("Tokens per example including [CLS] and [SEP] (BERT's limit is 512)."));
  seqLen_->setAccessibleName(tr("Sequence length"));
  lr_ = new QDoubleSpinBox(this);
  lr_->setDecimals(6);
  lr_->setRange(1e-6, 1.0);
  lr_->setSingleStep(1e-4);
  lr_->setToolTip(tr("Peak AdamW learning rate (linear warmup, then linear decay)."));
  lr_->setAccessibleName(tr("Learning rate"));
  steps_ = new QSpinBox(this);
  steps_->setRange(1, 1000000);
  steps_->setAccessibleName(tr("Steps"));
  device_ = new QComboBox(this);
  device_->addItem(tr("cpu"), QStringLiteral("cpu"));
  device_->addItem(tr("cuda (GPU)"), QStringLiteral("cuda"));
  // Probing CUDA costs seconds at start-up; the engine refuses a missing GPU with a clear error.
  device_->setToolTip(tr("cuda needs an NVIDIA GPU and a CUDA build of LibTorch; a run on a "
                         "missing GPU fails with a message saying so."));
  device_->setAccessibleName(tr("Device"));

  auto* reset = new QPushButton(tr("Reset settings"), this);
  connect(reset, &QPushButton::clicked, this, &LabSettingsPanel::resetToDefaults);
  auto* clear = new QPushButton(tr("Clear runs"), this);
  clear->setToolTip(tr("Stop every run and remove all curves."));
  connect(clear, &QPushButton::clicked, this, &LabSettingsPanel::clearRunsRequested);

  auto row = [this](QWidget* edit, QWidget* button) {
    auto* w = new QWidget(this);
    auto* l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(edit, 1);
    l->addWidget(button);
    return w;
  };
  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  form->addRow(tr("&Model"), preset_);
  form->addRow(tr("Check&point"), row(modelDir_, modelBrowse_));
  form->addRow(tr("&Dataset"), row(dataPath_, dataBrowse_));
  auto* sizes = new QHBoxLayout;
  sizes->addWidget(batch_);
  sizes->addWidget(new QLabel(tr("sequence"), this));
  sizes->addWidget(seqLen_);
  form->addRow(tr("&Batch"), sizes);
  auto* lrSteps = new QHBoxLayout;
  lrSteps->addWidget(lr_);
  auto* stepsLabel = new QLabel(tr("s&teps"), this);
  stepsLabel->setBuddy(steps_);
  lrSteps->addWidget(stepsLabel);
  lrSteps->addWidget(steps_);
  form->addRow(tr("&Learning rate"), lrSteps);
  auto* deviceRow = new QHBoxLayout;
  deviceRow->addWidget(device_, 1);
  deviceRow->addWidget(reset);
  deviceRow->addWidget(clear);
  form->addRow(tr("De&vice"), deviceRow);

  auto* note = new QLabel(tr("Changes apply to runs you start next."), this);
  note->setForegroundRole(QPalette::PlaceholderText);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(form);
  layout->addWidget(note);

  for (QSpinBox* s : {batch_, seqLen_, steps_})
    connect(s, &QSpinBox::valueChanged, this, &LabSettingsPanel::changed);
  connect(lr_, &QDoubleSpinBox::valueChanged, this, &LabSettingsPanel::changed);
  connect(preset_, &QComboBox::currentIndexChanged, this, &LabSettingsPanel::changed);
  connect(device_, &QComboBox::currentIndexChanged, this, &LabSettingsPanel::changed);
  connect(modelDir_, &QLineEdit::textChanged, this, [this] {
    updateSourceLabels();
    emit changed();
  });
  connect(dataPath_, &QLineEdit::textChanged, this, &LabSettingsPanel::changed);
  resetToDefaults();
}

TrainConfig LabSettingsPanel::config() const {
  TrainConfig c = base_;
  c.preset = preset_->currentData().toString().toStdString();
  c.modelDir = modelDir_->text().trimmed().toStdString();
  c.dataPath = dataPath_->text().trimmed().toStdString();
  c.batchSize = batch_->value();
  c.seqLen = seqLen_->value();
  c.learningRate = lr_->value();
  c.steps = steps_->value();
  c.device = device_->currentData().toString().toStdString();
  return c;
}

void LabSettingsPanel::setConfig(const TrainConfig& config) {
  base_ = config;
  const QSignalBlocker b1(preset_), b2(modelDir_), b3(dataPath_), b4(batch_), b5(seqLen_),
      b6(lr_), b7(steps_), b8(device_);
  const int presetIndex = preset_->findData(QString::fromStdString(config.preset));
  preset_->setCurrentIndex(presetIndex >= 0 ? presetIndex : 0);
  modelDir_->setText(QString::fromStdString(config.modelDir));
  dataPath_->setText(QString::fromStdString(config.dataPath));
  batch_->setValue(int(config.batchSize));
  seqLen_->setValue(int(config.seqLen));
  lr_->setValue(config.learningRate);
  steps_->setValue(int(config.steps));
  const QString device = QString::fromStdString(config.device);
  int deviceIndex = device_->findData(device);
  if (deviceIndex < 0) {  // "cuda:1" and the like: keep what the caller asked for
    device_->addItem(device, device);
    deviceIndex = device_->count() - 1;
  }
  device_->setCurrentIndex(deviceIndex);
  updateSourceLabels();
  emit changed();
}

void LabSettingsPanel::resetToDefaults() { setConfig(ScenarioCatalog::defaultSettings()); }

void LabSettingsPanel::chooseModelDir() {
  const QString dir = QFileDialog::getExistingDirectory(
      this, tr("Choose a Hugging Face checkpoint directory"), modelDir_->text());
  if (!dir.isEmpty()) modelDir_->setText(dir);
}

void LabSettingsPanel::chooseDataFile() {
  const QString file = QFileDialog::getOpenFileName(
      this, tr("Choose a dataset"), dataPath_->text(),
      tr("Datasets (*.csv *.tsv *.jsonl *.json);;All files (*)"));
  if (!file.isEmpty()) dataPath_->setText(file);
}

void LabSettingsPanel::updateSourceLabels() {
  // A checkpoint fixes the architecture, so the preset would be misleading next to it.
  preset_->setEnabled(modelDir_->text().trimmed().isEmpty());
}

}  // namespace precisionlab
