#include "ui/export/GpuEstimateDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/BertConfig.h"
#include "core/GpuEstimator.h"

namespace precisionlab {

namespace {
enum Column { kGpu, kPrecision, kStep, kSpeed, kMemory, kEpoch, kColumns };
}

GpuEstimateDialog::GpuEstimateDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("GPU estimate (not measured)"));
  setObjectName(QStringLiteral("gpuEstimateDialog"));
  auto* intro = new QLabel(
      tr("<b>Estimated</b> from the model's FLOPs and bytes and each GPU's published peak rates "
         "and memory bandwidth, for fine-tuning on the GPUs Vertex AI offers. Not a measurement: "
         "a GPU recording, where you have one, is the better evidence. T4 and V100 have no "
         "bfloat16 units, one reason fp16=True is the portable answer."),
      this);
  intro->setWordWrap(true);

  preset_ = new QComboBox(this);
  for (const std::string& p : BertConfig::presetNames())
    preset_->addItem(QString::fromStdString(p));
  preset_->setCurrentText(QStringLiteral("base"));
  batch_ = new QSpinBox(this);
  batch_->setRange(1, 4096);
  batch_->setValue(32);
  seqLen_ = new QSpinBox(this);
  seqLen_->setRange(8, 512);
  seqLen_->setValue(128);
  examples_ = new QSpinBox(this);
  examples_->setRange(1, 100000000);
  examples_->setValue(100000);
  examples_->setGroupSeparatorShown(true);
  auto* shape = new QHBoxLayout;
  auto* form = new QFormLayout;
  form->addRow(tr("BERT size"), preset_);
  form->addRow(tr("Batch"), batch_);
  auto* form2 = new QFormLayout;
  form2->addRow(tr("Sequence length"), seqLen_);
  form2->addRow(tr("Examples per epoch"), examples_);
  shape->addLayout(form);
  shape->addLayout(form2);

  auto* priceBox = new QFormLayout;
  for (const GpuSpec& g : GpuEstimator::gpus()) {
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(0, 1000);
    spin->setDecimals(4);
    spin->setPrefix(QStringLiteral("$"));
    spin->setSuffix(tr(" / hour"));
    spin->setValue(g.usdPerHour);
    prices_.append(spin);
    priceBox->addRow(QString::fromStdString(g.name), spin);
    connect(spin, &QDoubleSpinBox::valueChanged, this, &GpuEstimateDialog::recompute);
  }
  auto* priceNote = new QLabel(QString::fromStdString(GpuEstimator::pricesSource()), this);
  priceNote->setWordWrap(true);

  table_ = new QTableWidget(0, kColumns, this);
  table_->setHorizontalHeaderLabels({tr("GPU"), tr("Precision"), tr("ms / step (est.)"),
                                     tr("Speed vs fp32 (est.)"), tr("Memory GB (est.)"),
                                     tr("Epoch (est.)")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);

  formula_ = new QTextBrowser(this);
  formula_->setPlainText(QString::fromStdString(GpuEstimator::formula()));
  formula_->setOpenExternalLinks(true);
  formula_->hide();
  auto* how = new QPushButton(tr("How is this computed?"), this);
  how->setCheckable(true);
  connect(how, &QPushButton::toggled, formula_, &QWidget::setVisible);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(shape);
  layout->addWidget(table_, 1);
  layout->addLayout(priceBox);
  layout->addWidget(priceNote);
  layout->addWidget(how, 0, Qt::AlignLeft);
  layout->addWidget(formula_, 1);
  layout->addWidget(buttons);
  for (QSpinBox* s : {batch_, seqLen_, examples_})
    connect(s, &QSpinBox::valueChanged, this, &GpuEstimateDialog::recompute);
  connect(preset_, &QComboBox::currentIndexChanged, this, &GpuEstimateDialog::recompute);
  resize(900, 640);
  recompute();
}

void GpuEstimateDialog::setPrice(int row, double usdPerHour) {
  if (row >= 0 && row < prices_.size()) prices_[row]->setValue(usdPerHour);
}

void GpuEstimateDialog::recompute() {
  const EstimateShape shape = EstimateShape::forPreset(preset_->currentText().toStdString(),
                                                       batch_->value(), seqLen_->value());
  const auto& gpus = GpuEstimator::gpus();
  table_->setRowCount(int(gpus.size()) * 3);
  int row = 0;
  for (size_t g = 0; g < gpus.size(); ++g) {
    const GpuSpec& gpu = gpus[g];
    const StepEstimate fp32 = GpuEstimator::estimate(gpu, shape, EstimatePrecision::Fp32);
    for (EstimatePrecision p :
         {EstimatePrecision::Fp32, EstimatePrecision::Fp16Amp, EstimatePrecision::Bf16Amp}) {
      const StepEstimate e = GpuEstimator::estimate(gpu, shape, p);
      QStringList cells = {QString::fromStdString(gpu.name),
                           QString::fromLatin1(GpuEstimator::precisionName(p))};
      if (!e.supported) {
        cells << tr("not supported: no bf16 units") << QString() << QString() << QString();
      } else {
        const double hours = GpuEstimator::epochHours(e, shape, examples_->value());
        const double usd =
            GpuEstimator::epochCostUsd(e, shape, examples_->value(), prices_[int(g)]->value());
        const QLocale locale;  // on screen: the user's decimal separator
        cells << locale.toString(e.stepMs, 'f', 1)
              << QStringLiteral("%1x").arg(locale.toString(fp32.stepMs / e.stepMs, 'f', 2))
              << locale.toString(e.memoryGB, 'f', 2) + (e.fits ? QString() : tr(" (does not fit)"))
              << tr("%1 h, $%2").arg(locale.toString(hours, 'f', 2), locale.toString(usd, 'f', 2));
      }
      for (int c = 0; c < kColumns; ++c) {
        auto* item = new QTableWidgetItem(cells.value(c));
        item->setToolTip(tr("Estimated, not measured (How is this computed? below)"));
        table_->setItem(row, c, item);
      }
      ++row;
    }
  }
}

}  // namespace precisionlab
