// Study > Go to question: the bank's questions in a list a teacher or learner can filter by
// words of the stem, the topic or the number, each with the lab runs its options link ("runs in
// the lab: A worker dies, the job restarts"), so a class can be shown one question (and its runs
// in presenter mode) without answering the ones before it.
#pragma once

#include <QDialog>
#include <QString>

class QLineEdit;
class QListWidget;
class QLabel;

namespace precisionlab {
namespace quiz {
struct QuestionBank;
}

class QuestionPicker : public QDialog {
  Q_OBJECT

 public:
  QuestionPicker(const quiz::QuestionBank& bank, QWidget* parent = nullptr);

  // The chosen question's id once accepted; empty otherwise.
  QString chosenId() const;
  // Shows only the questions whose number, topic, stem or linked runs contain every word.
  void setFilter(const QString& text);
  int shownCount() const;

 private:
  void applyFilter();

  QLineEdit* filter_ = nullptr;
  QListWidget* list_ = nullptr;
  QLabel* count_ = nullptr;
};

}  // namespace precisionlab
