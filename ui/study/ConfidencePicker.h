// "How sure are you?" — three toggle buttons (sure / unsure / guess). The spaced-repetition
// grade uses it: a confident wrong answer is a misconception, a lucky guess barely a pass.
#pragma once

#include <QWidget>

#include "quiz/QuizTypes.h"

class QButtonGroup;
class QLabel;

namespace precisionlab {

class ConfidencePicker : public QWidget {
  Q_OBJECT

 public:
  explicit ConfidencePicker(QWidget* parent = nullptr);

  quiz::Confidence confidence() const;
  void setConfidence(quiz::Confidence confidence);  // Unknown clears the choice
  void applyTheme();

 signals:
  void confidenceChanged(quiz::Confidence confidence);

 private:
  QButtonGroup* group_ = nullptr;
  QLabel* label_ = nullptr;
};

}  // namespace precisionlab
