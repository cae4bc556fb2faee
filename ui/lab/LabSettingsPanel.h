// The lab's settings: model (the pretrained MiniLM where installed, a random-init preset size or
// a Hugging Face checkpoint directory; how many pretrained layers to keep), dataset file
// (the built-in one by default), batch size, sequence length, learning rate, steps and device.
// They apply to runs started after a change; running runs keep the settings they began with.
#pragma once

#include <QMap>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/ConfigValidator.h"
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

  // The config validator's issues (core/ConfigValidator.h) in the panel's words: the widget of
  // each field is marked (a red frame, the message in its tooltip and accessible description)
  // and one line per issue comes back, named after the widget's label ("Sequence: sequence
  // length must be ..."). Fields without a widget keep the setting's words. The marks go at the
  // next change or with an empty list.
  QStringList showIssues(const std::vector<ConfigIssue>& issues);
  // "must be between 2 and 512" in the user's language and number format.
  static QString rangeText(const ConfigRange& range);
  // The widget that edits `field`, or nullptr when the panel has none.
  QWidget* widgetFor(ConfigField field) const;
  // The label of that widget without its mnemonic ("Sequence"); empty when there is none.
  QString labelFor(ConfigField field) const;

 signals:
  void clearRunsRequested();
  void changed();

 public slots:
  void resetToDefaults();

 private:
  void buildModelFields();
  void buildRunFields();
  void layOut();
  void connectFields();
  void chooseModelDir();
  void chooseDataFile();
  void updateSourceLabels();
  void onPresetChanged();
  void clearIssues();

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
  QMap<ConfigField, QLabel*> labels_;  // the label in front of each field's widget
  QList<QWidget*> marked_;             // widgets showing an issue
};

}  // namespace precisionlab
