// The lab's settings folded into one summary line ("Settings: model · data · batch …"), so the
// runs and the charts get the screen; one click opens them: what the runs train and where they
// depart from Hugging Face's defaults, then the LabSettingsPanel itself.
#pragma once

#include <QWidget>

class QGroupBox;
class QLabel;
class QToolButton;

namespace precisionlab {

class LabSettingsPanel;

class LabSettingsStrip : public QWidget {
  Q_OBJECT

 public:
  explicit LabSettingsStrip(QWidget* parent = nullptr);

  LabSettingsPanel* panel() const { return panel_; }
  // Opens or folds the settings (the summary line stays).
  void setOpen(bool open);

 signals:
  // The settings were opened or folded: the strip's height changed.
  void openChanged(bool open);

 private:
  void summarize();  // the summary line and the description, from the panel's settings

  QToolButton* toggle_ = nullptr;
  QGroupBox* box_ = nullptr;
  QLabel* deviations_ = nullptr;  // where the runs depart from HF defaults, and why
  LabSettingsPanel* panel_ = nullptr;
};

}  // namespace precisionlab
