#include "ui/study/BreakdownPanel.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/base/AppTheme.h"

namespace precisionlab {

namespace {

QLabel* paragraph(const QString& text, QWidget* parent, double points = 11.5) {
  auto* label = new QLabel(text, parent);
  label->setWordWrap(true);
  label->setTextFormat(Qt::PlainText);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  label->setFont(AppTheme::pointFont(points));
  // setWordWrap turned heightForWidth on; a new policy must keep it, or the label reserves the
  // height of a much narrower guess and paragraphs float in empty space.
  QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
  policy.setHeightForWidth(true);
  label->setSizePolicy(policy);
  return label;
}

QLabel* heading(const QString& text, QWidget* parent, double points, const QColor& color) {
  auto* label = paragraph(text, parent, points);
  QFont f = label->font();
  f.setWeight(QFont::DemiBold);
  label->setFont(f);
  label->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(color.name()));
  return label;
}

QString letterFor(int index) { return QString(QChar(u'A' + index)); }

}  // namespace

BreakdownPanel::BreakdownPanel(QWidget* parent) : QWidget(parent) {
  layout_ = new QVBoxLayout(this);
  layout_->setContentsMargins(0, 0, 0, 0);
  layout_->setSpacing(16);
  setAccessibleName(tr("Answer breakdown"));
}

void BreakdownPanel::clear() {
  shown_ = false;
  while (QLayoutItem* item = layout_->takeAt(0)) {
    if (item->widget()) {
      item->widget()->hide();  // deletion waits for the event loop; hide it now
      item->widget()->deleteLater();
    }
    delete item;
  }
  hide();
}

void BreakdownPanel::showQuestion(const quiz::Question& question, const QStringList& displayOrder,
                                  const QStringList& chosen) {
  clear();
  question_ = question;
  order_ = displayOrder;
  chosen_ = chosen;
  shown_ = true;
  const ThemeColors& c = AppTheme::colors();

  // 1. The correct answer(s) and the explanation, as the source page puts them first.
  QStringList correctLines;
  for (int i = 0; i < displayOrder.size(); ++i) {
    const quiz::Option* o = question.option(displayOrder[i]);
    if (o && o->correct) correctLines << QStringLiteral("✓  %1.  %2").arg(letterFor(i), o->text);
  }
  layout_->addWidget(
      section(tr("Correct answer & explanation"),
              correctLines.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + question.explanation,
              c.correct, c.correctCard));

  // 2. The exam trap, when the bank names one.
  if (!question.examTrap.isEmpty())
    layout_->addWidget(section(tr("⚠  Common exam trap"), question.examTrap, c.trap, c.trapCard));

  // 3. Option by option.
  layout_->addSpacing(4);
  layout_->addWidget(heading(tr("Option-by-option breakdown"), this, 14, c.text));
  auto* intro = paragraph(
      tr("For each option: why learners choose it, and why it is or isn't the right answer here."),
      this, 11);
  intro->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(c.mutedText.name()));
  layout_->addWidget(intro);
  for (int i = 0; i < displayOrder.size(); ++i) {
    if (const quiz::Option* o = question.option(displayOrder[i]))
      layout_->addWidget(optionBlock(letterFor(i), *o, chosen.contains(o->id)));
  }

  if (!question.references.isEmpty()) {
    QStringList links;
    for (const auto& ref : question.references)
      links << QStringLiteral("<a href=\"%1\">%2</a>")
                   .arg(ref.url.toHtmlEscaped(), ref.title.toHtmlEscaped());
    auto* refs = new QLabel(tr("Read more: ") + links.join(QStringLiteral(" · ")), this);
    refs->setWordWrap(true);
    refs->setOpenExternalLinks(true);
    refs->setFont(AppTheme::pointFont(11));
    layout_->addWidget(refs);
  }
  show();
}

QWidget* BreakdownPanel::section(const QString& title, const QString& body, const QColor& border,
                                 const QColor& fill) {
  auto* frame = new QFrame(this);
  frame->setObjectName(QStringLiteral("section"));
  frame->setStyleSheet(
      QStringLiteral("QFrame#section { background: %1; border: 1px solid %2;"
                     " border-left: 5px solid %2; border-radius: 8px; }"
                     "QFrame#section QLabel { background: transparent; border: none; }")
          .arg(fill.name(), border.name()));
  auto* v = new QVBoxLayout(frame);
  v->setContentsMargins(18, 14, 18, 14);
  v->setSpacing(8);
  v->addWidget(heading(title, frame, 13, border));
  v->addWidget(paragraph(body, frame, 12));
  frame->setAccessibleName(title);
  return frame;
}

QWidget* BreakdownPanel::optionBlock(const QString& letter, const quiz::Option& option,
                                     bool chosen) {
  const ThemeColors& c = AppTheme::colors();
  const QColor signal = option.correct ? c.correct : c.wrong;
  auto* frame = new QFrame(this);
  frame->setObjectName(QStringLiteral("optionBlock"));
  frame->setStyleSheet(
      QStringLiteral("QFrame#optionBlock { background: %1; border: 1px solid %2;"
                     " border-left: 5px solid %3; border-radius: 8px; }"
                     "QFrame#optionBlock QLabel { background: transparent; border: none; }")
          .arg(c.card.name(), c.cardBorder.name(), signal.name()));
  auto* v = new QVBoxLayout(frame);
  v->setContentsMargins(18, 14, 18, 14);
  v->setSpacing(6);

  auto* titleRow = new QHBoxLayout;
  const QString mark = option.correct ? QStringLiteral("✓") : QStringLiteral("✗");
  QString title = QStringLiteral("%1  %2.  %3").arg(mark, letter, option.text);
  auto* titleLabel = heading(title, frame, 12.5, c.text);
  titleRow->addWidget(titleLabel, 1);
  if (chosen) {
    auto* yours = new QLabel(tr("your choice"), frame);
    yours->setFont(AppTheme::pointFont(10, QFont::DemiBold));
    yours->setStyleSheet(QStringLiteral("QLabel { color: %1; border: 1px solid %1;"
                                        " border-radius: 4px; padding: 1px 6px; }")
                             .arg(c.accent.name()));
    titleRow->addWidget(yours, 0, Qt::AlignTop);
  }
  if (!option.scenario.isEmpty()) {
    auto* run = new QPushButton(tr("▶ Run in the lab"), frame);
    run->setObjectName(QStringLiteral("runInLab"));  // found by name, in any language
    run->setAccessibleName(tr("Run option %1 in the lab").arg(letter));
    run->setCursor(Qt::PointingHandCursor);
    const QString scenario = option.scenario;
    connect(run, &QPushButton::clicked, this,
            [this, scenario] { emit runInLabRequested(scenario); });
    titleRow->addWidget(run, 0, Qt::AlignTop);
    if (!runButtons_) run->hide();
  }
  v->addLayout(titleRow);

  auto addPart = [&](const QString& label, const QString& text, const QColor& color) {
    if (text.isEmpty()) return;
    v->addSpacing(4);
    v->addWidget(heading(label, frame, 11, color));
    v->addWidget(paragraph(text, frame, 11.5));
  };
  addPart(option.correct ? tr("Why this is correct") : tr("Why it's wrong here"), option.analysis,
          signal);
  addPart(tr("Why learners pick it"), option.whyLearnersPick, c.mutedText);
  addPart(option.correct ? tr("When it is the best choice") : tr("When it would be right"),
          option.whenRight, c.mutedText);
  frame->setAccessibleName(
      tr("Option %1: %2").arg(letter, option.correct ? tr("correct") : tr("not correct")));
  return frame;
}

void BreakdownPanel::setRunButtonsShown(bool on) {
  runButtons_ = on;
  for (QPushButton* b : findChildren<QPushButton*>(QStringLiteral("runInLab"))) b->setVisible(on);
}

void BreakdownPanel::applyTheme() {
  if (!shown_) return;
  const quiz::Question q = question_;
  const QStringList order = order_;
  const QStringList chosen = chosen_;
  showQuestion(q, order, chosen);
}

}  // namespace precisionlab
