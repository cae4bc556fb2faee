#include "ui/study/ConfidencePicker.h"

#include <QAbstractButton>
#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "ui/base/AppTheme.h"

namespace precisionlab {

ConfidencePicker::ConfidencePicker(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(8);
  label_ = new QLabel(tr("How sure are you?"), this);
  row->addWidget(label_);
  group_ = new QButtonGroup(this);
  group_->setExclusive(false);  // exclusive groups cannot be cleared; we keep one checked by hand
  const struct {
    quiz::Confidence value;
    QString text;
    QString tip;
  } choices[] = {
      {quiz::Confidence::Sure, tr("Sure"), tr("I know this")},
      {quiz::Confidence::Unsure, tr("Unsure"), tr("I think so, but I am not certain")},
      {quiz::Confidence::Guess, tr("Guess"), tr("I am guessing")},
  };
  for (const auto& choice : choices) {
    auto* button = new QPushButton(choice.text, this);
    button->setCheckable(true);
    button->setToolTip(choice.tip);
    button->setAccessibleName(tr("Confidence: %1").arg(choice.text));
    button->setFocusPolicy(Qt::TabFocus);
    group_->addButton(button, int(choice.value));
    row->addWidget(button);
  }
  row->addStretch(1);
  connect(group_, &QButtonGroup::idClicked, this, [this](int id) {
    const bool on = group_->button(id)->isChecked();
    for (QAbstractButton* b : group_->buttons())
      if (b != group_->button(id)) b->setChecked(false);
    emit confidenceChanged(on ? quiz::Confidence(id) : quiz::Confidence::Unknown);
  });
  applyTheme();
}

quiz::Confidence ConfidencePicker::confidence() const {
  for (QAbstractButton* b : group_->buttons())
    if (b->isChecked()) return quiz::Confidence(group_->id(b));
  return quiz::Confidence::Unknown;
}

void ConfidencePicker::setConfidence(quiz::Confidence confidence) {
  for (QAbstractButton* b : group_->buttons()) b->setChecked(group_->id(b) == int(confidence));
}

void ConfidencePicker::applyTheme() {
  const ThemeColors& c = AppTheme::colors();
  label_->setFont(AppTheme::pointFont(11));
  label_->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(c.mutedText.name()));
  for (QAbstractButton* b : group_->buttons()) {
    b->setFont(AppTheme::pointFont(10.5));
    b->setStyleSheet(QStringLiteral("QPushButton { border-radius: 14px; padding: 4px 14px; }"
                                    "QPushButton:checked { background: %1; color: %2;"
                                    " border-color: %1; }")
                         .arg(c.accent.name(), c.accentText.name()));
  }
}

}  // namespace precisionlab
