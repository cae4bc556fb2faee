// The lab's six figures and how they are laid out: in tabs of two (loss and divergence, speed
// and memory, inside fp16) normally, and one large figure at a time in presenter mode, where
// the room needs the chart big and the teacher picks the figure that tells the option's story.
// refresh() turns the UI-owned run records into chart points, redrawing only runs that changed.
#pragma once

#include <QColor>
#include <QHash>
#include <QList>
#include <QPair>
#include <QPointF>
#include <QSet>
#include <QString>
#include <QWidget>

class QLabel;
class QStackedWidget;
class QTabWidget;

namespace precisionlab {

class ChartPanel;
class RunDataStore;

class LabChartArea : public QWidget {
  Q_OBJECT

 public:
  explicit LabChartArea(QWidget* parent = nullptr);

  QList<ChartPanel*> panels() const { return panels_; }
  ChartPanel* panel(const QString& metricId) const;
  // Normal layout: which tab of two is shown (0 learn, 1 speed, 2 inside fp16).
  void showTab(int index);
  // Shows the figure `metricId` ("loss", "throughput", ...): its tab, or in presenter mode the
  // figure alone.
  void showChart(const QString& metricId);
  QString currentChart() const;
  void setPresenterMode(bool on);
  bool presenterMode() const { return presenterMode_; }

  // Redraws from the store: new points for runs whose revision changed, provenance footers.
  // Only figures on screen are redrawn; the others catch up when they are shown, so four runs
  // cost the UI thread two charts' work, not six.
  void refresh(const RunDataStore& store);
  void clear();
  // Draws only the runs of these scenarios (the presenter's step: the option and its fp32
  // reference); empty draws every run.
  void setScenarioFilter(const QSet<QString>& scenarioIds);
  // Loss curves that are not runs of the store (the preemption experiment's child processes),
  // drawn on the loss figure beside them; `scenarioId` is what the presenter's filter matches.
  struct ExtraLine {
    QString key, name;
    QColor color;
    QList<QPointF> points;
    bool dashed = false;
    QString scenarioId;
  };
  void setExtraLossLines(const QList<ExtraLine>& lines) { extraLoss_ = lines; }
  // The shared legend's run names for the figures on screen (full names, never cut).
  QStringList legendNames() const;

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void placePanels();
  void refreshPanel(int index, const RunDataStore& store);

  QList<ChartPanel*> panels_;
  QStackedWidget* stack_ = nullptr;
  QTabWidget* pairs_ = nullptr;    // normal: tabs of two
  QTabWidget* singles_ = nullptr;  // presenter: one figure per tab
  QList<QWidget*> pairPages_;
  QList<QWidget*> singlePages_;
  const RunDataStore* store_ = nullptr;  // the store last drawn from (the view owns it)
  // Per figure: run id -> store revision it last drew, and the baseline revision it used.
  QList<QHash<QString, quint64>> drawnRevisions_;
  QSet<QString> filter_;
  QList<QList<QPair<QString, QColor>>> legendEntries_;  // per figure: name and colour drawn
  QLabel* legend_ = nullptr;                            // the shared legend under the figures
  QList<quint64> drawnBaselineRevision_;
  QList<ExtraLine> extraLoss_;
  bool presenterMode_ = false;
};

}  // namespace precisionlab
