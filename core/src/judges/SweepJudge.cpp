// A learning-rate sweep (Vertex AI hyperparameter tuning): fp32 trials over some learning rates.
// It tunes the rate and costs its trials' compute; it changes no precision. Figures: trials,
// sampleMultiple (the trials' trained samples over the baseline's: timing-free, the headline),
// computeMultiple (steps x median step time over the baseline's: a note, it moves with load),
// bestTrial (the trial judged: highest validation accuracy).
#include "core/RunRecording.h"
#include "judges/JudgeKit.h"
#include "judges/Judges.h"

namespace precisionlab::judges {

namespace {

void measure(const Context& c, Verdict& v) {
  const auto& runs = c.scenario.runs;
  figure(v, "trials", static_cast<double>(runs.size()));
  // The same question without timing noise: how many training samples the sweep consumed.
  auto samples = [](const RunLog& r) {
    return static_cast<double>(r.steps.size()) * static_cast<double>(r.config.batchSize);
  };
  double sweepSamples = 0;
  for (const auto& r : runs) sweepSamples += samples(r);
  figure(v, "sampleMultiple", samples(c.base) > 0 ? sweepSamples / samples(c.base) : 0);
  // Steps x median step time: robust to the odd slow step a shared machine produces.
  bool cpu = c.base.cpuTimed();
  for (const auto& r : runs) cpu = cpu && r.cpuTimed();
  auto compute = [cpu](const RunLog& r) {
    return static_cast<double>(r.steps.size()) * percentileOf(statisticStepTimes(r, cpu), 50);
  };
  double total = 0;
  for (const auto& r : runs) total += compute(r);
  const double base = compute(c.base);
  const double computeMultiple = base > 0 ? total / base : 0;
  figure(v, "computeMultiple", computeMultiple);
  figureText(v, "bestTrial", c.run.label);
  // A trial at the baseline's own settings is the baseline's run; where the lab trained it
  // once for both (RunScheduler::follow), its measured time is the baseline's, and says so.
  for (const auto& r : runs) {
    if (!sameTraining(r.config, c.base.config)) continue;
    const bool shared = r.provenance.note.find(kTrainedOnceNote) != std::string::npos;
    v.notes.push_back(text(shared ? PL_TRANSLATE_NOOP("Verdict",
                                                      "%1 has the fp32 baseline's settings and "
                                                      "seed, so it is the same run: trained once "
                                                      "here and shown under both names (a tuning "
                                                      "service trains every trial).")
                                  : PL_TRANSLATE_NOOP("Verdict",
                                                      "%1 has the fp32 baseline's settings and "
                                                      "seed, so it is the same run."),
                           {word(r.label)}));
  }
  if (computeMultiple > 0)
    v.notes.push_back(text(PL_TRANSLATE_NOOP("Verdict",
                                             "Measured step time x steps: %1x the baseline's "
                                             "(varies with the machine's load; the headline "
                                             "counts samples)."),
                           {num(computeMultiple, 1)}));
}

void tell(const Context& c, Verdict& v, std::vector<VerdictText>& s) {
  v.judgement = learningJudgement(v);
  // The headline multiple counts training samples (timing-free, so the GUI, where runs share
  // the CPU, and the CLI say the same); the measured time multiple is a note.
  s.push_back(text(
      PL_TRANSLATE_NOOP("Verdict", "%1 trials, %2x the baseline's compute; best %3: "),
      {count(v.count("trials")), num(v.value("sampleMultiple"), 1), word(v.word("bestTrial"))}));
  addLearningText(v, c.options, s);
  s.push_back(text(PL_TRANSLATE_NOOP("Verdict", "; precision unchanged, per trial ")));
  addSpeedText(v, s);
}

}  // namespace

const Judge& sweepJudge() {
  static const Judge j{EvidenceStory::Sweep, Stage::LearnedBaseline, &measure, &tell};
  return j;
}

}  // namespace precisionlab::judges
