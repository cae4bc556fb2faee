// "GPU estimate": the engine's GpuEstimator as a table a learner can read and edit: for each
// GPU Vertex AI offers, estimated step time, throughput, speed against true fp32 and tf32=True,
// memory and the cost of an epoch, for fp32, tf32=True, fp16=True and bf16=True (where the GPU
// has them). Every cell says "estimated" and is a range, Hugging Face Trainer to optimized code;
// the model (BERT presets and bert-large), batch, sequence length, prices and examples per epoch
// are editable; under the table the one-line summary the evidence card shows
// (gpuestimate::summaryText); the formula, the published calibration points and the sources are
// one click away ("How is this computed?").
#pragma once

#include <QDialog>
#include <QList>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;
class QTextBrowser;

namespace precisionlab {

class GpuEstimateDialog : public QDialog {
  Q_OBJECT

 public:
  explicit GpuEstimateDialog(QWidget* parent = nullptr);
  QTableWidget* table() const { return table_; }
  QString summaryText() const;  // the line under the table (the evidence card's)
  QString explainText() const;  // behind "How is this computed?"
  // Shape controls, for tests: preset name ("base", "large"), batch, sequence length.
  void setShape(const QString& preset, int batch, int seqLen);

 private:
  void recompute();

  QComboBox* preset_ = nullptr;
  QSpinBox* batch_ = nullptr;
  QSpinBox* seqLen_ = nullptr;
  QSpinBox* examples_ = nullptr;
  QList<QDoubleSpinBox*> prices_;
  QTableWidget* table_ = nullptr;
  QLabel* summary_ = nullptr;
  QTextBrowser* formula_ = nullptr;
};

}  // namespace precisionlab
