// The exam's question navigator: one small button per question showing its state (current,
// answered, flagged ⚑, and after submission ✓/✗). Clicking jumps to that question.
#pragma once

#include <QVector>
#include <QWidget>

class QHBoxLayout;
class QPushButton;

namespace precisionlab {

namespace quiz {
class QuizSession;
}

class ExamNavigator : public QWidget {
  Q_OBJECT

 public:
  explicit ExamNavigator(QWidget* parent = nullptr);

  // Rebuilds the buttons when the count changes, then restyles each from the session.
  void refresh(const quiz::QuizSession& session);

 signals:
  void questionRequested(int index);

 private:
  QHBoxLayout* row_ = nullptr;
  QVector<QPushButton*> buttons_;
};

}  // namespace precisionlab
