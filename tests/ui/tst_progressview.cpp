// The progress view shows what the store holds (statistics, recent attempts, profiles) and the
// CSV export writes a file a spreadsheet can read: a header plus one RFC 4180 record per attempt.
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFontMetrics>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <QCheckBox>
#include <QDateEdit>
#include <QPushButton>

#include "../quiz/simulated_learner.h"
#include "quiz/BankLoader.h"
#include "quiz/ProgressStore.h"
#include "quiz/RevlogCsv.h"
#include "ui/app/AppLanguage.h"
#include "ui/study/FsrsOptimizePanel.h"
#include "ui/study/ProgressCharts.h"
#include "ui/study/ProgressView.h"
#include "ui/study/ReadinessPanel.h"

using namespace precisionlab;

namespace {

// Splits RFC 4180 text into records of fields (quoted fields may hold commas, quotes, newlines).
QVector<QStringList> parseCsv(const QString& text, bool* ok) {
  QVector<QStringList> records;
  QStringList record;
  QString field;
  bool quoted = false, afterQuote = false;
  *ok = true;
  for (int i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    if (quoted) {
      if (c == u'"') {
        if (i + 1 < text.size() && text[i + 1] == u'"') {
          field += u'"';
          ++i;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        field += c;
      }
      continue;
    }
    if (c == u'"') {
      if (!field.isEmpty() || afterQuote) *ok = false;  // quote inside an unquoted field
      quoted = true;
    } else if (c == u',') {
      record << field;
      field.clear();
      afterQuote = false;
    } else if (c == u'\r') {
      continue;
    } else if (c == u'\n') {
      record << field;
      records << record;
      record.clear();
      field.clear();
      afterQuote = false;
    } else {
      if (afterQuote) *ok = false;
      field += c;
    }
  }
  if (quoted) *ok = false;
  if (!field.isEmpty() || !record.isEmpty()) {
    record << field;
    records << record;
  }
  return records;
}

}  // namespace

class TestProgressView : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void showsStoredAttempts();
  void questionCellShowsNumberAndStemStart();
  void chartBySubObjectiveWithFullLabels();
  void refreshesWhenAnAttemptArrives();
  void listsProfilesAndSwitches();
  void exportWritesValidCsv();
  void exportToAnUnwritablePlaceFails();
  void weakestIsByExamGuideObjective();
  void optimizeFitsAndShowsParameters();
  void optimizeWithNothingToFitSaysUnchanged();
  void readinessPerSubObjective();
  void lastExamCountsUnansweredQuestions();
  void fewAnswersReadHonestly();
  // Last: it installs German for the rest of the process.
  void datesAndNumbersSpeakTheAppLanguage();

 private:
  quiz::Attempt attempt(int questionIndex, bool correct) const;
  // 60 simulated days of study of the whole bank (tests/quiz/simulated_learner.h), imported into
  // the profile through the revlog CSV.
  void importSimulatedStudy();
  // That study in a view of the profile, refreshed once (refreshCount() > 0 unless it timed out).
  std::unique_ptr<ProgressView> viewOfSimulatedStudy();

  quiz::QuestionBank bank_;
  std::unique_ptr<QTemporaryDir> dir_;
  std::unique_ptr<quiz::ProgressStore> store_;
  qint64 profile_ = 0;
};

void TestProgressView::initTestCase() {
  const auto loaded = quiz::BankLoader::loadFile(QStringLiteral(":/banks/pmle-scaling.json"));
  QVERIFY(loaded.ok());
  bank_ = *loaded.bank;
}

void TestProgressView::init() {
  dir_ = std::make_unique<QTemporaryDir>();
  store_ = std::make_unique<quiz::ProgressStore>();
  QVERIFY(store_->open(dir_->filePath(QStringLiteral("p.sqlite3"))).result().ok());
  profile_ = store_->addProfile(QStringLiteral("Ada")).result().profile.id;
  QVERIFY(profile_ > 0);
}

void TestProgressView::cleanup() {
  store_.reset();
  dir_.reset();
}

quiz::Attempt TestProgressView::attempt(int questionIndex, bool correct) const {
  const quiz::Question& q = bank_.questions.at(questionIndex);
  quiz::Attempt a;
  a.profileId = profile_;
  a.bankId = bank_.id;
  a.questionId = q.id;
  a.domain = q.domain;
  for (const auto& o : q.options)
    if (o.correct == correct) {
      a.chosenOptionIds << o.id;
      break;
    }
  a.correct = correct;
  a.timeTakenMs = 12'000;
  a.confidence = quiz::Confidence::Unsure;
  return a;
}

void TestProgressView::importSimulatedStudy() {
  simulated_learner::Learner learner;
  learner.truth = simulated_learner::perturbedTruth(3);
  learner.bankSize = bank_.questions.size();
  learner.newPerDay = 4;
  const auto sim = simulated_learner::simulateStudy(learner, 0, 60, 3);
  QVector<quiz::Attempt> attempts;
  for (const quiz::FsrsRevlogEntry& e : sim.log) {
    quiz::Attempt a = attempt(int(e.cardId - 1), e.rating > 1);
    a.timeMs = e.timeMs;
    a.confidence = e.rating == 2   ? quiz::Confidence::Guess
                   : e.rating == 4 ? quiz::Confidence::Sure
                                   : quiz::Confidence::Unsure;
    a.log.rating = e.rating;
    attempts << a;
  }
  const QString path = dir_->filePath(QStringLiteral("study.csv"));
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(quiz::RevlogCsv::write(attempts));
  f.close();
  const quiz::ImportResult r = store_->importRevlog(profile_, path).result();
  QVERIFY2(r.ok, qPrintable(r.error));
  QCOMPARE(r.rows, attempts.size());
}

std::unique_ptr<ProgressView> TestProgressView::viewOfSimulatedStudy() {
  importSimulatedStudy();
  auto view = std::make_unique<ProgressView>(bank_, store_.get());
  view->resize(1280, 800);
  view->loadProfiles(profile_);
  static_cast<void>(QTest::qWaitFor([&] { return view->refreshCount() > 0; }, 5000));
  return view;
}

// Optimize on the Progress view: the fit runs off the UI thread, Cancel is offered while it
// runs, and the stored parameters are shown with their date, log size, log loss and RMSE.
void TestProgressView::optimizeFitsAndShowsParameters() {
  const auto view = viewOfSimulatedStudy();
  QVERIFY(view->refreshCount() > 0);
  FsrsOptimizePanel* panel = view->fsrsPanel();
  QTRY_VERIFY(panel->summaryLabel()->text().contains(QStringLiteral("Not optimized yet")));
  QSignalSpy done(panel, &FsrsOptimizePanel::optimized);
  QSignalSpy status(panel, &FsrsOptimizePanel::statusMessage);
  QTest::mouseClick(panel->optimizeButton(), Qt::LeftButton);
  QVERIFY(panel->isOptimizing());
  QVERIFY(panel->cancelButton()->isEnabled());
  QVERIFY(!panel->optimizeButton()->isEnabled());
  QVERIFY(done.wait(30000));
  QCOMPARE(done.at(0).at(0).toBool(), true);
  QVERIFY(!panel->cancelButton()->isEnabled());
  const quiz::FsrsParameters p = store_->fsrsParameters(profile_).result();
  QVERIFY(p.optimized);
  QVERIFY(p.reviews > 100);
  const QString text = panel->summaryLabel()->text();
  QVERIFY2(text.contains(QStringLiteral("Optimized")) &&
               text.contains(QString::number(p.reviews)) &&
               text.contains(QString::number(p.logLossFitted, 'f', 4)),
           qPrintable(text));
  // Issue 45: the status bar's line fits a 1024 px window (the whole summary was cut off there);
  // the details are in the panel.
  QVERIFY(!status.isEmpty());
  const QString line = status.last().at(0).toString();
  QVERIFY2(line.contains(QStringLiteral("Optimize")) && line.contains(QString::number(p.reviews)),
           qPrintable(line));
  QVERIFY2(QFontMetrics(QApplication::font()).horizontalAdvance(line) < 1024 - 60,
           qPrintable(line));
}

// One answer leaves nothing to fit: the status bar said "FSRS parameters optimized from 1
// review" beside a panel saying the previous parameters were kept (the issue 45 walk).
void TestProgressView::optimizeWithNothingToFitSaysUnchanged() {
  QVERIFY(store_->recordAttempt(attempt(0, true)).result().ok);
  ProgressView view(bank_, store_.get());
  view.resize(1024, 700);
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 10000);
  FsrsOptimizePanel* panel = view.fsrsPanel();
  QTRY_VERIFY(panel->summaryLabel()->text().contains(QStringLiteral("Not optimized yet")));
  QTRY_VERIFY(panel->optimizeButton()->isEnabled());
  QSignalSpy done(panel, &FsrsOptimizePanel::optimized);
  QSignalSpy status(panel, &FsrsOptimizePanel::statusMessage);
  QTest::mouseClick(panel->optimizeButton(), Qt::LeftButton);
  QVERIFY(panel->isOptimizing());
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
  QVERIFY2(panel->summaryLabel()->text().contains(QStringLiteral("previous parameters are kept")),
           qPrintable(panel->summaryLabel()->text()));
  QVERIFY(!status.isEmpty());
  const QString line = status.last().at(0).toString();
  QVERIFY2(line.startsWith(QStringLiteral("FSRS parameters unchanged: too few reviews")),
           qPrintable(line));
  QVERIFY2(QFontMetrics(QApplication::font()).horizontalAdvance(line) < 1024 - 60,
           qPrintable(line));
}

// An exam date set on the view is stored with the profile and gives a prediction per
// sub-objective of the bank.
void TestProgressView::readinessPerSubObjective() {
  const auto view = viewOfSimulatedStudy();
  QVERIFY(view->refreshCount() > 0);
  ReadinessPanel* panel = view->readinessPanel();
  const int before = panel->updates();
  panel->dateEdit()->setDate(QDate::currentDate().addDays(30));
  panel->dateEnabled()->setChecked(true);
  QTRY_VERIFY_WITH_TIMEOUT(panel->updates() > before && panel->report().ok, 10000);
  QSet<QString> objectives;
  for (const quiz::Question& q : bank_.questions)
    for (const QString& o : q.objectives) objectives.insert(o);
  QCOMPARE(panel->report().objectives.size(), objectives.size());
  QCOMPARE(panel->report().overall.questions, bank_.questions.size());
  QVERIFY(panel->report().overall.followSchedule.share > 0.3);
  for (const QString& o : objectives)
    QVERIFY2(panel->reportLabel()->text().contains(o), qPrintable(o));
  QTRY_COMPARE(store_->profiles().result().at(0).examDate,
               QDate::currentDate().addDays(30).toString(Qt::ISODate));
}

// Issue 45: the exam said "2 of 10 correct (20 %)", Progress "2 of 6 right (33 %)".
void TestProgressView::lastExamCountsUnansweredQuestions() {
  quiz::ExamSittingCheck answers;
  answers.answers = 6;
  answers.correct = 2;
  answers.predicted = 0.45;
  answers.lastMs = 1'800'000'000'000;
  quiz::ExamSitting sitting{7, profile_, bank_.id, answers.lastMs + 20'000, 10, 6, 2};
  const QString scored = ReadinessPanel::lastExamText(answers, sitting);
  QVERIFY2(scored.contains(QStringLiteral("2 of 10 right (20 %)")) &&
               scored.contains(QStringLiteral("4 unanswered counted wrong")) &&
               scored.contains(QStringLiteral("for the 6 answered, readiness predicted 45 %")),
           qPrintable(scored));
  QVERIFY2(!scored.contains(QStringLiteral("of 6 right")), qPrintable(scored));
  // No record of the sitting (answered before schema v6): the answered ones, said to be so.
  const QString unscored = ReadinessPanel::lastExamText(answers, quiz::ExamSitting{});
  QVERIFY2(unscored.contains(QStringLiteral("2 of the 6 answered right (33 %)")),
           qPrintable(unscored));
  // A sitting of another exam (hours apart) is not mixed with these answers.
  sitting.finishedMs = answers.lastMs + 3 * 3600'000;
  QVERIFY(ReadinessPanel::lastExamText(answers, sitting).contains(QStringLiteral("of the 6")));
  // Every question left unanswered: no answers, the sitting alone.
  const QString none = ReadinessPanel::lastExamText({}, {8, profile_, bank_.id, 5000, 10, 0, 0});
  QVERIFY2(none.contains(QStringLiteral("0 of 10 right (0 %), 10 unanswered counted wrong")),
           qPrintable(none));
  QVERIFY(ReadinessPanel::lastExamText({}, {}).isEmpty());
}

// Issue 45: after 12 answers at 25 % right readiness said 95 % (90-100 %) "if you follow the
// schedule" and "predicted recall 100 %". At 1280x800, from the store: every figure rests on
// the 3 of 12, says so, and the ranges are wide; the time tile states its cap. With
// PRECISIONLAB_GRAB_DIR set, the view is saved there as progress-12-answers.png to look at.
void TestProgressView::fewAnswersReadHonestly() {
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  for (int i = 0; i < 12; ++i) {
    quiz::Attempt a = attempt(i, i % 4 == 0);  // questions 0, 4, 8 right
    a.timeMs = now - (12 - i) * 60'000;
    QVERIFY(store_->recordAttempt(a).result().ok);
  }
  QVERIFY(store_->setExamDate(profile_, QDate::currentDate().addDays(30).toString(Qt::ISODate))
              .result()
              .ok);
  ProgressView view(bank_, store_.get());
  view.resize(1280, 800);
  view.show();
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  ReadinessPanel* panel = view.readinessPanel();
  QTRY_VERIFY_WITH_TIMEOUT(panel->report().ok && panel->report().answers == 12, 10000);
  const quiz::ReadinessReport& r = panel->report();
  QCOMPARE(r.right, 3);
  const quiz::ReadinessShare& follow = r.overall.followSchedule;
  QVERIFY2(
      follow.share >= 0.25 && follow.share <= 0.36 && follow.high - follow.low >= 0.30,
      qPrintable(QStringLiteral("%1 (%2-%3)").arg(follow.share).arg(follow.low).arg(follow.high)));
  const QString text = panel->reportLabel()->text();
  QVERIFY2(text.contains(QStringLiteral(
               "your right answers so far (3 of 12, 25 %; from so few, an estimated 29 %")),
           qPrintable(text));
  QVERIFY2(!text.contains(QStringLiteral(">95 % (")), qPrintable(text));  // the old claim
  // The tiles: the time's cap said; recall only of the 3 answered right; the weakest tile and
  // the panel name one sub-objective (or neither).
  QTRY_VERIFY(view.tile(3)->text().contains(QStringLiteral("at most 5 min each")));
  QTRY_VERIFY2(view.tile(8)->text().contains(QStringLiteral("the 3 question")),
               qPrintable(view.tile(8)->text()));
  if (!r.weakest.isEmpty()) {
    QTRY_VERIFY(view.tile(5)->text().contains(">" + r.weakest + "<"));
    QVERIFY(text.contains(QStringLiteral("<b>Weakest:</b> ") + r.weakest));
  }
  QApplication::processEvents();
  const QString grabDir = qEnvironmentVariable("PRECISIONLAB_GRAB_DIR");
  if (!grabDir.isEmpty())
    QVERIFY(view.grab().save(QDir(grabDir).filePath(QStringLiteral("progress-12-answers.png"))));
}

void TestProgressView::showsStoredAttempts() {
  for (auto [index, correct] : {std::pair{0, true}, {1, false}, {2, true}})
    QVERIFY(store_->recordAttempt(attempt(index, correct)).result().ok);
  ProgressView view(bank_, store_.get());
  view.resize(1280, 800);
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  QCOMPARE(view.profileId(), profile_);
  QCOMPARE(view.statistics().attempts, 3);
  QCOMPARE(view.statistics().correct, 2);
  QCOMPARE(view.attemptsTable()->rowCount(), 3);
  int right = 0, wrong = 0;
  for (int row = 0; row < 3; ++row) {
    const QString result = view.attemptsTable()->item(row, 3)->text();
    right += result.contains(QStringLiteral("✓"));
    wrong += result.contains(QStringLiteral("✗"));
  }
  QCOMPARE(right, 2);
  QCOMPARE(wrong, 1);
  // The question column shows the question's number in the bank and its stem's start, the full
  // id and stem in the tooltip.
  bool stemShown = false;
  for (int row = 0; row < 3; ++row) {
    const QTableWidgetItem* item = view.attemptsTable()->item(row, 1);
    if (!item->text().startsWith(QStringLiteral("001 · ") + bank_.questions[0].stem.left(30)))
      continue;
    stemShown = true;
    QVERIFY2(item->toolTip().contains(bank_.questions[0].id), qPrintable(item->toolTip()));
    QVERIFY(item->toolTip().contains(bank_.questions[0].stem));
  }
  QVERIFY(stemShown);
}

void TestProgressView::questionCellShowsNumberAndStemStart() {
  const QString stem = QStringLiteral(
      "You are fine-tuning a pre-trained BERT model from Hugging Face on a custom text "
      "classification dataset using Vertex AI Training. What should you do?");
  const QString cell = ProgressView::questionCell(QStringLiteral("pmle-scaling-012"), stem);
  QVERIFY2(cell.startsWith(QStringLiteral("012 · You are fine-tuning a pre-trained BERT")),
           qPrintable(cell));
  QVERIFY2(cell.endsWith(QStringLiteral(" …")), qPrintable(cell));
  QVERIFY2(cell.size() <= 6 + 80 + 2, qPrintable(cell));
  QVERIFY(!cell.contains(QStringLiteral("Tra …")));  // cut at a word boundary
  QCOMPARE(ProgressView::questionCell(QStringLiteral("q7"), QStringLiteral("Short stem?")),
           QStringLiteral("q7 · Short stem?"));
  QCOMPARE(ProgressView::questionCell(QStringLiteral("gone-003"), QString()),
           QStringLiteral("gone-003"));
}

void TestProgressView::chartBySubObjectiveWithFullLabels() {
  // One answer on a question of each sub-objective (3.1, 3.2, 3.3; wrong on 3.3).
  QMap<QString, int> first;
  for (int i = 0; i < bank_.questions.size(); ++i)
    if (bank_.questions[i].objectives.size() == 1 &&
        !first.contains(bank_.questions[i].objectives.first()))
      first[bank_.questions[i].objectives.first()] = i;
  QCOMPARE(first.keys(), (QStringList{"3.1", "3.2", "3.3"}));
  for (auto it = first.cbegin(); it != first.cend(); ++it)
    QVERIFY(store_->recordAttempt(attempt(it.value(), it.key() != "3.3")).result().ok);
  ProgressView view(bank_, store_.get());
  view.resize(1024, 700);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  ProgressCharts* charts = view.charts();
  QCOMPARE(charts->groupTitle(), QStringLiteral("Accuracy by sub-objective"));
  QTRY_COMPARE(charts->groupLabels().size(), 3);
  // Read top-down 3.1, 3.2, 3.3 (a horizontal bar axis lists its categories bottom-up).
  QStringList plain;
  for (const QString& label : charts->groupLabels())
    plain.prepend(QString(label).replace(QStringLiteral("<br>"), QStringLiteral(" ")));
  QCOMPARE(plain.at(0), QStringLiteral("3.1 Building models (1 answer(s))"));
  QCOMPARE(plain.at(2),
           QStringLiteral("3.3 Choosing appropriate hardware for training (1 answer(s))"));
  QVERIFY2(charts->groupLabels().first().endsWith(QStringLiteral("<br>(1 answer(s))")),
           qPrintable(charts->groupLabels().first()));
  // The long one wraps instead of ending in "…", and Qt elided none.
  for (const QString& line : charts->groupLabels().first().split(QStringLiteral("<br>")))
    QVERIFY2(line.size() <= 20, qPrintable(line));
  QVERIFY(!charts->groupLabelsElided());
  QCOMPARE(ProgressCharts::wrappedLabel(QStringLiteral("a <b> c"), 3),
           QStringLiteral("a<br>&lt;b&gt;<br>c"));
}

void TestProgressView::weakestIsByExamGuideObjective() {
  // Two objectives, three answered questions each: all wrong on those tagged "3.3" only.
  QVector<int> a, b;
  for (int i = 0; i < bank_.questions.size(); ++i) {
    const QStringList& o = bank_.questions[i].objectives;
    if (o == QStringList{QStringLiteral("3.3")} && a.size() < 3) a << i;
    if (o == QStringList{QStringLiteral("3.2")} && b.size() < 3) b << i;
  }
  QVERIFY2(a.size() == 3 && b.size() == 3, "the bank tags questions with 3.2 and 3.3");
  QVector<quiz::Attempt> attempts;
  for (int n = 0; n < 3; ++n) attempts << attempt(a[n], false) << attempt(b[n], true);
  // The tile's value and hint come from the readiness report, the one definition (issue 45:
  // the tile said 3.3 while readiness said 3.2).
  quiz::ReadinessReport report;
  report.ok = true;
  report.weakest = QStringLiteral("3.2");
  quiz::ObjectiveReadiness weak;
  weak.objective = QStringLiteral("3.2");
  weak.stopNow.share = 0.41;
  report.objectives << weak;
  const auto [value, hint] = ProgressView::weakestTile(report, true, bank_, 3);
  QCOMPARE(value, QStringLiteral("3.2"));
  QVERIFY2(hint.startsWith(QStringLiteral("41 % predicted on your exam day")), qPrintable(hint));
  QCOMPARE(ProgressView::weakestTile(report, false, bank_, 3).second.left(27),
           QStringLiteral("41 % predicted for tomorrow"));
  report.weakest.clear();  // fewer than 3 answered questions in two objectives
  QCOMPARE(ProgressView::weakestTile(report, true, bank_, 3).first, QStringLiteral("—"));
  QVERIFY(ProgressView::weakestTile(report, true, bank_, 1).second.contains("one exam-guide"));

  // On screen, from the store, at 1024 px wide.
  for (const quiz::Attempt& x : attempts) QVERIFY(store_->recordAttempt(x).result().ok);
  ProgressView view(bank_, store_.get());
  view.resize(1024, 700);
  view.show();
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  // Without an exam date the tile reads the readiness model (for tomorrow) and names what it
  // names; with a date, the tile and the readiness panel name the same sub-objective (issue 45:
  // the tile said 3.3 while readiness said 3.2). Which one is the model's to say.
  QTRY_VERIFY_WITH_TIMEOUT(
      view.readinessPanel()->standing().ok && !view.readinessPanel()->standing().weakest.isEmpty(),
      10000);
  QTRY_VERIFY2(view.tile(5)->text().contains(">" + view.readinessPanel()->standing().weakest + "<"),
               qPrintable(view.tile(5)->text()));
  QVERIFY(view.tile(5)->text().contains(QStringLiteral("objective")));
  QVERIFY(view.tile(5)->text().contains(QStringLiteral("predicted for tomorrow")));
  const int before = view.readinessPanel()->updates();
  view.readinessPanel()->dateEdit()->setDate(QDate::currentDate().addDays(20));
  view.readinessPanel()->dateEnabled()->setChecked(true);
  QTRY_VERIFY_WITH_TIMEOUT(
      view.readinessPanel()->updates() > before && view.readinessPanel()->report().ok, 10000);
  const QString weakest = view.readinessPanel()->report().weakest;
  QVERIFY(!weakest.isEmpty());
  QVERIFY(view.readinessPanel()->reportLabel()->text().contains(weakest));
  QTRY_VERIFY(view.tile(5)->text().contains(">" + weakest + "<"));
  QTRY_VERIFY(view.tile(5)->text().contains(QStringLiteral("predicted on your exam day")));
  // "Predicted recall" says what it predicts, and why it reads 100% on the day of an answer.
  QVERIFY(view.tile(8)->text().contains(QStringLiteral("day of an answer")));
  QCOMPARE(view.tileColumns(), 5);
}

void TestProgressView::refreshesWhenAnAttemptArrives() {
  ProgressView view(bank_, store_.get());
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  QCOMPARE(view.attemptsTable()->rowCount(), 0);
  const int before = view.refreshCount();
  QVERIFY(store_->recordAttempt(attempt(0, true)).result().ok);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > before && view.attemptsTable()->rowCount() == 1,
                           5000);
}

void TestProgressView::listsProfilesAndSwitches() {
  const qint64 other = store_->addProfile(QStringLiteral("Grace")).result().profile.id;
  QVERIFY(store_->recordAttempt(attempt(0, true)).result().ok);
  ProgressView view(bank_, store_.get());
  QSignalSpy changed(&view, &ProgressView::profileChanged);
  view.loadProfiles(other);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  QCOMPARE(view.findChild<QComboBox*>()->count(), 2);
  QCOMPARE(view.profileName(), QStringLiteral("Grace"));
  QCOMPARE(view.attemptsTable()->rowCount(), 0);  // Grace has none; Ada has one
  const int before = view.refreshCount();
  view.selectProfile(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > before, 5000);
  QCOMPARE(view.attemptsTable()->rowCount(), 1);
  QCOMPARE(changed.count(), 2);
  QCOMPARE(changed.last().at(0).toLongLong(), profile_);
}

void TestProgressView::exportWritesValidCsv() {
  for (int i = 0; i < 4; ++i) QVERIFY(store_->recordAttempt(attempt(i, i % 2 == 0)).result().ok);
  ProgressView view(bank_, store_.get());
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  QSignalSpy finished(&view, &ProgressView::exportFinished);
  const QString path = dir_->filePath(QStringLiteral("out/attempts.csv"));
  QDir().mkpath(dir_->filePath(QStringLiteral("out")));
  view.exportCsvTo(path);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
  QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));

  QFile file(path);
  QVERIFY(file.open(QIODevice::ReadOnly));
  bool ok = false;
  const auto records = parseCsv(QString::fromUtf8(file.readAll()), &ok);
  QVERIFY(ok);
  QCOMPARE(records.size(), 5);  // header + 4 attempts
  const int columns = int(records[0].size());
  QVERIFY(columns >= 5);
  for (const auto& r : records) QCOMPARE(int(r.size()), columns);
  const int question = int(records[0].indexOf(QStringLiteral("question")));
  QVERIFY2(question >= 0, qPrintable(records[0].join(',')));
  QStringList ids;
  for (int i = 1; i < records.size(); ++i) ids << records[i][question];
  for (int i = 0; i < 4; ++i) QVERIFY(ids.contains(bank_.questions[i].id));
}

void TestProgressView::exportToAnUnwritablePlaceFails() {
  ProgressView view(bank_, store_.get());
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  QSignalSpy finished(&view, &ProgressView::exportFinished);
  view.exportCsvTo(dir_->filePath(QStringLiteral("no/such/folder/attempts.csv")));
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
  QVERIFY(!finished.at(0).at(0).toBool());
  QVERIFY(!finished.at(0).at(1).toString().isEmpty());
}

void TestProgressView::datesAndNumbersSpeakTheAppLanguage() {
  // The locale follows the chosen language, keeping the user's own when it is of that language.
  QCOMPARE(AppLanguage::localeFor(QStringLiteral("de"), QLocale::c()).language(), QLocale::German);
  QCOMPARE(
      AppLanguage::localeFor(QStringLiteral("de"), QLocale(QStringLiteral("en_US"))).language(),
      QLocale::German);
  QCOMPARE(AppLanguage::localeFor(QStringLiteral("de"), QLocale(QStringLiteral("de_AT"))),
           QLocale(QStringLiteral("de_AT")));
  QCOMPARE(
      AppLanguage::localeFor(QStringLiteral("en"), QLocale(QStringLiteral("de_DE"))).language(),
      QLocale::English);
  QCOMPARE(AppLanguage::localeFor(QStringLiteral("en"), QLocale::c()), QLocale::c());

  // The German UI under whatever the system locale is here (LANG=C on CI): German dates.
  QVERIFY(AppLanguage::install(QStringLiteral("de")));
  QCOMPARE(QLocale().language(), QLocale::German);
  const QDateTime when(QDate(2026, 12, 2), QTime(15, 30));
  quiz::Attempt a = attempt(0, false);
  a.timeMs = when.toMSecsSinceEpoch();
  QVERIFY(store_->recordAttempt(a).result().ok);
  ProgressView view(bank_, store_.get());
  view.resize(1024, 700);
  view.show();
  view.loadProfiles(profile_);
  QTRY_VERIFY_WITH_TIMEOUT(view.refreshCount() > 0, 5000);
  QCOMPARE(view.attemptsTable()->rowCount(), 1);
  const QString shown = view.attemptsTable()->item(0, 0)->text();
  QVERIFY2(shown.startsWith(QStringLiteral("02.12.26")), qPrintable(shown));
  QVERIFY2(shown.contains(QStringLiteral("15:30")), qPrintable(shown));
  // The day axis: day first, German style (as short as English "Dec 2": "2. Dez." elided to
  // "25. N..." with ten ticks at 1024 px).
  QCOMPARE(view.charts()->dayLabel(when.date()), QStringLiteral("2.12."));
  // The tiles' figures and words are German too ("0 von 1 richtig").
  QVERIFY2(!view.tile(0)->text().contains(QStringLiteral(" of ")),
           qPrintable(view.tile(0)->text()));
}

QTEST_MAIN(TestProgressView)
#include "tst_progressview.moc"
