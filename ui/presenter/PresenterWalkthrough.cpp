#include "ui/presenter/PresenterWalkthrough.h"

namespace precisionlab {

PresenterWalkthrough::PresenterWalkthrough(QObject* parent) : QObject(parent) { setOptions({}); }

void PresenterWalkthrough::setOptions(const QVector<OptionInfo>& options) {
  steps_.clear();
  steps_.push_back({StepKind::Question, -1, {}, {}});
  steps_.push_back({StepKind::Reveal, -1, {}, {}});
  steps_.push_back({StepKind::Breakdown, -1, {}, {}});
  for (int i = 0; i < options.size(); ++i) {
    // An option without a scenario has nothing to show in the lab; the breakdown covers it.
    if (options[i].scenarioId.isEmpty()) continue;
    steps_.push_back({StepKind::RunOption, i, options[i].letter, options[i].scenarioId});
  }
  steps_.push_back({StepKind::Verdicts, -1, {}, {}});
  index_ = 0;
  emit stepChanged(current());
}

QString PresenterWalkthrough::describe() const {
  const Step& s = current();
  QString what;
  switch (s.kind) {
    case StepKind::Question:
      what = tr("the question");
      break;
    case StepKind::Reveal:
      what = tr("the answer");
      break;
    case StepKind::Breakdown:
      what = tr("why each option is right or wrong");
      break;
    case StepKind::RunOption:
      what = tr("option %1 in the lab").arg(s.letter);
      break;
    case StepKind::Verdicts:
      what = tr("the evidence, option by option");
      break;
  }
  return tr("Step %1 of %2: %3").arg(index_ + 1).arg(steps_.size()).arg(what);
}

QString PresenterWalkthrough::keysHint() { return tr("Space/→ next · ← back · Esc leave"); }

bool PresenterWalkthrough::next() { return moveTo(index_ + 1); }

bool PresenterWalkthrough::back() { return moveTo(index_ - 1); }

void PresenterWalkthrough::restart() {
  index_ = 0;
  emit stepChanged(current());
}

bool PresenterWalkthrough::moveTo(int index) {
  if (index < 0 || index >= steps_.size() || index == index_) return false;
  index_ = index;
  emit stepChanged(current());
  return true;
}

}  // namespace precisionlab
