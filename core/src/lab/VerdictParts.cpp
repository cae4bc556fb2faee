// The plain parts of a verdict (core/Verdict.h): judgement names, lookups, figures and the
// English of its text. The judging is Verdict.cpp's and the judges' (core/src/judges/).
#include <string>

#include "core/NumberText.h"
#include "core/Verdict.h"

namespace precisionlab {

const Verdict* findVerdict(const std::vector<Verdict>& verdicts, std::string_view scenarioId) {
  for (const Verdict& v : verdicts)
    if (v.scenarioId == scenarioId) return &v;
  return nullptr;
}

const char* judgementName(Judgement j) {
  switch (j) {
    case Judgement::Reference:
      return "reference";
    case Judgement::BaselineDidNotLearn:
      return "baseline-did-not-learn";
    case Judgement::TooShort:
      return "too-short";
    case Judgement::Inconclusive:
      return "inconclusive";
    case Judgement::Failed:
      return "failed";
    case Judgement::Identical:
      return "identical";
    case Judgement::LearnsLikeBaseline:
      return "learns-like-baseline";
    case Judgement::Stalled:
      return "stalled";
    case Judgement::Differs:
      return "differs";
  }
  return "unknown";
}

const std::string& MeasuredScenario::optionText() const {
  static const std::string none;
  return runs.empty() ? none : runs.front().optionText;
}

const std::string& MeasuredScenario::title() const {
  static const std::string none;
  return runs.empty() ? none : runs.front().title;
}

const VerdictFigure* Verdict::figure(std::string_view key) const {
  for (const VerdictFigure& f : figures)
    if (f.key == key) return &f;
  return nullptr;
}

double Verdict::value(std::string_view key) const {
  const VerdictFigure* f = figure(key);
  return f ? f->value : 0;
}

bool Verdict::measured(std::string_view key) const {
  const VerdictFigure* f = figure(key);
  return f && f->measurable;
}

std::string Verdict::word(std::string_view key) const {
  const VerdictFigure* f = figure(key);
  return f ? f->text : std::string();
}

void Verdict::setFigure(VerdictFigure f) {
  for (VerdictFigure& existing : figures)
    if (existing.key == f.key) {
      existing = std::move(f);
      return;
    }
  figures.push_back(std::move(f));
}

std::string VerdictText::english() const {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t n = i + 1 < text.size() ? static_cast<size_t>(text[i + 1] - '0') : 0;
    if (text[i] != '%' || n < 1 || n > args.size() || n > 9) {
      out += text[i];
      continue;
    }
    const Arg& a = args[n - 1];
    if (a.precision < 0) {
      out += a.text;
    } else {
      out += numberText(a.value, a.precision, a.style);
    }
    ++i;
  }
  return out;
}

}  // namespace precisionlab
