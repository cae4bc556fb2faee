// The lab's panes and how they share its height: a vertical splitter holds the evidence cards'
// pane, the runs' pane (settings line, rows, notice) and the charts. Until the learner drags a
// divider, a resize, the view being shown, new cards or rows that wrap re-fit them: the first rows
// (every row of a presenter's step), then the cards' titles and headlines as far as they go, then
// the other rows, and the charts get the rest (at least their minimum and what their wrapped texts
// need). Each pane scrolls on its own so neither hides the other. Sized by hand: a splitter's
// stretch factors share height in fixed ratios, not by what each pane's parts need first.
#pragma once

#include <QObject>

#include "ui/lab/LabLayout.h"

class QEvent;
class QScrollArea;
class QSplitter;
class QWidget;

namespace precisionlab {

class EvidenceSummary;
class LabChartArea;
class LabRunsPane;

class LabPaneFit : public QObject {
  Q_OBJECT

 public:
  // Puts the panes in a vertical splitter under `view` (which lays the splitter out): the
  // evidence summary and `top` (the settings line, the runs, the notice) each in a scroll area,
  // then the charts.
  LabPaneFit(QWidget* view, EvidenceSummary* evidence, QWidget* top, LabRunsPane* runs,
             LabChartArea* charts);

  QSplitter* splitter() const { return p_.splitter; }
  QScrollArea* runsPane() const { return p_.runsPane; }

  // The layout's rows to keep in view, and whether the cards' pane shows.
  void applyLayout(const LabLayout& layout);
  // Shares the height now / once the current event is done (layouts settle first).
  void fit();
  void fitSoon();
  // The view was resized or shown: the next fit starts from the top again, and comes soon
  // unless the learner sized the panes.
  void restart();
  // New cards come: their titles come into view again even if the learner scrolled them.
  void cardsRenewed() { userScrolledCards_ = false; }

 private:
  bool eventFilter(QObject* watched, QEvent* event) override;

  struct Panes {
    QWidget* view;  // the lab view: a chart counts when it is visible in it
    QSplitter* splitter;
    QScrollArea* cardsPane;  // scrolls the evidence summary
    EvidenceSummary* evidence;
    QScrollArea* runsPane;  // scrolls `top`
    QWidget* top;
    LabRunsPane* runs;
    LabChartArea* charts;
  };
  Panes p_;
  int rowsInView_ = LabLayout::lab().rowsInView;
  int fittedTopHint_ = -1;          // top's height hint when the splitter was last fitted
  int fittedTopHeight_ = -1;        // and its height then
  int fittedCardsHeight_ = -1;      // the evidence summary's height then
  bool userScrolledCards_ = false;  // the learner scrolled the cards: the fit leaves them there
  bool userSizedSplitter_ = false;  // the learner dragged the divider: keep their sizes
  bool refitFromTop_ = false;       // resized since the last fit: scroll the cards back to the top
};

}  // namespace precisionlab
