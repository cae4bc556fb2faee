#include "ui/study/StudyView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "quiz/QuizSession.h"
#include "ui/base/AppTheme.h"
#include "ui/base/SlideScroll.h"
#include "ui/study/BreakdownPanel.h"
#include "ui/study/ConfidencePicker.h"
#include "ui/study/ExamNavigator.h"
#include "ui/study/ExamPassMark.h"
#include "ui/study/OptionCard.h"
#include "ui/study/StudyController.h"

namespace precisionlab {

namespace {

QString letterFor(int index) { return QString(QChar(u'A' + index)); }

QString formatDuration(qint64 ms) {
  const qint64 s = (ms + 999) / 1000;
  return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

StudyView::StudyView(const quiz::QuestionBank& bank, quiz::ProgressStore* store, QWidget* parent)
    : QWidget(parent), controller_(new StudyController(bank, store, this)) {
  setFocusPolicy(Qt::StrongFocus);
  setAccessibleName(tr("Study"));
  buildUi();
  connect(controller_, &StudyController::sessionStarted, this, [this] {
    roundFinished_ = false;
    presenter_ = PresenterStep::Off;
    cardsFor_.clear();
    render();
  });
  connect(controller_, &StudyController::attemptRecorded, this, [this] {
    writeError_->hide();
    emit statusMessage(tr("Answer saved to your progress."));
    emit attemptRecorded();
  });
  connect(controller_, &StudyController::recordFailed, this, &StudyView::showWriteError);
  connect(controller_, &StudyController::statusMessage, this, &StudyView::statusMessage);
  examTimer_ = new QTimer(this);
  examTimer_->setInterval(500);
  connect(examTimer_, &QTimer::timeout, this, &StudyView::updateTimer);
}

StudyView::~StudyView() = default;

void StudyView::buildUi() {
  // Top bar: mode, where we are, the exam clock, and a fresh start.
  modeBox_ = new QComboBox(this);
  modeBox_->addItem(tr("Practice — feedback after each question"), int(quiz::QuizMode::Practice));
  modeBox_->addItem(tr("Exam — timed, feedback at the end"), int(quiz::QuizMode::Exam));
  modeBox_->setAccessibleName(tr("Study mode"));
  modeBox_->setFocusPolicy(Qt::TabFocus);
  connect(modeBox_, &QComboBox::activated, this,
          [this](int index) { setMode(quiz::QuizMode(modeBox_->itemData(index).toInt())); });
  // The mode box is as wide as its longer item, so neither mode's name is cut (German's exam
  // item needs more than 24 characters); the progress line beside it wraps instead, and the row
  // still fits the 960 px window minimum with the exam clock.
  modeBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  // The exam's length, as exam simulators offer it; a change starts a new exam (asking first
  // when answers would be lost). Shown in exam mode only.
  examLengthBox_ = new QComboBox(this);
  for (const int n : StudyController::kExamLengths)
    examLengthBox_->addItem(
        n > 0 ? tr("%n question(s)", nullptr, n)
              : tr("All %n question(s)", nullptr, int(controller_->bank().questions.size())),
        n);
  examLengthBox_->setCurrentIndex(examLengthBox_->count() - 1);
  examLengthBox_->setAccessibleName(tr("Exam length"));
  examLengthBox_->setToolTip(tr("How many questions the exam draws from the bank"));
  examLengthBox_->setFocusPolicy(Qt::TabFocus);
  examLengthBox_->setVisible(false);
  connect(examLengthBox_, &QComboBox::activated, this, [this] {
    const int wanted = examLengthBox_->currentData().toInt();
    auto* s = controller_->session();
    const int bankSize = int(controller_->bank().questions.size());
    const int now = s ? s->count() : -1;
    if (now != (wanted > 0 ? std::min(wanted, bankSize) : bankSize)) confirmNewSession();
  });
  progressLabel_ = new QLabel(this);
  progressLabel_->setWordWrap(true);
  progressLabel_->setMinimumWidth(1);
  timerLabel_ = new QLabel(this);
  timerLabel_->setAccessibleName(tr("Time left"));
  restartButton_ = new QPushButton(tr("New session"), this);
  restartButton_->setFocusPolicy(Qt::TabFocus);
  restartButton_->setToolTip(tr("Start again in the selected mode"));
  connect(restartButton_, &QPushButton::clicked, this, &StudyView::confirmNewSession);

  auto* top = new QHBoxLayout;
  top->setSpacing(12);
  top->addWidget(modeBox_);
  top->addWidget(examLengthBox_);
  top->addWidget(progressLabel_, 1);
  top->addWidget(timerLabel_);
  top->addWidget(restartButton_);

  navigator_ = new ExamNavigator(this);
  connect(navigator_, &ExamNavigator::questionRequested, this, [this](int i) {
    if (auto* s = controller_->session()) {
      s->goTo(i);
      render();
    }
  });

  writeError_ = new QLabel(this);
  writeError_->setWordWrap(true);
  writeError_->hide();
  // The exam's score, above the question (below it, it sat under the fold of question 1).
  examScore_ = new QLabel(this);
  examScore_->setObjectName(QStringLiteral("examScore"));
  examScore_->setWordWrap(true);
  examScore_->setAccessibleName(tr("Exam result"));
  examScore_->hide();

  // The question column, centred and at most ~960 px wide so lines stay readable on big screens.
  auto* column = column_ = new QWidget;
  column->setMaximumWidth(980);
  auto* v = new QVBoxLayout(column);
  v->setContentsMargins(8, 8, 8, 24);
  v->setSpacing(14);
  metaLabel_ = new QLabel(column);
  metaLabel_->setWordWrap(true);
  stemLabel_ = new QLabel(column);
  stemLabel_->setWordWrap(true);
  stemLabel_->setTextFormat(Qt::PlainText);
  stemLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  stemLabel_->setAccessibleName(tr("Question"));
  cardsLayout_ = new QVBoxLayout;
  cardsLayout_->setSpacing(10);
  confidence_ = new ConfidencePicker(column);
  connect(confidence_, &ConfidencePicker::confidenceChanged, this, [this](quiz::Confidence c) {
    if (auto* s = controller_->session()) s->setConfidence(c);
  });

  submitButton_ = new QPushButton(tr("Submit answer (Enter)"), column);
  submitButton_->setProperty("primary", true);
  submitButton_->setAccessibleName(tr("Submit answer"));
  flagButton_ = new QPushButton(tr("⚑ Flag for review (F)"), column);
  prevButton_ = new QPushButton(tr("← Previous"), column);
  nextButton_ = new QPushButton(tr("Next question (N) →"), column);
  submitExamButton_ = new QPushButton(tr("Submit exam"), column);
  submitExamButton_->setProperty("primary", true);
  for (auto* b : {submitButton_, flagButton_, prevButton_, nextButton_, submitExamButton_}) {
    b->setFocusPolicy(Qt::TabFocus);
    b->setCursor(Qt::PointingHandCursor);
  }
  connect(submitButton_, &QPushButton::clicked, this, &StudyView::submit);
  connect(flagButton_, &QPushButton::clicked, this, &StudyView::toggleFlag);
  connect(prevButton_, &QPushButton::clicked, this, &StudyView::previousQuestion);
  connect(nextButton_, &QPushButton::clicked, this, &StudyView::nextQuestion);
  connect(submitExamButton_, &QPushButton::clicked, this, &StudyView::submitExam);
  auto* actions = new QHBoxLayout;
  actions->setSpacing(10);
  actions->addWidget(submitButton_);
  actions->addWidget(prevButton_);
  actions->addWidget(flagButton_);
  actions->addStretch(1);
  actions->addWidget(nextButton_);
  actions->addWidget(submitExamButton_);

  keysHint_ = new QLabel(column);
  keysHint_->setWordWrap(true);
  banner_ = new QLabel(column);
  banner_->setWordWrap(true);
  banner_->setAccessibleName(tr("Result"));
  banner_->hide();
  breakdown_ = new BreakdownPanel(column);
  breakdown_->installEventFilter(this);  // its moves keep the presenter's breakdown slide still
  breakdown_->hide();
  connect(breakdown_, &BreakdownPanel::runInLabRequested, this, &StudyView::runInLabRequested);

  v->addWidget(metaLabel_);
  v->addWidget(stemLabel_);
  v->addSpacing(4);
  v->addLayout(cardsLayout_);
  v->addWidget(confidence_);
  v->addLayout(actions);
  v->addWidget(keysHint_);
  v->addWidget(banner_);
  v->addWidget(breakdown_);
  v->addStretch(1);

  auto* content = new QWidget;
  auto* centre = new QHBoxLayout(content);
  centre->setContentsMargins(24, 8, 24, 8);
  centre->addStretch(0);
  centre->addWidget(column, 1);
  centre->addStretch(0);
  scroll_ = new QScrollArea(this);
  scroll_->setWidgetResizable(true);
  scroll_->setFrameShape(QFrame::NoFrame);
  scroll_->setWidget(content);
  scroll_->setFocusPolicy(Qt::NoFocus);
  connect(scroll_->verticalScrollBar(), &QScrollBar::rangeChanged, this,
          &StudyView::applyBreakdownAnchor);

  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(16, 12, 16, 0);
  outer->setSpacing(8);
  outer->addLayout(top);
  outer->addWidget(examScore_);
  outer->addWidget(navigator_);
  outer->addWidget(writeError_);
  outer->addWidget(scroll_, 1);
  applyTheme();
}

const quiz::Question* StudyView::currentQuestion() const {
  auto* s = controller_->session();
  return s && s->count() > 0 ? &s->currentQuestion() : nullptr;
}

QStringList StudyView::currentDisplayOrder() const {
  auto* s = controller_->session();
  return s && s->count() > 0 ? s->currentState().displayOrder : QStringList();
}

std::pair<const quiz::Question*, QStringList> StudyView::labQuestion() const {
  const auto linksRuns = [](const quiz::Question& q) {
    for (const quiz::Option& o : q.options)
      if (!o.scenario.isEmpty()) return true;
    return false;
  };
  // The question on screen, when its options link lab runs.
  if (const quiz::Question* q = currentQuestion(); q && linksRuns(*q))
    return {q, currentDisplayOrder()};
  // Else the seed question (the bank's first): in the order this session will show it, so the
  // cards carry the letters the learner is about to see (issue 45: no letters until the seed
  // question had been shown) ...
  const quiz::QuestionBank& bank = controller_->bank();
  if (bank.questions.isEmpty() || !linksRuns(bank.questions.first())) return {nullptr, {}};
  const QString seed = bank.questions.first().id;
  if (const auto* s = controller_->session())
    for (int i = 0; i < s->count(); ++i)
      if (s->question(i).id == seed) return {&s->question(i), s->state(i).displayOrder};
  // ... or, when this session does not ask it, as the bank lists its options.
  QStringList authored;
  for (const quiz::Option& o : bank.questions.first().options) authored << o.id;
  return {&bank.questions.first(), authored};
}

QStringList StudyView::scenarioOrder() const {
  QStringList out;
  const auto [q, order] = labQuestion();
  if (!q) return out;
  for (const QString& id : order)
    if (const quiz::Option* o = q->option(id); o && !o->scenario.isEmpty()) out << o->scenario;
  return out;
}

QHash<QString, QString> StudyView::scenarioLetters() const {
  QHash<QString, QString> out;
  const auto [q, order] = labQuestion();
  if (!q) return out;
  for (int i = 0; i < order.size(); ++i)
    if (const quiz::Option* o = q->option(order[i]); o && !o->scenario.isEmpty())
      out.insert(o->scenario, letterFor(i));
  return out;
}

bool StudyView::isGraded() const {
  auto* s = controller_->session();
  if (presenter_ == PresenterStep::Reveal || presenter_ == PresenterStep::Breakdown) return true;
  if (presenter_ == PresenterStep::Question) return false;
  if (s && s->count() > 0 && s->mode() == quiz::QuizMode::Exam && s->isFinished())
    return true;  // the exam review grades every question, answered or not
  return s && s->count() > 0 && s->currentState().correct.has_value();
}

void StudyView::setProfile(qint64 profileId) {
  if (controller_->profileId() == profileId && controller_->session()) return;
  controller_->setProfile(profileId);
  // Restart so this learner's due questions come first, unless the learner is mid-question or
  // a class is being shown this question (the progress database can open after the teacher has
  // already stepped to the answer on a slow machine; a restart would hide it).
  auto* s = controller_->session();
  bool started = presenter_ != PresenterStep::Off;
  if (s)
    for (int i = 0; i < s->count(); ++i)
      started = started || !s->state(i).chosen.isEmpty() || s->state(i).answered;
  if (!started) startSession();
}

void StudyView::setMode(quiz::QuizMode mode) {
  mode_ = mode;
  modeBox_->setCurrentIndex(modeBox_->findData(int(mode)));
  emit modeChanged(mode);
  startSession();
}

void StudyView::startSession() {
  examLengthBox_->setVisible(mode_ == quiz::QuizMode::Exam);
  if (mode_ == quiz::QuizMode::Exam)
    controller_->startExam(examLengthBox_->currentData().toInt());
  else
    controller_->startPractice();
}

bool StudyView::sessionHasWork() const {
  auto* s = controller_->session();
  if (!s || (s->mode() == quiz::QuizMode::Exam && s->isFinished()) || roundFinished_) return false;
  for (int i = 0; i < s->count(); ++i)
    if (!s->state(i).chosen.isEmpty() || s->state(i).answered) return true;
  return false;
}

bool StudyView::examUnsubmitted() const {
  auto* s = controller_->session();
  return s && s->mode() == quiz::QuizMode::Exam && !s->isFinished() && sessionHasWork();
}

void StudyView::confirmNewSession() {
  if (sessionHasWork()) {
    const bool exam = controller_->session()->mode() == quiz::QuizMode::Exam;
    const auto reply = QMessageBox::question(
        this, tr("Start a new session?"),
        exam ? tr("Your exam is not submitted. A new session discards its answers.\n\n"
                  "Start a new session anyway?")
             : tr("Answers you already submitted are saved; this round starts again from the "
                  "first question.\n\nStart a new session?"));
    if (reply != QMessageBox::Yes) return;
  }
  startSession();
}

void StudyView::goToQuestion(const QString& questionId) {
  if (!controller_->bank().question(questionId) || presenter_ != PresenterStep::Off) return;
  if (examUnsubmitted()) {
    const auto reply = QMessageBox::question(
        this, tr("Leave the exam?"),
        tr("Your exam is not submitted. Going to a question starts a practice session and "
           "discards the exam's answers.\n\nGo to the question anyway?"));
    if (reply != QMessageBox::Yes) return;
  }
  if (mode_ != quiz::QuizMode::Practice) {
    mode_ = quiz::QuizMode::Practice;
    modeBox_->setCurrentIndex(modeBox_->findData(int(mode_)));  // no `activated`: not the user's
    emit modeChanged(mode_);
  }
  examLengthBox_->setVisible(false);
  controller_->startPractice(questionId);
}

void StudyView::choose(int displayIndex) {
  auto* s = controller_->session();
  if (!s || presenter_ != PresenterStep::Off || displayIndex < 0 ||
      displayIndex >= s->currentState().displayOrder.size())
    return;
  if (s->toggleOption(s->currentState().displayOrder.at(displayIndex))) {
    updateCardStates();
    render();
  } else if (!s->isFinished() && s->currentQuestion().answer == quiz::AnswerKind::Multiple &&
             s->currentState().chosen.size() >= s->choicesNeeded(s->currentIndex())) {
    emit statusMessage(tr("This question takes exactly %1 answers: click a chosen one to "
                          "deselect it first.")
                           .arg(s->choicesNeeded(s->currentIndex())));
  }
}

void StudyView::submit() {
  auto* s = controller_->session();
  if (!s || presenter_ != PresenterStep::Off) return;
  if (s->mode() == quiz::QuizMode::Practice) {
    if (s->currentState().correct.has_value()) {
      nextQuestion();  // Enter again after feedback moves on
      return;
    }
    const int needed = s->choicesNeeded(s->currentIndex());
    if (s->currentState().chosen.size() != needed) {
      emit statusMessage(needed == 1
                             ? tr("Choose an option first (keys 1-%1 or A-%2).")
                                   .arg(s->currentState().displayOrder.size())
                                   .arg(letterFor(s->currentState().displayOrder.size() - 1))
                             : tr("Choose %1 options (%2 chosen so far).")
                                   .arg(needed)
                                   .arg(s->currentState().chosen.size()));
      return;
    }
    controller_->answerCurrent();
    render();
    // Bring the result into view: the learner reads the banner, then the breakdown below it.
    QTimer::singleShot(0, this, [this] { scroll_->ensureWidgetVisible(banner_, 0, 120); });
  } else if (!s->isFinished()) {
    // In an exam Enter keeps the selection (already saved) and moves on.
    if (s->currentIndex() + 1 < s->count())
      nextQuestion();
    else
      emit statusMessage(tr("Last question. Press \"Submit exam\" when you are done."));
  }
}

void StudyView::nextQuestion() {
  auto* s = controller_->session();
  if (!s || presenter_ != PresenterStep::Off) return;
  if (s->mode() == quiz::QuizMode::Practice && !s->currentState().correct.has_value()) {
    emit statusMessage(tr("Answer this question first, or press Enter to submit."));
    return;
  }
  if (!s->next()) {
    if (s->mode() == quiz::QuizMode::Practice) {
      roundFinished_ = true;
      render();
    }
    return;
  }
  render();
  scroll_->verticalScrollBar()->setValue(0);
}

void StudyView::previousQuestion() {
  auto* s = controller_->session();
  if (!s || presenter_ != PresenterStep::Off) return;
  if (s->previous()) render();
}

void StudyView::toggleFlag() {
  auto* s = controller_->session();
  if (!s || s->mode() != quiz::QuizMode::Exam || s->isFinished()) return;
  s->setFlagged(s->currentIndex(), !s->currentState().flagged);
  emit statusMessage(s->currentState().flagged ? tr("Flagged for review.") : tr("Flag removed."));
  render();
}

void StudyView::submitExam() {
  auto* s = controller_->session();
  if (!s || s->mode() != quiz::QuizMode::Exam || s->isFinished()) return;
  const int open = s->unansweredIndexes().size();
  const int flagged = s->flaggedIndexes().size();
  if ((open > 0 || flagged > 0) && !s->isExpired()) {
    QString detail;
    if (open > 0) detail += tr("Unanswered questions: %1 (they count as wrong). ").arg(open);
    if (flagged > 0) detail += tr("Flagged for review: %1.").arg(flagged);
    const auto reply =
        QMessageBox::question(this, tr("Submit the exam?"), detail + tr("\n\nSubmit now?"));
    if (reply != QMessageBox::Yes) return;
  }
  controller_->submitExam();
  s->goTo(0);
  render();
}

void StudyView::presenterBegin() { controller_->keepCurrentSession(); }

void StudyView::presenterShowQuestion() {
  presenter_ = PresenterStep::Question;
  render();
  scroll_->verticalScrollBar()->setValue(0);
}

void StudyView::presenterReveal() {
  presenter_ = PresenterStep::Reveal;
  render();
}

void StudyView::presenterShowBreakdown(bool atEnd) {
  presenter_ = PresenterStep::Breakdown;
  render();
  // The breakdown is taller than the screen: its top under the top edge, or its end when the
  // teacher comes back to it. Applied once the event loop has laid it out, and again on every
  // change of the scroll range until a key scrolls it (the layout may take more than one pass).
  breakdownAnchor_ = atEnd ? BreakdownAnchor::End : BreakdownAnchor::Top;
  breakdownOffset_ = 0;
  QTimer::singleShot(0, this, &StudyView::applyBreakdownAnchor);
}

int StudyView::presenterBreakdownTop() const {
  const QScrollBar* bar = scroll_->verticalScrollBar();
  return std::clamp(breakdown_->mapTo(scroll_->widget(), QPoint(0, 0)).y() - 16, bar->minimum(),
                    bar->maximum());
}

void StudyView::applyBreakdownAnchor() {
  if (presenter_ != PresenterStep::Breakdown || breakdownAnchor_ == BreakdownAnchor::None) return;
  QScrollBar* bar = scroll_->verticalScrollBar();
  bar->setValue(breakdownAnchor_ == BreakdownAnchor::End
                    ? bar->maximum()
                    : std::min(presenterBreakdownTop() + breakdownOffset_, bar->maximum()));
}

bool StudyView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == breakdown_ && event->type() == QEvent::Move) applyBreakdownAnchor();
  return QWidget::eventFilter(watched, event);
}

bool StudyView::presenterScroll(int direction) {
  if (presenter_ == PresenterStep::Off) return false;
  // The question and the answer scroll from the top, the breakdown from its own top.
  const bool breakdown = presenter_ == PresenterStep::Breakdown;
  if (!breakdown) return SlideScroll::page(scroll_, direction, 0);
  // The layout pending now may move the breakdown (the cards above it filled): the slide where
  // the class sees it first, so the page starts from what is on screen, not a stale position.
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  applyBreakdownAnchor();
  breakdownAnchor_ = BreakdownAnchor::None;  // where the key leaves it, measured below
  if (!SlideScroll::page(scroll_, direction, presenterBreakdownTop())) return false;
  breakdownAnchor_ = BreakdownAnchor::Top;
  breakdownOffset_ = std::max(0, scroll_->verticalScrollBar()->value() - presenterBreakdownTop());
  return true;
}

void StudyView::presenterEnd() {
  presenter_ = PresenterStep::Off;
  render();  // the mode box and the narrow column come back
  applyTheme();
}

void StudyView::rebuildCards() {
  auto* s = controller_->session();
  const QString key = QStringLiteral("%1/%2").arg(quintptr(s)).arg(s->currentQuestion().id);
  if (key == cardsFor_) return;
  cardsFor_ = key;
  // Hidden and out of the layout now; deleted when control is back in the event loop.
  for (OptionCard* card : cards_) {
    card->hide();
    cardsLayout_->removeWidget(card);
    card->deleteLater();
  }
  cards_.clear();
  const auto& q = s->currentQuestion();
  const auto& order = s->currentState().displayOrder;
  for (int i = 0; i < order.size(); ++i) {
    const quiz::Option* o = q.option(order[i]);
    if (!o) continue;
    auto* card = new OptionCard(letterFor(i), *o);
    connect(card, &OptionCard::clicked, this, [this, i] { choose(i); });
    connect(card, &OptionCard::runInLabRequested, this, &StudyView::runInLabRequested);
    cardsLayout_->addWidget(card);
    cards_.push_back(card);
  }
  breakdown_->clear();
}

void StudyView::updateCardStates() {
  auto* s = controller_->session();
  if (!s) return;
  const auto& st = s->currentState();
  const auto& q = s->currentQuestion();
  const bool graded = isGraded();
  const bool presenting = presenter_ != PresenterStep::Off;
  const bool examRunning = s->mode() == quiz::QuizMode::Exam && !s->isFinished();
  for (OptionCard* card : cards_) {
    const quiz::Option* o = q.option(card->optionId());
    const bool chosen = !presenting && st.chosen.contains(card->optionId());
    OptionCard::State state = chosen ? OptionCard::State::Selected : OptionCard::State::Idle;
    if (graded && o) {
      if (o->correct)
        state = chosen ? OptionCard::State::ChosenCorrect : OptionCard::State::MissedCorrect;
      else
        state = chosen ? OptionCard::State::ChosenWrong : OptionCard::State::OtherWrong;
    }
    card->setState(state);
    // An exam question with fewer picks than it needs is unanswered: its picks say so.
    card->setIncomplete(graded && !presenting && !st.answered && !st.chosen.isEmpty(),
                        s->choicesNeeded(s->currentIndex()));
    card->setInteractive(!graded && !presenting && !s->isFinished());
    // Presenting: the walkthrough runs each option itself, so the buttons would only crowd.
    card->setLabButtonVisible(!examRunning && graded && !presenting);
  }
}

void StudyView::render() {
  auto* s = controller_->session();
  if (!s || s->count() == 0) {
    stemLabel_->setText(s ? tr("This question bank is empty.") : tr("Loading your questions…"));
    return;
  }
  if (hiddenByUser_) s->setInView(false);  // a session started while another view is shown
  rebuildCards();
  const auto& q = s->currentQuestion();
  const auto& st = s->currentState();
  const bool exam = s->mode() == quiz::QuizMode::Exam;
  const bool practice = !exam;
  const bool graded = isGraded();
  const bool presenting = presenter_ != PresenterStep::Off;

  QString meta = QStringLiteral("%1  ·  %2  ·  %3").arg(q.exam, q.domain, q.topic);
  if (q.answer == quiz::AnswerKind::Multiple)
    meta += tr("  ·  choose %1").arg(s->choicesNeeded(s->currentIndex()));
  const QString note = bankLanguageNote(controller_->bank().language, QLocale());
  if (!note.isEmpty()) meta += QStringLiteral("  ·  ") + note;
  metaLabel_->setText(meta);
  stemLabel_->setText(q.stem);

  QString progress = tr("Question %1 of %2").arg(s->currentIndex() + 1).arg(s->count());
  if (practice && controller_->dueCount() > 0)
    progress += tr("  ·  %1 due for review").arg(controller_->dueCount());
  if (exam && s->isFinished()) progress += tr("  ·  reviewing your exam");
  progressLabel_->setText(progress);

  // Presenting, the window's chrome goes (PresenterMode hides the menu and the tabs): no mode
  // box or "New session" for the class to read, and the question takes the screen's width (a
  // 980 px column sat in the middle of a 1920 px projector).
  modeBox_->setVisible(!presenting);
  restartButton_->setVisible(!presenting);
  column_->setMaximumWidth(presenting ? QWIDGETSIZE_MAX : 980);
  navigator_->setVisible(exam);
  if (exam) navigator_->refresh(*s);
  const bool reviewing = exam && s->isFinished() && !presenting;
  examScore_->setVisible(reviewing);
  if (reviewing) {
    const auto& r = s->result();
    const QString unanswered =
        r.answered < r.total ? tr(" (%n unanswered, counted wrong)", nullptr, r.total - r.answered)
                             : QString();
    examScore_->setText(tr("Exam finished%1: %2 of %3 correct%4, %5% in %6. %7 Use the numbered "
                           "buttons to review each question and its breakdown.")
                            .arg(r.timedOut ? tr(" (time ran out)") : QString())
                            .arg(r.correct)
                            .arg(r.total)
                            .arg(unanswered)
                            .arg(qRound(r.score * 100))
                            .arg(formatDuration(r.durationMs))
                            .arg(ExamPassMark::sentence(controller_->bank().exam)));
  }
  updateCardStates();

  confidence_->setVisible(!presenting && !(exam && s->isFinished()));
  confidence_->setEnabled(!graded);
  confidence_->setConfidence(st.confidence);
  submitButton_->setVisible(practice && !presenting);
  submitButton_->setEnabled(!graded && st.chosen.size() == s->choicesNeeded(s->currentIndex()));
  prevButton_->setVisible(exam && !presenting);
  prevButton_->setEnabled(s->currentIndex() > 0);
  flagButton_->setVisible(exam && !s->isFinished() && !presenting);
  flagButton_->setText(st.flagged ? tr("⚑ Remove flag (F)") : tr("⚑ Flag for review (F)"));
  const bool last = s->currentIndex() + 1 >= s->count();
  nextButton_->setVisible(!presenting);
  nextButton_->setText(practice && last ? tr("Finish round (N)") : tr("Next question (N) →"));
  nextButton_->setEnabled(practice ? graded && !roundFinished_ : !last);
  submitExamButton_->setVisible(exam && !s->isFinished() && !presenting);
  keysHint_->setVisible(!presenting);
  keysHint_->setText(
      exam && s->isFinished()
          ? tr("Reviewing: numbered buttons, ← Previous, Next (N) or P move between questions")
      : exam ? tr("Keys: 1-%1 or A-%2 choose · Enter or N next · F flag · answers can change until "
                  "you submit the exam")
                   .arg(st.displayOrder.size())
                   .arg(letterFor(st.displayOrder.size() - 1))
             : tr("Keys: 1-%1 or A-%2 choose · Enter submits · N next question")
                   .arg(st.displayOrder.size())
                   .arg(letterFor(st.displayOrder.size() - 1)));

  updateBanner();
  const bool showBreakdown = presenter_ == PresenterStep::Breakdown || (!presenting && graded);
  breakdown_->setRunButtonsShown(!presenting);
  if (showBreakdown) {
    if (breakdown_->isHidden())
      breakdown_->showQuestion(q, st.displayOrder, presenting ? QStringList() : st.chosen);
  } else {
    breakdown_->clear();
  }
  updateTimer();
}

void StudyView::updateBanner() {
  auto* s = controller_->session();
  const ThemeColors& c = AppTheme::colors();
  const auto& st = s->currentState();
  const auto& q = s->currentQuestion();
  QStringList correctLetters;
  for (int i = 0; i < st.displayOrder.size(); ++i)
    if (const auto* o = q.option(st.displayOrder[i]); o && o->correct)
      correctLetters << letterFor(i);
  const QString answer = correctLetters.join(QStringLiteral(", "));

  QString text;
  QColor color = c.accent, fill = c.selectedCard;
  if (presenter_ == PresenterStep::Reveal || presenter_ == PresenterStep::Breakdown) {
    text = tr("✓  The answer is %1.").arg(answer);
    color = c.correct;
    fill = c.correctCard;
  } else if (presenter_ == PresenterStep::Off && roundFinished_) {
    int right = 0, done = 0;
    for (int i = 0; i < s->count(); ++i)
      if (s->state(i).correct.has_value()) {
        ++done;
        right += *s->state(i).correct ? 1 : 0;
      }
    text = tr("Round complete: %1 of %2 right. Press \"New session\" for another round; questions "
              "you missed come back sooner.")
               .arg(right)
               .arg(done);
  } else if (presenter_ == PresenterStep::Off && s->isFinished() &&
             s->mode() == quiz::QuizMode::Exam) {
    // The score stands above the question; this banner is about this question only.
    QStringList chosenLetters;
    for (int i = 0; i < st.displayOrder.size(); ++i)
      if (st.chosen.contains(st.displayOrder[i])) chosenLetters << letterFor(i);
    const QString chosen = chosenLetters.join(QStringLiteral(", "));
    const int needed = s->choicesNeeded(s->currentIndex());
    if (!st.answered && !st.chosen.isEmpty()) {
      text = tr("✗  This one is incomplete: you chose %1, it needs %2 answers; the answer is %3. "
                "An incomplete answer counts as wrong.")
                 .arg(chosen)
                 .arg(needed)
                 .arg(answer);
      color = c.wrong;
      fill = c.wrongCard;
    } else if (!st.answered) {
      text = tr("✗  This one was not answered; the answer is %1.").arg(answer);
      color = c.wrong;
      fill = c.wrongCard;
    } else if (st.correct.value_or(false)) {
      text = tr("✓  This one: correct.");
      color = c.correct;
      fill = c.correctCard;
    } else {
      text = tr("✗  This one: you chose %1, the answer is %2.").arg(chosen, answer);
      color = c.wrong;
      fill = c.wrongCard;
    }
  } else if (presenter_ == PresenterStep::Off && st.correct.has_value()) {
    if (*st.correct) {
      text = tr("✓  Correct! The answer is %1. Read why below, or press N for the next question.")
                 .arg(answer);
      color = c.correct;
      fill = c.correctCard;
    } else {
      text = tr("✗  Not quite. The answer is %1. The breakdown below shows why each option is "
                "right or wrong.")
                 .arg(answer);
      color = c.wrong;
      fill = c.wrongCard;
    }
  }
  banner_->setVisible(!text.isEmpty());
  banner_->setText(text);
  banner_->setStyleSheet(QStringLiteral("QLabel { color: %1; background: %2; border: 2px solid %1;"
                                        " border-radius: 8px; padding: 12px 16px; }")
                             .arg((color == c.accent ? c.text : color).name(), fill.name()));
}

void StudyView::updateTimer() {
  auto* s = controller_->session();
  const bool timed =
      s && s->mode() == quiz::QuizMode::Exam && !s->isFinished() && s->remainingMs() >= 0;
  timerLabel_->setVisible(timed);
  if (!timed) {
    examTimer_->stop();
    return;
  }
  if (!examTimer_->isActive()) examTimer_->start();
  const qint64 left = s->remainingMs();
  timerLabel_->setText(tr("Time left %1").arg(formatDuration(left)));
  if (s->isExpired()) {
    examTimer_->stop();
    controller_->submitExam();
    s->goTo(0);
    emit statusMessage(tr("Time is up: the exam was submitted."));
    render();
  }
}

void StudyView::showWriteError(const QString& message) {
  writeError_->setText(tr("⚠  %1").arg(message));
  writeError_->show();
  emit statusMessage(message);
}

void StudyView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  hiddenByUser_ = false;
  if (auto* s = controller_->session()) s->setInView(true);
}

void StudyView::hideEvent(QHideEvent* event) {
  QWidget::hideEvent(event);
  hiddenByUser_ = true;
  if (auto* s = controller_->session()) s->setInView(false);
}

QString StudyView::bankLanguageNote(const QString& bankLanguage, const QLocale& ui) {
  const QLocale bank(bankLanguage);
  // English, the app's source language, keeps the C locale (AppLanguage::localeFor): an English
  // app under LANG=C showed "question and breakdown in English" over every English question.
  const QLocale::Language shown = ui.language() == QLocale::C ? QLocale::English : ui.language();
  if (bankLanguage.isEmpty() || bank.language() == shown) return QString();
  // The built-in bank (and the exam itself) is English; a translated app says so once per
  // question, where the learner reads the exam's name, so English text is no surprise.
  if (bank.language() == QLocale::English) return tr("question and breakdown in English");
  return tr("question and breakdown in %1").arg(bank.nativeLanguageName());
}

void StudyView::applyTheme() {
  const ThemeColors& c = AppTheme::colors();
  metaLabel_->setFont(AppTheme::pointFont(10.5, QFont::DemiBold));
  metaLabel_->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(c.accent.name()));
  stemLabel_->setFont(AppTheme::pointFont(15.5));
  progressLabel_->setFont(AppTheme::pointFont(11));
  timerLabel_->setFont(AppTheme::pointFont(13, QFont::DemiBold));
  keysHint_->setFont(AppTheme::pointFont(10));
  keysHint_->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(c.mutedText.name()));
  banner_->setFont(AppTheme::pointFont(12.5, QFont::DemiBold));
  examScore_->setFont(AppTheme::pointFont(12.5, QFont::DemiBold));
  examScore_->setStyleSheet(QStringLiteral("QLabel { color: %1; background: %2; border: 2px solid "
                                           "%3; border-radius: 8px; padding: 8px 14px; }")
                                .arg(c.text.name(), c.selectedCard.name(), c.accent.name()));
  writeError_->setStyleSheet(
      QStringLiteral("QLabel { color: %1; background: %2; border: 1px solid %1;"
                     " border-radius: 6px; padding: 8px 12px; }")
          .arg(c.wrong.name(), c.wrongCard.name()));
  for (auto* b : {submitButton_, flagButton_, prevButton_, nextButton_, submitExamButton_})
    b->setFont(AppTheme::pointFont(11));
  for (OptionCard* card : cards_) card->applyTheme();
  confidence_->applyTheme();
  breakdown_->applyTheme();
  if (controller_->session()) render();
}

void StudyView::keyPressEvent(QKeyEvent* event) {
  const int key = event->key();
  const bool plain =
      !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
  if (plain && key >= Qt::Key_1 && key <= Qt::Key_6) {
    choose(key - Qt::Key_1);
  } else if (plain && key >= Qt::Key_A && key <= Qt::Key_D + 2 && key != Qt::Key_F) {
    choose(key - Qt::Key_A);  // A-E; F is the flag key
  } else if (key == Qt::Key_Return || key == Qt::Key_Enter) {
    submit();
  } else if (plain && key == Qt::Key_N) {
    nextQuestion();
  } else if (plain && key == Qt::Key_F) {
    toggleFlag();
  } else if (plain && key == Qt::Key_P) {
    previousQuestion();
  } else {
    QWidget::keyPressEvent(event);
    return;
  }
  event->accept();
}

}  // namespace precisionlab
