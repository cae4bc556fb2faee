#include "ui/base/SlideScroll.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <algorithm>

namespace precisionlab {

namespace {

// Pixels of the slide's content (its innermost visible widgets: texts, buttons) below the
// viewport; what a scroll area's range adds beyond them is margin.
int hiddenBelow(QAbstractScrollArea* area) {
  QScrollBar* bar = area->verticalScrollBar();
  auto* scroll = qobject_cast<QScrollArea*>(area);
  QWidget* content = scroll ? scroll->widget() : nullptr;
  if (!content) return bar->maximum() - bar->value();
  int bottom = 0;
  for (QWidget* w : content->findChildren<QWidget*>()) {
    if (!w->isVisibleTo(content)) continue;
    const bool leaf = std::none_of(w->children().begin(), w->children().end(), [](QObject* o) {
      auto* child = qobject_cast<QWidget*>(o);
      return child && !child->isHidden();
    });
    if (leaf) bottom = std::max(bottom, w->mapTo(content, QPoint(0, w->height())).y());
  }
  return bottom - (bar->value() + area->viewport()->height());
}

}  // namespace

bool SlideScroll::page(QAbstractScrollArea* area, int direction, int top) {
  if (!area || !area->isVisible()) return false;
  // The slide as it will be drawn: a step just shown still has its layout pending, and its
  // scroll range was the previous step's (Space on a question that fits scrolled it first).
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  QScrollBar* bar = area->verticalScrollBar();
  top = std::clamp(top, bar->minimum(), bar->maximum());
  const int page = std::max(40, area->viewport()->height() - 3 * area->fontMetrics().lineSpacing());
  const int before = bar->value();
  // Below the screen only the slide's margins (its last text already shown): nothing for the
  // class to see, so the key moves on (the answer's slide at 1280x800 scrolled its last
  // 50 px of margin first).
  const int slack = area->fontMetrics().lineSpacing() / 2;
  const int hidden = hiddenBelow(area);
  if (direction > 0) {
    if (before >= bar->maximum() || hidden <= slack) return false;
    // A page, or the end when no more than the margin would be left after it.
    const int target = before + page;
    bar->setValue(hidden - page <= slack ? bar->maximum() : target);
  } else {
    if (before <= top) return false;
    bar->setValue(std::max(top, before - page));
  }
  return bar->value() != before;
}

}  // namespace precisionlab
