// How the lab's panes lay themselves out, as one value: LabView makes it (the lab's own, or the
// presenter's slides) and passes it down once; each pane reads the parts it has (applyLayout)
// and lays itself out from them. It carries no state of the runs, only what shows and how big.
#pragma once

#include <limits>

#include "ui/charts/ChartPanel.h"

namespace precisionlab {

struct LabLayout {
  // The figures: in tabs of two (the lab), or one large figure at a time drawn for a room.
  enum class Charts { TabsOfTwo, OneLarge };
  static constexpr int kEveryRow = std::numeric_limits<int>::max();

  // The rows' name and status columns grow by this (1: the lab's fixed columns); grown, they
  // are fitted to the rows' width so the verdict keeps its share of the row.
  double columnScale = 1.0;
  bool settings = true;  // the settings line above the runs
  bool cards = true;     // the evidence cards' pane above the runs
  // The run controls: the runs' instruction, their buttons and time estimate, "Run every
  // option", and the "what to do" line that names them (without them the cards always show).
  bool controls = true;
  bool sourceColumn = true;  // the rows' provenance badges and their header
  // Only a step's rows and curves: its option, the fp32 reference and the row's companion.
  bool stepOnly = false;
  int rowsInView = 2;  // the first rows the runs pane keeps in view (kEveryRow: every shown row)
  // A verdict keeps its row's two lines (shrunk, then cut at a clause) instead of wrapping whole.
  bool verdictsInTwoLines = false;
  int swatch = 14;         // the rows' colour swatch, px
  int progressHeight = 6;  // the rows' progress bars, px
  Charts charts = Charts::TabsOfTwo;

  // The lab at the learner's desk.
  static LabLayout lab() { return {}; }
  // In front of a class, at the presenter's font scale: the runs and one big figure; the
  // settings are the teacher's, before class, and the evidence is the walkthrough's last slide.
  static LabLayout slides(double fontScale) {
    LabLayout l;
    // The columns grow with the font and a sixteenth more (1.7x at 1.6x on 1024x768), or the
    // bold German names are cut; with the source column hidden a row still fits 1024 px.
    l.columnScale = fontScale * 17 / 16;
    l.settings = l.cards = l.controls = false;
    // With the large font the badges made a row about 1070 px wide (the runs scrolled sideways
    // at 1024x768); the chart's footer and the step line still say the source.
    l.sourceColumn = false;
    l.stepOnly = true;
    l.rowsInView = kEveryRow;  // every row of the step must be in view, not only the first two
    l.verdictsInTwoLines = true;
    l.swatch = 22;
    l.progressHeight = 10;
    l.charts = Charts::OneLarge;
    return l;
  }

  bool columnsGrow() const { return columnScale > 1.0; }
  // A column of `width` px in the lab at this layout's scale.
  int column(int width) const { return columnsGrow() ? int(width * columnScale) : width; }
  // How a figure is drawn in this layout.
  ChartPanel::Look chartLook() const {
    return charts == Charts::OneLarge ? ChartPanel::Look::Room : ChartPanel::Look::Window;
  }
};

}  // namespace precisionlab
