#include "ui/ScreenshotTour.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QTemporaryDir>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QThread>

#include "quiz/Question.h"
#include "ui/OptionCard.h"
#include "ui/PresenterMode.h"
#include "ui/PresenterWalkthrough.h"
#include "ui/ProgressView.h"
#include "ui/StudyController.h"
#include "ui/StudyView.h"

#if PRECISIONLAB_HAVE_LABVIEW
#include "ui/LabView.h"
#include "ui/RunDataStore.h"
#endif

namespace precisionlab {

namespace {

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
  const QList<QSize> sizes = {QSize(1280, 800), QSize(1920, 1080)};
  for (const QSize& size : sizes) {
    // Each size gets its own fresh database, so both start on the seed question.
    MainWindow::Options options = options_;
    QTemporaryDir tmp;
    options.databasePath = tmp.filePath(QStringLiteral("progress.sqlite3"));
    MainWindow window(options);
    window.setTheme(ThemeKind::Light);
    window.resize(size);
    window.show();
    if (!waitFor([&] { return window.storeOpened() && window.progressView()->profileId() > 0; }))
      return {};
    settle();
    const QString suffix = QStringLiteral("-%1x%2.png").arg(size.width()).arg(size.height());
    const bool large = size.width() > 1280;
    // The large size only for what the README and the guide show big.
    const QStringList mainViews = {QStringLiteral("study-question"), QStringLiteral("study-feedback"),
                                   QStringLiteral("lab"), QStringLiteral("progress"),
                                   QStringLiteral("presenter-question"), QStringLiteral("presenter-lab"),
                                   QStringLiteral("presenter-verdicts")};
    auto shoot = [&](const QString& name) {
      if (large && !mainViews.contains(name)) return;
      settle();
      const QString path = QDir(dir).filePath(name + suffix);
      // Quality 0 is PNG's strongest compression (lossless either way).
      if (window.grab().toImage().save(path, "PNG", 0)) written << path;
    };
    StudyView* study = window.studyView();
    window.tabs()->setCurrentWidget(study);
    shoot(QStringLiteral("study-question"));

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
    shoot(QStringLiteral("study-selected"));
    study->submit();
    waitFor([&] { return study->controller()->recordedCount() > 0; });
    shoot(QStringLiteral("study-feedback"));
    if (auto* scroll = study->findChild<QScrollArea*>()) {
      scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum() / 2);
      shoot(QStringLiteral("study-breakdown"));
      scroll->verticalScrollBar()->setValue(0);
    }

#if PRECISIONLAB_HAVE_LABVIEW
    // The lab after the learner ran options A to D to the end with the default settings (live
    // here, a few minutes on 2 cores): full curves and final verdicts.
    auto* lab = static_cast<LabView*>(window.labView());
    window.tabs()->setCurrentWidget(lab);
    for (const char* id : {"half-layers", "tensorflow-container", "vertex-hp-tuning", "fp16-amp"})
      lab->runScenario(QLatin1String(id));
    waitFor([&] { return !lab->anyRunActive(); }, 15 * 60 * 1000);
    lab->presentScenario(QStringLiteral("fp16-amp"));
    shoot(QStringLiteral("lab"));
    lab->showChartTab(1);
    shoot(QStringLiteral("lab-speed"));
    lab->showChartTab(2);
    shoot(QStringLiteral("lab-inside-fp16"));
    lab->showChartTab(0);
#else
    window.tabs()->setCurrentWidget(window.labView());
    shoot(QStringLiteral("lab"));
#endif

    window.tabs()->setCurrentWidget(window.progressView());
    waitFor([&] { return window.progressView()->statistics().attempts > 0; });
    shoot(QStringLiteral("progress"));

    window.setTheme(ThemeKind::Dark);
    window.tabs()->setCurrentWidget(study);
    shoot(QStringLiteral("study-dark"));
    window.tabs()->setCurrentWidget(window.progressView());
    shoot(QStringLiteral("progress-dark"));
    window.setTheme(ThemeKind::Light);

    PresenterMode* presenter = window.presenter();
    presenter->setFullScreenEnabled(false);
    presenter->enter();
    shoot(QStringLiteral("presenter-question"));
    presenter->next();
    presenter->next();
    shoot(QStringLiteral("presenter-breakdown"));
    // Each option's step shows its replayed run; the half-precision one (the tempting wrong
    // answer, where the loss turns NaN) is the picture of the lab in front of a class.
    bool shotLab = false;
    while (presenter->walkthrough()->current().kind != PresenterWalkthrough::StepKind::Verdicts) {
      presenter->next();
      const auto& step = presenter->walkthrough()->current();
      if (step.kind == PresenterWalkthrough::StepKind::RunOption &&
          step.scenarioId == QLatin1String("half-layers")) {
        shoot(QStringLiteral("presenter-lab"));
        shotLab = true;
      }
      if (presenter->walkthrough()->atEnd()) break;
    }
    if (!shotLab) {
      presenter->back();
      shoot(QStringLiteral("presenter-lab"));
      presenter->next();
    }
    shoot(QStringLiteral("presenter-verdicts"));
    presenter->leave();
    study->setMode(quiz::QuizMode::Exam);
    study->choose(1);
    study->toggleFlag();
    study->nextQuestion();
    window.tabs()->setCurrentWidget(study);
    shoot(QStringLiteral("study-exam"));
    study->setMode(quiz::QuizMode::Practice);
    waitFor([&] { return study->currentQuestion() != nullptr; });

#if PRECISIONLAB_HAVE_LABVIEW
    // The shipped recordings replayed (labelled "recorded on DEVICE, DATE" everywhere).
    if (!large) {
      lab->clearRuns();
      lab->setReplaySpeed(1e6);
      lab->replayShippedRecordings();
      waitFor([&] { return !lab->store().runs().empty() && !lab->anyRunActive(); }, 15000);
      lab->setReplaySpeed(4);
      lab->presentScenario(QStringLiteral("half-layers"));
      window.tabs()->setCurrentWidget(lab);
      shoot(QStringLiteral("lab-recorded"));
    }
#endif

#if PRECISIONLAB_HAVE_LABVIEW
    // Stop whatever the walkthrough started before the window goes.
    static_cast<LabView*>(window.labView())->stopAll();
#endif
    window.close();
  }
  return written;
}

}  // namespace precisionlab
