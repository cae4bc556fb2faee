#include "ui/lab/LivePace.h"

#include <QLocale>
#include <algorithm>

#include "ui/lab/RunDataStore.h"

namespace precisionlab {

LivePace::Reading LivePace::update(const Sample& s, bool onLabSlides) {
  Reading r;
  if (!s.active) {
    r.verdict = Verdict::Done;
    return r;
  }
  r.stepsLeft = std::max<qint64>(0, s.stepsPlanned - s.stepsDone);
  r.secondsLeft = std::max(onLabSlides ? 0.0 : lead_ - s.seconds, kGrace);
  if (s.stepsDone > 0 && firstStepSeconds_ < 0) {
    firstStepSeconds_ = s.seconds;
    firstSteps_ = s.stepsDone;
  }
  // Measured from the first step seen (the preparation before it is not the training pace),
  // or, with no step yet, from the start.
  const bool stepped = firstStepSeconds_ >= 0;
  const double since = stepped ? firstStepSeconds_ : 0.0;
  const qint64 steps = stepped ? s.stepsDone - firstSteps_ : 0;
  r.measuredOver = s.seconds - since;
  const bool enough = stepped ? (r.measuredOver >= kWindow || steps >= kFastSteps)
                              : r.measuredOver >= kFirstStepWindow;
  if (!enough || r.measuredOver <= 0) return r;  // Wait
  r.noStepYet = !stepped;
  r.stepsPerSecond = double(steps + 1) / r.measuredOver;
  r.secondsNeeded = double(r.stepsLeft) / r.stepsPerSecond;
  r.neededPerSecond = double(r.stepsLeft) / r.secondsLeft;
  r.verdict = r.secondsNeeded <= r.secondsLeft ? Verdict::OnTime : Verdict::Offer;
  return r;
}

LivePace::Sample LivePace::liveSample(const RunDataStore& store, double seconds) {
  Sample sample;
  sample.seconds = seconds;
  for (const TrackedRun& run : store.runs()) {
    if (run.replayed()) continue;
    sample.stepsDone += run.stepsDone();
    sample.stepsPlanned += run.totalSteps;
    sample.active = sample.active || run.active();
  }
  return sample;
}

QString LivePace::format(double stepsPerSecond) {
  const QLocale locale;
  if (stepsPerSecond >= 9.95) return locale.toString(stepsPerSecond, 'f', 0);
  if (stepsPerSecond >= 0.095) return locale.toString(stepsPerSecond, 'f', 1);
  return locale.toString(stepsPerSecond, 'g', 2);
}

}  // namespace precisionlab
