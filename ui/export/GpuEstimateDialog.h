// "GPU estimate": the engine's GpuEstimator as a table a learner can read and edit: for each
// GPU Vertex AI offers, estimated step time, speed and memory against fp32, and the cost of an
// epoch, for fp32, fp16=True and (where the GPU has it) bf16=True. Every cell says "estimated";
// prices, examples per epoch and the model size are editable; the formula and the datasheet and
// price sources are one click away ("How is this computed?").
#pragma once

#include <QDialog>
#include <QList>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QTableWidget;
class QTextBrowser;

namespace precisionlab {

class GpuEstimateDialog : public QDialog {
  Q_OBJECT

 public:
  explicit GpuEstimateDialog(QWidget* parent = nullptr);
  QTableWidget* table() const { return table_; }
  // Sets the price of GPU `row` (tests and the CLI's numbers use the defaults).
  void setPrice(int row, double usdPerHour);

 private:
  void recompute();

  QComboBox* preset_ = nullptr;
  QSpinBox* batch_ = nullptr;
  QSpinBox* seqLen_ = nullptr;
  QSpinBox* examples_ = nullptr;
  QList<QDoubleSpinBox*> prices_;
  QTableWidget* table_ = nullptr;
  QTextBrowser* formula_ = nullptr;
};

}  // namespace precisionlab
