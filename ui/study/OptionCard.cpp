#include "ui/study/OptionCard.h"

#include <QEnterEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/base/AppTheme.h"

namespace precisionlab {

OptionCard::OptionCard(const QString& letter, const quiz::Option& option, QWidget* parent)
    : QFrame(parent), optionId_(option.id), letter_(letter), scenarioId_(option.scenario) {
  setFocusPolicy(Qt::StrongFocus);
  setCursor(Qt::PointingHandCursor);
  setAttribute(Qt::WA_Hover);
  setAccessibleName(tr("Option %1: %2").arg(letter, option.text));
  QSizePolicy cardPolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
  cardPolicy.setHeightForWidth(true);
  setSizePolicy(cardPolicy);

  badge_ = new QLabel(letter, this);
  badge_->setAlignment(Qt::AlignCenter);
  badge_->setFixedSize(36, 36);

  text_ = new QLabel(option.text, this);
  text_->setWordWrap(true);
  text_->setTextFormat(Qt::PlainText);
  QSizePolicy textPolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
  textPolicy.setHeightForWidth(true);  // keep what setWordWrap turned on
  text_->setSizePolicy(textPolicy);

  verdict_ = new QLabel(this);
  verdict_->setVisible(false);

  labButton_ = new QPushButton(tr("▶ Run this option in the lab"), this);
  labButton_->setAccessibleName(tr("Run option %1 in the lab").arg(letter));
  labButton_->setToolTip(tr("Open the lab and train a model the way option %1 says").arg(letter));
  labButton_->setCursor(Qt::PointingHandCursor);
  labButton_->setFocusPolicy(Qt::TabFocus);
  labButton_->setVisible(!scenarioId_.isEmpty());
  connect(labButton_, &QPushButton::clicked, this, [this] { emit runInLabRequested(scenarioId_); });

  auto* textColumn = new QVBoxLayout;
  textColumn->setSpacing(4);
  textColumn->addWidget(text_);
  textColumn->addWidget(verdict_);

  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(16, 12, 16, 12);
  row->setSpacing(14);
  row->addWidget(badge_, 0, Qt::AlignTop);
  row->addLayout(textColumn, 1);
  row->addWidget(labButton_, 0, Qt::AlignVCenter);
  applyTheme();
}

void OptionCard::setState(State state) {
  if (state_ == state) return;
  state_ = state;
  updateVerdictLine();
  applyTheme();
  update();
}

void OptionCard::setIncomplete(bool incomplete, int needed) {
  if (incomplete_ == incomplete && needed_ == needed) return;
  incomplete_ = incomplete;
  needed_ = needed;
  updateVerdictLine();
}

QString OptionCard::verdictLine() const { return verdict_->text(); }

void OptionCard::setLabButtonVisible(bool visible) {
  labButton_->setVisible(visible && !scenarioId_.isEmpty());
}

void OptionCard::setInteractive(bool interactive) {
  interactive_ = interactive;
  setCursor(interactive ? Qt::PointingHandCursor : Qt::ArrowCursor);
  update();
}

void OptionCard::updateVerdictLine() {
  QString line;
  switch (state_) {
    case State::ChosenCorrect:
      line = incomplete_
                 ? tr("✓  Your pick — a correct option, but the question needed %1").arg(needed_)
                 : tr("✓  Your answer — correct");
      break;
    case State::ChosenWrong:
      line = incomplete_ ? tr("✗  Your pick — not correct") : tr("✗  Your answer — not correct");
      break;
    case State::MissedCorrect:
      line = tr("✓  Correct answer");
      break;
    case State::OtherWrong:
      line = tr("✗  Not correct");
      break;
    case State::Idle:
    case State::Selected:
      break;
  }
  verdict_->setText(line);
  verdict_->setVisible(!line.isEmpty());
  QString verdictName = line.isEmpty() ? QString() : QStringLiteral(" — ") + line.mid(3);
  setAccessibleDescription(verdictName);
}

void OptionCard::applyTheme() {
  const ThemeColors& c = AppTheme::colors();
  text_->setFont(AppTheme::pointFont(12.5));
  QFont badgeFont = AppTheme::pointFont(12, QFont::Bold);
  badge_->setFont(badgeFont);
  const int badgeSize = int(36 * AppTheme::fontScale());
  badge_->setFixedSize(badgeSize, badgeSize);

  QColor badgeBg = c.cardHover;
  QColor badgeFg = c.text;
  QColor verdictColor = c.mutedText;
  switch (state_) {
    case State::Selected:
      badgeBg = c.accent;
      badgeFg = c.accentText;
      break;
    case State::ChosenCorrect:
    case State::MissedCorrect:
      badgeBg = c.correct;
      badgeFg = c.card;
      verdictColor = c.correct;
      break;
    case State::ChosenWrong:
      badgeBg = c.wrong;
      badgeFg = c.card;
      verdictColor = c.wrong;
      break;
    case State::OtherWrong:
      verdictColor = c.mutedText;
      break;
    case State::Idle:
      break;
  }
  badge_->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; border-radius: %3px; }")
                            .arg(badgeBg.name(), badgeFg.name())
                            .arg(badgeSize / 2));
  text_->setStyleSheet(QStringLiteral("QLabel { color: %1; background: transparent; }")
                           .arg((state_ == State::OtherWrong ? c.mutedText : c.text).name()));
  verdict_->setFont(AppTheme::pointFont(11, QFont::DemiBold));
  verdict_->setStyleSheet(
      QStringLiteral("QLabel { color: %1; background: transparent; }").arg(verdictColor.name()));
}

void OptionCard::paintEvent(QPaintEvent*) {
  const ThemeColors& c = AppTheme::colors();
  QColor fill = c.card;
  QColor border = c.cardBorder;
  qreal borderWidth = 1.5;
  switch (state_) {
    case State::Idle:
      if (hovered_ && interactive_) {
        fill = c.cardHover;
        border = c.accent;
      }
      break;
    case State::Selected:
      fill = c.selectedCard;
      border = c.accent;
      borderWidth = 2.5;
      break;
    case State::ChosenCorrect:
      fill = c.correctCard;
      border = c.correct;
      borderWidth = 3;
      break;
    case State::MissedCorrect:
      fill = c.correctCard;
      border = c.correct;
      borderWidth = 2;
      break;
    case State::ChosenWrong:
      fill = c.wrongCard;
      border = c.wrong;
      borderWidth = 3;
      break;
    case State::OtherWrong:
      break;
  }
  if (hasFocus()) borderWidth = std::max<qreal>(borderWidth, 2.5);
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const qreal inset = borderWidth / 2;
  QRectF r = QRectF(rect()).adjusted(inset, inset, -inset, -inset);
  QPainterPath path;
  path.addRoundedRect(r, 10, 10);
  p.fillPath(path, fill);
  QPen pen(hasFocus() && state_ == State::Idle ? c.accent : border, borderWidth);
  if (hasFocus() && state_ != State::Idle) pen.setStyle(Qt::SolidLine);
  p.setPen(pen);
  p.drawPath(path);
}

void OptionCard::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && interactive_ && rect().contains(event->pos()))
    emit clicked(optionId_);
  QFrame::mouseReleaseEvent(event);
}

void OptionCard::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Space && interactive_) {
    emit clicked(optionId_);
    return;
  }
  QFrame::keyPressEvent(event);
}

void OptionCard::enterEvent(QEnterEvent* event) {
  hovered_ = true;
  update();
  QFrame::enterEvent(event);
}

void OptionCard::leaveEvent(QEvent* event) {
  hovered_ = false;
  update();
  QFrame::leaveEvent(event);
}

}  // namespace precisionlab
