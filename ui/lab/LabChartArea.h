// The lab's figures and how they are laid out (LabLayout's chart mode): in tabs of two (loss and
// divergence, speed and memory, inside fp16) in the lab, and one large figure at a time on the
// presenter's slides, where the room needs the chart big and the teacher picks the figure that
// tells the option's story.
// The figures are one table (charts(), in LabChartArea.cpp): a row says what a figure draws,
// for which runs, and which tab it shares, so adding a figure is adding a row; the tabs are made
// from the rows, whatever their count. refresh() turns the UI-owned run records into chart
// points, redrawing only runs that changed.
#pragma once

#include <QColor>
#include <QHash>
#include <QList>
#include <QPair>
#include <QPointF>
#include <QSet>
#include <QString>
#include <QWidget>

#include "ui/charts/LiveChart.h"

class QLabel;
class QStackedWidget;
class QTabWidget;

namespace precisionlab {

class ChartPanel;
struct LabLayout;
class RunDataStore;
class SpeedEvidenceChart;
struct SpeedStory;
struct TrackedRun;

class LabChartArea : public QWidget {
  Q_OBJECT

 public:
  // One figure: a row of the chart table.
  struct Chart {
    QString id;    // "loss", the name the scenario table's focusChart uses
    QString page;  // the normal layout's tab it shares; rows with the same page share a tab
    QString title, shortTitle;  // shortTitle: its tab when one large figure shows at a time
    QString how;                // what it shows, under the title
    QString yTitle;
    LiveChart::YScale scale = LiveChart::YScale::Linear;
    bool yIncludesZero = false;
    QString emptyHint;
    // Which runs it draws. Measured: not emulated runs (their memory is no measurement; the
    // footer names them). MeasuredSpeed: nor live fp16 on a CPU without fp16 units, whose step
    // time converts element by element (throughput). AgainstBaseline: runs beside their source's
    // baseline, not the baseline itself. LossScaling: runs with a GradScaler.
    enum class Runs { All, Measured, MeasuredSpeed, AgainstBaseline, LossScaling };
    Runs runs = Runs::All;
    // A run's line; `baseline` is its source's baseline (never null for AgainstBaseline).
    QList<QPointF> (*line)(const TrackedRun& run, const TrackedRun* baseline) = nullptr;
    // Marks beside the line (the loss scale's skipped steps), named marksName ("%1" the run),
    // or nullptr.
    QList<QPointF> (*marks)(const TrackedRun& run) = nullptr;
    QString marksName;
  };
  // The lab's figures, in order (translated when called).
  static QList<Chart> charts();

  explicit LabChartArea(QWidget* parent = nullptr);
  // Another table (tests: a seventh figure).
  LabChartArea(const QList<Chart>& charts, QWidget* parent);

  QList<ChartPanel*> panels() const { return panels_; }
  ChartPanel* panel(const QString& metricId) const;
  // Tabs of two: which tab is shown (0 learn, 1 speed, 2 inside fp16); one large figure at a
  // time: that tab's first figure.
  void showTab(int index);
  // Shows the figure `metricId` ("loss", "throughput", ...): its tab, or one large at a time the
  // figure alone.
  void showChart(const QString& metricId);
  QString currentChart() const;
  // Tabs of two or one large figure at a time (the layout's chart mode), each figure drawn for
  // a window or a room.
  void applyLayout(const LabLayout& layout);

  // Redraws from the store: new points for runs whose revision changed, provenance footers.
  // Only figures on screen are redrawn; the others catch up when they are shown, so four runs
  // cost the UI thread two charts' work, not six.
  void refresh(const RunDataStore& store);
  void clear();
  // Draws only the runs of these scenarios (the presenter's step: the option and its fp32
  // reference); empty draws every run.
  void setScenarioFilter(const QSet<QString>& scenarioIds);
  // The shared legend's run names for the figures on screen (full names, never cut): the runs
  // that reported a step or an evaluation (a run cancelled before its first step drew nothing).
  QStringList legendNames() const;
  // Hides or shows a run's curves on every figure: a click on its legend entry does it (twelve
  // curves on one loss chart, "Run every option" with the sweep, were unreadable). Its legend
  // entry stays, hollow, so it can be shown again.
  void setRunHidden(const QString& legendName, bool hidden);

 protected:
  void showEvent(QShowEvent* event) override;
  void changeEvent(QEvent* event) override;  // a new theme: the legend's colours follow it

 public:
  // Mixed precision's speed evidence beside the throughput and memory curves (the "Is it
  // faster?" tab): live and recorded figures with published and estimated GPU figures.
  void setSpeedStory(const SpeedStory& story);
  // showChart()'s id for the speed evidence: the throughput tab in tabs of two, else its own.
  static constexpr const char* kSpeedEvidenceId = "speed-evidence";
  SpeedEvidenceChart* speedEvidence() const { return speedEvidence_; }

 private:
  void placePanels();
  void refreshPanel(int index, const RunDataStore& store);

  QList<Chart> charts_;
  QList<ChartPanel*> panels_;  // one per chart, in its order
  QList<int> pageOf_;          // per chart: its tab in pairs_
  QStackedWidget* stack_ = nullptr;
  QTabWidget* pairs_ = nullptr;    // tabs of two
  QTabWidget* singles_ = nullptr;  // one large figure per tab
  QList<QWidget*> pairPages_;
  QList<QWidget*> singlePages_;
  const RunDataStore* store_ = nullptr;  // the store last drawn from (the view owns it)
  // Per figure: run id -> store revision it last drew, and the baseline revision it used.
  QList<QHash<QString, quint64>> drawnRevisions_;
  QSet<QString> filter_;
  QSet<QString> hidden_;                                // legend names whose curves the user hid
  QList<QList<QPair<QString, QColor>>> legendEntries_;  // per figure: name and colour drawn
  QLabel* legend_ = nullptr;                            // the shared legend under the figures
  QList<quint64> drawnBaselineRevision_;
  bool oneLarge_ = false;  // the layout's chart mode: one large figure at a time
  SpeedEvidenceChart* speedEvidence_ = nullptr;  // on the throughput chart's tab
  QWidget* speedPage_ = nullptr;                 // one large at a time: its own tab, at the end
};

}  // namespace precisionlab
