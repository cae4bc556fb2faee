// The study tab: one question at a time as large option cards, practice feedback with the full
// breakdown, or a timed exam with a navigator and a review at the end. Keyboard first: 1-6 or
// A-F choose, Enter submits, N goes to the next question, F flags (exam). Session logic and
// saving live in StudyController; this widget only shows its state and forwards input.
#pragma once

#include <QHash>
#include <QLocale>
#include <QPointer>
#include <QVector>
#include <QWidget>
#include <utility>

#include "quiz/ProgressStore.h"
#include "quiz/QuestionBank.h"
#include "quiz/QuizTypes.h"

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QTimer;
class QVBoxLayout;

namespace precisionlab {

class BreakdownPanel;
class ConfidencePicker;
class ExamNavigator;
class OptionCard;
class StudyController;

class StudyView : public QWidget {
  Q_OBJECT

 public:
  StudyView(const quiz::QuestionBank& bank, quiz::ProgressStore* store, QWidget* parent = nullptr);
  ~StudyView() override;

  StudyController* controller() const { return controller_; }
  quiz::QuizMode mode() const { return mode_; }
  const QVector<OptionCard*>& optionCards() const { return cards_; }
  BreakdownPanel* breakdown() const { return breakdown_; }
  QLabel* examScoreLabel() const { return examScore_; }
  QComboBox* examLengthBox() const { return examLengthBox_; }
  QLabel* resultBanner() const { return banner_; }
  ExamNavigator* navigator() const { return navigator_; }
  // The question on screen (nullptr before the first session starts).
  const quiz::Question* currentQuestion() const;
  QStringList currentDisplayOrder() const;
  // The lab scenarios of the current question's options in the order shown, and the letter
  // each was shown with (scenario id -> "A".."F"): the lab and presenter use these letters.
  // The lab's options in the order, and with the letters, the learner sees them: the question on
  // screen when its options link runs, else the seed question as this session shows it (or as
  // the bank lists it when the session does not ask it).
  QStringList scenarioOrder() const;
  QHash<QString, QString> scenarioLetters() const;
  // Whether the current question shows its grading (right/wrong cards and the breakdown).
  bool isGraded() const;
  // "question and breakdown in English" when the bank's language (bank.language) is not the
  // app's (`ui`), shown after the exam's name above each question; "" when they agree.
  static QString bankLanguageNote(const QString& bankLanguage, const QLocale& ui);
  // An exam is under way with at least one answer and has not been submitted.
  bool examUnsubmitted() const;

  // Presenter mode begins: the session on screen stays (a due list the store sends late, or a
  // profile that arrives late, no longer replaces it under the class).
  void presenterBegin();
  // Presenter walkthrough steps: the question open, the answer revealed, the breakdown shown.
  // None of them records an attempt (the teacher is demonstrating, not answering).
  void presenterShowQuestion();
  void presenterReveal();
  // `atEnd`: coming back from a later step, the breakdown is shown where the class left it (its
  // end), so Page Up scrolls it back up; else its top goes under the screen's top edge.
  void presenterShowBreakdown(bool atEnd = false);
  void presenterEnd();  // back to normal studying, the session untouched
  // The breakdown step is taller than a projector's screen: scrolls it a page down (+1) or up
  // (-1, never above the breakdown's top) and returns true, or false when it is already at that
  // end (the presenter then moves to the next or previous step).
  bool presenterScroll(int direction);
  // The scroll position of the breakdown's top (where Page Up stops), for the presenter's tests.
  int presenterBreakdownTop() const;

 public slots:
  void setProfile(qint64 profileId);
  void setMode(quiz::QuizMode mode);  // starts a new session in that mode
  void startSession();
  // The "New session" button: asks first when the current session holds answers that a new
  // one would abandon (an unsubmitted exam, a practice round under way).
  void confirmNewSession();
  // A practice session that starts at `questionId` (Study > Go to question), the rest of the
  // bank after it as practice orders it. An unsubmitted exam is discarded only when the learner
  // says so. Nothing happens for an id the bank does not have, or while presenting.
  void goToQuestion(const QString& questionId);
  void choose(int displayIndex);
  void submit();        // practice: grade now; exam: save and move on
  void nextQuestion();  // practice: after grading; exam: any time
  void previousQuestion();
  void toggleFlag();  // exam only
  void submitExam();  // asks first when questions are unanswered
  void applyTheme();

 signals:
  void runInLabRequested(const QString& scenarioId);
  void statusMessage(const QString& text);
  void modeChanged(quiz::QuizMode mode);
  void attemptRecorded();

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  // A question's time counts only while this view is shown (QuizSession::setInView).
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  std::pair<const quiz::Question*, QStringList> labQuestion() const;
  void buildUi();
  void render();
  void rebuildCards();
  void updateCardStates();
  void updateBanner();
  void updateTimer();
  void showWriteError(const QString& message);
  bool sessionHasWork() const;
  void applyBreakdownAnchor();
  bool eventFilter(QObject* watched, QEvent* event) override;

  StudyController* controller_ = nullptr;
  quiz::QuizMode mode_ = quiz::QuizMode::Practice;
  enum class PresenterStep { Off, Question, Reveal, Breakdown };
  PresenterStep presenter_ = PresenterStep::Off;
  // Where the breakdown step sits: its top (plus how far the teacher paged into it) or its end.
  // Re-applied while the layout settles and whenever the text above it changes height (the
  // scroll range changes after the study tab comes back; live runs and recordings fill the
  // cards above while the class reads), so the slide never jumps under the class's eyes and the
  // next Page Up or Down never starts from a stale position.
  enum class BreakdownAnchor { None, Top, End };
  BreakdownAnchor breakdownAnchor_ = BreakdownAnchor::None;
  int breakdownOffset_ = 0;  // with Top: pixels below the breakdown's top, paged by the teacher
  bool roundFinished_ = false;
  QString cardsFor_;  // "<session>/<question id>" the cards were built for

  QWidget* column_ = nullptr;  // the question column (as wide as the screen when presenting)
  QComboBox* modeBox_ = nullptr;
  bool hiddenByUser_ = false;           // hidden after being shown (another tab, minimised)
  QComboBox* examLengthBox_ = nullptr;  // exam mode: 10, 20, 50 or all questions
  QLabel* progressLabel_ = nullptr;
  QLabel* timerLabel_ = nullptr;
  QPushButton* restartButton_ = nullptr;
  ExamNavigator* navigator_ = nullptr;
  QLabel* writeError_ = nullptr;
  QScrollArea* scroll_ = nullptr;
  QLabel* metaLabel_ = nullptr;
  QLabel* stemLabel_ = nullptr;
  QVBoxLayout* cardsLayout_ = nullptr;
  QVector<OptionCard*> cards_;
  ConfidencePicker* confidence_ = nullptr;
  QPushButton* submitButton_ = nullptr;
  QPushButton* flagButton_ = nullptr;
  QPushButton* prevButton_ = nullptr;
  QPushButton* nextButton_ = nullptr;
  QPushButton* submitExamButton_ = nullptr;
  QLabel* keysHint_ = nullptr;
  QLabel* banner_ = nullptr;
  QLabel* examScore_ = nullptr;  // the exam's score while reviewing, above the question
  BreakdownPanel* breakdown_ = nullptr;
  QTimer* examTimer_ = nullptr;
};

}  // namespace precisionlab
