#include "ui/study/ExamNavigator.h"

#include <QHBoxLayout>
#include <QPushButton>

#include "quiz/QuizSession.h"
#include "ui/app/AppTheme.h"

namespace precisionlab {

ExamNavigator::ExamNavigator(QWidget* parent) : QWidget(parent) {
  row_ = new QHBoxLayout(this);
  row_->setContentsMargins(0, 0, 0, 0);
  row_->setSpacing(6);
  row_->addStretch(1);
  setAccessibleName(tr("Exam question navigator"));
}

void ExamNavigator::refresh(const quiz::QuizSession& session) {
  if (buttons_.size() != session.count()) {
    for (QPushButton* b : buttons_) {
      b->hide();
      row_->removeWidget(b);
      b->deleteLater();
    }
    buttons_.clear();
    for (int i = 0; i < session.count(); ++i) {
      auto* b = new QPushButton(this);
      b->setFocusPolicy(Qt::TabFocus);
      b->setCursor(Qt::PointingHandCursor);
      connect(b, &QPushButton::clicked, this, [this, i] { emit questionRequested(i); });
      row_->insertWidget(i, b);
      buttons_.push_back(b);
    }
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
                       " border-radius: 6px; padding: 3px 8px; min-width: 28px; }")
            .arg(fill.name(), fg.name())
            .arg(current ? 2 : 1)
            .arg(border.name()));
  }
}

}  // namespace precisionlab
