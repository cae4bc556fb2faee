// One lab figure: a title that says what the chart shows, a one-line hint on how to read it,
// the live chart, and the provenance footer every figure carries. Its Export button and the
// chart's context menu save it as PNG or SVG (ChartExporter).
#pragma once

#include <QBrush>
#include <QColor>
#include <QHash>
#include <QString>
#include <QWidget>

class QAbstractAxis;
class QChartView;
class QLabel;
class QToolButton;

namespace precisionlab {

class LiveChart;

class ChartPanel : public QWidget {
  Q_OBJECT

 public:
  // Takes ownership of `chart`. `metricId` names the figure in file names ("loss").
  ChartPanel(const QString& metricId, const QString& title, const QString& howToRead,
             LiveChart* chart, QWidget* parent = nullptr);

  LiveChart* chart() const { return chart_; }
  QChartView* view() const { return view_; }
  QString metricId() const { return metricId_; }
  QString title() const { return title_; }
  QString footer() const;
  // How many pixels it lacks to show its chart at the chart's minimum height and the footer
  // below it (0 when it fits). A splitter sizes it by minimumSizeHint(), which does not count
  // how the how-to-read line wraps at the actual width (German at 1024x768 cut the chart).
  int missingHeight() const;

  // Where the plotted numbers come from, e.g. "live on cpu: baseline, B · emulated on cpu: D".
  void setProvenanceText(const QString& text);
  // On screen the short form ("live, this CPU: fp32 baseline, B"), in the tooltip and in
  // exported figures the whole text.
  void setProvenanceText(const QString& shortText, const QString& fullText);
  QString shownProvenance() const { return provenanceShort_; }
  // Shown over the chart while it has no data (what to do to fill it).
  void setEmptyHint(const QString& hint);
  // How it is drawn: for a window (2 px lines, the theme's colours, small axis labels, the
  // how-to-read line) or for a room (4 px lines, bold black axes on white, no how-to-read line:
  // the teacher explains and the room needs the chart large).
  enum class Look { Window, Room };
  void setLook(Look look);
  // Applies the chart's pending data and toggles the empty hint.
  void finishUpdate();

  bool savePng(const QString& path, QString* error) const;
  bool saveSvg(const QString& path, QString* error) const;

 public slots:
  void exportWithDialog(const QString& format);  // "png" or "svg"

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;  // the theme's palette arrived: recolour

 private:
  void placeHint();
  void showProvenance();  // the footer, elided to the label's width

  QString metricId_;
  QString title_;
  LiveChart* chart_ = nullptr;
  QChartView* view_ = nullptr;
  QLabel* titleLabel_ = nullptr;
  QLabel* howLabel_ = nullptr;
  QLabel* hintLabel_ = nullptr;
  QLabel* provenanceLabel_ = nullptr;
  QToolButton* exportButton_ = nullptr;
  QString provenanceText_;
  QString provenanceShort_;
  // The chart's colours: black on white for a room, else the app theme's (the chart was white
  // in the dark theme, its baseline's #333333 swatch near-invisible on the dark window).
  void applyColors();
  Look look_ = Look::Window;
};

}  // namespace precisionlab
