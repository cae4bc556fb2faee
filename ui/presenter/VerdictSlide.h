// The presenter's last slide, composed of the lab's panes: the evidence summary (the lab's
// conclusion and a card per option, laid out as a slide: no run controls, the cards from the
// start) over the verdict table with the measurements behind it. It reads the lab's cached
// verdicts and computes none. It scrolls vertically: at 1280x800 with the presenter's large fonts
// the cards and the table's rows need more than the screen, and squeezed they cut card text and
// hid every row.
#pragma once

#include <QScrollArea>

class QLabel;

namespace precisionlab {

class EvidenceSummary;
class LabController;
class LabVerdictTable;
class StudyView;

class VerdictSlide : public QScrollArea {
  Q_OBJECT

 public:
  explicit VerdictSlide(QWidget* parent = nullptr);

  EvidenceSummary* evidence() const { return evidence_; }
  LabVerdictTable* table() const { return table_; }
  // Refills the cards and the table for the question on `study`'s screen (its options in the
  // order and with the letters shown) from `lab`'s runs (null: no lab; the rows say so). A
  // `wide` screen (1600 px and more) gets the table's larger font.
  void fill(const LabController* lab, const StudyView& study, bool wide);
  // Opens at its top, "In short" first: now, and once its layout and the focus moved into it
  // have settled (on the recordings it once opened scrolled past it).
  void showTop();

 signals:
  // Its "GPU estimate..." button (the window opens the dialog, as the lab's does).
  void gpuEstimateRequested();

 private:
  QLabel* title_ = nullptr;
  EvidenceSummary* evidence_ = nullptr;
  LabVerdictTable* table_ = nullptr;
};

}  // namespace precisionlab
