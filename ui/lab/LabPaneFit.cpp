#include "ui/lab/LabPaneFit.h"

#include <QEvent>
#include <QLayout>
#include <QRect>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

#include "ui/charts/ChartPanel.h"
#include "ui/lab/EvidenceSummary.h"
#include "ui/lab/LabChartArea.h"
#include "ui/lab/LabRunsPane.h"
#include "ui/lab/RunToggle.h"

namespace precisionlab {

namespace {

// The part of a pane's content that must be in view (content coordinates).
struct PaneNeed {
  int top = 0;
  int bottom = 0;
  int height() const { return std::max(0, bottom - top); }
};

// The smallest scroll that shows `need` in a viewport `height` high with the viewport's top at
// one of `edges` (the tops of the content's parts, so no line is cut in half), never past the
// need's top.
int scrollFor(const PaneNeed& need, int height, QList<int> edges) {
  if (need.bottom <= height) return 0;
  edges.append(need.top);
  std::sort(edges.begin(), edges.end());
  for (int edge : std::as_const(edges))
    if (edge >= need.bottom - height && edge <= need.top) return edge;
  return need.top;
}

// The cards' pane: its height and scroll.
struct CardsFit {
  int height = 0;
  int scroll = 0;
};

// The cards' pane in at most `room` px: what it shows, most needed first, is each card's title
// (its letter and option), then their headlines (the finding), then the summary's title,
// buttons and conclusion above them, then all of every card. Its bottom ends above a title or
// headline it would cut in half; what it leaves goes to the runs.
CardsFit fitCards(const EvidenceSummary& evidence, int room) {
  const int offset = evidence.y();  // the summary's top in the pane's content
  const int all = offset + evidence.height() + 2;
  QList<PaneNeed> needs;
  QList<int> edges;    // where the viewport's top may be: each part of the summary, each card
  QList<QRect> lines;  // what its bottom may not cut: each card's title and headline
  for (const QWidget* part : evidence.findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
    if (!part->isHidden()) edges.append(offset + part->y());
  if (const QList<EvidenceSummary::CardHeading> headings = evidence.cardHeadings();
      !headings.isEmpty()) {
    PaneNeed titles{all, 0}, headlines{all, 0};
    for (const EvidenceSummary::CardHeading& h : headings) {
      edges.append(offset + h.card.top());
      titles.top = std::min(titles.top, offset + h.card.top());
      titles.bottom = std::max(titles.bottom, offset + h.title.bottom() + 4);
      headlines.bottom = std::max(headlines.bottom, offset + h.headline.bottom() + 4);
      lines << h.title.translated(0, offset) << h.headline.translated(0, offset);
    }
    headlines.top = titles.top;
    headlines.bottom = std::max(headlines.bottom, titles.bottom);
    needs = {titles, headlines, {0, headlines.bottom}};
  }
  needs.append({0, all});
  CardsFit fit;
  fit.height = std::clamp(room, 0, all);
  PaneNeed shown = needs.first();
  for (const PaneNeed& need : std::as_const(needs))
    if (need.height() <= fit.height) shown = need;
  fit.scroll = scrollFor(shown, fit.height, edges);
  std::sort(lines.begin(), lines.end(),
            [](const QRect& a, const QRect& b) { return a.top() > b.top(); });
  for (const QRect& line : std::as_const(lines)) {
    const int bottom = fit.scroll + fit.height;
    if (!line.isEmpty() && line.top() < bottom && bottom < line.top() + line.height())
      fit.height = std::max(0, line.top() - fit.scroll);
  }
  return fit;
}

}  // namespace

LabPaneFit::LabPaneFit(QWidget* view, EvidenceSummary* evidence, QWidget* top, LabRunsPane* runs,
                       LabChartArea* charts)
    : QObject(view), p_{view, nullptr, nullptr, evidence, nullptr, top, runs, charts} {
  // Below the summary a stretch, so a pane taller than the summary does not stretch the cards.
  auto* cards = new QWidget(view);
  auto* cardsLayout = new QVBoxLayout(cards);
  cardsLayout->setContentsMargins(0, 0, 0, 0);
  cardsLayout->addWidget(evidence);
  cardsLayout->addStretch(1);
  p_.splitter = new QSplitter(Qt::Vertical, view);
  // The cards and the rows scroll instead of being squashed when the window is short (1024 x
  // 768: rows overlapped their own progress bars); the charts keep their minimum height. Each
  // scrolls in its own pane: in one, keeping the first rows in view scrolled the cards' titles
  // out of it once "Run every option" filled them (1280x800 and 1024x768).
  auto scrolling = [view](QWidget* content, const QString& name) {
    auto* area = new QScrollArea(view);
    area->setObjectName(name);
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return area;
  };
  p_.cardsPane = scrolling(cards, QStringLiteral("labCardsPane"));
  p_.runsPane = scrolling(top, QStringLiteral("labRunsPane"));
  p_.splitter->addWidget(p_.cardsPane);
  p_.splitter->addWidget(p_.runsPane);
  runs->followWidthOf(p_.runsPane->viewport());
  p_.splitter->addWidget(charts);
  p_.splitter->setStretchFactor(0, 0);
  p_.splitter->setStretchFactor(1, 0);
  p_.splitter->setStretchFactor(2, 1);
  p_.splitter->setChildrenCollapsible(false);
  // The learner's own scrolling of the cards is kept until the next resize or set of runs.
  connect(p_.cardsPane->verticalScrollBar(), &QScrollBar::actionTriggered, this,
          [this] { userScrolledCards_ = true; });
  // The cards appear with the first run (and wrap to more lines as verdicts come): re-fit then
  // too, not only on a resize, or they push the runs' rows below the fold (1280x800 showed the
  // runs' header only).
  p_.top->installEventFilter(this);
  p_.evidence->installEventFilter(this);
  // Until the learner drags a divider, every resize re-fits them (a narrow window's cards wrap
  // to two rows and need more height; a tall one gives the charts the rest).
  connect(p_.splitter, &QSplitter::splitterMoved, this, [this] { userSizedSplitter_ = true; });
}

void LabPaneFit::applyLayout(const LabLayout& layout) {
  rowsInView_ = layout.rowsInView;
  p_.cardsPane->setVisible(layout.cards);
}

void LabPaneFit::fitSoon() { QTimer::singleShot(0, this, &LabPaneFit::fit); }

void LabPaneFit::restart() {
  refitFromTop_ = true;
  if (!userSizedSplitter_) fitSoon();
}

bool LabPaneFit::eventFilter(QObject* watched, QEvent* event) {
  // Wrapped cards grow without changing the hint, so a new height of the top counts too; the
  // summary's height is its cards' (a stretch below it takes what its pane has left).
  if (!userSizedSplitter_ &&
      ((watched == p_.top &&
        ((event->type() == QEvent::LayoutRequest &&
          p_.top->sizeHint().height() != fittedTopHint_) ||
         (event->type() == QEvent::Resize && p_.top->height() != fittedTopHeight_))) ||
       (watched == p_.evidence && event->type() == QEvent::Resize &&
        p_.evidence->height() != fittedCardsHeight_)))
    fitSoon();
  return QObject::eventFilter(watched, event);
}

void LabPaneFit::fit() {
  const bool withCards = !p_.cardsPane->isHidden();
  const int total = p_.splitter->height() - p_.splitter->handleWidth() * (withCards ? 2 : 1);
  p_.top->layout()->activate();
  p_.cardsPane->widget()->layout()->activate();
  fittedTopHint_ = p_.top->sizeHint().height();
  fittedCardsHeight_ = p_.evidence->height();
  // The runs: the first rows stay on screen (their status says the runs go), then all. The lab
  // keeps two; the presenter's slide shows only the step's rows (at most three): all of them.
  const QList<RunToggle*> rows = p_.runs->shownRows(rowsInView_);
  const int runsAll = fittedTopHint_ + 2;
  const int rowsBottom =
      rows.isEmpty() ? 0 : rows.last()->mapTo(p_.top, QPoint(0, 0)).y() + rows.last()->height() + 4;
  const int cardsAll = withCards ? p_.evidence->y() + p_.evidence->height() + 2 : 0;
  // What the panes get together: all they hold when it fits beside the charts' minimum, else
  // what is left, and at least a third.
  const int chartMin = p_.charts->minimumSizeHint().height();
  const int panes = std::max(std::min(runsAll + cardsAll, total - chartMin), total / 3);
  CardsFit cards;
  auto share = [&](int room) {
    // The first two rows, then the cards (the lesson) as far as they go, then the other rows.
    const int runs = std::min({rowsBottom, runsAll, room});
    cards = withCards ? fitCards(*p_.evidence, std::min(cardsAll, room - runs)) : CardsFit{};
    p_.splitter->setSizes({cards.height, room - cards.height, std::max(0, total - room)});
  };
  share(panes);
  // The charts' minimum hint misses their wrapped texts: give back what a chart still lacks.
  int missing = 0;
  for (const ChartPanel* panel : p_.charts->panels())
    if (panel->isVisibleTo(p_.view)) missing = std::max(missing, panel->missingHeight());
  if (missing > 0) share(std::max(total / 4, panes - missing));
  fittedTopHeight_ = p_.top->height();
  // After a resize the fit starts from the top again: the cards scrolled only as far as their
  // titles need, the runs as far as their first two rows need (a small window's scroll kept at
  // a larger size hid every card).
  const bool fromTop = std::exchange(refitFromTop_, false);
  if (fromTop) userScrolledCards_ = false;
  if (withCards && !userScrolledCards_) p_.cardsPane->verticalScrollBar()->setValue(cards.scroll);
  if (rows.isEmpty()) return;
  if (fromTop) p_.runsPane->verticalScrollBar()->setValue(0);
  const int shownBottom =
      p_.runsPane->verticalScrollBar()->value() + p_.runsPane->viewport()->height();
  if (rowsBottom > shownBottom) {
    p_.runsPane->ensureWidgetVisible(rows.last(), 0, 4);
    p_.runsPane->ensureWidgetVisible(rows.first(), 0, 4);
  }
}

}  // namespace precisionlab
