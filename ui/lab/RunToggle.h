// One row of the lab: a toggle that starts or stops a scenario's run, its colour on the charts,
// what the run changes, and the run's status (state, step x/y), computed verdict and provenance
// badge. The row only displays; LabView decides what a toggle does.
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>

#include "ui/lab/ScenarioCatalog.h"

class QCheckBox;
class QLabel;
class QProgressBar;
class QToolButton;

namespace precisionlab {

class ProvenanceBadge;
struct LabLayout;
struct RunProvenance;

class RunToggle : public QWidget {
  Q_OBJECT

 public:
  explicit RunToggle(const ScenarioInfo& info, QWidget* parent = nullptr);

  // Column widths, shared with the header LabRunsPane draws above the rows (LabLayout::column
  // grows them with the presenter's font). Fixed widths, not a layout's: each row is a widget
  // with its own layout, and only equal widths line its columns up with the others' and the
  // header's like a table.
  static constexpr int kNameWidth = 285;  // fits "Vertex AI Hyperparameter-Tuning" (German)
  static constexpr int kStatusWidth = 170;
  // The badge shows the short provenance ("recorded 2026-12-01, CPU"); the rest is its tooltip.
  static constexpr int kBadgeWidth = 190;
  // The name and status columns' widths (LabRunsPane fits grown ones to the row's width, so
  // the verdict keeps its share); the header above the rows takes the same.
  void setColumnWidths(int name, int status);
  // What the name column needs for the swatch and the whole bold name at the current font.
  int nameWidthNeeded() const;
  // The colour its runs are drawn in now (a recording's differs from a live run's); an invalid
  // colour goes back to the scenario's own.
  void setRunColor(const QColor& color);

  QString scenarioId() const { return info_.id; }
  const ScenarioInfo& info() const { return info_; }
  bool isOn() const;
  QCheckBox* checkBox() const { return check_; }
  QString statusText() const;
  QString verdictText() const;
  QString provenanceText() const;

  // Display updates; none of them emit toggled().
  void setOn(bool on);
  void setStatus(const QString& text, int64_t done, int64_t total, bool failed);
  void setVerdict(const QString& text, const QString& details);
  void setProvenance(const RunProvenance& provenance);
  void setProvenancePending();
  void setProvenanceNeverRan();  // it ended before its first step: nothing was measured
  // Shows the pause/resume button while the scenario runs; `paused` picks its face.
  void setPauseState(bool active, bool paused);
  QToolButton* pauseButton() const { return pause_; }
  void setHighlighted(bool on);
  // Its columns, swatch, progress bar, source badge and how its verdict fits, from the layout.
  void applyLayout(const LabLayout& layout);

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void changeEvent(QEvent* event) override;  // a new theme: the swatch stays visible on it
  bool eventFilter(QObject* watched, QEvent* event) override;  // the verdict's width changed

 signals:
  void toggled(const QString& scenarioId, bool on);
  void pauseToggled(const QString& scenarioId, bool paused);

 private:
  ScenarioInfo info_;
  QCheckBox* check_ = nullptr;
  QLabel* swatch_ = nullptr;
  QLabel* status_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QToolButton* pause_ = nullptr;
  bool paused_ = false;
  QLabel* verdict_ = nullptr;
  ProvenanceBadge* badge_ = nullptr;
  QWidget* nameBox_ = nullptr;
  QWidget* statusBox_ = nullptr;
  QColor runColor_;  // invalid: the scenario's own colour
  bool highlighted_ = false;
  bool twoLines_ = false;  // a verdict keeps the row's two lines (LabLayout::verdictsInTwoLines)
  QString verdictFull_;    // the whole computed text; the label shows what fits
  void fitVerdict();
  void fitVerdictHeight();
  void paintSwatch();
  void paintPauseIcon();
};

}  // namespace precisionlab
