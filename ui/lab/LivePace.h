// Whether the live runs of a presenter walk-through will be done when the lab slides need them,
// judged from measured progress only: the steps all live runs together did per second, against
// the steps per second finishing them in the time left needs. Whatever makes the machine slow
// (other work, a small CPU, nice +10 under load, a long preparation) shows up as a low measured
// rate, so the offer to switch to the recordings comes from what happened, never from a guess
// about the cause. No widgets and no clock of its own: the presenter feeds it samples once a
// second, the lab window's time line (LabTimeEstimate) as the runs step; tests feed it made-up
// progress and time.
//
// The rate is read optimistically (as if one more step ended at the moment of the sample), so a
// run that is merely between two slow steps is never judged slower than it is. Before any step,
// the time since the runs started is the measure (0 steps in t seconds: less than 1/t a second),
// read only after a longer wait (kFirstStepWindow) so that an idle machine preparing its model
// is not taken for a slow one.
#pragma once

#include <QString>
#include <QtGlobal>

namespace precisionlab {

class RunDataStore;

class LivePace {
 public:
  struct Sample {
    double seconds = 0;       // since the live runs were started
    qint64 stepsDone = 0;     // all live runs together
    qint64 stepsPlanned = 0;  // all live runs together
    bool active = false;      // any live run still queued, preparing, running or paused
  };
  enum class Verdict {
    Wait,    // too little measured yet
    OnTime,  // at the measured rate they finish in the time left (watched on)
    Offer,   // they will not: offer the recordings
    Done,    // no live run is going any more
  };
  struct Reading {
    Verdict verdict = Verdict::Wait;
    double stepsPerSecond = -1;   // measured (optimistic); -1 while unknown
    double neededPerSecond = -1;  // what finishing the steps left in secondsLeft needs
    double secondsNeeded = -1;    // at the measured rate
    double secondsLeft = 0;       // before the lab slides need them
    double measuredOver = 0;      // seconds the rate was measured over
    qint64 stepsLeft = 0;
    bool noStepYet = false;  // measured as "no step in measuredOver seconds"
  };

  // Seconds a step needs at least to be timed: below this the rate is not read yet, unless
  // kFastSteps steps were done already.
  static constexpr double kWindow = 8;
  static constexpr qint64 kFastSteps = 6;
  // Seconds without any step after which "no step yet" is itself the measure.
  static constexpr double kFirstStepWindow = 40;
  // Seconds a teacher spends on the lab slides anyway: runs that finish within that of reaching
  // them are on time.
  static constexpr double kGrace = 30;

  // `leadSeconds`: when, after the live runs started, the lab slides are due (the presenter's
  // kLeadSeconds).
  explicit LivePace(double leadSeconds) : lead_(leadSeconds) {}

  // Reads one sample. `onLabSlides`: a run or verdict slide is on screen now (the time left is
  // then only the grace). The caller offers once and stops asking.
  Reading update(const Sample& sample, bool onLabSlides);
  // The store's live runs together (replayed runs left out) at `seconds`: what the presenter and
  // the lab's time line feed update().
  static Sample liveSample(const RunDataStore& store, double seconds);

  // A steps-a-second figure as the offer and the status line print it, in the UI's locale: one
  // decimal below ten ("1.0 steps a second", never "1 steps"), whole numbers from ten, two
  // significant digits for a crawl below 0.1.
  static QString format(double stepsPerSecond);

 private:
  double lead_;
  double firstStepSeconds_ = -1;  // when a step was first seen
  qint64 firstSteps_ = 0;         // the steps done then
};

}  // namespace precisionlab
