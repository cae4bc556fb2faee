#include "ui/app/ScreenshotTour.h"

#include <QApplication>
#include <QBuffer>
#include <QDeadlineTimer>
#include <QDialog>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>

#include "core/ScenarioIds.h"
#include "quiz/OutputFile.h"
#include "quiz/Question.h"
#include "ui/presenter/PresenterMode.h"
#include "ui/presenter/PresenterWalkthrough.h"
#include "ui/study/BreakdownPanel.h"
#include "ui/study/OptionCard.h"
#include "ui/study/ProgressView.h"
#include "ui/study/StudyController.h"
#include "ui/study/StudyView.h"

#include "ui/lab/LabView.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {

// Through the one output writer: whole or absent, never into a device or FIFO at the path.
// Quality 0 is PNG's strongest compression (lossless either way).
bool savePng(const QImage& image, const QString& path) {
  QBuffer png;
  png.open(QIODevice::WriteOnly);
  return image.save(&png, "PNG", 0) && quiz::writeOutputFile(path, png.data()).isEmpty();
}

// Lets queued store replies and layouts settle (the store answers on its own thread).
void settle(int ms = 150) {
  QDeadlineTimer deadline(ms);
  while (!deadline.hasExpired()) {
    QApplication::processEvents(QEventLoop::AllEvents, 20);
    QThread::msleep(5);
  }
}

template <typename Pred>
bool waitFor(Pred pred, int ms = 5000) {
  QDeadlineTimer deadline(ms);
  while (!pred() && !deadline.hasExpired()) {
    QApplication::processEvents(QEventLoop::AllEvents, 20);
    QThread::msleep(5);
  }
  return pred();
}

}  // namespace

QStringList ScreenshotTour::run(const QString& dir) {
  QDir().mkpath(dir);
  QStringList written;
  // One window walked through as a newcomer would, re-shot at each size where the layout
  // matters: the lab trains once (live), and every size shows the same runs.
  const QSize small(1024, 768), medium(1280, 800), large(1920, 1080);
  MainWindow::Options options = options_;
  QTemporaryDir tmp;
  options.databasePath = tmp.filePath(QStringLiteral("progress.sqlite3"));
  MainWindow window(options);
  window.setTheme(ThemeKind::Light);
  window.resize(medium);
  window.show();
  if (!waitFor([&] { return window.storeOpened() && window.progressView()->profileId() > 0; }))
    return {};
  settle();
  auto shoot = [&](const QString& name) {
    settle();
    const QString path = QDir(dir).filePath(
        QStringLiteral("%1-%2x%3.png").arg(name).arg(window.width()).arg(window.height()));
    if (savePng(window.grab().toImage(), path)) written << path;
  };
  auto atSizes = [&](const QString& name, const QList<QSize>& sizes) {
    const QSize before = window.size();
    for (const QSize& size : sizes) {
      window.resize(size);
      settle(300);
      shoot(name);
    }
    window.resize(before);
    settle(300);
  };
  StudyView* study = window.studyView();
  window.tabs()->setCurrentWidget(study);
  atSizes(QStringLiteral("study-question"), {small, medium, large});

  // Answer the seed question with the tempting wrong option (half-precision layers) at the
  // "sure" level, the way many learners do, to show the breakdown.
  const QStringList order = study->currentDisplayOrder();
  int wrong = 0;
  for (int i = 0; i < order.size(); ++i)
    if (const auto* o = study->currentQuestion()->option(order[i]); o && !o->correct) {
      wrong = i;
      break;
    }
  study->choose(wrong);
  study->submit();
  waitFor([&] { return study->controller()->recordedCount() > 0; });
  atSizes(QStringLiteral("study-feedback"), {small, medium, large});
  if (auto* scroll = study->findChild<QScrollArea*>()) {
    scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum() / 2);
    shoot(QStringLiteral("study-breakdown"));
  }

  // "Run in the lab" from the breakdown, as a learner clicks it, then "Run every option" and
  // the evidence summary once the runs are done (live, the lab's default settings).
  auto* lab = window.labView();
  QList<QPushButton*> runButtons;
  for (auto* b : study->breakdown()->findChildren<QPushButton*>(QStringLiteral("runInLab")))
    runButtons << b;
  if (!runButtons.isEmpty()) runButtons.value(wrong, runButtons.first())->click();
  settle(500);
  shoot(QStringLiteral("lab-from-breakdown"));
  // Timed as a user waits for it: from the press to the last run's end (bench/lesson.sh times
  // the CLI's lab the same way).
  QElapsedTimer runAll;
  runAll.start();
  lab->runEveryOption();
  waitFor([&] { return !lab->anyRunActive(); }, 30 * 60 * 1000);
  qInfo(
      "screenshot tour: \"Run every option\" on the default lab took %.0f s wall (%d runs, %d "
      "cores)",
      runAll.elapsed() / 1000.0, int(lab->store().runs().size()), QThread::idealThreadCount());
  lab->presentScenario(ScenarioCatalog::answerId());
  atSizes(QStringLiteral("lab"), {small, medium, large});
  lab->showChartTab(1);
  atSizes(QStringLiteral("lab-speed"), {small, medium});
  lab->showChartTab(2);
  shoot(QStringLiteral("lab-inside-fp16"));
  lab->showChartTab(0);
  window.openGpuEstimate();
  settle(300);
  if (auto* dialog = window.findChild<QDialog*>(QStringLiteral("gpuEstimateDialog"))) {
    const QString path = QDir(dir).filePath(QStringLiteral("gpu-estimate.png"));
    if (savePng(dialog->grab().toImage(), path)) written << path;
    dialog->close();
  }

  window.tabs()->setCurrentWidget(window.progressView());
  waitFor([&] { return window.progressView()->statistics().attempts > 0; });
  atSizes(QStringLiteral("progress"), {small, medium});

  window.setTheme(ThemeKind::Dark);
  window.tabs()->setCurrentWidget(study);
  shoot(QStringLiteral("study-dark"));
  window.setTheme(ThemeKind::Light);

  // Presenter mode: a clean lab, each option run as its step comes, then the evidence.
  PresenterMode* presenter = window.presenter();
  presenter->setFullScreenEnabled(false);
  window.resize(large);
  presenter->enter();
  shoot(QStringLiteral("presenter-question"));
  presenter->next();
  presenter->next();
  shoot(QStringLiteral("presenter-breakdown"));
  // The option whose failure shows within steps (its run, its card in the replayed lab).
  const QString kHalfLayers = QString::fromStdString(std::string(scenario::kHalfLayers));
  while (presenter->walkthrough()->current().kind != PresenterWalkthrough::StepKind::Verdicts) {
    presenter->next();
    [[maybe_unused]] const auto& step = presenter->walkthrough()->current();
    // The steps' runs train side by side; the half-precision one shows its NaN within steps.
    if (step.kind == PresenterWalkthrough::StepKind::RunOption && step.scenarioId == kHalfLayers) {
      waitFor(
          [&] {
            const auto runs = lab->store().runsOf(kHalfLayers);
            return !runs.isEmpty() && runs.front()->stepsDone() >= 20;
          },
          5 * 60 * 1000);
      shoot(QStringLiteral("presenter-lab"));
    }
    if (presenter->walkthrough()->atEnd()) break;
  }
  waitFor([&] { return !lab->anyRunActive(); }, 30 * 60 * 1000);
  presenter->refreshVerdicts();
  atSizes(QStringLiteral("presenter-verdicts"), {medium, large});
  presenter->leave();
  window.resize(medium);

  // An exam, submitted, then reviewed: the second question with its answer and breakdown.
  window.tabs()->setCurrentWidget(study);
  study->setMode(quiz::QuizMode::Exam);
  study->choose(1);
  study->toggleFlag();
  study->nextQuestion();
  study->choose(0);
  shoot(QStringLiteral("study-exam"));
  study->controller()->submitExam();
  study->nextQuestion();  // review: question 2
  atSizes(QStringLiteral("study-exam-review"), {small, medium});
  study->setMode(quiz::QuizMode::Practice);

  // The shipped recordings replayed (labelled "recorded on DEVICE, DATE" everywhere).
  lab->clearRuns();
  lab->setReplaySpeed(1e6);
  lab->replayShippedRecordings();
  waitFor([&] { return !lab->store().runs().empty() && !lab->anyRunActive(); }, 15000);
  lab->setReplaySpeed(4);
  lab->presentScenario(kHalfLayers);
  window.tabs()->setCurrentWidget(lab);
  shoot(QStringLiteral("lab-recorded"));
  lab->stopAll();
  window.setConfirm([](const QString&, const QString&) { return true; });
  window.close();
  return written;
}

}  // namespace precisionlab
