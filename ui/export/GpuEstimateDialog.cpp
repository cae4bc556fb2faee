#include "ui/export/GpuEstimateDialog.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include "core/GpuEstimator.h"
#include "ui/base/LocalizedText.h"

namespace precisionlab {

namespace {
enum Column { kGpu, kPrecision, kStep, kThroughput, kVsFp32, kVsTf32, kMemory, kEpoch, kColumns };

// "a-b" in the user's locale (one number when both ends agree at this precision).
QString range(double a, double b, int digits, const QString& unit = QString()) {
  const QLocale locale;  // on screen: the user's decimal separator
  const QString lo = locale.toString(std::min(a, b), 'f', digits) + unit;
  const QString hi = locale.toString(std::max(a, b), 'f', digits) + unit;
  return lo == hi ? lo : lo + QStringLiteral("-") + hi;
}
}  // namespace

GpuEstimateDialog::GpuEstimateDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("GPU estimate (not measured)"));
  setObjectName(QStringLiteral("gpuEstimateDialog"));
  auto* intro = new QLabel(
      tr("<b>Estimated</b> from the model's FLOPs and bytes and each GPU's published peak rates "
         "and memory bandwidth, with efficiencies calibrated on published training "
         "measurements, for fine-tuning on the GPUs Vertex AI offers. Each cell is a range: the "
         "Hugging Face Trainer (what setting fp16=True runs) to optimized code (NVIDIA's tuned "
         "scripts). fp32 is true fp32, the Trainer's default; tf32=True is the baseline of "
         "NVIDIA's published A100/H100 numbers. Not a measurement: a GPU recording, where you "
         "have one, is the better evidence. T4 and V100 have no bfloat16 units, one reason "
         "fp16=True is the portable answer."),
      this);
  intro->setWordWrap(true);

  preset_ = new QComboBox(this);
  for (const std::string& p : EstimateShape::presetNames())
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

  // The prices three to a row, so the table keeps the room.
  auto* priceBox = new QGridLayout;
  int priceIndex = 0;
  for (const GpuSpec& g : GpuEstimator::gpus()) {
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(0, 1000);
    spin->setDecimals(4);
    spin->setPrefix(QStringLiteral("$"));
    spin->setSuffix(tr(" / hour"));
    spin->setValue(g.usdPerHour);
    prices_.append(spin);
    const int priceRow = priceIndex / 3, priceColumn = 2 * (priceIndex % 3);
    priceBox->addWidget(new QLabel(QString::fromStdString(g.name), this), priceRow, priceColumn);
    priceBox->addWidget(spin, priceRow, priceColumn + 1);
    ++priceIndex;
    connect(spin, &QDoubleSpinBox::valueChanged, this, &GpuEstimateDialog::recompute);
  }
  auto* priceNote = new QLabel(QString::fromStdString(GpuEstimator::pricesSource()), this);
  priceNote->setWordWrap(true);

  table_ = new QTableWidget(0, kColumns, this);
  table_->setHorizontalHeaderLabels({tr("GPU"), tr("Precision"), tr("ms / step (est.)"),
                                     tr("Sequences / s (est.)"), tr("vs true fp32 (est.)"),
                                     tr("vs tf32=True (est.)"), tr("Memory GB (est.)"),
                                     tr("Epoch (est.)")});
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);

  summary_ = new QLabel(this);
  summary_->setObjectName(QStringLiteral("gpuEstimateSummary"));
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::PlainText);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  formula_ = new QTextBrowser(this);
  formula_->setPlainText(QString::fromStdString(gpuestimate::explain()));
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
  layout->addWidget(summary_);
  layout->addLayout(priceBox);
  layout->addWidget(priceNote);
  layout->addWidget(how, 0, Qt::AlignLeft);
  layout->addWidget(formula_, 1);
  layout->addWidget(buttons);
  for (QSpinBox* s : {batch_, seqLen_, examples_})
    connect(s, &QSpinBox::valueChanged, this, &GpuEstimateDialog::recompute);
  connect(preset_, &QComboBox::currentIndexChanged, this, &GpuEstimateDialog::recompute);
  resize(1000, 700);
  recompute();
}

QString GpuEstimateDialog::summaryText() const { return summary_->text(); }

QString GpuEstimateDialog::explainText() const { return formula_->toPlainText(); }

void GpuEstimateDialog::setShape(const QString& preset, int batch, int seqLen) {
  preset_->setCurrentText(preset);
  batch_->setValue(batch);
  seqLen_->setValue(seqLen);
  recompute();
}

void GpuEstimateDialog::recompute() {
  const EstimateShape shape = EstimateShape::forPreset(preset_->currentText().toStdString(),
                                                       batch_->value(), seqLen_->value());
  const auto& gpus = GpuEstimator::gpus();
  const EstimatePrecision precisions[] = {EstimatePrecision::Fp32, EstimatePrecision::Tf32,
                                          EstimatePrecision::Fp16Amp, EstimatePrecision::Bf16Amp};
  table_->clearSpans();
  table_->setRowCount(int(gpus.size()) * 4);
  const auto both = [&shape](const GpuSpec& g, EstimatePrecision p) {
    return std::pair{GpuEstimator::estimate(g, shape, p, EstimateCode::Trainer),
                     GpuEstimator::estimate(g, shape, p, EstimateCode::Optimized)};
  };
  const QLocale locale;
  int row = 0;
  for (size_t g = 0; g < gpus.size(); ++g) {
    const GpuSpec& gpu = gpus[g];
    const auto fp32 = both(gpu, EstimatePrecision::Fp32);
    const auto tf32 = both(gpu, EstimatePrecision::Tf32);
    const QString tip =
        tr("Estimated, not measured: Hugging Face Trainer to optimized code. %1 (How is this "
           "computed? below)")
            .arg(QCoreApplication::translate("GpuEstimator", gpu.calibration.c_str()));
    for (EstimatePrecision p : precisions) {
      const auto [t, o] = both(gpu, p);
      QStringList cells = {QString::fromStdString(gpu.name),
                           QString::fromLatin1(GpuEstimator::precisionName(p))};
      if (!t.supported) {
        cells << (p == EstimatePrecision::Tf32 ? tr("not supported: no TF32 units")
                                               : tr("not supported: no bf16 units"));
        table_->setSpan(row, kStep, 1, kColumns - kStep);  // one note across the figures
      } else {
        const int64_t examples = examples_->value();
        const double price = prices_[int(g)]->value();
        cells << range(t.stepMs, o.stepMs, 1)
              << range(t.sequencesPerSecond, o.sequencesPerSecond, 0)
              << range(fp32.first.stepMs / t.stepMs, fp32.second.stepMs / o.stepMs, 2,
                       QStringLiteral("x"))
              << (tf32.first.supported
                      ? range(tf32.first.stepMs / t.stepMs, tf32.second.stepMs / o.stepMs, 2,
                              QStringLiteral("x"))
                      : QStringLiteral("-"))
              << locale.toString(t.memoryGB, 'f', 2) + (t.fits ? QString() : tr(" (does not fit)"))
              << tr("%1 h, $%2")
                     .arg(range(GpuEstimator::epochHours(t, shape, examples),
                                GpuEstimator::epochHours(o, shape, examples), 2),
                          range(GpuEstimator::epochCostUsd(t, shape, examples, price),
                                GpuEstimator::epochCostUsd(o, shape, examples, price), 2));
      }
      for (int c = 0; c < kColumns; ++c) {
        auto* item = new QTableWidgetItem(cells.value(c));
        item->setToolTip(tip);
        table_->setItem(row, c, item);
      }
      ++row;
    }
  }
  QStringList lines;
  for (const SpeedupRange& r : gpuestimate::fp16SpeedupRanges(shape))
    lines << localizedText(gpuestimate::rangeText(r));
  summary_->setText(localizedText(gpuestimate::summaryText(shape)));
  summary_->setToolTip(lines.join(QLatin1Char('\n')));
}

}  // namespace precisionlab
