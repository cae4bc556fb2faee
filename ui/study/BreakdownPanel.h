// What the learner reads after answering: the correct answer with its explanation, the common
// exam trap, and one block per option (why learners pick it, why it is right or wrong here, when
// it would be right). Built from labels in a column so it scrolls with the question and every
// paragraph is selectable text a screen reader can reach.
#pragma once

#include <QStringList>
#include <QWidget>

#include "quiz/Question.h"

class QLabel;
class QVBoxLayout;

namespace precisionlab {

class BreakdownPanel : public QWidget {
  Q_OBJECT

 public:
  explicit BreakdownPanel(QWidget* parent = nullptr);

  // Shows the breakdown of `question` with options in `displayOrder` (ids) lettered A, B, ...
  // `chosen` marks the learner's options (may be empty: presenter reveal, unanswered exam item).
  void showQuestion(const quiz::Question& question, const QStringList& displayOrder,
                    const QStringList& chosen);
  void clear();
  void applyTheme();
  // The options' "Run in the lab" buttons (hidden on the presenter's breakdown slide: the lab
  // slides run the options themselves, and a click there would start runs beside them).
  void setRunButtonsShown(bool on);

 signals:
  void runInLabRequested(const QString& scenarioId);

 private:
  QWidget* section(const QString& title, const QString& body, const QColor& border,
                   const QColor& fill);
  QWidget* optionBlock(const QString& letter, const quiz::Option& option, bool chosen);

  QVBoxLayout* layout_ = nullptr;
  // Kept to rebuild after a theme change.
  quiz::Question question_;
  QStringList order_;
  QStringList chosen_;
  bool shown_ = false;
  bool runButtons_ = true;
};

}  // namespace precisionlab
