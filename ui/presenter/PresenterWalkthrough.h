// The teacher's walkthrough of one question as a small state machine: question -> reveal the
// answer -> breakdown -> run each option that names a lab scenario, one after another -> verdict
// table. Space/Right call next(), Left calls back(). It holds no widgets, so a test drives it
// without a screen; PresenterMode turns each step into what the window shows.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>

namespace precisionlab {

class PresenterWalkthrough : public QObject {
  Q_OBJECT

 public:
  enum class StepKind { Question, Reveal, Breakdown, RunOption, Verdicts };
  Q_ENUM(StepKind)

  struct Step {
    StepKind kind = StepKind::Question;
    int optionIndex = -1;  // RunOption: index into the options given to setOptions()
    QString letter;        // RunOption: "A".."F"
    QString scenarioId;    // RunOption: the lab scenario to start

    friend bool operator==(const Step& a, const Step& b) {
      return a.kind == b.kind && a.optionIndex == b.optionIndex && a.scenarioId == b.scenarioId;
    }
  };

  // The options as shown (display order): their letters and scenario ids (empty: no lab run,
  // so the walkthrough skips it).
  struct OptionInfo {
    QString letter;
    QString scenarioId;
  };

  explicit PresenterWalkthrough(QObject* parent = nullptr);

  // Rebuilds the step list for a question and goes back to its first step.
  void setOptions(const QVector<OptionInfo>& options);

  const QVector<Step>& steps() const { return steps_; }
  int index() const { return index_; }
  const Step& current() const { return steps_.at(index_); }
  bool atStart() const { return index_ == 0; }
  bool atEnd() const { return index_ == steps_.size() - 1; }
  // A line for the presenter's status strip: "Step 4 of 8: option A in the lab".
  QString describe() const;
  // The keys, beside it or under it: "Space/→ next · ← back · Esc leave".
  static QString keysHint();

 public slots:
  // Each returns false (and emits nothing) at the end / start.
  bool next();
  bool back();
  void restart();
  // To a step by its index (false, emitting nothing, when out of range or already there).
  bool moveTo(int index);

 signals:
  void stepChanged(const precisionlab::PresenterWalkthrough::Step& step);

 private:
  QVector<Step> steps_;
  int index_ = 0;
};

}  // namespace precisionlab
