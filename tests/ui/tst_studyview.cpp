// The study view driven like a learner would: keys choose and submit, every answer lands in the
// progress store (a fresh database per test), and a write that cannot happen is reported.
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "quiz/BankLoader.h"
#include "quiz/ProgressStore.h"
#include "quiz/QuizSession.h"
#include "ui/app/AppLanguage.h"
#include "ui/app/QuestionPicker.h"
#include "ui/study/BreakdownPanel.h"
#include "ui/study/ExamNavigator.h"
#include "ui/study/ExamPassMark.h"
#include "ui/study/OptionCard.h"
#include "ui/study/StudyController.h"
#include "ui/study/StudyView.h"

using namespace precisionlab;

class TestStudyView : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void builtinBankIsCompiledIn();
  void keysChooseAnOption_data();
  void keysChooseAnOption();
  void answeringRecordsAnAttempt();
  void wrongAnswerIsRecordedAsWrong();
  void nextNeedsAnAnswerInPractice();
  void examFlagsAndRecordsOnSubmit();
  void examReviewMovesBetweenQuestions();
  void examReviewShowsScoreFirstAndHonestStates();
  void multipleAnswerNeedsItsCount();
  void examLengthChoiceAndPassMark();
  void bankLanguageIsSaid();
  void failedWriteIsReported();
  void answersBeforeProfileAreKept();
  void labLettersBeforeTheSeedIsShown();
  void goToQuestionStartsPracticeThere();

 private:
  std::unique_ptr<StudyView> makeView();
  int correctIndex(const StudyView& view) const;

  quiz::QuestionBank bank_;
  std::unique_ptr<QTemporaryDir> dir_;
  std::unique_ptr<quiz::ProgressStore> store_;
  qint64 profile_ = 0;
};

void TestStudyView::initTestCase() {
  const auto loaded = quiz::BankLoader::loadFile(
      QStringLiteral(PRECISIONLAB_SOURCE_DIR "/resources/banks/pmle-scaling.json"));
  QVERIFY2(loaded.ok(), qPrintable(loaded.problems.value(0).toString()));
  bank_ = *loaded.bank;
}

void TestStudyView::init() {
  dir_ = std::make_unique<QTemporaryDir>();
  QVERIFY(dir_->isValid());
  store_ = std::make_unique<quiz::ProgressStore>();
  const auto report = store_->open(dir_->filePath(QStringLiteral("progress.sqlite3"))).result();
  QVERIFY2(report.ok(), qPrintable(report.message));
  const auto profile = store_->addProfile(QStringLiteral("Tester")).result();
  QVERIFY2(profile.ok, qPrintable(profile.error));
  profile_ = profile.profile.id;
}

void TestStudyView::cleanup() {
  store_.reset();
  dir_.reset();
}

std::unique_ptr<StudyView> TestStudyView::makeView() {
  auto view = std::make_unique<StudyView>(bank_, store_.get());
  view->resize(1100, 800);
  view->setProfile(profile_);
  // The due queue comes back from the store's thread.
  (void)QTest::qWaitFor([&] { return view->currentQuestion() != nullptr; }, 5000);
  return view;
}

int TestStudyView::correctIndex(const StudyView& view) const {
  const QStringList order = view.currentDisplayOrder();
  for (int i = 0; i < order.size(); ++i)
    if (view.currentQuestion()->option(order[i])->correct) return i;
  return -1;
}

void TestStudyView::builtinBankIsCompiledIn() {
  const auto loaded = quiz::BankLoader::loadFile(QStringLiteral(":/banks/pmle-scaling.json"));
  QVERIFY(loaded.ok());
  QCOMPARE(loaded.bank->questions.first().id, bank_.questions.first().id);
}

void TestStudyView::keysChooseAnOption_data() {
  QTest::addColumn<int>("key");
  QTest::addColumn<int>("index");
  QTest::newRow("1") << int(Qt::Key_1) << 0;
  QTest::newRow("2") << int(Qt::Key_2) << 1;
  QTest::newRow("4") << int(Qt::Key_4) << 3;
  QTest::newRow("A") << int(Qt::Key_A) << 0;
  QTest::newRow("C") << int(Qt::Key_C) << 2;
  QTest::newRow("D") << int(Qt::Key_D) << 3;
}

void TestStudyView::keysChooseAnOption() {
  QFETCH(int, key);
  QFETCH(int, index);
  auto view = makeView();
  QVERIFY(view->currentQuestion());
  QTest::keyClick(view.get(), Qt::Key(key));
  const auto& state = view->controller()->session()->currentState();
  QCOMPARE(state.chosen, QStringList{state.displayOrder.at(index)});
  QCOMPARE(view->optionCards().at(index)->state(), OptionCard::State::Selected);
  // A second key replaces the choice (single-answer question).
  QTest::keyClick(view.get(), Qt::Key(index == 0 ? Qt::Key_2 : Qt::Key_1));
  QCOMPARE(view->controller()->session()->currentState().chosen.size(), 1);
  QCOMPARE(view->optionCards().at(index)->state(), OptionCard::State::Idle);
}

void TestStudyView::answeringRecordsAnAttempt() {
  auto view = makeView();
  QVERIFY(view->currentQuestion());
  const QString questionId = view->currentQuestion()->id;
  const int right = correctIndex(*view);
  QVERIFY(right >= 0);
  QSignalSpy recorded(view.get(), &StudyView::attemptRecorded);
  QTest::keyClick(view.get(), Qt::Key(Qt::Key_1 + right));
  QTest::keyClick(view.get(), Qt::Key_Return);
  QVERIFY(view->isGraded());
  QCOMPARE(view->optionCards().at(right)->state(), OptionCard::State::ChosenCorrect);
  QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 1, 5000);

  const auto attempts = store_->attempts(profile_).result();
  QCOMPARE(attempts.size(), 1);
  QCOMPARE(attempts[0].questionId, questionId);
  QVERIFY(attempts[0].correct);
  QCOMPARE(attempts[0].chosenOptionIds, QStringList{view->currentDisplayOrder().at(right)});
  QVERIFY(attempts[0].mode == quiz::QuizMode::Practice);
  QCOMPARE(attempts[0].bankId, bank_.id);
}

void TestStudyView::wrongAnswerIsRecordedAsWrong() {
  auto view = makeView();
  QVERIFY(view->currentQuestion());
  const int wrong = correctIndex(*view) == 0 ? 1 : 0;
  QTest::keyClick(view.get(), Qt::Key(Qt::Key_A + wrong));
  // Confidence is part of the attempt (it drives the review schedule).
  view->controller()->session()->setConfidence(quiz::Confidence::Sure);
  QTest::keyClick(view.get(), Qt::Key_Enter);
  QCOMPARE(view->optionCards().at(wrong)->state(), OptionCard::State::ChosenWrong);
  QCOMPARE(view->optionCards().at(correctIndex(*view))->state(), OptionCard::State::MissedCorrect);
  QVERIFY(view->breakdown()->isVisibleTo(view.get()));
  QTRY_COMPARE_WITH_TIMEOUT(view->controller()->recordedCount(), 1, 5000);
  const auto attempts = store_->attempts(profile_).result();
  QCOMPARE(attempts.size(), 1);
  QVERIFY(!attempts[0].correct);
  QVERIFY(attempts[0].confidence == quiz::Confidence::Sure);
}

void TestStudyView::nextNeedsAnAnswerInPractice() {
  auto view = makeView();
  QVERIFY(view->currentQuestion());
  auto* session = view->controller()->session();
  QTest::keyClick(view.get(), Qt::Key_N);
  QCOMPARE(session->currentIndex(), 0);         // not answered yet: N does nothing
  QTest::keyClick(view.get(), Qt::Key_Return);  // nothing chosen: Enter does not grade
  QVERIFY(!view->isGraded());
  QTest::keyClick(view.get(), Qt::Key_1);
  QTest::keyClick(view.get(), Qt::Key_Return);
  QVERIFY(view->isGraded());
  QTest::keyClick(view.get(), Qt::Key_N);
  QCOMPARE(session->currentIndex(), 1);
  QVERIFY(!view->isGraded());
  QTRY_COMPARE_WITH_TIMEOUT(view->controller()->recordedCount(), 1, 5000);
}

void TestStudyView::examFlagsAndRecordsOnSubmit() {
  auto view = makeView();
  QVERIFY(view->currentQuestion());
  view->setMode(quiz::QuizMode::Exam);
  auto* session = view->controller()->session();
  QVERIFY(session->mode() == quiz::QuizMode::Exam);
  // The exam shuffles its questions, so a "choose two" question can come first: pick as many
  // options as each question asks for (keys 2, 3, ... for the first, 1, 2, ... after).
  const auto pickAll = [&](int firstKey) {
    for (int k = 0; k < session->choicesNeeded(session->currentIndex()); ++k)
      QTest::keyClick(view.get(), Qt::Key(firstKey + k));
  };
  pickAll(Qt::Key_2);
  QTest::keyClick(view.get(), Qt::Key_F);
  QVERIFY(session->state(0).flagged);
  QVERIFY(!view->isGraded());                   // no feedback during an exam
  QTest::keyClick(view.get(), Qt::Key_Return);  // keeps the answer, moves on
  QCOMPARE(session->currentIndex(), 1);
  for (int k = 0; k < session->choicesNeeded(1); ++k)
    QTest::keyClick(view.get(), Qt::Key(Qt::Key_B + k));  // letters pick options too
  QTest::keyClick(view.get(), Qt::Key_N);
  QCOMPARE(session->currentIndex(), 2);
  // Answers can change until submission.
  session->goTo(0);
  QVERIFY(!session->state(0).chosen.contains(session->state(0).displayOrder.at(0)));
  QTest::keyClick(view.get(), Qt::Key_1);
  if (session->choicesNeeded(0) == 1)  // a single answer is replaced; a full multiple one kept
    QVERIFY(session->state(0).chosen.contains(session->state(0).displayOrder.at(0)));
  QCOMPARE(store_->attempts(profile_).result().size(), 0);  // nothing stored before submit

  QSignalSpy failed(view->controller(), &StudyController::recordFailed);
  view->controller()->submitExam();  // the button asks first; the controller does not
  QVERIFY(session->isFinished());
  // Each attempt is a committed, fsynced SQLite transaction on the store's thread: seconds apiece
  // when CI's disk is busy, so the wait is generous (QTRY returns as soon as both are in).
  QTRY_COMPARE_WITH_TIMEOUT(view->controller()->recordedCount() + failed.count(), 2, 60000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
  const auto attempts = store_->attempts(profile_).result();
  QCOMPARE(attempts.size(), 2);  // the unanswered questions are not attempts
  for (const auto& a : attempts) QVERIFY(a.mode == quiz::QuizMode::Exam);
  // ... but the sitting is stored as the exam scored it, unanswered questions counted wrong
  // (issue 45: Progress said "2 of 6" where the exam said "2 of 10").
  const auto result = session->result();
  QTRY_VERIFY_WITH_TIMEOUT(store_->lastExamSitting(profile_, bank_.id).result().id > 0, 60000);
  const quiz::ExamSitting sitting = store_->lastExamSitting(profile_, bank_.id).result();
  QCOMPARE(sitting.questions, result.total);
  QCOMPARE(sitting.answered, 2);
  QCOMPARE(sitting.correct, result.correct);
  QVERIFY(sitting.questions > sitting.answered);
}

// Issue 45: the lab's cards had no option letters until the seed question had been shown. The
// letters come from the seed question as this session will show it, whatever is on screen.
void TestStudyView::labLettersBeforeTheSeedIsShown() {
  auto view = makeView();
  auto* session = view->controller()->session();
  QVERIFY(session && session->count() > 1);
  int seed = -1, plain = -1;
  for (int i = 0; i < session->count(); ++i) {
    bool links = false;
    for (const quiz::Option& o : session->question(i).options)
      links = links || !o.scenario.isEmpty();
    if (session->question(i).id == bank_.questions.first().id)
      seed = i;
    else if (!links && plain < 0)
      plain = i;
  }
  QVERIFY(seed >= 0 && plain >= 0);
  QVERIFY(session->goTo(plain));
  const QStringList order = session->state(seed).displayOrder;
  const QHash<QString, QString> letters = view->scenarioLetters();
  QCOMPARE(letters.size(), 4);
  for (int i = 0; i < order.size(); ++i)
    QCOMPARE(letters.value(session->question(seed).option(order[i])->scenario),
             QString(QChar(u'A' + i)));
  QCOMPARE(view->scenarioOrder().size(), 4);
  // Time counts only while the view is shown (QuizSession::setInView).
  view->show();
  QVERIFY(QTest::qWaitForWindowExposed(view.get()));
  QVERIFY(session->inView());
  // Issue 45: minimising the window pauses it too (Qt sends the view a spontaneous hide), and
  // restoring resumes it.
  view->setWindowState(Qt::WindowMinimized);
  QTRY_VERIFY(!session->inView());
  view->setWindowState(Qt::WindowNoState);
  QTRY_VERIFY(session->inView());
  view->hide();
  QVERIFY(!session->inView());
}

namespace {

QPushButton* buttonNamed(QWidget* root, const QString& prefix) {
  for (auto* b : root->findChildren<QPushButton*>())
    if (b->isVisible() && (b->text().startsWith(prefix) || b->accessibleName().startsWith(prefix)))
      return b;
  return nullptr;
}

// Clicks Yes on the next modal question box (StudyView asks before submitting an incomplete exam).
void acceptNextQuestionBox() {
  QTimer::singleShot(0, [] {
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), 5000);
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    box->button(QMessageBox::Yes)->click();
  });
}

}  // namespace

void TestStudyView::examReviewShowsScoreFirstAndHonestStates() {
  auto view = makeView();
  view->show();
  QVERIFY(QTest::qWaitForWindowExposed(view.get()));
  view->setMode(quiz::QuizMode::Exam);
  auto* session = view->controller()->session();
  // A "choose 2" question answered with one correct pick only.
  int multi = -1;
  for (int i = 0; i < session->count() && multi < 0; ++i)
    if (session->choicesNeeded(i) == 2) multi = i;
  QVERIFY2(multi >= 0, "the bank has a choose-2 question");
  session->goTo(multi);
  view->previousQuestion();  // re-render on the question before it, then come back with N
  if (session->currentIndex() != multi) QTest::keyClick(view.get(), Qt::Key_N);
  QCOMPARE(session->currentIndex(), multi);
  const int right = correctIndex(*view);
  QVERIFY(right >= 0);
  QTest::keyClick(view.get(), Qt::Key(Qt::Key_1 + right));
  QCOMPARE(session->currentState().chosen.size(), 1);
  QVERIFY(!session->currentState().answered);

  view->controller()->submitExam();
  QVERIFY(session->isFinished());
  // The review re-renders as it moves: away and back.
  QTest::keyClick(view.get(), multi > 0 ? Qt::Key_P : Qt::Key_N);
  QTest::keyClick(view.get(), multi > 0 ? Qt::Key_N : Qt::Key_P);
  QCOMPARE(session->currentIndex(), multi);

  // The score stands above the question, not under the fold of question 1.
  QLabel* score = view->examScoreLabel();
  QVERIFY(score->isVisibleTo(view.get()));
  QVERIFY2(score->text().contains(QStringLiteral("correct")), qPrintable(score->text()));
  QVERIFY(score->mapTo(view.get(), QPoint(0, 0)).y() <
          view->navigator()->mapTo(view.get(), QPoint(0, 0)).y() + 1);
  // This question's own state: incomplete, and the chosen card does not claim "Your answer —
  // correct" above it.
  const QString banner = view->resultBanner()->text();
  QVERIFY2(banner.contains(QStringLiteral("incomplete")), qPrintable(banner));
  QVERIFY2(!banner.contains(QStringLiteral("Exam finished")), qPrintable(banner));
  const OptionCard* chosen = view->optionCards().at(right);
  QVERIFY2(chosen->verdictLine().contains(QStringLiteral("Your pick")),
           qPrintable(chosen->verdictLine()));
  QVERIFY(!chosen->verdictLine().contains(QStringLiteral("Your answer")));
}

void TestStudyView::examReviewMovesBetweenQuestions() {
  auto view = makeView();
  view->show();
  QVERIFY(QTest::qWaitForWindowExposed(view.get()));
  view->setMode(quiz::QuizMode::Exam);
  auto* session = view->controller()->session();
  QVERIFY(session->count() >= 3);
  QTest::keyClick(view.get(), Qt::Key_1);  // answer some (single-answer pick or a first pick)
  QTest::keyClick(view.get(), Qt::Key_N);
  QCOMPARE(session->currentIndex(), 1);

  // The real button, with its "unanswered questions" confirmation accepted.
  acceptNextQuestionBox();
  QPushButton* submitExam = buttonNamed(view.get(), QStringLiteral("Submit exam"));
  QVERIFY(submitExam);
  QTest::mouseClick(submitExam, Qt::LeftButton);
  QVERIFY(session->isFinished());
  QCOMPARE(session->currentIndex(), 0);
  QVERIFY(view->isGraded());  // the review shows right and wrong on every question
  QVERIFY(view->breakdown()->isVisible());

  // Numbered navigator buttons, Next, Previous and the N and P keys all move the review.
  QPushButton* third = buttonNamed(view.get(), QStringLiteral("Question 3"));
  QVERIFY(third);
  QTest::mouseClick(third, Qt::LeftButton);
  QCOMPARE(session->currentIndex(), 2);
  QVERIFY(view->isGraded());  // unanswered: still graded, the answer shown
  QPushButton* previous = buttonNamed(view.get(), QStringLiteral("← Previous"));
  QVERIFY(previous);
  QTest::mouseClick(previous, Qt::LeftButton);
  QCOMPARE(session->currentIndex(), 1);
  QPushButton* next = buttonNamed(view.get(), QStringLiteral("Next question"));
  QVERIFY(next);
  QTest::mouseClick(next, Qt::LeftButton);
  QCOMPARE(session->currentIndex(), 2);
  QTest::keyClick(view.get(), Qt::Key_N);
  QCOMPARE(session->currentIndex(), 3 < session->count() ? 3 : 2);
  QTest::keyClick(view.get(), Qt::Key_P);
  QTest::keyClick(view.get(), Qt::Key_P);
  QCOMPARE(session->currentIndex(), 3 < session->count() ? 1 : 0);
  // Reviewing changes nothing: choices are locked.
  const QStringList before = session->currentState().chosen;
  QTest::keyClick(view.get(), Qt::Key_2);
  QCOMPARE(session->currentState().chosen, before);
}

void TestStudyView::multipleAnswerNeedsItsCount() {
  int index = -1;
  for (int i = 0; i < bank_.questions.size() && index < 0; ++i)
    if (bank_.questions[i].answer == quiz::AnswerKind::Multiple) index = i;
  // The shipped bank has "choose 2" questions; if they went, this test must say so, not skip.
  QVERIFY2(index >= 0, "the shipped bank has no multiple-answer question");
  auto view = makeView();
  auto* session = view->controller()->session();
  while (session->currentQuestion().answer != quiz::AnswerKind::Multiple) {
    QTest::keyClick(view.get(), Qt::Key_1);
    QTest::keyClick(view.get(), Qt::Key_Return);
    QTest::keyClick(view.get(), Qt::Key_N);
  }
  const int needed = session->choicesNeeded(session->currentIndex());
  QVERIFY(needed >= 2);
  QTest::keyClick(view.get(), Qt::Key_1);
  QTest::keyClick(view.get(), Qt::Key_Return);  // one pick of `needed`: not submitted
  QVERIFY(!view->isGraded());
  for (int k = 1; k < needed; ++k) QTest::keyClick(view.get(), Qt::Key(Qt::Key_1 + k));
  QTest::keyClick(view.get(), Qt::Key_Return);
  QVERIFY(view->isGraded());
}

void TestStudyView::failedWriteIsReported() {
  auto view = makeView();
  QVERIFY(view->currentQuestion());
  view->controller()->setStoreUnavailable(QStringLiteral("the disk is full"));
  QSignalSpy failed(view->controller(), &StudyController::recordFailed);
  QTest::keyClick(view.get(), Qt::Key_1);
  QTest::keyClick(view.get(), Qt::Key_Return);
  QCOMPARE(failed.count(), 1);
  QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("the disk is full")));
  QCOMPARE(store_->attempts(profile_).result().size(), 0);
}

void TestStudyView::answersBeforeProfileAreKept() {
  // The window shows the first question before the store has opened: an answer given then
  // waits for the profile instead of being dropped.
  StudyView view(bank_, store_.get());
  view.startSession();
  QTRY_VERIFY_WITH_TIMEOUT(view.currentQuestion() != nullptr, 5000);
  QTest::keyClick(&view, Qt::Key_1);
  QTest::keyClick(&view, Qt::Key_Return);
  QCOMPARE(store_->attempts(profile_).result().size(), 0);
  view.setProfile(profile_);
  QTRY_COMPARE_WITH_TIMEOUT(view.controller()->recordedCount(), 1, 5000);
  QCOMPARE(store_->attempts(profile_).result().size(), 1);
  // The learner had started: the session was not restarted under them.
  QVERIFY(view.isGraded());
}

void TestStudyView::examLengthChoiceAndPassMark() {
  auto view = makeView();
  view->show();
  QVERIFY(QTest::qWaitForWindowExposed(view.get()));
  QComboBox* length = view->examLengthBox();
  QVERIFY(!length->isVisible());  // practice has no length
  view->setMode(quiz::QuizMode::Exam);
  QVERIFY(length->isVisible());
  const int bankSize = int(view->controller()->bank().questions.size());
  QCOMPARE(view->controller()->session()->count(), bankSize);  // "all" until another is chosen
  QCOMPARE(length->currentText(), QStringLiteral("All %1 question(s)").arg(bankSize));
  for (const int n : {10, 20, 50}) {
    const int index = length->findData(n);
    QVERIFY2(index >= 0, qPrintable(QString::number(n)));
    length->setCurrentIndex(index);
    emit length->activated(index);  // as a click on the item does
    auto* session = view->controller()->session();
    QCOMPARE(session->count(), n);
    // Timed for its own length, drawn from the bank without repeats.
    QVERIFY(session->remainingMs() <= qint64(n) * StudyController::kExamSecondsPerQuestion * 1000);
    QVERIFY(session->remainingMs() >
            (qint64(n) * StudyController::kExamSecondsPerQuestion - 60) * 1000);
    QSet<QString> ids;
    for (int i = 0; i < n; ++i) ids.insert(session->question(i).id);
    QCOMPARE(int(ids.size()), n);
  }
  // Ten questions: one answered, submitted; the score says what the unanswered count as and
  // sets it against the pass mark as Google states it: not at all.
  length->setCurrentIndex(length->findData(10));
  emit length->activated(length->currentIndex());
  auto* session = view->controller()->session();
  QCOMPARE(session->count(), 10);
  for (int k = 0; k < session->choicesNeeded(0); ++k)
    QTest::keyClick(view.get(), Qt::Key(Qt::Key_1 + k));
  view->controller()->submitExam();
  QTest::keyClick(view.get(), Qt::Key_N);  // the review re-renders as it moves
  const QString score = view->examScoreLabel()->text();
  QVERIFY2(score.contains(QStringLiteral("of 10 correct")), qPrintable(score));
  QVERIFY2(score.contains(QStringLiteral("9 unanswered, counted wrong")), qPrintable(score));
  QVERIFY2(score.contains(QStringLiteral("Google does not publish a pass mark for this exam")),
           qPrintable(score));
  QVERIFY2(!score.contains(QStringLiteral("70")), qPrintable(score));  // no invented figure
  QCOMPARE(ExamPassMark::sentence(QStringLiteral("Some Other Exam")),
           QStringLiteral("This exam's pass mark is not known to PrecisionLab, so this score "
                          "does not predict a pass."));
  view->setMode(quiz::QuizMode::Practice);
  QVERIFY(!length->isVisible());
}

void TestStudyView::bankLanguageIsSaid() {
  const QLocale german(QLocale::German, QLocale::Germany);
  QCOMPARE(StudyView::bankLanguageNote(QStringLiteral("en"), german),
           QStringLiteral("question and breakdown in English"));
  QCOMPARE(StudyView::bankLanguageNote(QStringLiteral("en"), QLocale(QLocale::English)), QString());
  // Issue 45: the English app under LANG=C (its locale stays C) is English too.
  QCOMPARE(StudyView::bankLanguageNote(QStringLiteral("en"), QLocale::c()), QString());
  QCOMPARE(
      StudyView::bankLanguageNote(QStringLiteral("en"), AppLanguage::localeFor("en", QLocale::c())),
      QString());
  QCOMPARE(StudyView::bankLanguageNote(QStringLiteral("de"), german), QString());
  QVERIFY(StudyView::bankLanguageNote(QStringLiteral("fr"), german)
              .contains(QStringLiteral("français")));
}

// Study > Go to question: the picker finds a question by its number or by the run its options
// link, and practice starts there; an unsubmitted exam is left only when the learner says so.
void TestStudyView::goToQuestionStartsPracticeThere() {
  QuestionPicker picker(bank_);
  auto* list = picker.findChild<QListWidget*>();
  QVERIFY(list);
  QCOMPARE(picker.shownCount(), int(bank_.questions.size()));
  picker.setFilter(QStringLiteral("041"));
  QCOMPARE(picker.shownCount(), 1);
  QCOMPARE(picker.chosenId(), QStringLiteral("pmle-scaling-041"));
  QVERIFY2(list->currentItem()->text().contains(QStringLiteral("runs in the lab: A worker dies")),
           qPrintable(list->currentItem()->text()));
  picker.setFilter(QStringLiteral("worker DIES"));  // the linked run's name, any case
  QVERIFY(picker.shownCount() >= 1);
  QCOMPARE(picker.chosenId(), QStringLiteral("pmle-scaling-041"));
  picker.setFilter(QStringLiteral("no question says this"));
  QCOMPARE(picker.shownCount(), 0);
  QVERIFY(picker.chosenId().isEmpty());

  auto view = makeView();
  view->show();
  QVERIFY(QTest::qWaitForWindowExposed(view.get()));
  view->setMode(quiz::QuizMode::Exam);
  QTest::keyClick(view.get(), Qt::Key_1);  // an answer the exam would lose
  auto examSession = [&] { return view->controller()->session()->mode() == quiz::QuizMode::Exam; };
  // Declined: the exam stays as it was.
  QTimer::singleShot(0, [] {
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), 5000);
    qobject_cast<QMessageBox*>(QApplication::activeModalWidget())->button(QMessageBox::No)->click();
  });
  view->goToQuestion(QStringLiteral("pmle-scaling-041"));
  QVERIFY(examSession());
  QCOMPARE(view->controller()->session()->currentState().chosen.size(), 1);
  // Accepted: practice, from question 041 on.
  acceptNextQuestionBox();
  view->goToQuestion(QStringLiteral("pmle-scaling-041"));
  QTRY_VERIFY_WITH_TIMEOUT(!examSession() && view->currentQuestion() &&
                               view->currentQuestion()->id == QStringLiteral("pmle-scaling-041"),
                           10000);
  QCOMPARE(view->controller()->session()->currentIndex(), 0);
  QCOMPARE(view->controller()->session()->count(), int(bank_.questions.size()));
  // An id the bank does not have changes nothing.
  view->goToQuestion(QStringLiteral("no-such-question"));
  QCOMPARE(view->currentQuestion()->id, QStringLiteral("pmle-scaling-041"));
}

QTEST_MAIN(TestStudyView)
#include "tst_studyview.moc"
