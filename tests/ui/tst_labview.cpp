// LabView driven like a learner would: ticking a scenario starts a real (tiny) run whose points
// reach the charts, unticking cancels it while other runs carry on, clearing forgets the
// curves. Runs use a tiny BERT, short sequences and 2 threads so the file stays well under 60 s.
#include <QtTest>

#include <QCheckBox>
#include <QSignalSpy>

#include "ui/ChartPanel.h"
#include "ui/LabView.h"
#include "ui/LiveChart.h"
#include "ui/RunDataStore.h"
#include "ui/RunToggle.h"

using namespace precisionlab;

namespace {
constexpr int kTimeoutMs = 90000;  // generous: CI machines may be loaded

const TrackedRun* firstRunOf(const LabView& view, const QString& scenario) {
  const auto runs = view.store().runsOf(scenario);
  return runs.isEmpty() ? nullptr : runs.front();
}

// Clicks the check box's indicator, where a user clicks (its centre can be empty space).
void clickToggle(RunToggle* row) {
  QCheckBox* box = row->checkBox();
  QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
}

ChartPanel* chart(const LabView& view, const QString& metric) {
  for (ChartPanel* p : view.chartPanels())
    if (p->metricId() == metric) return p;
  return nullptr;
}
}  // namespace

class TestLabView : public QObject {
  Q_OBJECT

 private slots:
  void init();
  void cleanup();
  void hasARowPerScenarioAndSixCharts();
  void toggleStartsRunAndChartsReceivePoints();
  void untickCancelsOnlyThatScenario();
  void runScenarioHighlightsAndRejectsUnknownIds();
  void clearRunsForgetsCurves();
  void settingsRoundTrip();

 private:
  TrainConfig tinyConfig(int64_t steps) const;
  LabView* view_ = nullptr;
};

TrainConfig TestLabView::tinyConfig(int64_t steps) const {
  TrainConfig c = view_->settings();
  c.preset = "tiny";
  c.steps = steps;
  c.batchSize = 4;
  c.seqLen = 32;
  c.evalEvery = 0;
  c.threads = 2;
  return c;
}

void TestLabView::init() {
  view_ = new LabView;
  view_->resize(1280, 800);
  view_->show();
  QVERIFY(QTest::qWaitForWindowExposed(view_));
}

void TestLabView::cleanup() {
  delete view_;  // cancels and joins whatever still runs
  view_ = nullptr;
}

void TestLabView::hasARowPerScenarioAndSixCharts() {
  for (const char* id : {"baseline-fp32", "half-layers", "tensorflow-container",
                         "vertex-hp-tuning", "fp16-amp", "bf16-amp", "fp16-no-scaler"})
    QVERIFY2(view_->toggle(QLatin1String(id)), id);
  QCOMPARE(view_->chartPanels().size(), 6);
  for (ChartPanel* p : view_->chartPanels()) QVERIFY(p->chart()->isEmpty());
}

void TestLabView::toggleStartsRunAndChartsReceivePoints() {
  view_->setSettings(tinyConfig(8));
  RunToggle* row = view_->toggle(QStringLiteral("baseline-fp32"));
  QSignalSpy updates(view_, &LabView::runsUpdated);
  clickToggle(row);
  QVERIFY(row->isOn());
  QVERIFY(view_->anyRunActive());

  ChartPanel* loss = chart(*view_, QStringLiteral("loss"));
  QTRY_VERIFY_WITH_TIMEOUT(loss->chart()->drawnPointCount() > 0, kTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(!view_->anyRunActive(), kTimeoutMs);
  QVERIFY(updates.count() >= 1);

  const TrackedRun* run = firstRunOf(*view_, QStringLiteral("baseline-fp32"));
  QVERIFY(run);
  QVERIFY2(run->state == RunState::Finished, qPrintable(run->message));
  QCOMPARE(run->steps.size(), size_t(8));
  QCOMPARE(loss->chart()->drawnPointCount(), 8);
  QCOMPARE(chart(*view_, QStringLiteral("throughput"))->chart()->drawnPointCount(), 8);
  QVERIFY(!row->isOn());  // a finished run's toggle is off again
  QVERIFY2(row->statusText().contains(QStringLiteral("8/8")), qPrintable(row->statusText()));
  QVERIFY(run->provenanceKnown);
  QVERIFY(row->provenanceText().startsWith(QStringLiteral("live on")));
  // Every figure names where its numbers come from.
  QVERIFY(loss->footer().contains(QStringLiteral("live on")));
}

void TestLabView::untickCancelsOnlyThatScenario() {
  view_->setSettings(tinyConfig(100000));
  // Starting D also starts the fp32 baseline it is compared with.
  view_->runScenario(QStringLiteral("fp16-amp"));
  RunToggle* d = view_->toggle(QStringLiteral("fp16-amp"));
  RunToggle* baseline = view_->toggle(QStringLiteral("baseline-fp32"));
  QVERIFY(d->isOn());
  QVERIFY(baseline->isOn());
  QTRY_VERIFY_WITH_TIMEOUT(firstRunOf(*view_, QStringLiteral("fp16-amp"))->steps.size() >= 2,
                           kTimeoutMs);

  clickToggle(d);
  QVERIFY(!d->isOn());
  QTRY_COMPARE_WITH_TIMEOUT(firstRunOf(*view_, QStringLiteral("fp16-amp"))->state,
                            RunState::Cancelled, kTimeoutMs);
  const size_t stepsAtCancel = firstRunOf(*view_, QStringLiteral("fp16-amp"))->steps.size();
  // The baseline keeps training after D is cancelled.
  const size_t baselineSteps = firstRunOf(*view_, QStringLiteral("baseline-fp32"))->steps.size();
  QTRY_VERIFY_WITH_TIMEOUT(
      firstRunOf(*view_, QStringLiteral("baseline-fp32"))->steps.size() > baselineSteps + 1,
      kTimeoutMs);
  QCOMPARE(firstRunOf(*view_, QStringLiteral("fp16-amp"))->steps.size(), stepsAtCancel);
  QVERIFY(baseline->isOn());
  // D's curve stays on the loss chart after cancelling (two runs drawn).
  QCOMPARE(chart(*view_, QStringLiteral("loss"))->chart()->seriesCount(), 2);

  view_->stopAll();
  QTRY_VERIFY_WITH_TIMEOUT(!view_->anyRunActive(), kTimeoutMs);
  QVERIFY(!baseline->isOn());
}

void TestLabView::runScenarioHighlightsAndRejectsUnknownIds() {
  QSignalSpy messages(view_, &LabView::statusMessage);
  view_->runScenario(QStringLiteral("no-such-scenario"));
  QCOMPARE(messages.count(), 1);
  QVERIFY(!view_->anyRunActive());

  view_->setSettings(tinyConfig(100000));
  view_->runScenario(QStringLiteral("baseline-fp32"));
  const RunId first = firstRunOf(*view_, QStringLiteral("baseline-fp32"))->id;
  // Asking again while it runs shows it instead of starting a second copy.
  view_->runScenario(QStringLiteral("baseline-fp32"));
  QCOMPARE(view_->store().runsOf(QStringLiteral("baseline-fp32")).size(), 1);
  QCOMPARE(firstRunOf(*view_, QStringLiteral("baseline-fp32"))->id, first);
  view_->stopAll();
  QTRY_VERIFY_WITH_TIMEOUT(!view_->anyRunActive(), kTimeoutMs);
}

void TestLabView::clearRunsForgetsCurves() {
  view_->setSettings(tinyConfig(100000));
  view_->runScenario(QStringLiteral("baseline-fp32"));
  ChartPanel* loss = chart(*view_, QStringLiteral("loss"));
  QTRY_VERIFY_WITH_TIMEOUT(loss->chart()->drawnPointCount() > 0, kTimeoutMs);
  view_->clearRuns();
  QVERIFY(view_->store().runs().empty());
  QCOMPARE(loss->chart()->seriesCount(), 0);
  QVERIFY(!view_->toggle(QStringLiteral("baseline-fp32"))->isOn());
  // Late updates of the cancelled run must not bring it back.
  QTest::qWait(300);
  QVERIFY(view_->store().runs().empty());
}

void TestLabView::settingsRoundTrip() {
  TrainConfig c = tinyConfig(123);
  c.learningRate = 2e-4;
  c.dataPath = "/tmp/reviews.csv";
  c.device = "cuda:1";
  view_->setSettings(c);
  const TrainConfig back = view_->settings();
  QCOMPARE(back.steps, int64_t(123));
  QCOMPARE(back.batchSize, int64_t(4));
  QCOMPARE(back.seqLen, int64_t(32));
  QCOMPARE(back.learningRate, 2e-4);
  QCOMPARE(back.dataPath, std::string("/tmp/reviews.csv"));
  QCOMPARE(back.device, std::string("cuda:1"));
  QCOMPARE(back.threads, 2);  // fields without a control ride along
}

QTEST_MAIN(TestLabView)
#include "tst_labview.moc"
