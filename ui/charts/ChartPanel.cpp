#include "ui/charts/ChartPanel.h"

#include <QAction>
#include <QChartView>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/base/AppTheme.h"
#include "ui/charts/ChartExporter.h"
#include "ui/charts/LiveChart.h"

namespace precisionlab {

ChartPanel::ChartPanel(const QString& metricId, const QString& title, const QString& howToRead,
                       LiveChart* chart, QWidget* parent)
    : QWidget(parent), metricId_(metricId), title_(title), chart_(chart) {
  setObjectName(QStringLiteral("chart-") + metricId);

  titleLabel_ = new QLabel(title, this);
  QFont tf = titleLabel_->font();
  tf.setBold(true);
  titleLabel_->setFont(tf);
  howLabel_ = new QLabel(howToRead, this);
  howLabel_->setWordWrap(true);
  howLabel_->setForegroundRole(QPalette::PlaceholderText);

  exportButton_ = new QToolButton(this);
  exportButton_->setText(tr("Export"));
  exportButton_->setToolTip(tr("Save this chart as PNG or SVG"));
  exportButton_->setAccessibleName(tr("Export %1").arg(title));
  exportButton_->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(exportButton_);
  QAction* png = menu->addAction(tr("Save as PNG…"));
  QAction* svg = menu->addAction(tr("Save as SVG…"));
  connect(png, &QAction::triggered, this, [this] { exportWithDialog(QStringLiteral("png")); });
  connect(svg, &QAction::triggered, this, [this] { exportWithDialog(QStringLiteral("svg")); });
  exportButton_->setMenu(menu);

  view_ = new QChartView(chart_, this);
  view_->setRenderHint(QPainter::Antialiasing);
  // Below ~200 px a chart lost its tick labels and legend to "..." (seen at 1024 x 768); its
  // legend is the lab's shared one now, and at 150 px the axes keep their ticks. The 50 px go to
  // the lab's cards: at 1280x800 "Run every option" scrolled them half out of view to show two
  // rows; now their headlines stay (the "Is it faster?" page's 190 px bar chart limits more).
  view_->setMinimumHeight(150);
  view_->setAccessibleName(title);
  view_->setContextMenuPolicy(Qt::ActionsContextMenu);
  view_->addAction(png);
  view_->addAction(svg);

  hintLabel_ = new QLabel(view_);
  hintLabel_->setObjectName(QStringLiteral("chartHint"));
  hintLabel_->setAlignment(Qt::AlignCenter);
  hintLabel_->setWordWrap(true);
  hintLabel_->setAttribute(Qt::WA_TransparentForMouseEvents);
  // A new plot area moves the axis labels; Qt's minimal viewport update left the empty chart's
  // "0.25" and a grid stub on screen beside the first run's tiny divergence ticks (Xvfb at
  // 1024x768, Qt 6.4), so the whole view repaints once.
  connect(chart_, &QChart::plotAreaChanged, this, [this] {
    placeHint();
    view_->viewport()->update();
  });

  // One line, elided, with the whole text in the tooltip (and in exported figures): wrapped, the
  // list of every run's provenance took the chart's room at 1024x768 and ran into its x axis.
  provenanceLabel_ = new QLabel(this);
  provenanceLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  provenanceLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont pf = provenanceLabel_->font();
  pf.setPointSizeF(pf.pointSizeF() * 0.9);
  provenanceLabel_->setFont(pf);
  provenanceLabel_->setAccessibleName(tr("Provenance of %1").arg(title));

  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 0, 0);
  header->addWidget(titleLabel_, 1);
  header->addWidget(exportButton_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(2);
  layout->addLayout(header);
  layout->addWidget(howLabel_);
  layout->addWidget(view_, 1);
  layout->addWidget(provenanceLabel_);
  setProvenanceText(QString());
  applyColors();
}

int ChartPanel::missingHeight() const {
  if (layout()) layout()->activate();
  const int need = view_->y() + std::max(view_->height(), view_->minimumHeight()) +
                   layout()->spacing() + provenanceLabel_->sizeHint().height() +
                   layout()->contentsMargins().bottom();
  return std::max(0, need - height());
}

QString ChartPanel::footer() const {
  return provenanceText_.isEmpty() ? tr("No runs yet.") : provenanceText_;
}

void ChartPanel::setProvenanceText(const QString& text) { setProvenanceText(text, text); }

void ChartPanel::setProvenanceText(const QString& shortText, const QString& fullText) {
  provenanceShort_ = shortText;
  provenanceText_ = fullText;
  showProvenance();
}

void ChartPanel::showProvenance() {
  const QString full = footer();
  const QString shown = provenanceShort_.isEmpty() ? full : provenanceShort_;
  provenanceLabel_->setText(provenanceLabel_->fontMetrics().elidedText(
      shown, Qt::ElideRight, std::max(0, provenanceLabel_->width())));
  provenanceLabel_->setToolTip(full);
  provenanceLabel_->setAccessibleDescription(full);
}

void ChartPanel::setEmptyHint(const QString& hint) {
  hintLabel_->setText(hint);
  placeHint();
}

void ChartPanel::finishUpdate() {
  chart_->finishUpdate();
  hintLabel_->setVisible(chart_->isEmpty() && !hintLabel_->text().isEmpty());
}

void ChartPanel::setLook(Look look) {
  const bool room = look == Look::Room;
  chart_->setLineWidth(room ? 4 : 2);
  QFont f = font();
  QFont axisFont = f;
  axisFont.setPointSizeF(f.pointSizeF() * (room ? 1.0 : 0.85));
  axisFont.setBold(room);
  for (QAbstractAxis* axis : chart_->axes()) {
    axis->setLabelsFont(axisFont);
    axis->setTitleFont(axisFont);
  }
  chart_->legend()->setFont(axisFont);
  chart_->setLabelFont(axisFont);
  // Where the curves come from, readable from the back of the room: at the construction's 0.9
  // of the normal font it stayed an 11 px line under a 1920x1080 presenter's chart. A style
  // sheet's size, not setFont(): the theme's style sheet, polished again when the presenter
  // applies it, put back the font the label had before.
  provenanceLabel_->setStyleSheet(
      room ? QStringLiteral("QLabel { font-size: %1pt; }").arg(f.pointSizeF() * 0.75, 0, 'f', 1)
           : QString());
  showProvenance();
  look_ = look;
  applyColors();
  chart_->placeTickLabels();
  howLabel_->setVisible(!room);
}

void ChartPanel::applyColors() {
  if (look_ == Look::Room) {
    chart_->setColors(Qt::white, Qt::black, QColor(0x99, 0x99, 0x99));
    return;
  }
  const ThemeColors& c = AppTheme::colors();
  chart_->setColors(c.card, c.text, c.cardBorder);
  hintLabel_->setStyleSheet(
      QStringLiteral("QLabel { color: %1; background: transparent; }").arg(c.mutedText.name()));
}

void ChartPanel::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) applyColors();
}

void ChartPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);  // the layout has already given the labels their new widths
  placeHint();
  showProvenance();
}

// By hand: the hint lies over the chart, and a layout places widgets beside each other, not over.
// Over the plot area, not the whole view: at 1024x768 and 1280x800 the divergence chart's
// three-line hint ran over its axis title and tick labels (seen walking issue 45). Before the
// chart's first layout its plot area is empty: the whole view then.
void ChartPanel::placeHint() {
  const QRect plot = view_->mapFromScene(chart_->mapToScene(chart_->plotArea()))
                         .boundingRect()
                         .translated(view_->viewport()->pos());
  hintLabel_->setGeometry(plot.width() > 80 && plot.height() > 30
                              ? plot.adjusted(4, 4, -4, -4)
                              : view_->rect().adjusted(24, 24, -24, -24));
}

bool ChartPanel::savePng(const QString& path, QString* error) const {
  return ChartExporter::savePng(view_, title_, footer(), path, error);
}

bool ChartPanel::saveSvg(const QString& path, QString* error) const {
  return ChartExporter::saveSvg(view_, title_, footer(), path, error);
}

void ChartPanel::exportWithDialog(const QString& format) {
  const bool svg = format == QLatin1String("svg");
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
  const QString suggested =
      QDir(dir.isEmpty() ? QDir::homePath() : dir)
          .filePath(QStringLiteral("precisionlab-%1.%2").arg(metricId_, format));
  const QString path = QFileDialog::getSaveFileName(
      this, svg ? tr("Save chart as SVG") : tr("Save chart as PNG"), suggested,
      svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  QString error;
  if (!(svg ? saveSvg(path, &error) : savePng(path, &error)))
    QMessageBox::warning(this, tr("Export failed"), error);
}

}  // namespace precisionlab
