#include "ui/lab/RunToggle.h"

#include <QRegularExpression>

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QPolygonF>
#include <QProgressBar>
#include <QResizeEvent>
#include <QSignalBlocker>
#include <QStyle>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/base/AppTheme.h"
#include "ui/lab/LabLayout.h"
#include "ui/lab/ProvenanceBadge.h"

namespace precisionlab {

RunToggle::RunToggle(const ScenarioInfo& info, QWidget* parent) : QWidget(parent), info_(info) {
  setObjectName(QStringLiteral("toggle-") + info.id);
  setAttribute(Qt::WA_StyledBackground);

  swatch_ = new QLabel(this);
  swatch_->setFixedSize(14, 14);
  paintSwatch();
  swatch_->setToolTip(tr("Colour of this run on every chart"));

  check_ = new QCheckBox(ScenarioCatalog::shortName(info), this);
  check_->setToolTip(info.detail + tr("\nTick to start the run, untick to stop it."));
  check_->setAccessibleName(tr("Run %1").arg(ScenarioCatalog::shortName(info)));
  check_->setAccessibleDescription(info.detail);
  QFont f = check_->font();
  f.setBold(true);
  check_->setFont(f);
  connect(check_, &QCheckBox::toggled, this, [this](bool on) { emit toggled(info_.id, on); });

  status_ = new QLabel(tr("not started"), this);
  // Wrapped in its fixed column, not cut: "running · 55/720 (3 trials)" lost its end.
  status_->setWordWrap(true);
  status_->setAccessibleName(tr("Status of %1").arg(ScenarioCatalog::shortName(info)));
  progress_ = new QProgressBar(this);
  progress_->setTextVisible(false);
  progress_->setMaximumHeight(6);
  progress_->setRange(0, 1);
  progress_->setValue(0);

  pause_ = new QToolButton(this);
  pause_->setAutoRaise(true);
  pause_->setAccessibleName(tr("Pause %1").arg(ScenarioCatalog::shortName(info)));
  connect(pause_, &QToolButton::clicked, this, [this] { emit pauseToggled(info_.id, !paused_); });
  setPauseState(false, false);

  verdict_ = new QLabel(this);
  verdict_->setObjectName(QStringLiteral("runVerdict"));
  verdict_->setWordWrap(true);
  // A long unbreakable token in a row's description (a Python call, a path) must not widen every
  // row past a narrow window: the label takes the width the row gives it.
  verdict_->setMinimumWidth(120);
  verdict_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Minimum);
  // At least two lines: rows keep one height until a verdict needs more.
  verdict_->setMinimumHeight(2 * verdict_->fontMetrics().lineSpacing() + 4);
  verdict_->setAccessibleName(tr("Verdict of %1").arg(ScenarioCatalog::shortName(info)));
  verdict_->installEventFilter(this);
  verdict_->setToolTip(
      tr("Computed from the measured runs once this run and the baseline "
         "have data."));
  badge_ = new ProvenanceBadge(this);
  setToolTip(info.detail);
  setVerdict(QString(), QString());

  // Fixed column widths so the rows line up like a table (LabRunsPane's header uses the same).
  auto* nameColumn = new QHBoxLayout;
  nameColumn->addWidget(swatch_);
  nameColumn->addWidget(check_, 1);
  auto* statusColumn = new QVBoxLayout;
  statusColumn->setSpacing(2);
  auto* statusLine = new QHBoxLayout;
  statusLine->setContentsMargins(0, 0, 0, 0);
  statusLine->addWidget(status_, 1);
  statusLine->addWidget(pause_);
  statusColumn->addLayout(statusLine);
  statusColumn->addWidget(progress_);

  auto* nameBox = nameBox_ = new QWidget(this);
  nameBox->setLayout(nameColumn);
  nameColumn->setContentsMargins(0, 0, 0, 0);
  nameBox->setFixedWidth(kNameWidth);
  auto* statusBox = statusBox_ = new QWidget(this);
  statusBox->setLayout(statusColumn);
  statusColumn->setContentsMargins(0, 0, 0, 0);
  statusBox->setFixedWidth(kStatusWidth);
  badge_->setFixedWidth(kBadgeWidth);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 3, 6, 3);
  layout->addWidget(nameBox);
  layout->addWidget(statusBox);
  layout->addWidget(verdict_, 1);
  layout->addWidget(badge_, 0, Qt::AlignVCenter);
}

void RunToggle::setColumnWidths(int name, int status) {
  nameBox_->setFixedWidth(name);
  statusBox_->setFixedWidth(status);
}

int RunToggle::nameWidthNeeded() const {
  const int spacing = nameBox_->layout()->spacing();
  return swatch_->width() + std::max(0, spacing) + check_->sizeHint().width() + 2;
}

void RunToggle::setRunColor(const QColor& color) {
  if (color == runColor_) return;
  runColor_ = color;
  paintSwatch();
}

bool RunToggle::isOn() const { return check_->isChecked(); }
QString RunToggle::statusText() const { return status_->text(); }
QString RunToggle::verdictText() const { return verdictFull_; }
QString RunToggle::provenanceText() const { return badge_->QLabel::text(); }

void RunToggle::setOn(bool on) {
  const QSignalBlocker block(check_);
  check_->setChecked(on);
}

void RunToggle::setStatus(const QString& text, int64_t done, int64_t total, bool failed) {
  status_->setText(text);
  status_->setToolTip(text);
  status_->setStyleSheet(failed ? QStringLiteral("color: #c0392b; font-weight: bold;") : QString());
  progress_->setRange(0, int(std::max<int64_t>(total, 1)));
  progress_->setValue(int(std::min(done, std::max<int64_t>(total, 1))));
}

void RunToggle::setVerdict(const QString& text, const QString& details) {
  if (text.isEmpty()) {
    verdictFull_.clear();
    // Before there is a verdict, the column says what the run will try (muted, in italics),
    // cut to the row's two lines like a verdict (the whole text is in the tooltip).
    verdict_->setForegroundRole(QPalette::PlaceholderText);
    verdict_->setToolTip(info_.detail + QStringLiteral("\n\n") +
                         tr("The verdict is computed from the measured runs once this run "
                            "and the baseline have data."));
    fitVerdict();
    return;
  }
  verdictFull_ = text;
  verdict_->setForegroundRole(QPalette::WindowText);
  verdict_->setToolTip(details.isEmpty() ? text : details);
  fitVerdict();
}

void RunToggle::paintSwatch() {
  // The curves' colour as the charts draw it on this theme (AppTheme::visibleOn).
  const QColor shown = AppTheme::visibleOn(runColor_.isValid() ? runColor_ : info_.color,
                                           palette().color(QPalette::Window));
  swatch_->setStyleSheet(QStringLiteral("background: %1; border-radius: 3px;").arg(shown.name()));
}

void RunToggle::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) {
    paintSwatch();
    paintPauseIcon();
  }
  if (event->type() == QEvent::FontChange) paintPauseIcon();
}

void RunToggle::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitVerdict();
}

void RunToggle::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  // Fitted while its tab was hidden the verdict took the height of a 120 px column (five lines
  // for two of text) and the row stayed that tall on the presenter's slides: fit it again once
  // the shown row has laid out its columns.
  QTimer::singleShot(0, this, &RunToggle::fitVerdict);
}

void RunToggle::fitVerdict() {
  const bool hint = verdictFull_.isEmpty();
  // A verdict is shown whole, wrapped (cut to two lines with "…" at 1280x800 it read "stopped:
  // loss NaN from st…" and the class had to hover); the row grows. The hint before it (what the
  // run will try) stays two lines, cut, with the whole text in the tooltip.
  QString shown = hint ? info_.detail : verdictFull_;
  // On the presenter's slides a verdict keeps the row's two lines and is never cut with "…"
  // (issue 45: every verdict of every run slide at 1024x768 was): its text shrinks to fit, down
  // to 75 % of the presenter's size; past that it ends at the last whole clause that fits (the
  // last slide and the tooltip have it whole). The hint is cut to two lines as before. Measured
  // here: QLabel elides one line only and never shrinks its text.
  double scale = 1.0;
  if (hint || twoLines_) {
    QFont font = verdict_->font();
    font.setItalic(hint);
    const int width = std::max(verdict_->width(), 100);
    // Two lines as the font lays them out (at the presenter's 16.8 pt two lines took 52 px,
    // not twice the 25 px line spacing, and every verdict was cut to one line).
    const int twoLines =
        QFontMetrics(font)
            .boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, QStringLiteral("X\nX"))
            .height();
    auto fitsAt = [&](const QString& t, double s) {
      QFont f = font;
      f.setPointSizeF(font.pointSizeF() * s);
      return QFontMetrics(f)
                 .boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, t)
                 .height() <= twoLines;
    };
    // The largest size, in 5 % steps down to 75 %, at which `t` fits (75 % when none does).
    auto largestFitting = [&](const QString& t) {
      int percent = 100;
      while (percent > 75 && !fitsAt(t, percent / 100.0)) percent -= 5;
      return percent / 100.0;
    };
    if (!hint && font.pointSizeF() > 0 && !fitsAt(shown, 1.0)) {
      scale = largestFitting(shown);
      if (!fitsAt(shown, scale)) {
        // The longest run of whole clauses ("; " or ", " ends one) that fits at the smallest
        // size, without a parenthesis left open.
        static const QRegularExpression kClauseEnd(QStringLiteral("(?<=;|,) "));
        QString kept;
        qsizetype from = 0;
        for (;;) {
          const QRegularExpressionMatch m = kClauseEnd.match(shown, from);
          const qsizetype end = m.hasMatch() ? m.capturedStart() : shown.size();
          QString next = shown.left(end);
          if (next.endsWith(u';') || next.endsWith(u',')) next.chop(1);
          if (next.count(u'(') > next.count(u')'))
            next = next.left(next.lastIndexOf(u'(')).trimmed();
          if (!next.isEmpty() && fitsAt(next, scale)) kept = next;
          if (!m.hasMatch() || !fitsAt(shown.left(end), scale)) break;
          from = m.capturedEnd();
        }
        if (!kept.isEmpty()) {
          shown = kept;
          scale = largestFitting(shown);  // the shorter text as large as it fits
        }
      }
    }
    const double cutScale = hint ? 1.0 : scale;
    if (!fitsAt(shown, cutScale)) {
      qsizetype lo = 0, hi = shown.size();
      while (lo < hi) {
        const qsizetype mid = (lo + hi + 1) / 2;
        if (fitsAt(shown.left(mid) + QStringLiteral("…"), cutScale))
          lo = mid;
        else
          hi = mid - 1;
      }
      shown = shown.left(lo) + QStringLiteral("…");
    }
  }
  QString text =
      hint ? QStringLiteral("<i>%1</i>").arg(shown.toHtmlEscaped()) : shown.toHtmlEscaped();
  if (scale < 1.0)
    text = QStringLiteral("<span style=\"font-size:%1pt\">%2</span>")
               .arg(QString::number(verdict_->font().pointSizeF() * scale, 'f', 1), text);
  if (verdict_->text() != text) verdict_->setText(text);
  fitVerdictHeight();
}

void RunToggle::fitVerdictHeight() {
  // Its height for its width now (an Ignored-width label gets no height-for-width from the
  // row's layout on its own); again whenever the label's width changes.
  // Fixed: a word-wrapped label's own size hint is for a narrower width, taller than needed.
  const int twoLines =
      std::max(2 * verdict_->fontMetrics().lineSpacing() + 4,
               verdict_->fontMetrics()
                       .boundingRect(QRect(0, 0, 10000, 10000), 0, QStringLiteral("X\nX"))
                       .height() +
                   4);
  // A text cut to two lines (the hint, any verdict on the slides) is two lines high whatever
  // the width: from the width, a row fitted while its tab was hidden (a 120 px column) kept five
  // lines' height on the presenter's slides, its two lines centred in it.
  if (twoLines_ || verdictFull_.isEmpty()) {
    verdict_->setFixedHeight(twoLines);
    return;
  }
  // Laid out here, not by QLabel::heightForWidth: for a label whose text was set while its tab
  // was hidden (a lab session restored at start-up) that kept the height of the 120 px column
  // it was first fitted in, so each row of the restored lab stood 100-270 px tall for two to
  // four lines of text.
  QTextDocument doc;
  doc.setDefaultFont(verdict_->font());
  doc.setDocumentMargin(0);
  if (Qt::mightBeRichText(verdict_->text()))
    doc.setHtml(verdict_->text());
  else
    doc.setPlainText(verdict_->text());
  doc.setTextWidth(std::max(verdict_->width(), 100));
  verdict_->setFixedHeight(std::max(twoLines, int(std::ceil(doc.size().height())) + 4));
}

bool RunToggle::eventFilter(QObject* watched, QEvent* event) {
  // A text cut to two lines is cut for the label's width and font: again when either changes
  // (presenting, the row read "No change: fp3…" on one line of a two-line column).
  const bool cut = twoLines_ || verdictFull_.isEmpty();
  if (watched == verdict_ && event->type() == QEvent::Resize) {
    const auto* resize = static_cast<QResizeEvent*>(event);
    if (cut && resize->size().width() != resize->oldSize().width())
      fitVerdict();
    else
      fitVerdictHeight();
  }
  if (watched == verdict_ && event->type() == QEvent::FontChange && cut) fitVerdict();
  return QWidget::eventFilter(watched, event);
}

void RunToggle::setProvenance(const RunProvenance& provenance) {
  badge_->setProvenance(provenance);
}

void RunToggle::setProvenancePending() { badge_->setPending(); }

void RunToggle::setProvenanceNeverRan() { badge_->setNeverRan(); }

void RunToggle::setPauseState(bool active, bool paused) {
  paused_ = paused;
  pause_->setVisible(active);
  paintPauseIcon();
  const QString name = ScenarioCatalog::shortName(info_);
  pause_->setToolTip(paused ? tr("Resume %1").arg(name) : tr("Pause %1").arg(name));
  pause_->setAccessibleName(pause_->toolTip());
}

void RunToggle::paintPauseIcon() {
  // Drawn here, as tall as the status text: Fusion's SP_MediaPause at the presenter's sizes
  // read as a small quote mark beside "Finished 11/60".
  const int side = std::max(12, status_->fontMetrics().height());
  const qreal dpr = devicePixelRatioF();
  QPixmap pixmap(QSize(side, side) * dpr);
  pixmap.setDevicePixelRatio(dpr);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(Qt::NoPen);
  painter.setBrush(palette().color(QPalette::WindowText));
  const qreal m = side * 0.15;  // margin
  if (paused_) {                // resume: a play triangle
    painter.drawPolygon(
        QPolygonF({QPointF(m, m), QPointF(side - m, side / 2.0), QPointF(m, side - m)}));
  } else {  // pause: two bars
    const qreal bar = (side - 2 * m) * 0.34;
    painter.drawRect(QRectF(m, m, bar, side - 2 * m));
    painter.drawRect(QRectF(side - m - bar, m, bar, side - 2 * m));
  }
  painter.end();
  pause_->setIconSize(QSize(side, side));
  pause_->setIcon(QIcon(pixmap));
}

void RunToggle::setHighlighted(bool on) {
  highlighted_ = on;
  // The row the study view asked for ("Run this option") stands out until another is chosen.
  setStyleSheet(on ? QStringLiteral("precisionlab--RunToggle { background: palette(alternate-base);"
                                    " border: 2px solid palette(highlight); border-radius: 4px; }")
                   : QString());
}

void RunToggle::applyLayout(const LabLayout& layout) {
  twoLines_ = layout.verdictsInTwoLines;
  verdict_->setText(QString());  // refitted for the new font
  fitVerdict();
  paintPauseIcon();
  progress_->setMaximumHeight(layout.progressHeight);
  swatch_->setFixedSize(layout.swatch, layout.swatch);
  nameBox_->setFixedWidth(layout.column(kNameWidth));
  statusBox_->setFixedWidth(layout.column(kStatusWidth));
  badge_->setFixedWidth(kBadgeWidth);
  // Without it the row fits 1024 px at the presenter's font (the badge read "recorded 2026-"
  // even at 1280 there).
  badge_->setVisible(layout.sourceColumn);
}

}  // namespace precisionlab
