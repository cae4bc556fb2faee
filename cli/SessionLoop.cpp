#include "cli/SessionLoop.h"

#include <atomic>
#include <csignal>
#include <thread>

namespace precisionlab::cli {

namespace {

std::atomic<bool> gInterrupted{false};

// The first Ctrl-C asks; a second one restores the default action and quits (only
// async-signal-safe calls here).
extern "C" void onInterrupt(int) {
  if (gInterrupted.exchange(true)) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
}

// Installs the handler for the loop's lifetime and restores the one before.
class InterruptScope {
 public:
  InterruptScope() : previous_(std::signal(SIGINT, onInterrupt)) { gInterrupted = false; }
  ~InterruptScope() { std::signal(SIGINT, previous_); }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  void (*previous_)(int);
};

}  // namespace

bool runSessionLoop(LabSession& session, const SessionLoop& loop) {
  const InterruptScope scope;
  bool cancelSent = false;
  for (;;) {
    if (gInterrupted && !cancelSent) {
      session.cancelAll();  // takes effect after the step in progress
      cancelSent = true;
      if (loop.onCancel) loop.onCancel();
    }
    const std::vector<RunUpdate> updates = session.poll();
    if (loop.onUpdates && !updates.empty()) loop.onUpdates(updates);
    // Everything up to the final state has been drained above.
    const bool done = session.done();
    if (loop.onTick) loop.onTick(done);
    if (done) return cancelSent;
    std::this_thread::sleep_for(loop.interval);
  }
}

}  // namespace precisionlab::cli
