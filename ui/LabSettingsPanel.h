// The lab's settings: model (the pretrained MiniLM where installed, a random-init preset size or
// a Hugging Face checkpoint directory; how many pretrained layers to keep), dataset file
// (the built-in one by default), batch size, sequence length, learning rate, steps and device.
// They apply to runs started after a change; running runs keep the settings they began with.
#pragma once

#include <QWidget>

#include "core/TrainConfig.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace precisionlab {

class LabSettingsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit LabSettingsPanel(QWidget* parent = nullptr);

  TrainConfig config() const;
  void setConfig(const TrainConfig& config);

 signals:
  void clearRunsRequested();
  void changed();

 public slots:
  void resetToDefaults();

 private:
  void chooseModelDir();
  void chooseDataFile();
  void updateSourceLabels();
  void onPresetChanged();

  TrainConfig base_;  // fields the panel does not show (seed, warmup, scaler...) ride along
  QComboBox* preset_ = nullptr;
  QSpinBox* layers_ = nullptr;  // first N layers of a pretrained model; 0 = all
  QLineEdit* modelDir_ = nullptr;
  QPushButton* modelBrowse_ = nullptr;
  QLineEdit* dataPath_ = nullptr;
  QPushButton* dataBrowse_ = nullptr;
  QSpinBox* batch_ = nullptr;
  QSpinBox* seqLen_ = nullptr;
  QDoubleSpinBox* lr_ = nullptr;
  QSpinBox* steps_ = nullptr;
  QComboBox* device_ = nullptr;
  QSpinBox* threads_ = nullptr;
};

}  // namespace precisionlab
