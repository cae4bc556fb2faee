// The exam's question navigator: one small button per question showing its state (current,
// answered, flagged ⚑, and after submission ✓/✗). Clicking jumps to that question.
#pragma once

#include <QVector>
#include <QWidget>

class QGridLayout;
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
  const QVector<QPushButton*>& buttons() const { return buttons_; }
  // Buttons per row at the current width (they wrap into rows of equal cells).
  int columns() const { return columns_; }
  // As narrow as one cell: the buttons wrap to the width the window gives (a grid's own minimum
  // was its current row, so the window could never shrink back).
  QSize minimumSizeHint() const override;

 signals:
  void questionRequested(int index);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  // One cell fits the widest label ("30 ✓ ⚑"), so a mark never runs into the next button.
  int cellWidth() const;
  void relayout();

  QGridLayout* grid_ = nullptr;
  QVector<QPushButton*> buttons_;
  int columns_ = 0;
  int cell_ = 0;
};

}  // namespace precisionlab
