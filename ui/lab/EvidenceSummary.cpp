#include "ui/lab/EvidenceSummary.h"

#include <algorithm>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QVBoxLayout>

#include "ui/base/AppTheme.h"
#include "ui/lab/LabEvidence.h"
#include "ui/lab/LabLayout.h"
#include "ui/lab/RunDataStore.h"
#include "ui/lab/ScenarioCatalog.h"

namespace precisionlab {

namespace {
// Below this width the four cards go two by two, so each keeps a readable line length (counted
// here: a QGridLayout does not move its widgets to other rows and columns by itself).
constexpr int kFourColumnWidth = 1150;
}  // namespace

EvidenceSummary::EvidenceSummary(QWidget* parent) : QFrame(parent) {
  setObjectName(QStringLiteral("evidenceSummary"));
  setAccessibleName(tr("Evidence summary"));
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->setSpacing(4);
  auto* head = new QHBoxLayout;
  title_ = new QLabel(tr("<b>What the runs show</b>, option by option (computed from the runs "
                         "below; each card says where its numbers come from)"),
                      this);
  title_->setWordWrap(true);
  runAll_ = new QPushButton(tr("Run every option"), this);
  runAll_->setObjectName(QStringLiteral("runEveryOptionButton"));
  runAll_->setToolTip(runAllTip());
  connect(runAll_, &QPushButton::clicked, this, &EvidenceSummary::runAllRequested);
  estimate_ = new QPushButton(tr("GPU estimate…"), this);
  estimate_->setObjectName(QStringLiteral("gpuEstimateButton"));
  estimate_->setToolTip(
      tr("Estimated step time, throughput, memory and epoch cost on the GPUs Vertex AI offers, "
         "as ranges from the Hugging Face Trainer to optimized code, with the formula, the "
         "published measurements it is calibrated on and their sources."));
  connect(estimate_, &QPushButton::clicked, this, &EvidenceSummary::gpuEstimateRequested);
  head->addWidget(title_, 1);
  head->addWidget(runAll_);
  head->addWidget(estimate_);
  outer->addLayout(head);
  // The summary's lines, one under another, each wrapping in whatever width the pane has.
  auto addLine = [this, outer](const QString& name, bool shown) {
    auto* label = new QLabel(this);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setMinimumWidth(1);
    if (!shown) label->hide();
    outer->addWidget(label);
    return label;
  };
  timeLeft_ = addLine(QStringLiteral("evidenceTimeLeft"), false);
  timeLeft_->setTextFormat(Qt::PlainText);
  banner_ = addLine(QStringLiteral("evidenceBanner"), false);
  // The lab's conclusion once every run has a final verdict (core/LabConclusion.h), and before
  // that what this machine can show about mixed precision's speed.
  conclusion_ = addLine(QStringLiteral("evidenceConclusion"), false);
  conclusion_->setTextFormat(Qt::RichText);
  machine_ = addLine(QStringLiteral("evidenceMachine"), true);
  machine_->setForegroundRole(QPalette::PlaceholderText);
  placeholder_ = addLine(QStringLiteral("evidencePlaceholder"), true);
  placeholder_->setText(placeholderText());
  placeholder_->setForegroundRole(QPalette::PlaceholderText);
  cardArea_ = new QWidget(this);
  grid_ = new QGridLayout(cardArea_);
  grid_->setContentsMargins(0, 0, 0, 0);
  grid_->setSpacing(6);
  outer->addWidget(cardArea_);
  cardArea_->hide();
  setOptions(LabEvidence::defaultOrder(), {});
}

QString EvidenceSummary::placeholderText() const {
  const QString what =
      tr("No runs yet. Tick an option in the runs below, or press \"Run every option\": a card "
         "per option then says what its run shows and where the numbers come from.");
  return expectedTime_.isEmpty() ? what : what + QLatin1Char(' ') + expectedTime_;
}

QString EvidenceSummary::runAllTip() const {
  // How long, measured on this machine (LabTimeEstimate), not a constant.
  const QString what =
      tr("Trains the fp32 baseline and every option on the cards side by side (with bf16=True "
         "beside fp16=True).");
  return expectedTime_.isEmpty() ? what : what + QStringLiteral("\n") + expectedTime_;
}

void EvidenceSummary::setExpectedTime(const QString& line, const QString& basis) {
  expectedTime_ = line;
  placeholder_->setText(placeholderText());
  placeholder_->setToolTip(basis);
  runAll_->setToolTip(runAllTip());
}

void EvidenceSummary::setOptions(const QStringList& scenarioIds,
                                 const QHash<QString, QString>& letters) {
  if (scenarioIds == order_ && letters == letters_) return;
  order_ = scenarioIds;
  letters_ = letters;
  shown_ = shownIds(store_);
  rebuild();
  if (store_) refresh(*store_, *verdicts_);
}

QStringList EvidenceSummary::shownIds(const RunDataStore* store) const {
  QStringList ids = order_;
  if (!store) return ids;
  const QStringList lab = ScenarioCatalog::defaultLabIds();
  for (const TrackedRun& run : store->runs()) {
    // Trained here only: the shipped recordings hold rows of other questions (fp16 without
    // loss scaling), which would crowd the seed question's last slide.
    if (run.replayed()) continue;
    const QString id = QString::fromStdString(run.scenarioId);
    if (!ids.contains(id) && !lab.contains(id) && ScenarioCatalog::find(id)) ids.append(id);
  }
  return ids;
}

void EvidenceSummary::rebuild() {
  for (CardWidgets& w : cards_) {
    grid_->removeWidget(w.frame);
    w.frame->deleteLater();
  }
  cards_.clear();
  for (int i = 0; i < shown_.size(); ++i) {
    CardWidgets w;
    w.frame = new QFrame(cardArea_);
    w.frame->setObjectName(QStringLiteral("evidenceCard"));
    auto* v = new QVBoxLayout(w.frame);
    v->setContentsMargins(8, 6, 8, 6);
    v->setSpacing(2);
    w.name = new QLabel(w.frame);
    w.name->setObjectName(QStringLiteral("evidenceCardTitle"));
    w.headline = new QLabel(w.frame);
    w.evidence = new QLabel(w.frame);
    w.source = new QLabel(w.frame);
    for (QLabel* l : {w.name, w.headline, w.evidence, w.source}) {
      l->setWordWrap(true);
      l->setTextFormat(Qt::PlainText);
      l->setTextInteractionFlags(Qt::TextSelectableByMouse);
      // No minimum from the longest word: a long German compound ("Validierungsgenauigkeit")
      // made four cards wider than a 1024 px window, so they never went two by two.
      l->setMinimumWidth(1);
      v->addWidget(l);
    }
    v->addStretch(1);
    cards_.append(w);
  }
  columns_ = 0;
  layoutCards();
}

void EvidenceSummary::layoutCards() {
  const int columns = width() >= kFourColumnWidth || cards_.size() <= 2
                          ? int(std::min<qsizetype>(cards_.size(), 4))
                          : 2;
  if (columns == columns_ || columns <= 0) return;
  columns_ = columns;
  for (int i = 0; i < cards_.size(); ++i) {
    grid_->removeWidget(cards_[i].frame);
    grid_->addWidget(cards_[i].frame, i / columns, i % columns);
  }
  for (int c = 0; c < 4; ++c) grid_->setColumnStretch(c, c < columns ? 1 : 0);
}

void EvidenceSummary::resizeEvent(QResizeEvent* event) {
  QFrame::resizeEvent(event);
  layoutCards();
}

void EvidenceSummary::fillCard(CardWidgets& w, const EvidenceCard& card) {
  const ThemeColors& c = AppTheme::colors();
  QColor accent = c.cardBorder, fill = c.card;
  switch (card.finding) {
    case EvidenceCard::Finding::Fails:
      accent = c.wrong;
      fill = c.wrongCard;
      break;
    case EvidenceCard::Finding::Works:
      accent = c.correct;
      fill = c.correctCard;
      break;
    case EvidenceCard::Finding::NoChange:
    case EvidenceCard::Finding::CostsCompute:
    case EvidenceCard::Finding::Unexpected:
      accent = c.trap;
      fill = c.trapCard;
      break;
    default:
      break;
  }
  w.frame->setStyleSheet(
      QStringLiteral("QFrame#evidenceCard { background: %1; border: 2px solid "
                     "%2; border-radius: 6px; } QLabel { background: transparent; "
                     "border: none; color: %3; }")
          .arg(fill.name(), accent.name(), c.text.name()));
  // Sizes are in points before AppTheme's scale, so the presenter's large fonts apply here too.
  w.name->setFont(AppTheme::pointFont(10, QFont::DemiBold));
  w.name->setText(card.correct ? tr("%1  ✓ the answer").arg(card.name) : card.name);
  w.name->setToolTip(order_.contains(card.scenarioId)
                         ? tr("The question's option: \"%1\"").arg(card.optionText)
                         : tr("An experiment you ran beside the question's options"));
  w.headline->setFont(AppTheme::pointFont(10.5, QFont::Bold));
  w.headline->setText(card.headline);
  w.evidence->setFont(AppTheme::pointFont(9));
  // One bullet per finding; where a card's lines come from different sources (fp16=True:
  // emulated numerics, live bf16 speed, a GPU estimate) each line names its own.
  bool mixed = false;
  for (int i = 0; i < card.evidence.size(); ++i)
    mixed = mixed || card.sourceOfLine(i) != card.source;
  QStringList lines;
  for (int i = 0; i < card.evidence.size(); ++i) {
    const QString source = card.sourceOfLine(i);
    lines << (mixed && !source.isEmpty() ? tr("• %1 [%2]").arg(card.evidence[i], source)
                                         : tr("• %1").arg(card.evidence[i]));
  }
  w.evidence->setText(lines.join(QLatin1Char('\n')));
  w.evidence->setToolTip(card.details.join(QLatin1Char('\n')));
  w.evidence->setVisible(!card.evidence.isEmpty());
  w.source->setFont(AppTheme::pointFont(8.5));
  w.source->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(c.mutedText.name()));
  w.source->setText(card.source.isEmpty() ? QString() : tr("source: %1").arg(card.source));
  w.source->setToolTip(card.sourceFull);
  w.source->setVisible(!card.source.isEmpty());
  w.frame->setAccessibleName(card.name + QStringLiteral(": ") + card.headline);
}

void EvidenceSummary::refresh(const RunDataStore& store, const VerdictCache& verdicts) {
  store_ = &store;
  verdicts_ = &verdicts;
  const QStringList shown = shownIds(&store);
  if (shown != shown_) {
    shown_ = shown;
    rebuild();
  }
  const QList<EvidenceCard> cards = LabEvidence::cards(store, verdicts, shown_, letters_);
  for (int i = 0; i < cards.size() && i < cards_.size(); ++i) fillCard(cards_[i], cards[i]);
  const QString banner = LabEvidence::banner(store, verdicts);
  if (!banner.isEmpty()) {
    const ThemeColors& c = AppTheme::colors();
    banner_->setFont(AppTheme::pointFont(10, QFont::DemiBold));
    banner_->setStyleSheet(
        QStringLiteral("QLabel#evidenceBanner { background: %1; border: 2px solid %2; "
                       "border-radius: 6px; padding: 6px; color: %3; }")
            .arg(c.trapCard.name(), c.trap.name(), c.text.name()));
  }
  banner_->setText(banner);
  banner_->setVisible(!banner.isEmpty());
  const QString conclusion =
      banner.isEmpty() ? LabEvidence::conclusion(store, verdicts) : QString();
  conclusion_->setText(
      conclusion.isEmpty() ? QString() : tr("<b>In short:</b> %1").arg(conclusion.toHtmlEscaped()));
  conclusion_->setVisible(!conclusion.isEmpty());
  machine_->setText(tr("This machine: %1.").arg(LabEvidence::thisMachineLine()));
  machine_->setVisible(conclusion.isEmpty());
  const bool show = !controls_ || !store.runs().empty();
  cardArea_->setVisible(show);
  placeholder_->setVisible(!show);
}

QString EvidenceSummary::conclusionText() const {
  return conclusion_->isHidden() ? QString() : conclusion_->text();
}

bool EvidenceSummary::cardsShown() const { return !cardArea_->isHidden(); }

QList<EvidenceSummary::CardHeading> EvidenceSummary::cardHeadings() const {
  QList<CardHeading> out;
  if (!cardsShown()) return out;
  auto inSummary = [this](const QWidget* w) {
    return w->isHidden() ? QRect() : QRect(w->mapTo(this, QPoint(0, 0)), w->size());
  };
  for (const CardWidgets& w : cards_)
    if (!w.frame->isHidden())
      out.append({inSummary(w.frame), inSummary(w.name), inSummary(w.headline)});
  return out;
}

void EvidenceSummary::setTimeLeft(const QString& line, const QString& basis) {
  timeLeft_->setText(line);
  timeLeft_->setToolTip(basis);
  timeLeft_->setVisible(controls_ && !line.isEmpty());
}

void EvidenceSummary::applyLayout(const LabLayout& layout) {
  controls_ = layout.controls;
  runAll_->setVisible(controls_);
  timeLeft_->setVisible(controls_ && !timeLeft_->text().isEmpty());
  if (store_) {
    refresh(*store_, *verdicts_);
  } else {
    cardArea_->setVisible(!controls_);
    placeholder_->setVisible(controls_);
  }
}

QStringList EvidenceSummary::cardTexts() const {
  QStringList out;
  for (const CardWidgets& w : cards_)
    out << QStringList{w.name->text(), w.headline->text(), w.evidence->text(), w.source->text()}
               .join(QLatin1Char('\n'));
  return out;
}

}  // namespace precisionlab
