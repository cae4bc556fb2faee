// Layout that holds (issue 27): every view of the app at 1024x768 and 1280x800 (and the 960x640
// window minimum) in English, and in German when PRECISIONLAB_TEST_LANG=de (CTest runs it both
// ways), is checked for clipped widgets: each visible widget lies inside every ancestor up to
// its view or scroll area, a vertically scrolling area is no wider than its viewport, a
// one-line label's text fits its width (QFontMetrics), a wrapped label is as tall as its text,
// a button is as wide as its text, a combo box's field holds each of its items' text whole, and
// a tab bar shows every tab without scrolling. Geometry,
// not pictures: a failure names the widget, its text and the pixels it lacks.
#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QGraphicsView>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolButton>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtTest>

#include "../support/TestMainWindow.h"
#include "../support/TinyTrainConfig.h"
#include "core/RunRecords.h"
#include "quiz/QuizSession.h"
#include "ui/app/AppLanguage.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/ChartPanel.h"
#include "ui/charts/LiveChart.h"
#include "ui/charts/SpeedEvidenceChart.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabChartArea.h"
#include "ui/lab/LabVerdictTable.h"
#include "ui/lab/LabVerdicts.h"
#include "ui/lab/LabView.h"
#include "ui/lab/RunToggle.h"
#include "ui/lab/ScenarioCatalog.h"
#include "ui/presenter/PresenterMode.h"
#include "ui/presenter/PresenterWalkthrough.h"
#include "ui/study/ExamNavigator.h"
#include "ui/study/ProgressView.h"
#include "ui/study/StudyController.h"
#include "ui/study/StudyView.h"

using namespace precisionlab;

namespace {

QString describe(const QWidget* w) {
  QString text;
  if (auto* l = qobject_cast<const QLabel*>(w)) text = l->text();
  if (auto* b = qobject_cast<const QAbstractButton*>(w)) text = b->text();
  text = text.simplified();
  if (text.size() > 60) text = text.left(57) + QStringLiteral("...");
  QString chain;
  for (const QWidget* p = w; p && chain.count(QLatin1Char('<')) < 3; p = p->parentWidget())
    chain += QStringLiteral(" < ") + (p->objectName().isEmpty()
                                          ? QString::fromLatin1(p->metaObject()->className())
                                          : p->objectName());
  return QStringLiteral("'%1'%2").arg(text, chain);
}

// Qt's own parts of compound widgets (scroll bars, a spin box's line edit, a combo's popup, a
// chart's graphics viewport) are Qt's to place.
bool qtInternal(const QWidget* w) {
  for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
    if (qobject_cast<const QComboBox*>(p) || qobject_cast<const QAbstractSpinBox*>(p) ||
        qobject_cast<const QTabBar*>(p) || qobject_cast<const QHeaderView*>(p))
      return true;
    if (p->inherits("QGraphicsView") || p->inherits("QAbstractItemView")) return true;
  }
  return qobject_cast<const QScrollBar*>(w) || w->inherits("QSplitterHandle") ||
         w->inherits("QFocusFrame") || w->objectName().startsWith(QLatin1String("qt_"));
}

bool isScrollViewport(const QWidget* w) {
  const QWidget* p = w ? w->parentWidget() : nullptr;
  auto* area = p ? qobject_cast<const QAbstractScrollArea*>(p) : nullptr;
  return area && area->viewport() == w;
}

// Every visible widget under `root`, checked as described at the top of the file.
QStringList clipped(QWidget* root) {
  QStringList out;
  constexpr int kSlack = 1;
  for (QWidget* w : root->findChildren<QWidget*>()) {
    if (w->isWindow() || !w->isVisibleTo(root) || qtInternal(w)) continue;
    if (w->width() <= 0 || w->height() <= 0) continue;
    // Inside each ancestor up to the view, or up to a scroll area's viewport (the content
    // scrolls; only its width must fit when it scrolls vertically only).
    QRect r = w->rect();
    for (QWidget* child = w; child != root && child->parentWidget();
         child = child->parentWidget()) {
      QWidget* parent = child->parentWidget();
      r.translate(child->pos());
      if (isScrollViewport(parent)) {
        auto* area = qobject_cast<QScrollArea*>(parent->parentWidget());
        if (area && area->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff &&
            child == area->widget() && child->width() > parent->width() + kSlack)
          out << QStringLiteral("%1: %2 px wider than its scroll area")
                     .arg(describe(child))
                     .arg(child->width() - parent->width());
        break;
      }
      const QRect inside = parent->rect().adjusted(-kSlack, -kSlack, kSlack, kSlack);
      if (!inside.contains(r)) {
        out << QStringLiteral("%1: %2x%3+%4+%5 outside %6 (%7x%8)")
                   .arg(describe(w))
                   .arg(r.width())
                   .arg(r.height())
                   .arg(r.x())
                   .arg(r.y())
                   .arg(describe(parent))
                   .arg(parent->width())
                   .arg(parent->height());
        break;
      }
      if (parent == root) break;
    }
    // Text that fits.
    if (auto* label = qobject_cast<QLabel*>(w)) {
      const QString text = label->text();
      if (text.isEmpty() || !label->pixmap().isNull()) continue;
      const QRect cr = label->contentsRect();
      const int room = cr.width() - 2 * std::max(0, label->margin()) - std::max(0, label->indent());
      if (label->wordWrap() || Qt::mightBeRichText(text)) {
        const int need = label->heightForWidth(label->width());
        if (label->wordWrap() && need > label->height() + 2)
          out << QStringLiteral("%1: text needs %2 px height, has %3")
                     .arg(describe(label))
                     .arg(need)
                     .arg(label->height());
        if (!label->wordWrap() && Qt::mightBeRichText(text)) {
          QTextDocument doc;
          doc.setDefaultFont(label->font());
          doc.setHtml(text);
          doc.setDocumentMargin(0);
          if (doc.idealWidth() > room + 2)
            out << QStringLiteral("%1: text needs %2 px, has %3")
                       .arg(describe(label))
                       .arg(int(doc.idealWidth()))
                       .arg(room);
        }
        continue;
      }
      int need = 0;
      // A buddy's "&" is drawn as an underline, not as a character.
      QString shown = text;
      if (label->buddy())
        shown.replace(QRegularExpression(QStringLiteral("&(.)")), QStringLiteral("\\1"));
      for (const QString& line : shown.split(QLatin1Char('\n')))
        need = std::max(need, label->fontMetrics().horizontalAdvance(line));
      if (need > room + kSlack)
        out << QStringLiteral("%1: text needs %2 px, has %3")
                   .arg(describe(label))
                   .arg(need)
                   .arg(room);
    } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
      if (button->text().isEmpty()) continue;
      const int need = button->sizeHint().width();
      if (need > button->width() + kSlack)
        out << QStringLiteral("%1: needs %2 px, has %3")
                   .arg(describe(button))
                   .arg(need)
                   .arg(button->width());
    } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
      // Each item's text whole in the closed box (a combo cuts what does not fit its field):
      // every one, not only the current, since choosing one shows it there.
      if (combo->isEditable()) continue;
      QStyleOptionComboBox opt;
      opt.initFrom(combo);
      opt.frame = combo->hasFrame();
      opt.iconSize = combo->iconSize();
      const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &opt,
                                                         QStyle::SC_ComboBoxEditField, combo);
      for (int i = 0; i < combo->count(); ++i) {
        const QString text = combo->itemText(i);
        int need = combo->fontMetrics().horizontalAdvance(text) + 2;  // drawn 1 px in each side
        if (!combo->itemIcon(i).isNull()) need += combo->iconSize().width() + 4;
        if (need > field.width() + kSlack)
          out << QStringLiteral("combo item '%1' of %2: needs %3 px, has %4")
                     .arg(text, describe(combo))
                     .arg(need)
                     .arg(field.width());
      }
    } else if (auto* bar = qobject_cast<QTabBar*>(w)) {
      for (int i = 0; i < bar->count(); ++i)
        if (bar->tabRect(i).right() > bar->width() + kSlack || bar->tabRect(i).left() < -kSlack)
          out << QStringLiteral("tab '%1' of %2 is cut").arg(bar->tabText(i), describe(bar));
    }
  }
  return out;
}

}  // namespace

class TestGeometry : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void viewsAreNotClipped_data();
  void viewsAreNotClipped();
  void labShowsTheRuns_data();
  void labShowsTheRuns();
  void labCardsStayInViewWhenRunsStart_data();
  void labCardsStayInViewWhenRunsStart();
  void presenterShowsTheVerdicts_data();
  void presenterShowsTheVerdicts();

 private:
  std::unique_ptr<MainWindow> makeWindow(QSize size);
  void settle(QWidget* w) {
    QCoreApplication::processEvents();
    QTest::qWait(30);
    QCoreApplication::processEvents();
    w->update();
  }
  // PRECISIONLAB_SCREENSHOTS=DIR: each checked view is also saved there as a PNG, to look at.
  void shoot(QWidget* window, const QString& name) {
    const QString dir = qEnvironmentVariable("PRECISIONLAB_SCREENSHOTS");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    window->grab().save(QDir(dir).filePath(QStringLiteral("%1-%2-%3x%4.png")
                                               .arg(name, lang_)
                                               .arg(window->width())
                                               .arg(window->height())));
  }
  QString lang_;
  QTemporaryDir dir_;
  int windows_ = 0;
};

void TestGeometry::initTestCase() {
  lang_ = qEnvironmentVariable("PRECISIONLAB_TEST_LANG", QStringLiteral("en"));
  QVERIFY2(AppLanguage::install(lang_), qPrintable(lang_));
  QVERIFY(dir_.isValid());
}

std::unique_ptr<MainWindow> TestGeometry::makeWindow(QSize size) {
  auto window = test::showTestWindow(
      dir_.filePath(QStringLiteral("progress-%1.sqlite3").arg(++windows_)), size);
  if (!window) return nullptr;
  window->setConfirm([](const QString&, const QString&) { return true; });
  if (!QTest::qWaitFor([&] { return window->studyView()->currentQuestion() != nullptr; }, 5000))
    return nullptr;
  return window;
}

void TestGeometry::viewsAreNotClipped_data() {
  QTest::addColumn<QSize>("size");
  for (const QSize size : {QSize(1024, 768), QSize(1280, 800), QSize(1920, 1080)})
    QTest::newRow(qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height()))) << size;
}

void TestGeometry::viewsAreNotClipped() {
  // One window per size walked through every view, as a learner goes: the question, its
  // feedback, the lab (settings closed and open), progress, an exam and its review.
  QFETCH(QSize, size);
  auto window = makeWindow(size);
  QVERIFY(window);
  QCOMPARE(window->size(), size);
  StudyView* study = window->studyView();
  auto* lab = window->labView();
  QStringList problems;
  auto check = [&](const QString& view, QWidget* shown) {
    settle(window.get());
    shoot(window.get(), view);
    // No view may demand more than the screen it is on.
    if (window->minimumSizeHint().width() > size.width())
      problems << QStringLiteral("%1: the window needs %2 px")
                      .arg(view)
                      .arg(window->minimumSizeHint().width());
    for (const QString& p : clipped(shown)) problems << view + QStringLiteral(": ") + p;
  };
  check(QStringLiteral("study"), study);
  study->setFocus();
  QTest::keyClick(study, Qt::Key_1);
  QTest::keyClick(study, Qt::Key_Return);
  QVERIFY(study->isGraded());
  check(QStringLiteral("study-feedback"), study);
  window->tabs()->setCurrentWidget(lab);
  check(QStringLiteral("lab"), lab);
  // An empty chart's hint lies over its plot area, clear of the axes' titles and tick labels
  // (the divergence chart's three lines ran over them at 1024x768 and 1280x800).
  int hints = 0;
  for (ChartPanel* panel : lab->findChildren<ChartPanel*>()) {
    const auto* hint = panel->findChild<QLabel*>(QStringLiteral("chartHint"));
    auto* view = panel->findChild<QChartView*>();
    if (!hint || !view || !hint->isVisibleTo(window.get())) continue;
    ++hints;
    const QRect plot = view->mapFromScene(panel->chart()->mapToScene(panel->chart()->plotArea()))
                           .boundingRect()
                           .translated(view->viewport()->pos());
    if (!plot.adjusted(-1, -1, 1, 1).contains(hint->geometry()))
      problems << QStringLiteral("lab: the hint of '%1' (%2,%3 %4x%5) leaves its plot area")
                      .arg(view->accessibleName())
                      .arg(hint->x())
                      .arg(hint->y())
                      .arg(hint->width())
                      .arg(hint->height());
  }
  QVERIFY(hints >= 2);  // the loss and the divergence chart wait for runs
  lab->showSettings(true);
  check(QStringLiteral("lab-settings"), lab);
  lab->showSettings(false);
  window->tabs()->setCurrentWidget(window->progressView());
  check(QStringLiteral("progress"), window->progressView());
  window->tabs()->setCurrentWidget(study);
  study->setMode(quiz::QuizMode::Exam);
  QTRY_VERIFY_WITH_TIMEOUT(study->controller()->session() &&
                               study->controller()->session()->mode() == quiz::QuizMode::Exam,
                           5000);
  study->setFocus();
  QTest::keyClick(study, Qt::Key_1);
  check(QStringLiteral("exam"), study);
  study->controller()->submitExam();
  QTest::keyClick(study, Qt::Key_N);  // the review re-renders as it moves
  QTest::keyClick(study, Qt::Key_P);
  QTRY_VERIFY(study->examScoreLabel()->isVisibleTo(study));
  check(QStringLiteral("exam-review"), study);
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestGeometry::labShowsTheRuns_data() {
  QTest::addColumn<QSize>("size");
  QTest::addColumn<bool>("withRuns");
  for (const QSize size : {QSize(960, 640), QSize(1024, 768), QSize(1280, 800)})
    for (const bool withRuns : {false, true})
      QTest::newRow(qPrintable(QStringLiteral("%1x%2%3")
                                   .arg(size.width())
                                   .arg(size.height())
                                   .arg(withRuns ? QStringLiteral("-cards") : QString())))
          << size << withRuns;
}

void TestGeometry::labShowsTheRuns() {
  // The runs stay usable at the 960x640 minimum and at 1024x768 and 1280x800: their rows
  // visible, not squashed to a header, also once the evidence cards above them are shown.
  QFETCH(QSize, size);
  QFETCH(bool, withRuns);
  auto window = makeWindow(size);
  QVERIFY(window);
  auto* lab = window->labView();
  window->tabs()->setCurrentWidget(lab);
  if (withRuns) {
    lab->setReplaySpeed(1e6);
    lab->replayShippedRecordings();
    QTRY_VERIFY_WITH_TIMEOUT(!lab->store().runs().empty() && !lab->anyRunActive(), 15000);
    QTRY_VERIFY(lab->findChild<EvidenceSummary*>()->cardsShown());
  }
  settle(window.get());
  QTest::qWait(50);  // the splitter re-fits on a zero timer
  settle(window.get());
  int visibleRows = 0;
  for (RunToggle* row : lab->findChildren<RunToggle*>()) {
    if (!row->isVisibleTo(lab)) continue;
    const QRect inLab(row->mapTo(lab, QPoint(0, 0)), row->size());
    // Within the scroll area's viewport as it is scrolled now.
    QWidget* viewport = row->parentWidget();
    while (viewport && !isScrollViewport(viewport)) viewport = viewport->parentWidget();
    QVERIFY(viewport);
    const QRect shownPart(viewport->mapTo(lab, QPoint(0, 0)), viewport->size());
    if (shownPart.contains(inLab)) ++visibleRows;
  }
  shoot(window.get(), withRuns ? QStringLiteral("lab-runs") : QStringLiteral("lab-start"));
  QVERIFY2(visibleRows >= 2, qPrintable(QStringLiteral("%1 rows visible").arg(visibleRows)));
  if (!withRuns)
    QVERIFY2(!lab->findChild<EvidenceSummary*>()->cardsShown(),
             "before any run the lab shows what to do, not four empty cards");
  const QStringList problems = clipped(lab);
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestGeometry::labCardsStayInViewWhenRunsStart_data() {
  QTest::addColumn<QSize>("size");
  for (const QSize size : {QSize(1024, 768), QSize(1280, 800)})
    QTest::newRow(qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height()))) << size;
}

void TestGeometry::labCardsStayInViewWhenRunsStart() {
  // "Run every option" brings the cards: each card's top line (its letter and title) stays in
  // view, and so do the first two runs' rows with their status, while the runs go and once they
  // are done (issue 38: keeping the rows in view scrolled the cards' titles out of it at
  // 1280x800 and 1024x768). A few steps each: the cards reach their final, longest texts.
  QFETCH(QSize, size);
  auto window = makeWindow(size);
  QVERIFY(window);
  auto* lab = window->labView();
  window->tabs()->setCurrentWidget(lab);
  lab->setSettings(test::tinyTrainConfig(6, 4, 16));
  settle(window.get());
  auto* summary = lab->findChild<EvidenceSummary*>();
  auto* runAll = summary->findChild<QPushButton*>(QStringLiteral("runEveryOptionButton"));
  QVERIFY(runAll && runAll->isVisible());
  auto viewportOf = [](const QWidget* w) {
    QWidget* viewport = w->parentWidget();
    while (viewport && !isScrollViewport(viewport)) viewport = viewport->parentWidget();
    return viewport;
  };
  // Whole inside the viewport of its scroll area as it is scrolled now.
  auto shown = [&](const QWidget* w) {
    QWidget* viewport = viewportOf(w);
    if (!viewport || !w->isVisibleTo(lab) || w->height() <= 0) return false;
    const QRect inViewport(w->mapTo(viewport, QPoint(0, 0)), w->size());
    return viewport->rect().adjusted(0, 0, 0, 1).contains(inViewport);
  };
  auto where = [&](const QWidget* w) {
    QWidget* viewport = viewportOf(w);
    return viewport ? QStringLiteral("at y %1 (height %2) of a %3 px viewport")
                          .arg(w->mapTo(viewport, QPoint(0, 0)).y())
                          .arg(w->height())
                          .arg(viewport->height())
                    : QStringLiteral("in no scroll area");
  };
  // What is cut: each card's title out of view, and the first two rows if they are.
  auto cut = [&] {
    QStringList out;
    if (!summary->cardsShown()) return QStringList{QStringLiteral("no cards")};
    for (QFrame* card : summary->findChildren<QFrame*>(QStringLiteral("evidenceCard"))) {
      auto* title = card->findChild<QLabel*>(QStringLiteral("evidenceCardTitle"));
      if (!title || title->text().isEmpty())
        out << QStringLiteral("a card without a title");
      else if (!shown(title))
        out << QStringLiteral("card title '%1' %2").arg(title->text(), where(title));
    }
    int rows = 0;
    for (RunToggle* row : lab->findChildren<RunToggle*>()) {
      if (!row->isVisibleTo(lab) || ++rows > 2) continue;
      if (!shown(row)) out << QStringLiteral("run row %1 %2").arg(rows).arg(where(row));
    }
    return out;
  };
  QTest::mouseClick(runAll, Qt::LeftButton);
  QVERIFY(lab->anyRunActive());
  QTRY_VERIFY2(cut().isEmpty(), qPrintable(cut().join(QLatin1Char('\n'))));
  QTRY_VERIFY_WITH_TIMEOUT(!lab->anyRunActive(), 60000);
  QTRY_VERIFY2(cut().isEmpty(), qPrintable(cut().join(QLatin1Char('\n'))));
  // And it stays so once every pending re-fit has run.
  settle(window.get());
  shoot(window.get(), QStringLiteral("lab-run-every-option"));
  QVERIFY2(cut().isEmpty(), qPrintable(cut().join(QLatin1Char('\n'))));
  // Every text whole, the rows' statuses too: the longest a run shows, a sweep of three
  // 240-step trials part way, lost its end ("running · 55/720 (3 trials").
  const QString sweepStatus =
      QCoreApplication::translate("RunState", runStateName(RunState::Running)) +
      QStringLiteral(" · 555/720") + LabVerdicts::tr(" (%n trials)", nullptr, 3);
  for (RunToggle* row : lab->findChildren<RunToggle*>()) {
    row->setStatus(sweepStatus, 555, 720, false);
    row->setPauseState(true, false);  // its pause button beside it, as while it runs
  }
  settle(window.get());
  const QStringList problems = clipped(lab);
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestGeometry::presenterShowsTheVerdicts_data() {
  // On the shipped recordings (every row filled), and live before any run has finished (the
  // teacher pressed on: rows of "not run yet" and dashes), at the classroom sizes.
  QTest::addColumn<QSize>("size");
  QTest::addColumn<bool>("recordings");
  for (const QSize size : {QSize(1024, 768), QSize(1280, 800), QSize(1920, 1080)})
    for (const bool recordings : {true, false}) {
      if (size.width() > 1280 && !recordings) continue;
      QTest::newRow(
          qPrintable(QStringLiteral("%1x%2-%3")
                         .arg(size.width())
                         .arg(size.height())
                         .arg(recordings ? QStringLiteral("recorded") : QStringLiteral("live"))))
          << size << recordings;
    }
}

void TestGeometry::presenterShowsTheVerdicts() {
  // The last step, filled from the shipped recordings: the class must see which row is which
  // run, every row of the table and each card's whole text (wrapped, the slide scrolls).
  QFETCH(QSize, size);
  QFETCH(bool, recordings);
  auto window = makeWindow(size);
  QVERIFY(window);
  auto* lab = window->labView();
  PresenterMode* presenter = window->presenter();
  presenter->setFullScreenEnabled(false);
  if (recordings) {
    presenter->setScenarioRunner([lab](const QString& id) { lab->presentScenario(id); });
    lab->setReplaySpeed(1e6);
    QCOMPARE(window->presentRecordings({}), QString());
    QTRY_VERIFY_WITH_TIMEOUT(!lab->store().runs().empty() && !lab->anyRunActive(), 15000);
  } else {
    // Live, with nothing trained (geometry, not training: the runner starts no run).
    presenter->setScenarioRunner([](const QString&) {});
    presenter->enter();
  }
  // No window chrome in front of the class: the slide is all there is.
  QVERIFY(!window->menuBar()->isVisible());
  QVERIFY(!window->tabs()->tabBar()->isVisible());
  // The step line at the bottom, at every step: the class and the teacher read where they are
  // and the keys, whole (not elided, not cut by the status bar).
  QStringList stepLines;
  auto checkStepLine = [&] {
    settle(window.get());
    QLabel* line = presenter->stepLabel();
    QStatusBar* bar = window->statusBar();
    const QString at = QStringLiteral("step %1").arg(presenter->walkthrough()->index() + 1);
    shoot(window.get(),
          QStringLiteral("presenter-step%1").arg(presenter->walkthrough()->index() + 1));
    if (!line->isVisibleTo(window.get())) {
      stepLines << at + QStringLiteral(": no step line");
      return;
    }
    const QRect inBar(line->mapTo(bar, QPoint(0, 0)), line->size());
    if (!bar->rect().contains(inBar))
      stepLines << QStringLiteral("%1: the step line %2x%3+%4+%5 is outside the %6x%7 status bar")
                       .arg(at)
                       .arg(inBar.width())
                       .arg(inBar.height())
                       .arg(inBar.x())
                       .arg(inBar.y())
                       .arg(bar->width())
                       .arg(bar->height());
    if (!line->text().contains(QString::number(presenter->walkthrough()->index() + 1)) ||
        !line->text().contains(QStringLiteral("Esc")))
      stepLines << at + QStringLiteral(": '%1' lacks the step or the keys").arg(line->text());
    for (const QString& p : clipped(bar)) stepLines << at + QStringLiteral(": ") + p;
    // A run step: the lab's rows whole within their scroll area's width (the large font once
    // made them wider than 1024 px and the runs scrolled sideways, names cut at the left).
    if (presenter->walkthrough()->current().kind != PresenterWalkthrough::StepKind::RunOption)
      return;
    for (RunToggle* row : lab->findChildren<RunToggle*>()) {
      if (!row->isVisibleTo(lab)) continue;
      QWidget* viewport = row->parentWidget();
      while (viewport && !isScrollViewport(viewport)) viewport = viewport->parentWidget();
      if (!viewport) continue;
      // Its name whole (German "Vertex AI Hyperparameter-Tuning" ran into the status column).
      for (QCheckBox* name : row->findChildren<QCheckBox*>())
        if (name->sizeHint().width() > name->width() + 1)
          stepLines << QStringLiteral("%1: run name '%2' needs %3 px, has %4")
                           .arg(at, name->text())
                           .arg(name->sizeHint().width())
                           .arg(name->width());
      // A verdict cut to the row's two lines uses both (at 16.8 pt it was cut to one: "No
      // change: fp3…").
      if (auto* verdict = row->findChild<QLabel*>(QStringLiteral("runVerdict"));
          verdict && verdict->text().contains(QStringLiteral("…")) &&
          verdict->fontMetrics().horizontalAdvance(
              QTextDocumentFragment::fromHtml(verdict->text()).toPlainText()) <= verdict->width())
        stepLines << QStringLiteral("%1: the verdict '%2' is cut to one line of two")
                         .arg(at, verdict->text());
      const QRect inViewport(row->mapTo(viewport, QPoint(0, 0)), row->size());
      if (inViewport.left() < 0 || inViewport.right() > viewport->width())
        stepLines << QStringLiteral("%1: a run row at x %2..%3 of a %4 px wide viewport")
                         .arg(at)
                         .arg(inViewport.left())
                         .arg(inViewport.right())
                         .arg(viewport->width());
      // Every row of the step whole on the slide, not scrolled (at 1024x768 the pane showed
      // two of three rows, its header half scrolled off).
      if (inViewport.top() < 0 || inViewport.bottom() > viewport->height())
        stepLines << QStringLiteral("%1: the row '%2' at y %3..%4 of a %5 px high runs pane")
                         .arg(at, row->scenarioId())
                         .arg(inViewport.top())
                         .arg(inViewport.bottom())
                         .arg(viewport->height());
      // Cut to two lines, it is two lines high (fitted in a hidden 120 px column it once kept
      // five lines' height, the rows twice as tall and the figure squeezed to 60 px).
      if (auto* verdict = row->findChild<QLabel*>(QStringLiteral("runVerdict"));
          verdict && verdict->height() > 3 * verdict->fontMetrics().lineSpacing())
        stepLines << QStringLiteral("%1: the verdict of '%2' is %3 px high, lines of %4 px")
                         .arg(at, row->scenarioId())
                         .arg(verdict->height())
                         .arg(verdict->fontMetrics().lineSpacing());
      // The verdict, the point of the slide, keeps a third of the row: the font-scaled name and
      // status columns once left it 190 of 1000 px ("so far: reference: me…").
      if (auto* verdict = row->findChild<QLabel*>(QStringLiteral("runVerdict"));
          verdict && verdict->width() < row->width() / 3)
        stepLines << QStringLiteral("%1: the verdict of '%2' has %3 of the row's %4 px")
                         .arg(at, row->scenarioId())
                         .arg(verdict->width())
                         .arg(row->width());
    }
    if (auto* runsPane = lab->findChild<QScrollArea*>(QStringLiteral("labRunsPane"));
        runsPane && runsPane->verticalScrollBar()->value() != 0)
      stepLines << QStringLiteral("%1: the runs pane is scrolled by %2 px (its header hidden)")
                       .arg(at)
                       .arg(runsPane->verticalScrollBar()->value());
    // The figure on screen large enough to read: its plot at least 120 px high (under the
    // throughput curve the speed evidence once left it 60 px, its axis labels cut to "…"), and
    // every figure's tab on the bar without scroll arrows.
    for (ChartPanel* panel : lab->findChildren<ChartPanel*>()) {
      if (!panel->isVisibleTo(window.get())) continue;
      if (panel->chart()->plotArea().height() < 120 || panel->missingHeight() > 0)
        stepLines << QStringLiteral("%1: the figure '%2' plots in %3 px (%4 px missing)")
                         .arg(at, panel->metricId())
                         .arg(panel->chart()->plotArea().height())
                         .arg(panel->missingHeight());
    }
    // The answer's step: the speed evidence on its own tab, with room for its bars.
    if (presenter->walkthrough()->current().scenarioId == ScenarioCatalog::answerId()) {
      auto* area = lab->findChild<LabChartArea*>();
      const QString shown = area->currentChart();
      area->showChart(QString::fromLatin1(LabChartArea::kSpeedEvidenceId));
      settle(window.get());
      shoot(window.get(), QStringLiteral("presenter-speed-evidence"));
      SpeedEvidenceChart* speed = area->speedEvidence();
      // A line for each bar's label (Qt Charts drops labels that would overlap: four of seven,
      // the measured bar's among them, at 1024x768 with three rows above).
      if (auto* view = speed->findChild<QGraphicsView*>();
          view && view->height() <
                      speed->barTexts().size() * (speed->fontMetrics().height() * 0.85 + 4) + 60)
        stepLines << QStringLiteral("%1: %2 speed bars in a %3 px chart")
                         .arg(at)
                         .arg(speed->barTexts().size())
                         .arg(view->height());
      if (!speed->isVisibleTo(window.get()) || speed->height() < 250)
        stepLines << QStringLiteral("%1: the speed evidence is %2 px high (shown: %3)")
                         .arg(at)
                         .arg(speed->height())
                         .arg(speed->isVisibleTo(window.get()));
      area->showChart(shown);
    }
    if (auto* figures = lab->findChild<QTabWidget*>(QStringLiteral("labPresenterCharts"));
        figures && figures->tabBar()->sizeHint().width() > figures->width())
      stepLines << QStringLiteral("%1: the figures' tabs need %2 px, have %3")
                       .arg(at)
                       .arg(figures->tabBar()->sizeHint().width())
                       .arg(figures->width());
  };
  checkStepLine();
  while (presenter->walkthrough()->next()) checkStepLine();
  QVERIFY2(stepLines.isEmpty(), qPrintable(stepLines.join(QLatin1Char('\n'))));
  settle(window.get());
  QTest::qWait(50);
  settle(window.get());
  shoot(window.get(), recordings ? QStringLiteral("presenter-verdicts")
                                 : QStringLiteral("presenter-verdicts-live"));
  LabVerdictTable* table = presenter->verdictTable();
  QVERIFY(table->isVisibleTo(window.get()));
  QVERIFY(table->rowCount() >= 4);
  // Every row inside the table's own viewport: none hidden behind its header or cut below.
  for (int row = 0; row < table->rowCount(); ++row) {
    const int top = table->rowViewportPosition(row);
    QVERIFY2(top >= 0 && top + table->rowHeight(row) <= table->viewport()->height() + 1,
             qPrintable(QStringLiteral("row %1 at %2+%3 of a %4 px viewport")
                            .arg(row)
                            .arg(top)
                            .arg(table->rowHeight(row))
                            .arg(table->viewport()->height())));
  }
  QCOMPARE(table->columnViewportPosition(LabVerdictTable::kScenario), 0);
  const QFontMetrics fm(table->font());
  // The names get a fifth of the width at least (every other column's words whole come first:
  // German's "Validierungsgenauigkeit" leaves no quarter at 1024x768), and each fits it whole
  // in at most three lines.
  QVERIFY(table->columnWidth(LabVerdictTable::kScenario) >= table->viewport()->width() / 5);
  for (int row = 0; row < table->rowCount(); ++row) {
    const QString name = table->item(row, LabVerdictTable::kScenario)->text();
    const int width = table->columnWidth(LabVerdictTable::kScenario) - 8;
    const QRect need = fm.boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, name);
    QVERIFY2(need.height() <= 3 * fm.lineSpacing() + 4,
             qPrintable(QStringLiteral("'%1' needs %2 px in a %3 px column")
                            .arg(name)
                            .arg(need.height())
                            .arg(width)));
  }
  // Each column holds its header and every word of its cells whole: Qt cuts a word wider than
  // its column ("Memor", "no evaluatio" at 1024x768).
  const QFontMetrics headerFm(table->horizontalHeader()->font());
  for (int c = 0; c < table->columnCount(); ++c) {
    const int room = table->columnWidth(c) - 6;
    const QString header = table->horizontalHeaderItem(c)->text();
    QVERIFY2(headerFm.horizontalAdvance(header) <= room,
             qPrintable(QStringLiteral("header '%1' needs %2 px, has %3")
                            .arg(header)
                            .arg(headerFm.horizontalAdvance(header))
                            .arg(room)));
    for (int row = 0; row < table->rowCount(); ++row)
      for (const QString& word :
           table->item(row, c)->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        QVERIFY2(fm.horizontalAdvance(word) <= room,
                 qPrintable(QStringLiteral("'%1' in column '%2' needs %3 px, has %4")
                                .arg(word, header)
                                .arg(fm.horizontalAdvance(word))
                                .arg(room)));
  }
  QCOMPARE(table->columnViewportPosition(table->columnCount() - 1) +
               table->columnWidth(table->columnCount() - 1),
           table->viewport()->width());
  // No card text cut: each wrapped label as tall as its text, inside its card and the slide.
  auto* summary = presenter->evidenceSummary();
  QVERIFY(summary->cardsShown());
  QWidget* slide = summary->parentWidget();
  QVERIFY(slide);
  const QStringList problems = clipped(slide);
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
  // What lies below the fold is reached with the clicker's key: Page Down scrolls the slide
  // until the table's last row is in view, and only then would the walkthrough move on (it is
  // at its last step, so it stays).
  auto* scroll = qobject_cast<QScrollArea*>(slide->parentWidget()->parentWidget());
  QVERIFY(scroll);
  QWidget* keyTarget = window->tabs()->currentWidget();
  const QRect lastRow(0, table->rowViewportPosition(table->rowCount() - 1),
                      table->viewport()->width(), table->rowHeight(table->rowCount() - 1));
  auto lastRowShown = [&] {
    const QPoint top = table->viewport()->mapTo(scroll->viewport(), lastRow.topLeft());
    return top.y() >= 0 && top.y() + lastRow.height() <= scroll->viewport()->height() + 1;
  };
  for (int presses = 0; presses < 20 && !lastRowShown(); ++presses)
    QTest::keyClick(keyTarget, Qt::Key_PageDown);
  QVERIFY2(lastRowShown(), "Page Down never brought the table's last row into view");
  settle(window.get());
  shoot(window.get(), recordings ? QStringLiteral("presenter-verdicts-end")
                                 : QStringLiteral("presenter-verdicts-live-end"));
  QCOMPARE(presenter->walkthrough()->current().kind, PresenterWalkthrough::StepKind::Verdicts);
  // Page Up goes back to the slide's top before it would go back a step.
  for (int presses = 0; presses < 20 && scroll->verticalScrollBar()->value() > 0; ++presses)
    QTest::keyClick(keyTarget, Qt::Key_PageUp);
  QCOMPARE(scroll->verticalScrollBar()->value(), 0);
  QCOMPARE(presenter->walkthrough()->current().kind, PresenterWalkthrough::StepKind::Verdicts);
  presenter->leave();
  QVERIFY(window->menuBar()->isVisible());
  QVERIFY(window->tabs()->tabBar()->isVisible());
}

QTEST_MAIN(TestGeometry)
#include "tst_geometry.moc"
