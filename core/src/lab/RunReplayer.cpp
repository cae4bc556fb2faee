#include "core/RunReplayer.h"

#include <chrono>
#include <cmath>
#include <limits>

#include "core/EngineError.h"

namespace precisionlab {

namespace {

double steadyMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

struct RunReplayer::Impl {
  struct Replay {
    RunId id = 0;
    RunRecording recording;
    RunProvenance provenance;
    double positionMs = 0;  // recorded time played so far
    size_t nextStep = 0;    // index of the next step to release
    size_t nextEval = 0;
    double nextStepEndsAt = 0;  // recorded time at which steps[nextStep] is complete
    bool announced = false;     // the first update (state, total steps) went out
    bool paused = false;
    bool done = false;  // the final state went out
    bool cancelled = false;
    bool changed = true;  // something to report on the next drain
  };

  double speed = 1.0;
  Clock clock;
  double lastTick = 0;
  RunId nextId = 1;
  std::vector<Replay> runs;

  void advance() {
    const double now = clock();
    // An infinite speed plays everything at once (0 ms elapsed times infinity would be NaN).
    const double elapsed = std::isinf(speed) ? speed : (now - lastTick) * speed;
    lastTick = now;
    for (Replay& r : runs)
      if (!r.paused && !r.done) r.positionMs += elapsed;
  }

  Replay* find(RunId id) {
    for (Replay& r : runs)
      if (r.id == id) return &r;
    return nullptr;
  }
};

RunReplayer::RunReplayer(double speed, Clock clock) : impl_(std::make_unique<Impl>()) {
  impl_->clock = clock ? std::move(clock) : Clock(steadyMs);
  impl_->lastTick = impl_->clock();
  setSpeed(speed);
}

RunReplayer::~RunReplayer() = default;

std::string RunReplayer::describe(const RunRecording& recording) {
  // The date part of the ISO 8601 time is what a class needs; the full time stays in the file.
  const std::string& at = recording.provenance.recordedAt;
  return "recorded on " + recording.provenance.device + ", " + at.substr(0, at.find('T'));
}

RunId RunReplayer::add(RunRecording recording) {
  impl_->advance();
  Impl::Replay r;
  r.id = impl_->nextId++;
  r.provenance.kind = Provenance::Recorded;
  r.provenance.device = recording.provenance.device;
  r.provenance.recordedAt = recording.provenance.recordedAt;
  r.provenance.torchVersion = recording.provenance.torchVersion;
  r.provenance.note = describe(recording);
  r.provenance.recordedKind = recording.provenance.kind;
  r.provenance.speedRepresentative = recording.provenance.speedRepresentative;
  if (recording.provenance.kind == Provenance::Emulated)
    r.provenance.note += "; numerics were emulated, so speed and memory are not meaningful";
  if (!recording.provenance.note.empty())
    r.provenance.note += " (" + recording.provenance.note + ")";
  r.nextStepEndsAt = recording.steps.empty() ? 0 : recording.steps.front().stepMs;
  r.recording = std::move(recording);
  impl_->runs.push_back(std::move(r));
  return impl_->runs.back().id;
}

void RunReplayer::setSpeed(double factor) {
  if (!(factor > 0)) throw InputError("replay speed must be above 0 (1 = real speed)");
  impl_->advance();  // time so far counts at the old speed
  impl_->speed = factor;
}

double RunReplayer::speed() const { return impl_->speed; }

void RunReplayer::setPaused(RunId id, bool paused) {
  impl_->advance();
  if (Impl::Replay* r = impl_->find(id)) {
    if (r->paused != paused && !r->done) r->changed = true;
    r->paused = paused;
  }
}

void RunReplayer::cancel(RunId id) {
  impl_->advance();
  if (Impl::Replay* r = impl_->find(id)) {
    if (!r->done) {
      r->cancelled = true;
      r->changed = true;
    }
  }
}

void RunReplayer::cancelAll() {
  for (const Impl::Replay& r : impl_->runs) cancel(r.id);
}

std::vector<RunUpdate> RunReplayer::drain() {
  impl_->advance();
  std::vector<RunUpdate> out;
  for (Impl::Replay& r : impl_->runs) {
    if (r.done) continue;
    const RunRecording& rec = r.recording;
    RunUpdate u;
    u.id = r.id;
    u.label = rec.label;
    u.provenance = r.provenance;
    u.totalSteps = rec.totalSteps > 0 ? rec.totalSteps : static_cast<int64_t>(rec.steps.size());
    // Evaluations recorded before the first step (step 0) belong to the start.
    auto releaseEvalsUpTo = [&](int64_t step) {
      while (r.nextEval < rec.evals.size() && rec.evals[r.nextEval].step <= step)
        u.evals.push_back(rec.evals[r.nextEval++]);
    };
    if (!r.cancelled && !r.paused) {
      releaseEvalsUpTo(r.nextStep == 0 ? 0 : rec.steps[r.nextStep - 1].step);
      while (r.nextStep < rec.steps.size() && r.positionMs >= r.nextStepEndsAt) {
        const StepRecord& s = rec.steps[r.nextStep++];
        u.steps.push_back(s);
        releaseEvalsUpTo(s.step);
        if (r.nextStep < rec.steps.size()) r.nextStepEndsAt += rec.steps[r.nextStep].stepMs;
      }
    }
    const bool allPlayed = r.nextStep == rec.steps.size();
    if (r.cancelled) {
      u.state = RunState::Cancelled;
      u.message = "replay stopped";
      r.done = true;
    } else if (allPlayed) {
      releaseEvalsUpTo(std::numeric_limits<int64_t>::max());
      u.state = rec.state;
      u.message = rec.message;
      r.done = true;
    } else {
      u.state = r.paused ? RunState::Paused : RunState::Running;
      u.message = r.provenance.note;
    }
    if (!r.announced || r.changed || r.done || !u.steps.empty() || !u.evals.empty()) {
      r.announced = true;
      r.changed = false;
      out.push_back(std::move(u));
    }
  }
  return out;
}

bool RunReplayer::idle() const {
  for (const Impl::Replay& r : impl_->runs)
    if (!r.done) return false;
  return true;
}

}  // namespace precisionlab
