#include "ui/study/ExamNavigator.h"

#include <QGridLayout>
#include <QPushButton>
#include <QResizeEvent>
#include <algorithm>

#include "quiz/QuizSession.h"
#include "ui/base/AppTheme.h"

namespace precisionlab {

ExamNavigator::ExamNavigator(QWidget* parent) : QWidget(parent) {
  grid_ = new QGridLayout(this);
  grid_->setContentsMargins(0, 0, 0, 0);
  grid_->setHorizontalSpacing(6);
  grid_->setVerticalSpacing(4);
  grid_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  grid_->setSizeConstraint(QLayout::SetNoConstraint);
  // As narrow as one cell: at 1024 px thirty buttons in one row pushed the window wider than
  // the screen and overlapped ("1⚑" over "2"); they wrap into rows instead.
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
  setAccessibleName(tr("Exam question navigator"));
}

QSize ExamNavigator::minimumSizeHint() const {
  return QSize(cellWidth(), QWidget::minimumSizeHint().height());
}

int ExamNavigator::cellWidth() const {
  const QFontMetrics fm(AppTheme::pointFont(10.5, QFont::Bold));
  return fm.horizontalAdvance(QStringLiteral("30 ✓ ⚑")) + 24;
}

void ExamNavigator::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  relayout();
}

void ExamNavigator::relayout() {
  const int cell = cellWidth();
  const int columns = std::max(1, (width() + 6) / (cell + 6));
  if (columns == columns_ && cell == cell_ && grid_->count() == buttons_.size()) return;
  columns_ = columns;
  cell_ = cell;
  for (QPushButton* b : buttons_) grid_->removeWidget(b);
  for (int i = 0; i < buttons_.size(); ++i) {
    buttons_[i]->setFixedWidth(cell);
    grid_->addWidget(buttons_[i], i / columns, i % columns);
  }
}

void ExamNavigator::refresh(const quiz::QuizSession& session) {
  if (buttons_.size() != session.count()) {
    for (QPushButton* b : buttons_) {
      b->hide();
      grid_->removeWidget(b);
      b->deleteLater();
    }
    buttons_.clear();
    for (int i = 0; i < session.count(); ++i) {
      auto* b = new QPushButton(this);
      b->setFocusPolicy(Qt::TabFocus);
      b->setCursor(Qt::PointingHandCursor);
      connect(b, &QPushButton::clicked, this, [this, i] { emit questionRequested(i); });
      buttons_.push_back(b);
    }
    columns_ = 0;
    relayout();
  }
  const ThemeColors& c = AppTheme::colors();
  for (int i = 0; i < session.count(); ++i) {
    const auto& st = session.state(i);
    QString text = QString::number(i + 1);
    QString state = st.answered ? tr("answered") : tr("not answered");
    QColor fill = c.card, fg = c.text, border = c.cardBorder;
    if (st.answered) {
      fill = c.selectedCard;
    }
    if (st.correct.has_value()) {
      text += *st.correct ? QStringLiteral(" ✓") : QStringLiteral(" ✗");
      fill = *st.correct ? c.correctCard : c.wrongCard;
      border = *st.correct ? c.correct : c.wrong;
      state = *st.correct ? tr("correct") : tr("wrong");
    }
    if (st.flagged) {
      text += QStringLiteral(" ⚑");
      state += tr(", flagged for review");
    }
    const bool current = i == session.currentIndex();
    if (current) border = c.accent;
    QPushButton* b = buttons_[i];
    b->setText(text);
    b->setFont(AppTheme::pointFont(10.5, current ? QFont::Bold : QFont::Normal));
    b->setAccessibleName(tr("Question %1, %2").arg(i + 1).arg(state));
    b->setStyleSheet(
        QStringLiteral("QPushButton { background: %1; color: %2; border: %3px solid %4;"
                       " border-radius: 6px; padding: 3px 4px; }")
            .arg(fill.name(), fg.name())
            .arg(current ? 2 : 1)
            .arg(border.name()));
  }
  relayout();  // the font may have grown (presenter mode): cells follow
}

}  // namespace precisionlab
