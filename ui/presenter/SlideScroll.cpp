#include "ui/presenter/SlideScroll.h"

#include <QAbstractScrollArea>
#include <QScrollBar>
#include <algorithm>

namespace precisionlab {

bool SlideScroll::page(QAbstractScrollArea* area, int direction, int top) {
  if (!area || !area->isVisible()) return false;
  QScrollBar* bar = area->verticalScrollBar();
  top = std::clamp(top, bar->minimum(), bar->maximum());
  const int page = std::max(40, area->viewport()->height() - 3 * area->fontMetrics().lineSpacing());
  const int before = bar->value();
  if (direction > 0) {
    if (before >= bar->maximum()) return false;
    bar->setValue(std::min(bar->maximum(), before + page));
  } else {
    if (before <= top) return false;
    bar->setValue(std::max(top, before - page));
  }
  return bar->value() != before;
}

}  // namespace precisionlab
