// How a presenter slide scrolls from the keyboard: Space, Page Down and Down move it a page
// (less a few lines, so the class keeps its place) before the walkthrough moves to the next
// slide; Page Up and Up move it back to its top first. One rule for every slide (question,
// breakdown, lab, verdicts), so a clicker works the same on each; it does not scroll sideways.
#pragma once

class QAbstractScrollArea;

namespace precisionlab {

class SlideScroll {
 public:
  // Scrolls `area` one page down (direction > 0) or up (< 0), never above `top` (a slide that
  // starts part-way down, as the breakdown does). False when it was already at that end, or
  // (going down) only its bottom margin is left below.
  static bool page(QAbstractScrollArea* area, int direction, int top = 0);
};

}  // namespace precisionlab
