// One answer option as a large clickable card: letter badge, text, a ✓/✗ verdict line once
// graded (never colour alone), and "Run this option in the lab" when the option names a lab
// scenario. The card paints its own background so right/wrong colours follow the theme.
#pragma once

#include <QFrame>
#include <QString>

#include "quiz/Question.h"

class QLabel;
class QPushButton;

namespace precisionlab {

class OptionCard : public QFrame {
  Q_OBJECT

 public:
  enum class State {
    Idle,           // not chosen, not graded
    Selected,       // chosen, not graded yet
    ChosenCorrect,  // graded: the learner chose it and it is right
    ChosenWrong,    // graded: the learner chose it and it is wrong
    MissedCorrect,  // graded: right answer the learner did not choose
    OtherWrong      // graded: wrong and not chosen (dimmed)
  };

  OptionCard(const QString& letter, const quiz::Option& option, QWidget* parent = nullptr);

  QString optionId() const { return optionId_; }
  QString letter() const { return letter_; }
  QString scenarioId() const { return scenarioId_; }
  State state() const { return state_; }
  void setState(State state);
  // A graded "choose N" question answered with fewer than N picks: a chosen option says it was
  // one pick of an incomplete answer (never "Your answer — correct" above "not answered").
  void setIncomplete(bool incomplete, int needed = 0);
  QString verdictLine() const;
  // Whether the "Run this option in the lab" button shows (hidden during a running exam).
  void setLabButtonVisible(bool visible);
  // Clicks only select while the question is open.
  void setInteractive(bool interactive);
  // Re-applies fonts after a theme or presenter-scale change.
  void applyTheme();

 signals:
  void clicked(const QString& optionId);
  void runInLabRequested(const QString& scenarioId);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void enterEvent(QEnterEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  void updateVerdictLine();

  QString optionId_;
  QString letter_;
  QString scenarioId_;
  State state_ = State::Idle;
  bool incomplete_ = false;
  int needed_ = 0;
  bool interactive_ = true;
  bool hovered_ = false;
  QLabel* badge_ = nullptr;
  QLabel* text_ = nullptr;
  QLabel* verdict_ = nullptr;
  QPushButton* labButton_ = nullptr;
};

}  // namespace precisionlab
