// The evidence summary at the top of the lab and on the presenter's last step: one card per
// option of the question (as LabEvidence computes it from the runs), so the answer is readable
// without a tooltip: which option fails and where, which changes nothing, which costs k times
// the training, and which learns like fp32 while the same mechanism is measured faster here
// and estimated faster and lighter on each Vertex AI GPU. Each card names its source.
#pragma once

#include <QFrame>
#include <QHash>
#include <QList>
#include <QRect>
#include <QStringList>

class QGridLayout;
class QLabel;
class QPushButton;

namespace precisionlab {

class RunDataStore;
struct LabLayout;
class VerdictCache;
struct EvidenceCard;

class EvidenceSummary : public QFrame {
  Q_OBJECT

 public:
  explicit EvidenceSummary(QWidget* parent = nullptr);

  // The options in the order the learner saw them, with their letters (may be empty). A row
  // trained outside the question's lab (not an option, not in the default lab: a worker dies,
  // the batch sweep) gets its own card after the options once it has runs, so its lesson is read
  // where the options' are, not only in its row's verdict; replayed recordings add none.
  void setOptions(const QStringList& scenarioIds, const QHash<QString, QString>& letters);
  QStringList options() const { return order_; }
  // Refills every card from the store and its cached verdicts (computes no verdict).
  void refresh(const RunDataStore& store, const VerdictCache& verdicts);
  // With the layout's run controls: "Run every option", and before any run a "what to do" line
  // instead of the cards; without them (the presenter's last slide) the cards always show.
  void applyLayout(const LabLayout& layout);
  // Card texts as shown (tests and the walkthrough read them).
  QStringList cardTexts() const;
  // The lab's conclusion above the cards ("" while hidden: runs still going, or none final).
  QString conclusionText() const;
  // True while the cards are shown; before any run the lab shows a short "what to do" line
  // instead of four empty cards (a layout without run controls always shows them).
  bool cardsShown() const;
  // Where each shown card and its top lines are, in this widget's coordinates: the card, its
  // title (letter and option) and its headline (the finding) below it. Empty while the cards
  // are hidden. The lab keeps these in view when it has to scroll the cards.
  struct CardHeading {
    QRect card;
    QRect title;
    QRect headline;
  };
  QList<CardHeading> cardHeadings() const;
  QLabel* placeholder() const { return placeholder_; }
  // The lab's expected time on this machine now (LabTimeEstimate's line and its basis), said
  // where a learner about to press "Run every option" reads: under the "what to do" line and in
  // the button's tooltip ("" clears it).
  void setExpectedTime(const QString& line, const QString& basis);
  // While live runs train: the time they have left at their measured pace (LabTimeEstimate's
  // progress line), above the cards, where a learner watching them reads ("" hides it).
  void setTimeLeft(const QString& line, const QString& basis);
  QLabel* timeLeft() const { return timeLeft_; }

 signals:
  void runAllRequested();
  void gpuEstimateRequested();

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct CardWidgets {
    QFrame* frame = nullptr;
    QLabel* name = nullptr;
    QLabel* headline = nullptr;
    QLabel* evidence = nullptr;
    QLabel* source = nullptr;
  };
  void rebuild();
  void layoutCards();
  // The cards to show: the options, then the rows with runs outside the question's lab.
  QStringList shownIds(const RunDataStore* store) const;
  QString placeholderText() const;
  QString runAllTip() const;
  void fillCard(CardWidgets& w, const EvidenceCard& card);

  QStringList order_;
  QStringList shown_;  // the ids cards_ were built for: order_ and the extra rows
  QHash<QString, QString> letters_;
  QList<CardWidgets> cards_;
  QGridLayout* grid_ = nullptr;
  QLabel* title_ = nullptr;
  QLabel* conclusion_ = nullptr;
  QLabel* machine_ = nullptr;
  QLabel* timeLeft_ = nullptr;  // while live runs train, in the lab (not in front of a class)
  QLabel* banner_ = nullptr;    // why no option can be judged yet, when that is so
  QLabel* placeholder_ = nullptr;
  QWidget* cardArea_ = nullptr;
  QPushButton* runAll_ = nullptr;
  QPushButton* estimate_ = nullptr;
  QString expectedTime_;  // "Every option: about 6 min on this machine now (...)", or ""
  int columns_ = 0;
  bool controls_ = true;  // the layout's run controls
  const RunDataStore* store_ = nullptr;
  const VerdictCache* verdicts_ = nullptr;
};

}  // namespace precisionlab
