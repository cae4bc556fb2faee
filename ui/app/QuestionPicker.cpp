#include "ui/app/QuestionPicker.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

#include "quiz/QuestionBank.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {

constexpr int kIdRole = Qt::UserRole;
constexpr int kSearchRole = Qt::UserRole + 1;

// "041" from "pmle-scaling-041"; the whole id when it does not end in digits.
QString shortNumber(const QString& id) {
  const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("(\\d+)$")).match(id);
  return m.hasMatch() ? m.captured(1) : id;
}

QString oneLine(QString text, int limit) {
  text = text.simplified();
  return text.size() > limit ? text.left(limit - 1) + QChar(0x2026) : text;
}

}  // namespace

QuestionPicker::QuestionPicker(const quiz::QuestionBank& bank, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Go to question"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
      tr("Practice starts at the question you choose; the rest of the bank follows. Questions "
         "whose options run in the lab say which runs."),
      this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  filter_ = new QLineEdit(this);
  filter_->setPlaceholderText(tr("Filter: words of the question, its topic or number"));
  filter_->setClearButtonEnabled(true);
  filter_->setAccessibleName(tr("Filter questions"));
  layout->addWidget(filter_);
  list_ = new QListWidget(this);
  list_->setWordWrap(true);
  list_->setUniformItemSizes(false);
  list_->setSpacing(3);  // three lines an item: apart, they read as one question each
  list_->setAccessibleName(tr("Questions"));
  layout->addWidget(list_, 1);
  count_ = new QLabel(this);
  layout->addWidget(count_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Go to question"));
  layout->addWidget(buttons);

  for (const quiz::Question& q : bank.questions) {
    QStringList runs;
    for (const quiz::Option& o : q.options) {
      if (o.scenario.isEmpty()) continue;
      const ScenarioInfo* info = ScenarioCatalog::find(o.scenario);
      const QString name = info ? ScenarioCatalog::shortName(*info) : o.scenario;
      if (!runs.contains(name)) runs << name;
    }
    QString text = tr("%1 · %2\n%3").arg(shortNumber(q.id), q.topic, oneLine(q.stem, 140));
    if (!runs.isEmpty()) text += QLatin1Char('\n') + tr("runs in the lab: %1").arg(runs.join(", "));
    auto* item = new QListWidgetItem(text, list_);
    item->setData(kIdRole, q.id);
    item->setData(kSearchRole, QStringList{q.id, q.topic, q.stem, runs.join(' ')}.join(' '));
    item->setToolTip(q.stem);
  }
  if (list_->count() > 0) list_->setCurrentRow(0);

  connect(filter_, &QLineEdit::textChanged, this, &QuestionPicker::applyFilter);
  connect(list_, &QListWidget::itemActivated, this, [this] { accept(); });
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    if (!chosenId().isEmpty()) accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  // Enter in the filter opens the first question shown.
  connect(filter_, &QLineEdit::returnPressed, this, [this] {
    if (!chosenId().isEmpty()) accept();
  });
  applyFilter();
  resize(720, 520);
}

QString QuestionPicker::chosenId() const {
  const QListWidgetItem* item = list_->currentItem();
  return item && !item->isHidden() ? item->data(kIdRole).toString() : QString();
}

void QuestionPicker::setFilter(const QString& text) { filter_->setText(text); }

int QuestionPicker::shownCount() const {
  int shown = 0;
  for (int i = 0; i < list_->count(); ++i) shown += list_->item(i)->isHidden() ? 0 : 1;
  return shown;
}

void QuestionPicker::applyFilter() {
  const QStringList words = filter_->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  QListWidgetItem* first = nullptr;
  for (int i = 0; i < list_->count(); ++i) {
    QListWidgetItem* item = list_->item(i);
    const QString haystack = item->data(kSearchRole).toString();
    bool match = true;
    for (const QString& w : words) match = match && haystack.contains(w, Qt::CaseInsensitive);
    item->setHidden(!match);
    if (match && !first) first = item;
  }
  if (!list_->currentItem() || list_->currentItem()->isHidden()) list_->setCurrentItem(first);
  count_->setText(tr("%n question(s) shown", nullptr, shownCount()));
}

}  // namespace precisionlab
